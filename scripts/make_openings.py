#!/usr/bin/env python3
"""Generate positions/xiangqi/openings.epd, the named opening book.

What it does
    1. Runs `qibench openings SOURCE --plies 4-10`: qibench reads the named move
       lists of positions/xiangqi/openings.txt (any notation it reads), checks
       every move against its rules core and writes one EPD line per opening:
           FEN ;id "ID" ;c0 "NAME" ;moves "ICCS moves"
       The FEN, the ICCS moves and the checks are qibench's; this script does
       not look at the rules at all.
    2. Searches each final position with Fairy-Stockfish (UCI_Variant xiangqi,
       Threads 1, Hash 64, ucinewgame before each search, `go depth D`, default
       14) and with our bin/xiangqi-engine (`go depth d`, default 6), and
       appends their scores, in centipawns from Red's point of view:
           ;c1 "fairy-stockfish depth 14: +44" ;c2 "xiangqi-engine depth 6: +30"
       The score is that of the last complete iteration (an `info depth D` line
       with an exact score).
    3. Appends each opening's ECCO classification from positions/xiangqi/ecco.txt
       (ID | CODE | OPENING | VARIATION | CHECK; its header cites the sources):
           ;ecco "C17" ;opening "中炮过河车对屏风马" [;variation "..."]
       Every opening must have exactly one line there (and no other line).
       `--ecco-only` does this step alone on the existing book (no searches):
       the old ecco/opening/variation opcodes are replaced, the rest is kept.
    4. Writes the same openings as PGN, positions/xiangqi/openings.pgn, for
       engines that cannot be sent a position (MaxQi): one game per opening in
       xqbase's convention, [Game "Chinese Chess"], [Event "ID"] (the reader's
       id), [ECCO], [Opening], [Variation], [Format "ICCS"], the EPD's moves
       written "H2-E2", result "*". Made from the EPD lines alone, so the two
       files cannot disagree; tests/test_openings.c reads both back and checks.
    5. Checks the balance: every opening must have |c1| <= BOUND (default 100
       cp; Fairy-Stockfish gives the start position +44 at depth 18).
       An opening outside the bound, or with a mate score, is listed and the
       file is NOT written (exit 1): the source list is curated instead, so that
       the book is exactly what qibench makes from openings.txt plus the scores,
       which tests/e2e_openings.sh checks.

How to rerun (from the repository root; Python 3.11 standard library only)
    make && python3 scripts/make_openings.py
    Options: --qibench PATH, --source FILE, --out FILE, --pgn FILE, --ecco FILE, --ecco-only,
    --engine PATH (Fairy-
    Stockfish), --depth N, --ours PATH, --our-depth N, --bound CP, --cache FILE
    (a JSON file of scores already computed, keyed by engine, depth and FEN,
    read and updated, so that a rerun after editing a few lines searches only
    the new positions).  The output
    is deterministic for a given Fairy-Stockfish build and source list (fixed
    depth, one thread, a fresh game per search); about ten minutes on a slow
    machine.  Progress goes to stderr.
"""

import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fairy import FairyStockfish  # noqa: E402  (the shared UCI driver)

PLIES = "4-10"


def search_score(engine, fen, depth):
    """Return (kind, value) of a fixed-depth search of fen, side-to-move view."""
    engine.send("ucinewgame")
    engine.sync()
    engine.send(f"position fen {fen}")
    engine.send(f"go depth {depth}")
    lines = engine.read_until("bestmove")
    best = None
    for line in lines:
        m = re.match(rf"info depth {depth} .*\bscore (cp|mate) (-?\d+)(.*)", line)
        if m and "bound" not in m.group(3).split(" nodes")[0]:
            best = (m.group(1), int(m.group(2)))
    if best is None:
        raise RuntimeError(f"no exact depth-{depth} score for {fen}")
    return best


def red_view(score, fen):
    """The score from Red's point of view (FEN side 'w' is Red)."""
    kind, value = score
    return (kind, value if fen.split()[1] == "w" else -value)


class ScoreCache:
    """Scores already computed: {"ENGINE|DEPTH|FEN": [kind, value]}, Red's view."""

    def __init__(self, path):
        self.path = path
        self.data = {}
        if path and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                self.data = json.load(f)

    def get(self, engine_name, depth, fen, compute):
        key = f"{engine_name}|{depth}|{fen}"
        if key not in self.data:
            self.data[key] = list(compute())
            if self.path:
                with open(self.path, "w", encoding="utf-8") as f:
                    json.dump(self.data, f, indent=0, sort_keys=True)
        return tuple(self.data[key])


