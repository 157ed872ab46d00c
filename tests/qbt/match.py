"""Questions of e2e_match.sh about the games of `qibench match`."""
from qbt import rows


def pairs_swapped(path, pairs):
    """path holds `pairs` pairs, each of two games from one opening with
    the colours swapped."""
    by = {}
    for r in rows(path):
        by.setdefault(r["pair"], []).append(r)
    bad = [p for p, g in by.items()
           if not (len(g) == 2 and g[0]["fen"] == g[1]["fen"]
                   and g[0]["red"] == g[1]["black"] and g[0]["black"] == g[1]["red"])]
    assert len(by) == int(pairs) and not bad, \
        f"{len(by)} pairs (expected {pairs}); not one opening with colours swapped: pairs {bad}"


def all_decided(path):
    """Every game has a result, a reason, and as many moves as plies."""
    bad = [(r["pair"], r["game"]) for r in rows(path)
           if not (r["result"] in ("1-0", "0-1", "1/2-1/2") and r["reason"] and r["plies"] == len(r["moves"]))]
    assert not bad, f"games (pair, game) without a result, a reason or their plies' moves: {bad}"


def _moves(path):
    return sorted(((r["pair"], r["red"]), [m["move"] for m in r["moves"]]) for r in rows(path))


def same_moves(a, b):
    """The games of a and b, by pair and red engine, are the same move for move."""
    ga, gb = _moves(a), _moves(b)
    differ = sorted({k for k, _ in ga if (k, dict(ga)[k]) not in gb} | {k for k, _ in gb if (k, dict(gb)[k]) not in ga})
    assert ga == gb, f"{len(ga)} and {len(gb)} games; (pair, red) not the same in both: {differ}"


def adjudicated_draws(path, max_plies):
    """Every game is a draw by adjudication within max_plies plies."""
    bad = [(r["pair"], r["game"], r["result"], r["reason"], r["plies"]) for r in rows(path)
           if not (r["reason"] == "adjudication: draw" and r["result"] == "1/2-1/2" and r["plies"] <= int(max_plies))]
    assert not bad, f"not adjudicated draws within {max_plies} plies: {bad}"
