#!/usr/bin/env python3
"""Generate positions/amazons/tactics.epd: Amazons endgames whose best turns
were found by exhaustive search.

What it does
    1. Random games from the start: `amazons_cli random SEED GAMES` (the Amazons
       test tool of mk/amazons.mk; a seeded xorshift, the same games on every
       machine) prints every position of every game.
    2. `amz_solve solve --max-live LIVE --budget NODES` (tests/amazons/amz_solve.c,
       over the rules core of engine/amazons/) plays every position with at most
       LIVE live squares (empty squares an amazon can still reach) to the end of
       the game, every root turn to the end: no evaluation, no depth limit, so
       its verdict and its list of winning turns are exact.
    3. A position is kept when the side to move wins, at most MAX_WIN of its
       turns win, it has at least MIN_TURNS turns, the board is split into at
       least two regions (king-connected groups of empty squares and amazons)
       and the search finished within the budget; one position per game (its
       first such), the first COUNT games that have one.
    Each line: the position, `bm` = every winning turn (canonical d1-d6/g9),
    `id`, `c0` what the solver found, `c1` where the position comes from.
    tests/e2e_amazons.sh re-runs `amz_solve check` on the whole file (every bm
    set must be exactly the winning set) and a `qibench suite --game amazons`
    over a few lines.

How to rerun (from the repository root; Python 3.11 standard library only)
    make amazons-build && python3 scripts/make_amazons_tactics.py
    Options: --tools DIR (amazons_cli and amz_solve, default
    build/release/amazons-tests), --out FILE, --seed N, --games N, --count N,
    --max-live N, --max-win N, --min-turns N, --budget NODES.  Deterministic;
    about a minute.  Progress goes to stderr.
"""

import argparse
import os
import subprocess
import sys


def random_positions(tools, seed, games):
    """[(game, ply, text)] of every position of the random games."""
    out = subprocess.run([os.path.join(tools, "amazons_cli"), "random", str(seed), str(games)],
                         capture_output=True, text=True, check=True).stdout
    positions, game = [], -1
    for line in out.splitlines():
        text, moves = line.split(";", 1)
        if not moves:
            game += 1
        positions.append((game, len(moves.split()), text))
    return positions


def solve(tools, texts, max_live, budget):
    """amz_solve's verdict on each position text, as dicts, in order."""
    proc = subprocess.run([os.path.join(tools, "amz_solve"), "solve", "--max-live", str(max_live),
                           "--budget", str(budget)], input="\n".join(texts) + "\n",
                          capture_output=True, text=True, check=True)
    rows = []
    for line in proc.stdout.splitlines():
        text, *fields = line.split(";")
        row = dict(f.split("=", 1) for f in fields)
        row["text"] = text
        row["winning"] = row["winning"].split()
        rows.append(row)
    if len(rows) != len(texts):
        sys.exit(f"amz_solve answered {len(rows)} of {len(texts)} positions")
    return rows


def is_puzzle(row, args):
    return (row["result"] == "win" and len(row["winning"]) <= args.max_win
            and int(row["turns"]) >= args.min_turns and int(row["regions"]) >= 2)


def epd_line(k, game, ply, row, args):
    won = len(row["winning"])
    what = (f"exhaustive search: {won} of {row['turns']} turns win{'s' if won == 1 else ''};"
            f" {row['live']} live squares in {row['regions']} regions, {row['mixed']} shared;"
            f" {row['nodes']} nodes")
    where = f"random game {game + 1} (amazons_cli random {args.seed} {args.games}), ply {ply}"
    return f'{row["text"]} ;bm {" ".join(row["winning"])} ;id "amz-tactic-{k:02d}" ;c0 "{what}" ;c1 "{where}"'


def header(args, n, total_nodes):
    return f"""\
# tactics.epd - {n} Game of the Amazons endgames with their winning turns, every one
# proven by exhaustive search to the end of the game.
# Use: qibench suite --game amazons positions/amazons/tactics.epd -engine ... depth=N
#
# Made by: python3 scripts/make_amazons_tactics.py --seed {args.seed} --games {args.games} \\
#   --max-live {args.max_live} --max-win {args.max_win} --min-turns {args.min_turns} --budget {args.budget}
# How every value was obtained:
#   position  from random games (build/release/amazons-tests/amazons_cli random {args.seed} {args.games}:
#             seeded random turns from the start), the first position of a game with at
#             most {args.max_live} live squares (empty squares an amazon can still reach) that
#             passes the tests below; one per game
#   bm        every winning turn, and no other: tests/amazons/amz_solve.c plays every root
#             turn to the end of the game (negamax over win / loss, a transposition table,
#             no evaluation, no depth limit), so the side to move wins after exactly these
#             (its move generator is the one tests/amazons/oracle_perft.sh compares with
#             Fairy-Stockfish's)
#   kept      the side to move wins; at most {args.max_win} of its turns (at least {args.min_turns}) win;
#             at least two regions (king-connected groups of empty squares and amazons);
#             solved within {args.budget} nodes ({total_nodes} nodes for the whole file)
#   c0, c1    what the solver found (regions with an amazon and an empty square; shared:
#             with amazons of both sides), and where the position comes from
# Verify: build/release/amazons-tests/amz_solve check positions/amazons/tactics.epd
#   (tests/e2e_amazons.sh runs it in make test)
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tools", default="build/release/amazons-tests")
    ap.add_argument("--out", default="positions/amazons/tactics.epd")
    ap.add_argument("--seed", type=int, default=2025)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--max-live", type=int, default=22)
    ap.add_argument("--max-win", type=int, default=3)
    ap.add_argument("--min-turns", type=int, default=10)
    ap.add_argument("--budget", type=int, default=1000000)
    args = ap.parse_args()

    positions = random_positions(args.tools, args.seed, args.games)
    print(f"{len(positions)} positions from {args.games} random games; solving...", file=sys.stderr, flush=True)
    rows = solve(args.tools, [text for _, _, text in positions], args.max_live, args.budget)
    out, games_done, total_nodes = [], set(), 0
    for (game, ply, _), row in zip(positions, rows):
        if game in games_done or not is_puzzle(row, args):
            continue
        games_done.add(game)
        total_nodes += int(row["nodes"])
        out.append(epd_line(len(out) + 1, game, ply, row, args))
        print(f"{len(out):3d} game {game + 1:3d} ply {ply:2d}: {len(row['winning'])} of {row['turns']:>3} win,"
              f" live {row['live']}, {row['nodes']} nodes", file=sys.stderr)
        if len(out) == args.count:
            break
    if len(out) < args.count:
        sys.exit(f"not written: only {len(out)} of {args.count} positions (more --games?)")
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(header(args, len(out), total_nodes))
        f.write("\n".join(out) + "\n")
    print(f"wrote {args.out}: {len(out)} positions, {total_nodes} nodes", file=sys.stderr)


if __name__ == "__main__":
    main()
