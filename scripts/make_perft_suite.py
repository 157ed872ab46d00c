#!/usr/bin/env python3
"""Generate the Xiangqi perft reference suite positions/xiangqi/perft.epd.

What it does
    Builds about 400 Xiangqi positions in named categories (opening and
    middlegame random walks, endgame placements, checks, mates, stalemates,
    "flying general" pins, cannon lines) and writes, for each, the perft node
    counts D1, D2, D3 (plus D4, and D5, where they are cheap).  Every count in
    the file comes from Fairy-Stockfish's `go perft N` (UCI_Variant xiangqi),
    driven over pipes as one long-running process.  The two published
    positions (chessprogramming.org, "Chinese Chess Perft") are re-verified
    with Fairy-Stockfish first; the script stops with an error if they differ.
    Each generated FEN is validated by reading it back with the `d` command.

How to rerun (from the repository root; standard library only, Python 3.11)
    python3 scripts/make_perft_suite.py --seed 1
    Options: --engine PATH, --out FILE, --d4-below N, --d5-below N.
    The output is deterministic for a given seed and engine build.

Notation: ranks are numbered 1..10 from Red's side (as in Fairy-Stockfish's
move text, e.g. h3e3); a square is (r, f) with r = rank - 1, f = file index.
"""

import argparse
import random
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

from fairy import FairyStockfish, board_text, reachable

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
PUBLISHED = [
    (START, [44, 1920, 79666, 3290240, 133312995]),
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
     [38, 1128, 43929, 1339047]),
]
FILES = "abcdefghi"
MAX_COUNT = {"K": 1, "R": 2, "N": 2, "C": 2, "A": 2, "B": 2, "P": 5}
ATTACKERS, DEFENDERS, ALL_KINDS = "RNCP", "ABP", "RNCPAB"


# ---------------------------------------------------------------- board helpers

def parse_board(board):
    """Return a 10x9 grid (grid[r][f], r = 0 is Red's back rank) from FEN field 1."""
    grid = []
    for row in board.split("/"):
        cells = []
        for ch in row:
            cells.extend([None] * int(ch) if ch.isdigit() else [ch])
        grid.append(cells)
    return grid[::-1]



def square(text):
    """Convert a square name like 'e10' to (r, f)."""
    return int(text[1:]) - 1, FILES.index(text[0])


def dest(move):
    """Destination square (r, f) of a move text like 'h3e3' or 'b3b10'."""
    return square(re.findall(r"[a-i]\d+", move)[1])


def colour(piece):
    """Return 'w' for a Red (upper-case) piece, 'b' for Black."""
    return "w" if piece.isupper() else "b"


def between(grid, a, b):
    """Count pieces strictly between squares a and b on one rank or file (None if not aligned)."""
    (r1, f1), (r2, f2) = a, b
    if r1 == r2:
        return sum(grid[r1][f] is not None for f in range(min(f1, f2) + 1, max(f1, f2)))
    if f1 == f2:
        return sum(grid[r][f1] is not None for r in range(min(r1, r2) + 1, max(r1, r2)))
    return None


def find(grid, pieces):
    """Return the squares holding any of the given piece letters."""
    return [(r, f) for r in range(10) for f in range(9) if grid[r][f] and grid[r][f] in pieces]


def generals(grid):
    """Return {'w': square of Red's general, 'b': square of Black's general}."""
    return {"w": find(grid, "K")[0], "b": find(grid, "k")[0]}


def facing(grid):
    """True if the generals stand on one file with nothing between them."""
    g = generals(grid)
    return g["w"][1] == g["b"][1] and between(grid, g["w"], g["b"]) == 0



REACH = {p: reachable(p) for p in "KRNCABPkrncabp"}


# ---------------------------------------------------------------- the oracle

