#!/usr/bin/env python3
"""Generate the Xiangqi search suites positions/xiangqi/bench.epd and mates.epd.

What it does
    bench.epd (30 positions for the engine's fixed-depth `bench` command):
      8 openings     positions 4-12 plies into a Fairy-Stockfish self-play game
                     started with one of h2e2 b2e2 c3c4 g3g4 b0c2 h0g2 c0e2 and a
                     common Black reply;
      10 middlegames plies 20-60 of such self-play games;
      7 endgames     random legal placements of small material sets (chariot vs
                     advisors/elephants, horse+pawn vs advisor, cannon+pawn, chariot
                     vs horse, pawn endings, ...), quiet: the side to move is not
                     in check and has no capture;
      5 tactical     in a self-play position, one of the moves that a depth-1
                     MultiPV search ranks best (a plausible-looking move) is played;
                     the position after it is kept when its depth-1 score is within
                     +-TACTIC_D1_MAX cp and Fairy-Stockfish's depth-14 score is at
                     least TACTIC_GAIN cp better for the side to move than its
                     depth-1 score and at least TACTIC_MIN cp, or is a mate.
    Openings, middlegames and endgames are kept only if a depth-10 search does not
    report a mate score.
    mates.epd (mate puzzles for search tests): 10 mate-in-1, 10 mate-in-2 and
      6 mate-in-3 (N = moves of the side to move), found by random legal placements
      of chariots, horses, cannons and pawns against a general with a few
      defenders.  A candidate is kept when `go depth 10` and `go depth 20` both
      report `score mate N`, and an exact AND/OR search over Fairy-Stockfish's
      `go perft 1` move lists confirms that bm forces mate in N and that no mate
      in N-1 exists (this rejects the cases where Fairy-Stockfish's pruned search
      reports a longer mate than the shortest); mate in 1 must be given by check;
      the attacker has at most MAX_ATTACKER_MOVES legal moves.  Puzzles with a
      unique first move (checked exactly for N = 1, by a MultiPV-2 depth-20
      search for N >= 2) are preferred.
      bm is Fairy-Stockfish's depth-20 best move.  Some puzzles are colour-mirrored
      so that Black is to move; their bm/dm come from a fresh search of the
      mirrored position.

    Every expected value (scores, dm, bm, legality, legal-move lists) comes from
    Fairy-Stockfish (UCI_Variant xiangqi, Threads 1, Hash 16, ucinewgame before
    each search), driven over pipes as one long-running process.  Self-play uses
    `go nodes N` (not movetime) so that the output is reproducible.  Every
    position is validated: generals in the palace, advisors/elephants/pawns on
    squares they can reach, piece counts, generals not facing on an open file,
    the side not to move not in check (Fairy-Stockfish `d` Checkers with the side
    flipped), the FEN read back unchanged by `d`, and the side to move has legal
    moves.

How to rerun (from the repository root; Python 3.11 standard library only)
    python3 scripts/make_search_suites.py --seed 1
    Options: --engine PATH, --bench FILE, --mates FILE.  The output is
    deterministic for a given seed and Fairy-Stockfish build (about 2 minutes
    with seed 1 on a slow machine; progress goes to stderr).

Notation: Fairy-Stockfish prints ranks 1..10 (h3e3); the files written here use
ICCS ranks 0..9 (h2e2).  Internally a square is (r, f), r = 0 is Red's back rank.
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
FILES = "abcdefghi"
MAX_COUNT = {"K": 1, "R": 2, "N": 2, "C": 2, "A": 2, "B": 2, "P": 5}

FIRST_MOVES = ["h2e2", "b2e2", "c3c4", "g3g4", "b0c2", "h0g2", "c0e2"]  # ICCS
BLACK_REPLIES = ["h9g7", "b9c7", "h7e7", "b7e7", "c6c5", "g6g5", "c9e7", "g9e7"]
SELFPLAY_GAMES = 10
SELFPLAY_PLIES = 60
SELFPLAY_NODES = (10000, 20000)     # per-move node budget range (drawn per game)
SELFPLAY_EXTRA_GAMES = 10
QUIET_DEPTH = 10                    # "no mate score" check for bench positions
TACTIC_SCREEN_DEPTH = 8
TACTIC_DEPTH = 14
TACTIC_GAIN = 300
TACTIC_MIN = 250
TACTIC_D1_MAX = 200                 # depth-1 |score| at most this: the gain is hidden
TACTIC_FROM_PLY = 10
TACTIC_PLAUSIBLE = 6                # shallow-best moves tried per base position
TACTIC_BASES_PER_GAME = 25
TACTIC_EXTRA_GAMES = 30
MATE_SCREEN_DEPTH = 10
MATE_DEPTH = 20
HINT_DEPTH = 8                      # move-ordering hint in the exact mate check
MAX_ATTACKER_MOVES = 30
MATE_QUOTA = {1: 10, 2: 10, 3: 6}
MATE_BLACK = {1: 3, 2: 3, 3: 2}      # how many of each are mirrored to Black to move
ENDGAMES = [  # (strong side's pieces, weak side's pieces, mirror colours?)
    ("R", "AABB", False),            # chariot vs full defence
    ("NP", "A", True),               # horse + pawn vs advisor
    ("CPA", "AB", False),            # cannon + pawn vs advisor + elephant
    ("R", "NA", True),               # chariot vs horse
    ("PP", "BP", False),             # pawn ending
    ("RP", "RA", False),             # chariot + pawn vs chariot + advisor
    ("NC", "AB", True),              # horse + cannon vs advisor + elephant
]
MATE_SCORE = 100000


# ---------------------------------------------------------------- board helpers

def parse_board(board):
    """Return a 10x9 grid (grid[r][f], r = 0 is Red's back rank) from FEN field 1."""
    grid = []
    for row in board.split("/"):
        cells = []
        for ch in row:
            cells.extend([None] * int(ch) if ch.isdigit() else [ch])
        if len(cells) != 9:
            raise ValueError(f"bad FEN row {row!r}")
        grid.append(cells)
    if len(grid) != 10:
        raise ValueError("FEN board needs 10 rows")
    return grid[::-1]



def mirror(key):
    """Swap colours: flip the board top to bottom, swap letter case and side to move."""
    board, side = key.split()
    grid = parse_board(board)
    flipped = [[(p.swapcase() if p else None) for p in grid[9 - r]] for r in range(10)]
    return f"{board_text(flipped)} {'b' if side == 'w' else 'w'}"



REACH = {p: set(reachable(p)) for p in "KRNCABPkrncabp"}


def structural_problem(board):
    """Return why the board cannot arise in a game (None if it can): piece
    counts, pieces on unreachable squares, generals facing on an open file."""
    grid = parse_board(board)
    seen = {}
    for r in range(10):
        for f in range(9):
            p = grid[r][f]
            if p is None:
                continue
            if p not in REACH:
                return f"unknown piece {p}"
            if (r, f) not in REACH[p]:
                return f"{p} on unreachable square {FILES[f]}{r}"
            seen[p] = seen.get(p, 0) + 1
    for p, n in seen.items():
        if n > MAX_COUNT[p.upper()]:
            return f"too many {p}"
    if seen.get("K") != 1 or seen.get("k") != 1:
        return "needs one general each"
    red = next((r, f) for r in range(10) for f in range(9) if grid[r][f] == "K")
    black = next((r, f) for r in range(10) for f in range(9) if grid[r][f] == "k")
    if red[1] == black[1] and all(grid[r][red[1]] is None for r in range(red[0] + 1, black[0])):
        return "generals face each other"
    return None


def fs_to_iccs(move):
    """Convert Fairy-Stockfish move text (ranks 1..10, e.g. b3b10) to ICCS (b2b9)."""
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    if not m:
        raise ValueError(f"unexpected move text {move!r}")
    return f"{m.group(1)}{int(m.group(2)) - 1}{m.group(3)}{int(m.group(4)) - 1}"


def iccs_to_fs(move):
    """Convert ICCS move text (h2e2) to Fairy-Stockfish's (h3e3)."""
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def fs_dest(move):
    """Destination square (r, f) of a Fairy-Stockfish move text."""
    m = re.fullmatch(r"[a-i]\d+([a-i])(\d+)", move)
    return int(m.group(2)) - 1, FILES.index(m.group(1))


def value(score):
    """Map ('cp', v) / ('mate', n) to one comparable number (side to move's view)."""
    kind, v = score
    if kind == "cp":
        return v
    return MATE_SCORE - v if v > 0 else -MATE_SCORE - v


def score_text(score):
    """Human-readable score for progress output."""
    return f"{score[0]} {score[1]}"


# ---------------------------------------------------------------- the oracle

class Oracle(FairyStockfish):
    """One long-running Fairy-Stockfish process spoken to over UCI pipes."""

    def __init__(self, path):
        """Start the engine: one thread, a small hash, one PV."""
        super().__init__(path, ("Threads value 1", "Hash value 16", "MultiPV value 1"))
        self.multipv = 1

    @staticmethod
    def position(key, moves=()):
        """The UCI position command for key ('board side') plus FS-notation moves."""
        tail = " moves " + " ".join(moves) if moves else ""
        return f"position fen {key} - - 0 1{tail}"

    def show(self, key, moves=()):
        """Set up key (+ moves); return (resulting 'board side', checker list) from `d`."""
        self.send(self.position(key, moves))
        self.send("d")
        lines = self.read_until("Checkers:")
        fen = next(l[5:] for l in lines if l.startswith("Fen: ")).split()
        return f"{fen[0]} {fen[1]}", lines[-1][9:].split()

    def legal_moves(self, key, moves=()):
        """Legal moves (FS notation) of key + moves, from the `go perft 1` divide."""
        self.send(self.position(key, moves))
        self.send("go perft 1")
        lines = self.read_until("Nodes searched:")
        return [m.group(1) for l in lines if (m := re.match(r"([a-i]\d+[a-i]\d+): ", l))]

    def search(self, key, moves=(), depth=None, nodes=None, multipv=1):
        """Search from a cleared hash; return (bestmove, [(score, pv) per multipv line])."""
        if multipv != self.multipv:
            self.send(f"setoption name MultiPV value {multipv}")
            self.multipv = multipv
        self.send("ucinewgame")
        self.sync()
        self.send(self.position(key, moves))
        self.send(f"go depth {depth}" if depth else f"go nodes {nodes}")
        lines = self.read_until("bestmove")
        best = {}
        for l in lines:
            t = l.split()
            if not t or t[0] != "info" or "score" not in t or "pv" not in t:
                continue
            if "lowerbound" in t or "upperbound" in t:
                continue
            i = t.index("score")
            k = int(t[t.index("multipv") + 1]) if "multipv" in t else 1
            best[k] = ((t[i + 1], int(t[i + 2])), t[t.index("pv") + 1:])
        bestmove = lines[-1].split()[1]
        return bestmove, [best[k] for k in sorted(best)]


def validate(oracle, key):
    """Check that key ('board side') is a legal, playable position.  Returns the
    list of legal moves (FS notation), or raises ValueError with the reason."""
    board, side = key.split()
    problem = structural_problem(board)
    if problem:
        raise ValueError(problem)
    got, _ = oracle.show(key)
    if got != key:
        raise ValueError(f"FEN read back differs: {got}")
    _, checkers = oracle.show(f"{board} {'b' if side == 'w' else 'w'}")
    if checkers:
        raise ValueError("side not to move is in check")
    moves = oracle.legal_moves(key)
    if not moves:
        raise ValueError("side to move has no legal move")
    return moves


def acceptable(oracle, key):
    """validate() as a predicate (False instead of an exception)."""
    try:
        validate(oracle, key)
        return True
    except ValueError:
        return False


def log(text):
    """Progress output on stderr."""
    print(text, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- bench: games

def selfplay(oracle, rng, game_no):
    """Play one game from the start position: ply 1 is a FIRST_MOVES entry, ply 2
    a common Black reply, then Fairy-Stockfish plays both sides with a node budget
    drawn from SELFPLAY_NODES.  Returns the keys after ply 1, 2, ..., n."""
    nodes = rng.randint(*SELFPLAY_NODES)
    moves = [iccs_to_fs(FIRST_MOVES[game_no % len(FIRST_MOVES)])]
    legal = oracle.legal_moves(START, moves)
    replies = [iccs_to_fs(m) for m in BLACK_REPLIES if iccs_to_fs(m) in legal]
    moves.append(rng.choice(replies))
    out = [oracle.show(START, moves[:1])[0], oracle.show(START, moves)[0]]
    while len(moves) < SELFPLAY_PLIES and oracle.legal_moves(START, moves):
        move, _ = oracle.search(START, moves, nodes=nodes)
        moves.append(move)
        out.append(oracle.show(START, moves)[0])
    return out


def no_mate(oracle, key):
    """True if a depth-QUIET_DEPTH search reports a centipawn (not mate) score."""
    _, lines = oracle.search(key, depth=QUIET_DEPTH)
    return lines[0][0][0] == "cp"


def openings_and_middlegames(oracle, rng, seen):
    """8 opening and 10 middlegame positions (at most one of each per game) from
    SELFPLAY_GAMES self-play games, plus up to SELFPLAY_EXTRA_GAMES more if some
    game ended early; also returns the games (lists of keys after ply 1, 2, ...)."""
    openings, middles, games = [], [], []
    for g in range(SELFPLAY_GAMES + SELFPLAY_EXTRA_GAMES):
        if g >= SELFPLAY_GAMES and len(openings) >= 8 and len(middles) >= 10:
            break
        t0 = time.time()
        keys = selfplay(oracle, rng, g)      # keys[i] = position after ply i + 1
        if len(openings) < 8 and len(keys) >= 4:
            for _ in range(20):
                ply = rng.randint(4, min(12, len(keys)))
                key = keys[ply - 1]
                if key not in seen and acceptable(oracle, key) and no_mate(oracle, key):
                    openings.append(key)
                    seen.add(key)
                    break
        for _ in range(20 if len(middles) < 10 and len(keys) >= 20 else 0):
            ply = rng.randint(20, min(60, len(keys)))
            key = keys[ply - 1]
            if key not in seen and acceptable(oracle, key) and no_mate(oracle, key):
                middles.append(key)
                seen.add(key)
                break
        log(f"  game {g + 1}: {len(keys)} plies, {time.time() - t0:.1f}s")
        games.append(keys)
    if len(openings) < 8 or len(middles) < 10:
        raise RuntimeError(f"too few openings/middlegames: {len(openings)}/{len(middles)}")
    return openings[:8], middles[:10], games


# ---------------------------------------------------------------- bench: endgames

def place(rng, pieces, grid=None, region=None):
    """Put pieces on random empty squares they can reach (within region(piece, sq)
    when given); return the grid."""
    grid = grid or [[None] * 9 for _ in range(10)]
    for p in pieces:
        sqs = [s for s in sorted(REACH[p]) if grid[s[0]][s[1]] is None
               and (region is None or region(p, s))]
        r, f = rng.choice(sqs)
        grid[r][f] = p
    return grid


def quiet_new(oracle, key, seen):
    """True when key is not in seen, is a legal position for Fairy-Stockfish,
    the side to move is not in check and has no capture."""
    if key in seen:
        return False
    try:
        legal = validate(oracle, key)
    except ValueError:
        return False
    if oracle.show(key)[1]:
        return False
    g = parse_board(key.split()[0])
    return not any(g[fs_dest(m)[0]][fs_dest(m)[1]] for m in legal)


def endgames(oracle, rng, seen, tries=5000):
    """One quiet endgame position per ENDGAMES entry: the side to move (random)
    is not in check and has no capture, and no mate score at depth QUIET_DEPTH."""
    out = []
    for strong, weak, flip in ENDGAMES:
        for _ in range(tries):
            side = rng.choice("wb")
            grid = place(rng, ["K", "k"] + list(strong) + list(weak.lower()))
            key = f"{board_text(grid)} {side}"
            if flip:
                key = mirror(key)
            if not quiet_new(oracle, key, seen):
                continue
            if not no_mate(oracle, key):
                continue
            out.append(key)
            seen.add(key)
            break
        else:
            raise RuntimeError(f"no endgame found for {strong} vs {weak}")
    return out


# ---------------------------------------------------------------- bench: tactics

def tactics(oracle, rng, seen, games, want=5):
    """Positions where the depth-TACTIC_DEPTH score beats the depth-1 score by at
    least TACTIC_GAIN cp for the side to move (and is at least TACTIC_MIN), or is
    a mate.  Candidates: in self-play positions (ply >= TACTIC_FROM_PLY), play one
    of the TACTIC_PLAUSIBLE moves that a depth-1 MultiPV search ranks best (a
    move that looks fine to a shallow search); the position after it is a
    candidate when its depth-1 score is within +-TACTIC_D1_MAX.  One per game; the
    bench self-play games are used first, then up to TACTIC_EXTRA_GAMES new ones."""
    out = []
    for g in range(len(games) + TACTIC_EXTRA_GAMES):
        if len(out) >= want:
            break
        game = games[g] if g < len(games) else selfplay(oracle, rng, g)
        plies = list(range(TACTIC_FROM_PLY, len(game) + 1))
        rng.shuffle(plies)
        found = False
        for ply in plies[:TACTIC_BASES_PER_GAME]:
            base = game[ply - 1]
            _, shallow = oracle.search(base, depth=1, multipv=TACTIC_PLAUSIBLE)
            for _, pv in shallow:
                key, _ = oracle.show(base, pv[:1])
                if key in seen or not acceptable(oracle, key):
                    continue
                _, d1 = oracle.search(key, depth=1)
                v1 = value(d1[0][0])
                if abs(v1) > TACTIC_D1_MAX:
                    continue
                _, d8 = oracle.search(key, depth=TACTIC_SCREEN_DEPTH)
                v8 = value(d8[0][0])
                if v8 - v1 < TACTIC_GAIN or v8 < TACTIC_MIN:
                    continue
                _, d14 = oracle.search(key, depth=TACTIC_DEPTH)
                s14 = d14[0][0]
                v14 = value(s14)
                mate = s14[0] == "mate" and s14[1] > 0
                if mate or (v14 - v1 >= TACTIC_GAIN and v14 >= TACTIC_MIN):
                    out.append(key)
                    seen.add(key)
                    log(f"  tactic {len(out)}: game {g + 1} ply {ply} + {fs_to_iccs(pv[0])}: "
                        f"depth 1 {score_text(d1[0][0])}, depth {TACTIC_DEPTH} "
                        f"{score_text(s14)}")
                    found = True
                    break
            if found:
                break
    if len(out) < want:
        raise RuntimeError(f"only {len(out)} tactical positions found")
    return out


# ---------------------------------------------------------------- mates

def mate_candidate(rng, n):
    """A random placement of Red attackers against Black's general, Red to move."""
    grid = place(rng, ["k"])
    defenders = ["a"] * rng.randint(0, 2) + ["b"] * rng.randint(0, 2)
    if rng.random() < 0.3:
        defenders.append(rng.choice("pnc"))
    place(rng, defenders, grid)
    place(rng, ["K"] + ["A"] * rng.randint(0, 2), grid)
    count = {1: (1, 3), 2: (2, 3), 3: (2, 4)}[n]
    attackers = []
    for _ in range(rng.randint(*count)):
        free = [k for k in "RNCP" if attackers.count(k) < MAX_COUNT[k]]
        attackers.append(rng.choice(free))
    place(rng, attackers, grid, region=lambda p, s: s[0] >= 4)
    return f"{board_text(grid)} w"


def mating_moves_now(oracle, key, legal):
    """The moves of legal after which the opponent has no legal move."""
    return [m for m in legal if not oracle.legal_moves(key, [m])]


def mate_within(oracle, key, moves, n):
    """Exact: can the side to move at key + moves force a win (opponent without a
    legal move) within n of its moves?  Move lists come from `go perft 1`; at
    n >= 2 Fairy-Stockfish's best move is tried first (only an ordering hint)."""
    legal = oracle.legal_moves(key, moves)
    if n == 1:
        return any(not oracle.legal_moves(key, list(moves) + [m]) for m in legal)
    hint, _ = oracle.search(key, moves, depth=HINT_DEPTH)
    order = ([hint] if hint in legal else []) + [m for m in legal if m != hint]
    return any(forces_mate(oracle, key, list(moves) + [m], n) for m in order)


def forces_mate(oracle, key, moves, n):
    """Exact: after the attacker's last move in moves, does every defence lose
    within n attacker moves in total (the move just played counting as one)?"""
    replies = oracle.legal_moves(key, moves)
    if not replies:
        return True
    if n == 1:
        return False
    return all(mate_within(oracle, key, list(moves) + [r], n - 1) for r in replies)


def examine_mate(oracle, key, n, legal):
    """If key is a verified mate in exactly n, return (bm FS text, unique?), else None.
    Verified = depth MATE_SCREEN_DEPTH and MATE_DEPTH both say mate n, and the exact
    search confirms that bm forces mate in n and that no mate in n - 1 exists
    (Fairy-Stockfish's pruning can report a longer mate than the shortest one)."""
    _, screen = oracle.search(key, depth=MATE_SCREEN_DEPTH)
    if screen[0][0] != ("mate", n):
        return None
    bm, deep = oracle.search(key, depth=MATE_DEPTH)
    if deep[0][0] != ("mate", n):
        return None
    if not forces_mate(oracle, key, [bm], n):
        log(f"  rejected {key}: bm {fs_to_iccs(bm)} does not force mate in {n}")
        return None
    if n >= 2 and mate_within(oracle, key, [], n - 1):
        log(f"  rejected {key}: Fairy-Stockfish says mate {n}, a shorter mate exists")
        return None
    if n == 1:
        if not oracle.show(key, [bm])[1]:          # keep mates given by check
            return None
        return bm, len(mating_moves_now(oracle, key, legal)) == 1
    _, two = oracle.search(key, depth=MATE_DEPTH, multipv=2)
    unique = len(two) < 2 or two[1][0] != ("mate", n)
    return bm, unique


def mates(oracle, rng, seen, tries=40000, patience=6000):
    """Fill MATE_QUOTA with verified mate puzzles.  Unique-solution puzzles are
    preferred: draws continue (up to `patience` draws after the quota of any
    puzzles is met) until enough unique ones are found."""
    found = {n: {"unique": [], "other": []} for n in MATE_QUOTA}
    since_full = 0
    for t in range(tries):
        need = [n for n in MATE_QUOTA if len(found[n]["unique"]) < MATE_QUOTA[n]]
        if not need:
            break
        full = all(len(found[n]["unique"]) + len(found[n]["other"]) >= MATE_QUOTA[n]
                   for n in MATE_QUOTA)
        if full:
            since_full += 1
            if since_full > patience:
                break
        n = need[t % len(need)]
        key = mate_candidate(rng, n)
        if key in seen:
            continue
        try:
            legal = validate(oracle, key)
        except ValueError:
            continue
        if len(legal) > MAX_ATTACKER_MOVES:
            continue
        result = examine_mate(oracle, key, n, legal)
        if result is None:
            continue
        bm, unique = result
        found[n]["unique" if unique else "other"].append(key)
        seen.add(key)
        log(f"  mate in {n}: {key} bm {fs_to_iccs(bm)}{' (unique)' if unique else ''} "
            f"[draw {t + 1}]")
    out = {}
    for n in MATE_QUOTA:
        keys = (found[n]["unique"] + found[n]["other"])[:MATE_QUOTA[n]]
        if len(keys) < MATE_QUOTA[n]:
            raise RuntimeError(f"only {len(keys)} mate-in-{n} puzzles found")
        # Mirror evenly spaced entries so that Black is to move in MATE_BLACK[n] of them.
        step = MATE_QUOTA[n] / MATE_BLACK[n]
        black = {int(step * (i + 1)) - 1 for i in range(MATE_BLACK[n])}
        entries = []
        for i, key in enumerate(keys):
            if i in black:
                key = mirror(key)
            legal = validate(oracle, key)
            bm, deep = oracle.search(key, depth=MATE_DEPTH)
            if deep[0][0] != ("mate", n) or bm not in legal \
                    or not forces_mate(oracle, key, [bm], n):
                raise RuntimeError(f"puzzle {key} did not verify")
            entries.append((key, fs_to_iccs(bm)))
        out[n] = entries
    return out


# ---------------------------------------------------------------- output

def header(kind, oracle, command, seed, extra):
    """The '#' comment lines that start each file."""
    return [
        f"# qibench Xiangqi {kind} suite, generated by scripts/make_search_suites.py",
        f"# Source: {oracle.name} (UCI_Variant xiangqi, Threads 1, Hash 16, ucinewgame",
        "#   before each search); every value below comes from Fairy-Stockfish.",
        f"# Regenerate: {command}   (seed {seed})",
        "# Board: Xiangqi FEN, Red upper case at the bottom; moves in ICCS (ranks 0-9).",
    ] + [f"# {line}" for line in extra]


def main():
    """Parse options, generate both suites and write them."""
    root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--bench", default=str(root / "positions/xiangqi/bench.epd"))
    ap.add_argument("--mates", default=str(root / "positions/xiangqi/mates.epd"))
    args = ap.parse_args()
    command = "python3 " + " ".join(shlex.quote(a) for a in
                                    ["scripts/make_search_suites.py"] + sys.argv[1:])
    t0 = time.time()
    rng = random.Random(args.seed)
    oracle = Oracle(args.engine)
    seen = set()

    log("openings and middlegames (self-play)")
    openings, middles, games = openings_and_middlegames(oracle, rng, seen)
    log(f"endgames ({time.time() - t0:.0f}s)")
    ends = endgames(oracle, rng, seen)
    log(f"tactical ({time.time() - t0:.0f}s)")
    tacts = tactics(oracle, rng, seen, games)
    log(f"mates ({time.time() - t0:.0f}s)")
    puzzles = mates(oracle, rng, seen)
    oracle.close()

    bench = header("bench", oracle, command, args.seed, [
        "Method: 30 positions for the fixed-depth `bench` node-count benchmark.",
        f"  opening (8): ply 4-12 of Fairy-Stockfish self-play (go nodes "
        f"{SELFPLAY_NODES[0]}-{SELFPLAY_NODES[1]}) after first moves "
        f"{' '.join(FIRST_MOVES)};",
        "  middlegame (10): ply 20-60 of such games;",
        "  endgame (7): random legal placements of small material sets, side to move "
        "not in check, no capture available;",
        "  tactical (5): a self-play position plus one of the depth-1 MultiPV-best moves;",
        f"    kept when |depth-1 score| <= {TACTIC_D1_MAX} cp and the depth-{TACTIC_DEPTH} "
        f"score is >= depth-1 score + {TACTIC_GAIN} cp",
        f"    and >= {TACTIC_MIN} cp (side to move), or a mate.",
        f"  Opening/middlegame/endgame positions have no mate score at depth {QUIET_DEPTH}.",
        "  All positions legal (FEN round-trip via `d`, side not to move not in check).",
    ])
    for cat, keys in (("opening", openings), ("middlegame", middles),
                      ("endgame", ends), ("tactical", tacts)):
        bench += [f'{key} ;id "bench-{cat}-{k}"' for k, key in enumerate(keys, 1)]

    mates_lines = header("mate", oracle, command, args.seed, [
        "Method: random legal placements of chariots, horses, cannons and pawns against",
        f"  a general with defenders (attacker <= {MAX_ATTACKER_MOVES} legal moves); kept when "
        f"`go depth {MATE_SCREEN_DEPTH}`",
        f"  and `go depth {MATE_DEPTH}` both report `score mate N` (N = moves of the side "
        "to move), and an exact",
        "  AND/OR search over `go perft 1` move lists confirms bm mates in N and no mate "
        "in N-1 exists;",
        "  mate in 1 is by check; unique first moves preferred (exact for N = 1, "
        f"MultiPV 2 depth {MATE_DEPTH} otherwise).",
        f"  bm = Fairy-Stockfish's depth-{MATE_DEPTH} best move; several puzzles are "
        "colour-mirrored (Black to move).",
    ])
    for n in sorted(puzzles):
        mates_lines += [f'{key} ;dm {n} ;bm {bm} ;id "mate{n}-{k}"'
                        for k, (key, bm) in enumerate(puzzles[n], 1)]

    Path(args.bench).write_text("\n".join(bench) + "\n")
    Path(args.mates).write_text("\n".join(mates_lines) + "\n")
    log(f"wrote {args.bench} and {args.mates} in {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
