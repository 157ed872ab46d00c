#!/usr/bin/env python3
"""lateness.py GAMES.JSONL LIMIT_MS: how late each engine answered a move
time of LIMIT_MS in a run's games.jsonl (its time_ms minus LIMIT_MS, book
moves left out; a move lost on time is not in the record, so the
distribution is of the moves that were in time): per engine the moves, the
lateness at the median, the 99th percentile and the maximum, and the games
lost on time; then one line "forfeits N of M games". Standard library only."""
import json
import sys


def percentile(sorted_values, p):
    """The value at percentile p (nearest rank) of a sorted list."""
    if not sorted_values:
        return None
    k = max(0, min(len(sorted_values) - 1, -(-len(sorted_values) * p // 100) - 1))
    return sorted_values[k]


def main(path, limit):
    late, forfeits, games = {}, {}, 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            g = json.loads(line)
            games += 1
            first = g.get("red", g.get("white"))
            names = [first, g["black"]]
            mover = 0 if g["fen"].split()[1] in ("w", "r") else 1
            for ply, m in enumerate(g["moves"]):
                side = (mover + ply) % 2
                if not m.get("book"):
                    late.setdefault(names[side], []).append(m["time_ms"] - limit)
            if g["reason"] == "time forfeit":
                loser = names[0] if g["result"] == "0-1" else names[1]
                forfeits[loser] = forfeits.get(loser, 0) + 1
    print(f"{'engine':<12} {'moves':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'lost on time':>12}")
    for name in sorted(set(late) | set(forfeits)):
        v = sorted(late.get(name, []))
        cells = [f"{percentile(v, p):>+7}" for p in (50, 99, 100)] if v else [f"{'-':>7}"] * 3
        print(f"{name:<12} {len(v):>7} {' '.join(cells)} {forfeits.get(name, 0):>12}")
    print(f"forfeits {sum(forfeits.values())} of {games} games")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: lateness.py GAMES.JSONL LIMIT_MS")
    main(sys.argv[1], int(sys.argv[2]))