class Oracle(FairyStockfish):
    """One long-running Fairy-Stockfish process spoken to over UCI pipes."""

    def show(self, key, moves=()):
        """Set up key (+ moves), return (resulting key, checker squares) from `d`."""
        tail = " moves " + " ".join(moves) if moves else ""
        self.send(f"position fen {key} - - 0 1{tail}")
        self.send("d")
        lines = self.read_until("Checkers:")
        fen = next(l[5:] for l in lines if l.startswith("Fen: ")).split()
        got = f"{fen[0]} {fen[1]}"
        if not moves and got != key:
            raise RuntimeError(f"FEN read back differs: sent {key!r}, got {got!r}")
        return got, [square(s) for s in lines[-1][9:].split()]

    def divide(self, key):
        """Return the legal moves of key (from the `go perft 1` divide)."""
        self.send(f"position fen {key} - - 0 1")
        self.send("go perft 1")
        lines = self.read_until("Nodes searched:")
        return [m.group(1) for l in lines if (m := re.match(r"([a-i]\d+[a-i]\d+): ", l))]

    def perft(self, key, depth):
        """Return the `go perft depth` node count of key."""
        self.send(f"position fen {key} - - 0 1")
        self.send(f"go perft {depth}")
        return int(self.read_until("Nodes searched:")[-1].split()[-1])


# ---------------------------------------------------------------- position makers

class Candidate:
    """A legal position with what the classifiers need to know about it."""

    def __init__(self, key, checkers, nmoves):
        """Store the key 'board side', the checker squares and the legal-move count."""
        self.key, self.checkers, self.nmoves = key, checkers, nmoves
        self.board, self.side = key.split()
        self.grid = parse_board(self.board)


def probe(oracle, key):
    """Return a Candidate for key, or None if the side not to move is in check
    or the generals face each other."""
    board, side = key.split()
    if facing(parse_board(board)):
        return None
    if oracle.show(f"{board} {'b' if side == 'w' else 'w'}")[1]:
        return None
    _, checkers = oracle.show(key)
    return Candidate(key, checkers, len(oracle.divide(key)))


def walk(oracle, rng, plies, capture_bias=0.0):
    """Play a random legal game from the start; return [(key, checkers)] after each ply.
    With probability capture_bias a ply picks among the captures when there are any."""
    key, path = START, []
    for _ in range(plies):
        moves = oracle.divide(key)
        if not moves:
            break
        grid = parse_board(key.split()[0])
        captures = [m for m in moves if grid[dest(m)[0]][dest(m)[1]]]
        pool = captures if captures and rng.random() < capture_bias else moves
        key, checkers = oracle.show(key, [rng.choice(pool)])
        path.append((key, checkers))
    return path


def material(rng, side, n, kinds):
    """Pick up to n random pieces of one side (upper case for 'w'), within the usual counts."""
    chosen = []
    for _ in range(n):
        free = [k for k in kinds if chosen.count(k) < MAX_COUNT[k]]
        if free:
            chosen.append(rng.choice(free))
    return [p if side == "w" else p.lower() for p in chosen]


def place(rng, pieces, side):
    """Put both generals and the pieces on random reachable empty squares; return a key."""
    grid = [[None] * 9 for _ in range(10)]
    for p in ["K", "k"] + pieces:
        r, f = rng.choice([s for s in REACH[p] if grid[s[0]][s[1]] is None])
        grid[r][f] = p
    return f"{board_text(grid)} {side}"


def random_set(rng, n, kinds=ALL_KINDS):
    """n pieces of random kinds and random colours (within the usual counts)."""
    red = rng.randint(0, n)
    return material(rng, "w", red, kinds) + material(rng, "b", n - red, kinds)


def lopsided(rng, side, own, theirs):
    """A placement where `side` (to move) has `own` defenders and the other side
    `theirs` attackers."""
    other = "b" if side == "w" else "w"
    return place(rng, material(rng, side, own, DEFENDERS) +
                 material(rng, other, theirs, ATTACKERS), side)


# ---------------------------------------------------------------- classifiers

