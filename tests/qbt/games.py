"""Questions of e2e_games.sh: how the adjudicator ended a hand-made game."""
from qbt import rows


def outcome(path):
    """The first game of a games.jsonl as "result | reason | plies"."""
    r = rows(path)[0]
    return f"{r['result']} | {r['reason']} | {r['plies']}"