def score_text(score):
    kind, value = score
    return f"{value:+d}" if kind == "cp" else f"mate {value:+d}"


def generate(qibench, source):
    """Run qibench openings; return its EPD lines."""
    proc = subprocess.run([qibench, "openings", source, "--plies", PLIES],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"qibench openings failed (exit {proc.returncode}): {proc.stderr.strip()}")
    return proc.stdout.splitlines()


def read_ecco(path):
    """{id: (code, opening, variation)} from ecco.txt; exits on a bad line."""
    table = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split("|")]
            if len(fields) != 5 or not re.fullmatch(r"[A-E][0-9][0-9]", fields[1]) or not fields[2] \
                    or fields[4] not in ("exact", "group") or fields[0] in table \
                    or any('"' in x or "\\" in x for x in fields):
                sys.exit(f"{path}:{n}: expected ID | A00-E99 | OPENING | VARIATION | exact|group (ID once)")
            table[fields[0]] = tuple(fields[1:4])
    return table


def ecco_opcodes(table, ident, path):
    if ident not in table:
        sys.exit(f"{path}: no ECCO line for opening '{ident}'")
    code, opening, variation = table[ident]
    text = f' ;ecco "{code}" ;opening "{opening}"'
    return text + (f' ;variation "{variation}"' if variation else "")


PGN_HEADER = """\
; openings.pgn - the openings of openings.epd as PGN games (xqbase's conventions),
; for engines that cannot be sent a position. Use:
;   --openings file=positions/xiangqi/openings.pgn format=pgn
; Made by python3 scripts/make_openings.py from openings.epd (see its header and
; positions/xiangqi/ecco.txt for the ECCO classification and its sources).
"""


def pgn_text(epd_lines):
    """The PGN book of the EPD lines: a game per opening, moves "H2-E2"."""
    games = []
    for line in epd_lines:
        if line.startswith("#") or not line.strip():
            continue
        ops = dict(re.findall(r';(\w+) "([^"]*)"', line))
        moves = ops["moves"].split()
        words = []
        for i, m in enumerate(moves):
            iccs = f"{m[0].upper()}{m[1]}-{m[2].upper()}{m[3]}"
            words.append(f"{i // 2 + 1}. {iccs}" if i % 2 == 0 else iccs)
        words.append("*")
        tags = [("Game", "Chinese Chess"), ("Event", ops["id"]), ("Site", "?"), ("Date", "????.??.??"),
                ("Round", "?"), ("White", "?"), ("Black", "?"), ("Result", "*"), ("Red", "?"),
                ("Format", "ICCS"), ("ECCO", ops["ecco"]), ("Opening", ops["opening"])]
        if "variation" in ops:
            tags.append(("Variation", ops["variation"]))
        games.append("".join(f'[{k} "{v}"]\n' for k, v in tags) + "\n" + " ".join(words) + "\n")
    return PGN_HEADER + "\n" + "\n".join(games)