def cannon_screens(c):
    """Screen counts (0..2) between each cannon and the enemy general on its line."""
    g, found = generals(c.grid), []
    for sq in find(c.grid, "Cc"):
        enemy = g["b"] if c.grid[sq[0]][sq[1]] == "C" else g["w"]
        n = between(c.grid, sq, enemy)
        if n is not None and n <= 2:
            found.append(f"screens{n}")
    return found


def flying_kind(c):
    """'pin' if exactly one piece stands between generals on a file; 'step' if the
    side to move's general has a sideways step onto the enemy general's open file."""
    g = generals(c.grid)
    own, enemy = g[c.side], g["b" if c.side == "w" else "w"]
    if own[1] == enemy[1] and between(c.grid, own, enemy) == 1:
        return ["pin"]
    for df in (-1, 1):
        r, f = own[0], own[1] + df
        target = c.grid[r][f] if 3 <= f <= 5 else "x"
        if f == enemy[1] and (target is None or (target != "x" and colour(target) != c.side)) \
                and between(c.grid, (r, f), enemy) == 0:
            return ["step"]
    return []


def check_kind(c):
    """'double', 'cannon' or 'horse' for a side-to-move-in-check position that has moves."""
    if not c.checkers or c.nmoves == 0:
        return []
    if len(c.checkers) > 1:
        return ["double"]
    kind = c.grid[c.checkers[0][0]][c.checkers[0][1]].upper()
    return {"C": ["cannon"], "N": ["horse"]}.get(kind, [])


# ---------------------------------------------------------------- generation

def fill(oracle, rng, seen, make, classify, quotas, tries=200000):
    """Draw positions from make(rng) until every quota {label: n} is met.
    classify(candidate) lists the labels it fits; returns the accepted keys."""
    quotas, picked = dict(quotas), []
    for _ in range(tries):
        if not any(quotas.values()):
            return picked
        key = make(rng)
        if not key or key in seen:
            continue
        c = probe(oracle, key)
        label = next((l for l in (classify(c) if c else []) if quotas.get(l)), None)
        if label:
            quotas[label] -= 1
            seen.add(key)
            picked.append(key)
    raise RuntimeError(f"quotas not met after {tries} tries: {quotas}")


def generate(oracle, rng):
    """Return [(category, key)] for every generated category, in file order."""
    seen = {key for key, _ in PUBLISHED}
    has_moves = lambda c: ["any"] if c.nmoves else []
    last = lambda path: path[-1][0] if path else None

    def check_walk(r):
        """First in-check position after ply 6 of a random walk (or None)."""
        path = walk(oracle, r, r.randint(10, 80), r.uniform(0.2, 0.6))
        return next((k for i, (k, ch) in enumerate(path) if i >= 5 and ch), None)

    plan = [
        ("opening", lambda r: last(walk(oracle, r, r.randint(4, 12))), has_moves, {"any": 60}),
        ("middlegame", lambda r: last(walk(oracle, r, r.randint(20, 80), r.uniform(0.2, 0.7))),
         has_moves, {"any": 80}),
        ("endgame", lambda r: place(r, random_set(r, r.randint(1, 6)), r.choice("wb")),
         has_moves, {"any": 100}),
        ("check", check_walk, lambda c: ["walk"] if c.checkers and c.nmoves else [], {"walk": 20}),
        ("check", lambda r: place(r, random_set(r, r.randint(2, 7)), r.choice("wb")),
         check_kind, {"double": 10, "cannon": 10, "horse": 10}),
        ("mate", lambda r: lopsided(r, r.choice("wb"), r.randint(0, 3), r.randint(2, 5)),
         lambda c: ["mate"] if c.checkers and c.nmoves == 0 else [], {"mate": 25}),
        ("stalemate", lambda r: lopsided(r, r.choice("wb"), r.randint(0, 2), r.randint(1, 4)),
         lambda c: ["stalemate"] if not c.checkers and c.nmoves == 0 else [], {"stalemate": 15}),
        ("flying", lambda r: place(r, random_set(r, r.randint(1, 6)), r.choice("wb")),
         lambda c: flying_kind(c) if c.nmoves else [], {"pin": 15, "step": 15}),
        ("cannon", lambda r: place(r, random_set(r, r.randint(4, 10), "CCCC" + ALL_KINDS),
                                   r.choice("wb")),
         lambda c: cannon_screens(c) if c.nmoves else [],
         {"screens0": 14, "screens1": 12, "screens2": 14}),
    ]
    out = []
    for category, make, classify, quotas in plan:
        t0 = time.time()
        keys = fill(oracle, rng, seen, make, classify, quotas)
        out += [(category, k) for k in keys]
        print(f"  {category}: {len(keys)} positions in {time.time() - t0:.1f}s", file=sys.stderr)
    return out


