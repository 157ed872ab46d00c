#!/usr/bin/env python3
"""Generate positions/ataxx/openings.epd, a book of balanced short Ataxx openings.

What it does (the steps of scripts/make_amazons_openings.py, whose functions
it uses, with Ataxx's moves):
    1. Candidate lines of 2, 3 and 4 plies from the standard start, drawn
       with random.Random(SEED): at each ply bin/ataxx-engine lists the legal
       moves (`go perft 1`: f2, g1e1, 0000), scores the position after each
       with its static evaluation (`eval`, from the mover's point of view),
       and one of the TOP best is picked uniformly at random.
    2. Scores the final position of each new line with bin/ataxx-engine
       (default search): `ucinewgame`, `position startpos moves ...`,
       `go depth D` (default 4); the score of the last complete iteration in
       centipawns from Black's (x's, the first player's) point of view. A
       line is kept when |score| <= BOUND (default 100: about a piece) and
       its final position is not one already kept; the first COUNT (default
       40) are.
    3. Runs `qibench openings --game ataxx` on the kept lines: qibench's
       rules core checks every move and writes the position text and the
       moves in UAI text; this script knows no rules. Each line is named by
       its moves: FEN ;id "f2 b2 e3" ;moves "f2 b2 e3" ;c1 "ataxx-engine depth 4: +42"

How to rerun (from the repository root; Python 3.11 standard library only)
    make && python3 scripts/make_ataxx_openings.py
    Options: --engine PATH, --qibench PATH, --out FILE, --seed N, --count N,
    --depth N, --bound CP, --top K. Deterministic for a given engine build
    (fixed depth, one thread, a fresh game per search); under a minute.
    tests/e2e_ataxx.sh checks that every line replays to its position, that
    id equals moves, and that every c1 is within the bound.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fairy import FairyStockfish  # noqa: E402  (the shared UCI driver)
import make_amazons_openings as book  # noqa: E402  (the book's steps, game-independent)

# A move of `go perft 1`'s divide: a single (f2), a double (g1e1) or the pass.
UAI_MOVE = re.compile(r"^(?:[a-g][1-7]){1,2}: |^0000: ")


def header(args, counts):
    per = ", ".join(f"{counts[p]} of {p} plies" for p in book.PLIES)
    return f"""\
# openings.epd - {sum(counts.values())} Ataxx openings of 2-4 plies from the standard start
# ({per}), each named by its moves and scored near balance by our engine.
# Use: qibench match --game ataxx --openings file=positions/ataxx/openings.epd format=epd ...
#
# Made by: python3 scripts/make_ataxx_openings.py --seed {args.seed} --depth {args.depth} --bound {args.bound} \\
#   --top {args.top} --count {args.count}
# How every value was obtained:
#   lines   random.Random({args.seed}); at each ply one of the {args.top} moves that bin/ataxx-engine's
#           static evaluation (`eval` after each legal move of `go perft 1`) likes best
#           for the mover, picked uniformly at random
#   c1      bin/ataxx-engine, default search, one thread: ucinewgame /
#             position startpos moves ... / go depth {args.depth}
#           the score of the last complete iteration in centipawns from Black's (x's)
#           point of view (the start position: {args.start_score:+d})
#   kept    |c1| <= {args.bound}, and a final position not already kept; the first {args.count},
#           at most {args.count // 2} of one length
#   FEN     the position after the moves, written by `qibench openings --game ataxx`,
#           whose rules core checked every move
#   id, moves  the moves in UAI text (f2, g1e1), as qibench wrote them
# tests/e2e_ataxx.sh checks that every line replays to its FEN, that id equals
# moves, and that every c1 is within the bound.
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="bin/ataxx-engine")
    ap.add_argument("--qibench", default="bin/qibench")
    ap.add_argument("--out", default="positions/ataxx/openings.epd")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--bound", type=int, default=100)
    ap.add_argument("--top", type=int, default=8)
    args = ap.parse_args()

    engine = FairyStockfish(args.engine, variant="ataxx")
    args.start_score = book.search_score(engine, [], args.depth)
    cands = book.Candidates(engine, args.seed, args.top, UAI_MOVE)
    kept, tried = book.select_lines(engine, cands, args)
    engine.close()
    book.write_book(args, kept, tried, header, "ataxx", "ataxx-engine")


if __name__ == "__main__":
    main()
