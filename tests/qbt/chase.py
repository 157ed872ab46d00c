"""Questions of tests/e2e_chase.sh."""
import qbt


def verdict(path):
    """"result | reason | plies | detail" of the first game of a games.jsonl."""
    r = qbt.rows(path)[0]
    return f"{r['result']} | {r['reason']} | {r['plies']} | {r['detail'] or ''}"