def counts(oracle, key, d4_below, d5_below):
    """Perft counts [D1, D2, ...] for key: D1-D3 always, D4 if D3 < d4_below,
    D5 if D4 < d5_below; just [0] when there is no legal move."""
    result = [oracle.perft(key, 1)]
    depth = 2
    while result[-1] and (depth <= 3 or (depth == 4 and result[-1] < d4_below)
                          or (depth == 5 and result[-1] < d5_below)):
        result.append(oracle.perft(key, depth))
        depth += 1
    return result


def line(key, values, ident):
    """One EPD line: '<board> <side> ;D1 n ;D2 n ... ;id "<ident>"'."""
    ds = " ".join(f";D{i} {v}" for i, v in enumerate(values, 1))
    return f'{key} {ds} ;id "{ident}"'


def main():
    """Parse options, verify the published counts, generate, count and write the suite."""
    root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--out", default=str(root / "positions/xiangqi/perft.epd"))
    ap.add_argument("--d4-below", type=int, default=2_000_000, help="D4 only if D3 is below this")
    ap.add_argument("--d5-below", type=int, default=1_000_000, help="D5 only if D4 is below this")
    args = ap.parse_args()
    t0 = time.time()
    oracle = Oracle(args.engine)
    lines = []
    for i, (key, published) in enumerate(PUBLISHED, 1):
        oracle.show(key)
        got = [oracle.perft(key, d) for d in range(1, len(published) + 1)]
        if got != published:
            sys.exit(f"published perft mismatch for {key}: {got} != {published}")
        lines.append(line(key, published, f"published-{i}"))
    print(f"published counts verified ({time.time() - t0:.1f}s)", file=sys.stderr)

    positions = generate(oracle, random.Random(args.seed))
    numbers = {}
    for n, (category, key) in enumerate(positions, 1):
        numbers[category] = numbers.get(category, 0) + 1
        lines.append(line(key, counts(oracle, key, args.d4_below, args.d5_below),
                          f"{category}-{numbers[category]}"))
        if n % 50 == 0:
            print(f"  counted {n}/{len(positions)} ({time.time() - t0:.0f}s)", file=sys.stderr)
    oracle.close()

    command = "python3 " + " ".join(shlex.quote(a) for a in
                                    ["scripts/make_perft_suite.py"] + sys.argv[1:])
    header = [
        "# Xiangqi perft reference suite for qibench.",
        "# Format: <board> <side> ;D1 n ;D2 n ;D3 n [;D4 n [;D5 n]] ;id \"<category>-<k>\"",
        "#   (FEN board and side only; w = Red, moving first, at the bottom; b = Black.)",
        "# published-1 and published-2: counts from chessprogramming.org, \"Chinese Chess Perft\"",
        "#   (as cited by many repositories); re-verified with Fairy-Stockfish when generated.",
        f"# All other counts: computed by {oracle.name} (Fairy-Stockfish 11.1, Debian package)",
        "#   `go perft N` with UCI_Variant xiangqi; positions generated by",
        f"#   {command}",
        "# D4 is given where D3 < %d, D5 where D4 < %d; no-move positions have only ;D1 0."
        % (args.d4_below, args.d5_below),
        "# Categories: " + ", ".join(f"{c} {n}" for c, n in numbers.items()) + ".",
    ]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(header + lines) + "\n")
    print(f"wrote {len(lines)} positions to {out} in {time.time() - t0:.0f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
