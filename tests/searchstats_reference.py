#!/usr/bin/env python3
"""searchstats_reference.py - recounts a match's per-engine search statistics.

Reads RUN_DIR/games.jsonl and RUN_DIR/run.json and prints the object that
summary.json holds as "search" (see harness/stats/searchstats.h for the
definitions), computed here from the file alone, with Python's json and
statistics modules, for tests/e2e_searchstats.sh. The side to move of a
game's start is the FEN's second field (w or r: the first player).

Usage: searchstats_reference.py RUN_DIR   (Python 3 stdlib)
"""
import json
import os
import statistics
import sys

BOUNDS = {"xiangqi": (20, 80), "amazons": (20, 50)}
PHASES = ("all", "opening", "middlegame", "endgame")


def phase(ply, bounds):
    return "opening" if ply <= bounds[0] else "middlegame" if ply <= bounds[1] else "endgame"


def figures(moves):
    depth = [m["depth"] for m in moves]
    sel = [m["seldepth"] for m in moves if "seldepth" in m]
    nodes = sum(m["nodes"] for m in moves)
    time_ms = sum(m["time_ms"] for m in moves)
    allotted = [m for m in moves if "allot_ms" in m]
    allot_ms = sum(m["allot_ms"] for m in allotted)
    return {
        "moves": len(moves),
        "depth_mean": statistics.mean(depth) if depth else None,
        "depth_median": statistics.median(depth) if depth else None,
        "seldepth_moves": len(sel),
        "seldepth_mean": statistics.mean(sel) if sel else None,
        "seldepth_median": statistics.median(sel) if sel else None,
        "nodes": nodes,
        "nodes_per_move": nodes / len(moves) if moves else None,
        "time_ms": time_ms,
        "nps": 1000 * nodes / time_ms if time_ms else None,
        "allotted_moves": len(allotted),
        "allotted_ms": allot_ms,
        "time_used_ratio": sum(m["time_ms"] for m in allotted) / allot_ms if allot_ms else None,
        "moves_at_limit": sum(1 for m in allotted if m["time_ms"] >= m["allot_ms"]),
    }


def main(run_dir):
    run = json.load(open(os.path.join(run_dir, "run.json")))
    bounds = BOUNDS.get(run.get("game", "xiangqi"), BOUNDS["xiangqi"])
    names = [e["name"] for e in run["engines"]]
    moves = {n: {p: [] for p in PHASES} for n in names}
    games = {n: 0 for n in names}
    lost = {n: {} for n in names}
    for line in open(os.path.join(run_dir, "games.jsonl"), encoding="utf-8"):
        g = json.loads(line)
        g.setdefault("red", g.get("white"))  # Amazons names its first side White
        players = (g["red"], g["black"])
        first = 0 if g["fen"].split()[1] in ("w", "r") else 1
        for p in players:
            games[p] += 1
        if g["result"] in ("1-0", "0-1"):
            loser = players[1] if g["result"] == "1-0" else players[0]
            lost[loser][g["reason"]] = lost[loser].get(g["reason"], 0) + 1
        for i, m in enumerate(g["moves"]):
            if m.get("book"):
                continue
            who = players[(first + i) % 2]
            moves[who]["all"].append(m)
            moves[who][phase(i + 1, bounds)].append(m)
    out = {
        "phases": {"opening": [1, bounds[0]], "middlegame": [bounds[0] + 1, bounds[1]], "endgame": [bounds[1] + 1, None]},
        "engines": [],
    }
    for n in names:
        e = {"name": n, "games": games[n], "time_forfeits": lost[n].get("time forfeit", 0),
             "terminations_suffered": lost[n]}
        for p in PHASES:
            e[p] = figures(moves[n][p])
        out["engines"].append(e)
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
