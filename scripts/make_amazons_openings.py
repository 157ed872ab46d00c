#!/usr/bin/env python3
"""Generate positions/amazons/openings.epd, the Game of the Amazons opening book.

What it does
    1. Candidate lines of 2, 3 and 4 plies from the start (in turn; a length
       with COUNT / 2 lines kept is no longer drawn), drawn with
       random.Random(SEED): at each ply our engine lists the legal turns
       (`go perft 1`), scores the position after each with its static
       evaluation (`eval`, from the mover's point of view), and one of the TOP
       best turns is picked uniformly at random.  So every turn is one a
       shallow reader of the board would consider, and the lines still differ.
    2. Scores the final position of each new line with bin/amazons-engine
       (default search, negascout): `ucinewgame`, `position startpos moves ...`,
       `go depth D` (default 2); the score of the last complete iteration, in
       centipawns (100 = one square of territory) from White's point of view.
       A line is kept when |score| <= BOUND (default 150) and its final
       position is not one already kept (by any move order); the first COUNT
       (default 60) are.
    3. Runs `qibench openings --game amazons` on the kept lines: qibench's
       rules core checks every turn and writes the position text and the turns
       in the record notation (d1-d6/g9); this script knows no rules.  Each
       line is named by its turns: id and moves are the same text.
           FEN ;id "d1-d7/g7 g10-g3/i5" ;moves "d1-d7/g7 g10-g3/i5"
               ;c1 "amazons-engine depth 2: +42"

How to rerun (from the repository root; Python 3.11 standard library only)
    make && python3 scripts/make_amazons_openings.py
    Options: --engine PATH, --qibench PATH, --out FILE, --seed N, --count N,
    --depth N, --bound CP, --top K.  Deterministic for a given engine build
    (fixed depth, one thread, a fresh game per search); a few minutes.
    Progress goes to stderr.  tests/e2e_amazons.sh checks that every line
    replays (qibench makes the same position from the moves), that id equals
    moves, and re-scores a few lines.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fairy import FairyStockfish  # noqa: E402  (the shared UCI driver)

PLIES = (2, 3, 4)
MAX_CANDIDATES = 5000
# A turn of `go perft 1`'s divide, in the Fairy form.
FAIRY_TURN = re.compile(r"^[a-j]\d+[a-j]\d+,[a-j]\d+[a-j]\d+: ")


def position_command(moves):
    """The UCI position command for moves (Fairy form) from the start."""
    return "position startpos" + (" moves " + " ".join(moves) if moves else "")


def legal_turns(engine, moves, pattern=FAIRY_TURN):
    """Every legal turn after moves, as the engine's `go perft 1` lists them
    (its divide lines that match pattern: another game's moves)."""
    engine.send(position_command(moves))
    engine.send("go perft 1")
    lines = engine.read_until("Nodes searched")
    return [l.split(":")[0] for l in lines if pattern.match(l)]


def static_scores(engine, moves, turns):
    """The static evaluation after each turn, from the mover's point of view."""
    for t in turns:
        engine.send(position_command(moves + [t]))
        engine.send("eval")
    scores = []
    for _ in turns:
        line = engine.read_until("eval:")[-1]
        scores.append(-int(line.split()[1]))  # eval is from the side to move: the opponent
    return scores


def position_text(engine, moves):
    """The engine's position text after moves (its `d` command's Fen: line)."""
    engine.send(position_command(moves))
    engine.send("d")
    return engine.read_until("Fen: ")[-1][len("Fen: "):]


def search_score(engine, moves, depth):
    """The depth-`depth` score of the position after moves, White's view."""
    engine.send("ucinewgame")
    engine.sync()
    engine.send(position_command(moves))
    engine.send(f"go depth {depth}")
    best = None
    for line in engine.read_until("bestmove"):
        m = re.match(rf"info depth {depth} .*\bscore (cp|mate) (-?\d+)(.*)", line)
        if m and "bound" not in m.group(3).split(" nodes")[0]:
            best = (m.group(1), int(m.group(2)))
    if best is None:
        raise RuntimeError(f"no exact depth-{depth} score after {' '.join(moves)}")
    kind, value = best
    if kind != "cp":
        return None  # a forced win this early: never balanced
    return value if len(moves) % 2 == 0 else -value


class Candidates:
    """Random lines, each turn one of the `top` best by static evaluation."""

    def __init__(self, engine, seed, top, pattern=FAIRY_TURN):
        self.engine, self.rng, self.top, self.pattern = engine, random.Random(seed), top, pattern
        self.cache = {}

    def best_turns(self, moves):
        key = " ".join(moves)
        if key not in self.cache:
            turns = legal_turns(self.engine, moves, self.pattern)
            scores = static_scores(self.engine, moves, turns)
            ranked = sorted(zip(scores, turns), key=lambda st: (-st[0], st[1]))
            self.cache[key] = [t for _, t in ranked[: self.top]]
        return self.cache[key]

    def line(self, plies):
        moves = []
        for _ in range(plies):
            moves.append(self.rng.choice(self.best_turns(moves)))
        return moves


def run_qibench(qibench, lines, game="amazons"):
    """qibench openings --game GAME over the lines; its EPD lines, in order."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        for i, (moves, _) in enumerate(lines, 1):
            f.write(f"o{i} | line {i} | {' '.join(moves)}\n")
        source = f.name
    try:
        proc = subprocess.run([qibench, "openings", source, "--game", game, "--plies", "2-4"],
                              capture_output=True, text=True)
    finally:
        os.unlink(source)
    if proc.returncode != 0:
        sys.exit(f"qibench openings failed (exit {proc.returncode}): {proc.stderr.strip()}")
    return proc.stdout.splitlines()


def epd_line(qibench_line, depth, score, engine="amazons-engine"):
    """FEN ;id MOVES ;moves MOVES ;c1 SCORE from a qibench openings line."""
    fen = qibench_line.split(" ;", 1)[0]
    moves = re.search(r';moves "([^"]*)"', qibench_line).group(1)
    return f'{fen} ;id "{moves}" ;moves "{moves}" ;c1 "{engine} depth {depth}: {score:+d}"'


def header(args, counts):
    per = ", ".join(f"{counts[p]} of {p} plies" for p in PLIES)
    return f"""\
# openings.epd - {sum(counts.values())} Game of the Amazons openings of 2-4 plies from the start
# ({per}), each named by its turns and scored near balance by our engine.
# Use: qibench match --game amazons --openings file=positions/amazons/openings.epd format=epd ...
#
# Made by: python3 scripts/make_amazons_openings.py --seed {args.seed} --depth {args.depth} --bound {args.bound} \\
#   --top {args.top} --count {args.count}
# How every value was obtained:
#   lines   random.Random({args.seed}); at each ply one of the {args.top} turns that bin/amazons-engine's
#           static evaluation (`eval` after each legal turn of `go perft 1`) likes best
#           for the mover, picked uniformly at random
#   c1      bin/amazons-engine, default search (negascout), one thread, Hash 16:
#             ucinewgame / position startpos moves ... / go depth {args.depth}
#           the score of the last complete iteration in centipawns (100 = one square of
#           territory) from White's point of view (the start position: {args.start_score:+d})
#   kept    |c1| <= {args.bound}, and a final position not already kept; the first {args.count},
#           at most {args.count // 2} of one length (2-ply lines rarely pass: White to move)
#   FEN     the position after the turns, written by `qibench openings --game amazons`,
#           whose rules core checked every turn
#   id, moves  the turns in the record notation (d1-d6/g9), as qibench wrote them
# tests/e2e_amazons.sh checks that every line replays to its FEN, that id equals
# moves, and re-scores some lines.
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="bin/amazons-engine")
    ap.add_argument("--qibench", default="bin/qibench")
    ap.add_argument("--out", default="positions/amazons/openings.epd")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--bound", type=int, default=150)
    ap.add_argument("--top", type=int, default=12)
    args = ap.parse_args()

    engine = FairyStockfish(args.engine, variant="amazons")
    args.start_score = search_score(engine, [], args.depth)
    kept, tried = select_lines(engine, Candidates(engine, args.seed, args.top), args)
    engine.close()
    write_book(args, kept, tried, header)