def write_pgn(path, epd_path):
    with open(epd_path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    with open(path, "w", encoding="utf-8") as f:
        f.write(pgn_text(lines))


def ecco_only(args):
    """Replace the ECCO opcodes of the existing book, keeping everything else."""
    table = read_ecco(args.ecco)
    with open(args.out, encoding="utf-8") as f:
        lines = f.read().splitlines()
    out, seen = [], set()
    for line in lines:
        if line.startswith("#") or not line.strip():
            out.append(line)
            continue
        line = re.sub(r' ;ecco "[^"]*" ;opening "[^"]*"( ;variation "[^"]*")?$', "", line)
        ident = re.search(r';id "([^"]*)"', line).group(1)
        seen.add(ident)
        out.append(line + ecco_opcodes(table, ident, args.ecco))
    extra = sorted(set(table) - seen)
    if extra:
        sys.exit(f"{args.ecco}: lines for openings not in the book: {', '.join(extra)}")
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    write_pgn(args.pgn, args.out)


def header(args, fsf_name, count):
    return f"""\
# openings.epd - {count} named Xiangqi openings, {PLIES} plies from the start position,
# one per line, each near balance. Use: --openings file=positions/xiangqi/openings.epd format=epd
#
# Source: positions/xiangqi/openings.txt, the openings' names (English and Chinese)
# and main-line move orders, written from standard Xiangqi opening theory (central
# cannon vs screen horses and its branches, vs reverse palace horses and the
# three-step tiger; same- and opposite-direction cannons; the pawn,
# elephant and horse openings; crossing-palace and palace-corner cannons).
#
# Made by: python3 scripts/make_openings.py, which runs
#   qibench openings positions/xiangqi/openings.txt --plies {PLIES}
# and then adds the scores. How every value was obtained:
#   FEN     the position after the moves, written by qibench's rules core, which
#           checked every move for legality (halfmove and fullmove counters too)
#   id, c0  the ID and NAME fields of openings.txt
#   moves   the same moves in ICCS (files a-i, ranks 0-9 from Red), as qibench read them
#   c1      {fsf_name}: `go depth {args.depth}` on the final position
#           (UCI_Variant xiangqi, Threads 1, Hash 64, ucinewgame first), the score of the
#           last complete iteration in centipawns from Red's point of view
#   c2      bin/xiangqi-engine (default search): `go depth {args.our_depth}`, the same way
#   ecco, opening, variation
#           the ECCO code, opening and variation of positions/xiangqi/ecco.txt
#           (see its header for the sources and rules of the classification)
# Balance: every opening has |c1| <= {args.bound} cp (Fairy-Stockfish gives the start
# position +44 at depth 18); the script refuses to write the file when one does not.
# tests/e2e_openings.sh checks that the lines without c1/c2/ecco are exactly what
# `qibench openings` makes from openings.txt, and that every line replays legally.
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--qibench", default="bin/qibench")
    ap.add_argument("--source", default="positions/xiangqi/openings.txt")
    ap.add_argument("--out", default="positions/xiangqi/openings.epd")
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--ours", default="bin/xiangqi-engine")
    ap.add_argument("--our-depth", type=int, default=6)
    ap.add_argument("--bound", type=int, default=100)
    ap.add_argument("--cache", default=None)
    ap.add_argument("--ecco", default="positions/xiangqi/ecco.txt")
    ap.add_argument("--ecco-only", action="store_true")
    ap.add_argument("--pgn", default="positions/xiangqi/openings.pgn")
    args = ap.parse_args()
    if args.ecco_only:
        ecco_only(args)
        return
    table = read_ecco(args.ecco)

    lines = generate(args.qibench, args.source)
    fsf = FairyStockfish(args.engine, ("Threads value 1", "Hash value 64"))
    ours = FairyStockfish(args.ours)  # any UCI engine; it ignores UCI_Variant
    cache = ScoreCache(args.cache)
    out, outside = [], []
    for i, line in enumerate(lines, 1):
        fen = line.split(" ;", 1)[0]
        ident = re.search(r';id "([^"]*)"', line).group(1)
        c1 = cache.get(fsf.name, args.depth, fen, lambda: red_view(search_score(fsf, fen, args.depth), fen))
        c2 = cache.get(ours.name, args.our_depth, fen,
                       lambda: red_view(search_score(ours, fen, args.our_depth), fen))
        print(f"{i:3d}/{len(lines)} {ident:32s} fsf {score_text(c1):>9s}  ours {score_text(c2):>9s}",
              file=sys.stderr, flush=True)
        if c1[0] != "cp" or abs(c1[1]) > args.bound:
            outside.append(f"{ident} ({score_text(c1)})")
        out.append(f'{line} ;c1 "fairy-stockfish depth {args.depth}: {score_text(c1)}"'
                   f' ;c2 "xiangqi-engine depth {args.our_depth}: {score_text(c2)}"'
                   + ecco_opcodes(table, ident, args.ecco))
    fsf.close()
    ours.close()
    extra = sorted(set(table) - {re.search(r';id "([^"]*)"', x).group(1) for x in lines})
    if extra:
        sys.exit(f"{args.ecco}: lines for openings not in the book: {', '.join(extra)}")
    if outside:
        sys.exit(f"not written: {len(outside)} opening(s) outside +-{args.bound} cp: " + ", ".join(outside))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(header(args, fsf.name, len(out)))
        f.write("\n".join(out) + "\n")
    write_pgn(args.pgn, args.out)
    print(f"wrote {args.out} and {args.pgn}: {len(out)} openings", file=sys.stderr)


if __name__ == "__main__":
    main()