def write_book(args, kept, tried, header_of, game="amazons", engine="amazons-engine"):
    """Writes args.out: header_of(args, counts by length), then the kept lines
    as qibench openings --game GAME wrote their positions."""
    out, counts = [], {p: 0 for p in PLIES}
    for (moves, score), line in zip(kept, run_qibench(args.qibench, kept, game)):
        counts[len(moves)] += 1
        out.append(epd_line(line, args.depth, score, engine))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(header_of(args, counts))
        f.write("\n".join(out) + "\n")
    print(f"wrote {args.out}: {len(out)} openings ({tried} candidates)", file=sys.stderr)


def select_lines(engine, cands, args):
    """Draws candidate lines (2, 3 and 4 plies in turn, a length closed once
    args.count / 2 of it are kept) and keeps those whose depth-args.depth
    score is within +-args.bound and whose final position is new, until
    args.count are kept; exits when too few are. Returns (kept, tried):
    kept a list of (moves, score)."""
    kept, seen, tried = [], set(), 0
    per_length = {p: 0 for p in PLIES}
    while len(kept) < args.count and tried < MAX_CANDIDATES:
        open_lengths = [p for p in PLIES if per_length[p] < args.count // 2]
        plies = open_lengths[tried % len(open_lengths)]
        tried += 1
        moves = cands.line(plies)
        fen = position_text(engine, moves)
        if fen in seen:  # this line, or the same position by another move order
            continue
        seen.add(fen)
        score = search_score(engine, moves, args.depth)
        verdict = "kept" if score is not None and abs(score) <= args.bound else "out"
        print(f"{tried:4d} {' '.join(moves):48s} {score if score is not None else 'mate':>6} {verdict}"
              f" ({len(kept) + (verdict == 'kept')}/{args.count})", file=sys.stderr, flush=True)
        if verdict == "kept":
            kept.append((moves, score))
            per_length[plies] += 1
    if len(kept) < args.count:
        engine.close()
        sys.exit(f"not written: only {len(kept)} of {args.count} lines within +-{args.bound} cp")
    return kept, tried


if __name__ == "__main__":
    main()
