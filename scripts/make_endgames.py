#!/usr/bin/env python3
"""Generate positions/xiangqi/endgames.epd: endgames with known theoretical results.

What it does
    For every material class in CLASSES (a chariot against a lone general, against
    advisors or elephants, against a full guard; horse, pawn, horse + pawn and
    cannon endings; the classical drawn defences) it draws random legal placements
    (seeded) and keeps the first ones that
      - are quiet: the side to move is not in check and has no capture;
      - respect the class's placement (e.g. a full guard on its home points, a
        pawn that has not reached the bottom rank);
      - and that Fairy-Stockfish confirms:
          win:  `go movetime VERIFY_MS` reports a mate for the stronger side
                (`score mate N` with the stronger side to move, `mate -N` when the
                defender is to move);
          draw: `go movetime VERIFY_MS` reports no mate for either side, and
                Fairy-Stockfish playing both sides (`go movetime SELFPLAY_MS` a
                move) for DRAW_MOVES moves each ends with no side having lost
                (checkmate, stalemate) -- its evaluation alone is not taken as
                proof (a lone cannon against a lone general scores about +240).
    Candidates where Fairy-Stockfish disagrees with the theory are dropped and
    listed on stderr; wins shorter than MIN_MATE moves are skipped silently.
    Candidates alternate between Red and Black as the stronger side
    (colour-mirrored placements).

    Each line: `result` (1-0 Red wins, 0-1 Black wins, 1/2-1/2), `within` (move
    bound for `qibench suite --playout`: for wins max(WIN_MIN, WIN_FACTOR * N)
    capped at WIN_MAX, for draws DRAW_MOVES), `dm N` when the stronger side is
    to move and Fairy-Stockfish's mate is at most DM_MAX moves (the mate distance
    Fairy-Stockfish found; `make check-positions` checks that our engine finds
    the same), `id`, `c0` the theory, `c1` what Fairy-Stockfish said.

How to rerun (from the repository root; Python 3.11 standard library only)
    python3 scripts/make_endgames.py --seed 1            (about 15 minutes)
    python3 scripts/make_endgames.py --verify            (re-verifies the file)
    Options: --engine PATH, --out FILE, --movetime MS, --only CLASS,...  Progress
    goes to stderr.
    Fairy-Stockfish searches with Threads 1, Hash 16, after ucinewgame; being
    time-limited, a rerun can differ in the mate distances it prints.

Notation: Fairy-Stockfish prints ranks 1..10; the file uses ICCS ranks 0..9.
"""

import argparse
import random
import re
import shlex
import sys
import time
from pathlib import Path

from make_search_suites import Oracle, board_text, log, mirror, place, quiet_new

VERIFY_MS = 10000       # the long search that must show the mate (or no mate)
SELFPLAY_MS = 200       # Fairy-Stockfish self-play for draws, per move
DRAW_MOVES = 60         # draws: moves each side (= the 120-ply no-capture rule)
WIN_MIN, WIN_FACTOR, WIN_MAX = 20, 3, 60
DM_MAX = 5
MIN_MATE = 2            # wins: a mate in 1 is no endgame technique
TRIES = 3000

XQE = "xqinenglish.com"
THEORY_SOURCES = [
    "www.xqinenglish.com 'One Chariot endgames 01' and '02' (chariot endings),",
    "  'The Anatomy of Xiangqi part 4' (sure wins / sure draws, e.g. horse vs one advisor,",
    "  horse vs two elephants), GM Liu Dianzhong's endgame lectures there (a cannon needs a screen);",
    "  otherwise the standard tables of sure wins / sure draws (li sheng / li he).",
]

# Home points of a defending Black guard: (r, f), r = 0 is Red's back rank.
HOME = {"a": [(9, 3), (9, 5), (8, 4)], "b": [(9, 2), (9, 6), (7, 4)],
        "k": [(9, 3), (9, 4), (9, 5), (8, 3), (8, 4), (8, 5)]}


def anywhere(piece, sq):
    """No restriction beyond the squares the piece can reach."""
    return True


def guard_at_home(piece, sq):
    """The defender's general, advisors and elephants on their home points."""
    return piece not in HOME or sq in HOME[piece]


def pawn_not_bottom(piece, sq):
    """A Red pawn that has crossed the river but not reached Black's back rank."""
    return piece != "P" or 5 <= sq[0] <= 8


def pawn_high(piece, sq):
    """A Red pawn across the river, not yet in the palace's ranks 8-9."""
    return piece != "P" or 5 <= sq[0] <= 7


def pawn_bottom(piece, sq):
    """A Red pawn on Black's back rank (an "old pawn")."""
    return piece != "P" or sq[0] == 9


# (name, Red (stronger) pieces, Black pieces, "win"|"draw", count, region, theory)
CLASSES = [
    ("r-k", "R", "", "win", 3, anywhere, "a chariot beats a lone general (sure win)"),
    ("r-2a", "R", "aa", "win", 3, anywhere, "a chariot beats two advisors (sure win; " + XQE + ")"),
    ("r-2b", "R", "bb", "win", 3, anywhere, "a chariot beats two elephants (sure win; " + XQE + ")"),
    ("r-a2b", "R", "abb", "win", 2, anywhere,
     "a chariot beats one advisor and two elephants (sure win; " + XQE + ")"),
    ("r-2ab", "R", "aab", "win", 2, anywhere,
     "a chariot beats two advisors and one elephant (sure win; " + XQE + ")"),
    ("r-n", "R", "n", "win", 2, anywhere, "a chariot beats a lone horse (sure win)"),
    ("r-c", "R", "c", "win", 2, anywhere, "a chariot beats a lone cannon (sure win)"),
    ("n-k", "N", "", "win", 2, anywhere,
     "a horse beats a lone general (sure win, with the flying-general rule; " + XQE + ")"),
    ("n-a", "N", "a", "win", 2, anywhere, "a horse beats one advisor (sure win; " + XQE + ")"),
    ("p-k", "P", "", "win", 3, pawn_high,
     "a pawn that has not reached the bottom rank beats a lone general (sure win)"),
    ("np-a", "NP", "a", "win", 2, pawn_not_bottom, "horse and pawn beat one advisor (sure win)"),
    ("ca-k", "CA", "", "win", 2, anywhere,
     "cannon and advisor beat a lone general, the advisor being the screen (sure win)"),
    ("cp-a", "CP", "a", "win", 2, pawn_not_bottom, "cannon and pawn beat one advisor (sure win)"),
    ("2p-2a", "PP", "aa", "win", 2, pawn_high,
     "two high pawns (across the river, not past the palace's top rank) beat two advisors (sure win)"),
    ("r-2a2b", "R", "aabb", "draw", 4, guard_at_home,
     "a lone chariot cannot beat a full guard on its home points (sure draw; " + XQE + ")"),
    ("c-k", "C", "", "draw", 2, anywhere,
     "a lone cannon cannot beat a lone general: it has no screen (sure draw; " + XQE + ", Liu Dianzhong)"),
    ("n-2b", "N", "bb", "draw", 2, guard_at_home,
     "a horse cannot beat two elephants (sure draw; " + XQE + ")"),
    ("n-2a", "N", "aa", "draw", 2, guard_at_home, "a horse cannot beat two advisors at home (sure draw)"),
    ("oldp-k", "P", "", "draw", 2, pawn_bottom,
     "a pawn on the bottom rank (old pawn) cannot beat a lone general (sure draw)"),
    ("p-2a", "P", "aa", "draw", 2, guard_at_home, "a lone pawn cannot beat two advisors at home (sure draw)"),
    ("n-2a2b", "N", "aabb", "draw", 2, guard_at_home, "a horse cannot beat a full guard (sure draw)"),
    ("c-2a2b", "C", "aabb", "draw", 2, guard_at_home, "a cannon cannot beat a full guard (sure draw)"),
    ("r-n2a2b", "R", "naabb", "draw", 2, guard_at_home,
     "a chariot cannot beat horse and full guard (sure draw)"),
]


# ---------------------------------------------------------------- Fairy-Stockfish

class Judge(Oracle):
    """The Oracle plus time-limited searches and self-play."""

    def think(self, key, moves=(), movetime=VERIFY_MS, multipv=1):
        """Search key + moves for movetime ms from a cleared hash.  Returns
        (bestmove, [(score, pv, depth) per MultiPV line, best first]), each line
        from its last exact info line; a score is ("cp"|"mate", value)."""
        if multipv != self.multipv:
            self.send(f"setoption name MultiPV value {multipv}")
            self.multipv = multipv
        self.send("ucinewgame")
        self.sync()
        self.send(self.position(key, moves))
        self.send(f"go movetime {movetime}")
        lines = self.read_until("bestmove")
        best = {}
        for l in lines:
            t = l.split()
            if t[:1] != ["info"] or "score" not in t or "pv" not in t:
                continue
            if "lowerbound" in t or "upperbound" in t:
                continue
            i = t.index("score")
            k = int(t[t.index("multipv") + 1]) if "multipv" in t else 1
            best[k] = ((t[i + 1], int(t[i + 2])), t[t.index("pv") + 1:], int(t[t.index("depth") + 1]))
        return lines[-1].split()[1], [best[k] for k in sorted(best)]

    def selfplay(self, key, moves_each, movetime):
        """Fairy-Stockfish plays both sides from key for moves_each moves each.
        Returns "red" or "black" for the side that lost (no legal move), or
        "none" (the bound, or a threefold repetition)."""
        moves, seen = [], {}
        side = key.split()[1]
        for _ in range(2 * moves_each):
            if not self.legal_moves(key, moves):
                return "red" if side == "w" else "black"
            fen, _ = self.show(key, moves)
            seen[fen] = seen.get(fen, 0) + 1
            if seen[fen] >= 3:
                return "none"
            self.send(self.position(key, moves))
            self.send(f"go movetime {movetime}")
            moves.append(self.read_until("bestmove")[-1].split()[1])
            side = "b" if side == "w" else "w"
        return "none"


# ---------------------------------------------------------------- candidates

def candidate(oracle, rng, red, black, region, flip, seen):
    """A quiet legal placement of K + red against k + black (Red the stronger
    side, then colour-mirrored if flip), or None."""
    for _ in range(TRIES):
        side = rng.choice("wb")
        grid = place(rng, ["k"] + list(black), region=region)
        place(rng, ["K"] + list(red), grid, region=region)
        key = f"{board_text(grid)} {side}"
        if flip:
            key = mirror(key)
        if quiet_new(oracle, key, seen):
            return key
    return None


def verify(oracle, key, strong, expect, movetime):
    """Fairy-Stockfish's verdict on key.  strong is "w"/"b", the stronger side.
    Returns (verdict, mate distance or None, text for the c1 opcode); verdict is
    "confirmed", "too short" (a win, but a mate in less than MIN_MATE) or
    "disagrees"."""
    to_move = key.split()[1]
    _, found = oracle.think(key, movetime=movetime)
    (kind, v), _, depth = found[0]
    said = f"{oracle.name}, {movetime // 1000} s: depth {depth} {kind} {v}"
    if expect == "win":
        sign = 1 if to_move == strong else -1
        if kind != "mate" or v * sign < 0:
            return "disagrees", None, said
        return ("confirmed" if abs(v) >= MIN_MATE else "too short"), abs(v), said
    if kind == "mate":
        return "disagrees", None, said
    lost = oracle.selfplay(key, DRAW_MOVES, SELFPLAY_MS)
    said += f", self-play {DRAW_MOVES} moves at {SELFPLAY_MS} ms: " + \
        ("no side lost" if lost == "none" else f"{lost} lost")
    return ("confirmed" if lost == "none" else "disagrees"), None, said


def epd_line(key, name, k, cls, strong, mate, said):
    """One EPD line for a verified position."""
    _, _, _, expect, _, _, theory = cls
    to_move = key.split()[1]
    if expect == "win":
        result = "1-0" if strong == "w" else "0-1"
        within = min(WIN_MAX, max(WIN_MIN, WIN_FACTOR * mate))
    else:
        result, within = "1/2-1/2", DRAW_MOVES
    ops = [f"result {result}", f"within {within}"]
    if expect == "win" and to_move == strong and mate <= DM_MAX:
        ops.append(f"dm {mate}")
    ops += [f'id "eg-{name}-{k}"', f'c0 "{theory}"', f'c1 "{said}"']
    return f"{key} ;" + " ;".join(ops)


# ---------------------------------------------------------------- modes

def generate(oracle, rng, movetime, only=None):
    """Every class's positions (or only those named), verified.  Returns the EPD lines."""
    lines, seen, flip = [], set(), False
    for cls in CLASSES:
        name, red, black, expect, count, region, _ = cls
        if only and name not in only:
            continue
        k = 0
        while k < count:
            flip = not flip
            key = candidate(oracle, rng, red, black, region, flip, seen)
            if key is None:
                raise RuntimeError(f"no placement found for {name}")
            seen.add(key)
            strong = "b" if flip else "w"
            t0 = time.time()
            verdict, mate, said = verify(oracle, key, strong, expect, movetime)
            if verdict != "too short":
                log(f"  {name}: {key}: {said} -> {verdict} ({time.time() - t0:.0f}s)")
            if verdict == "confirmed":
                k += 1
                lines.append(epd_line(key, name, k, cls, strong, mate, said))
    return lines


def reverify(oracle, path, movetime):
    """Re-run Fairy-Stockfish's verification on every line of path; returns the
    number of lines it no longer confirms."""
    bad = 0
    for line in Path(path).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key = " ".join(line.split()[:2])
        result = re.search(r"result (\S+)", line).group(1)
        expect = "draw" if result == "1/2-1/2" else "win"
        strong = "b" if result == "0-1" else "w"
        verdict, mate, said = verify(oracle, key, strong, expect, movetime)
        ok = verdict != "disagrees"
        dm = re.search(r";dm (\d+)", line)
        if ok and dm and mate != int(dm.group(1)):
            said += f" (file says dm {dm.group(1)})"
        ident = re.search(r'id "([^"]*)"', line).group(1)
        log(f"  {ident}: {said} -> {'confirmed' if ok else 'NOT CONFIRMED'}")
        bad += not ok
    return bad


def header(oracle, command, seed, movetime, lines):
    """The comment block that starts the file."""
    wins = sum(" ;result 1-0" in l or " ;result 0-1" in l for l in lines)
    return [
        "# qibench Xiangqi endgame suite, generated by scripts/make_endgames.py",
        f"# Regenerate: {command}   (seed {seed}); re-verify: python3 scripts/make_endgames.py --verify",
        "# Board: Xiangqi FEN, Red upper case at the bottom; moves in ICCS (ranks 0-9).",
        f"# {len(lines)} positions: {wins} theoretical wins, {len(lines) - wins} theoretical draws,",
        "#   random quiet legal placements (seeded) of each material class; c0 names the theory.",
        "# Source of the expected results: Xiangqi endgame theory, from",
    ] + [f"#   {s}" for s in THEORY_SOURCES] + [
        f"# Every result confirmed by {oracle.name} (UCI_Variant xiangqi, Threads 1,",
        f"#   Hash 16, ucinewgame first); c1 gives what it said, scores from the side to",
        "#   move's view (`mate -N`: the side to move is mated in N moves):",
        f"#   win:  `go movetime {movetime}` reports a mate for the stronger side;",
        f"#   draw: `go movetime {movetime}` reports no mate, and Fairy-Stockfish playing both",
        f"#         sides at {SELFPLAY_MS} ms a move for {DRAW_MOVES} moves each: no side lost.",
        "#   Candidates where it disagreed with the theory were dropped.",
        "# result: 1-0 Red wins, 0-1 Black wins (whoever is to move), 1/2-1/2 drawn.",
        f"# within: move bound for `qibench suite --playout` (wins: {WIN_FACTOR} x Fairy-Stockfish's",
        f"#   mate distance, at least {WIN_MIN}, at most {WIN_MAX}; draws: {DRAW_MOVES}, the whole",
        "#   120-ply no-capture window).",
        f"# dm N: Fairy-Stockfish's mate distance (moves of the side to move) when the stronger",
        f"#   side is to move and N <= {DM_MAX}; longer mate distances are only in c1.",
        "# Checked by tests/e2e_positions.sh (a quick subset) and `make check-positions` (all).",
    ]


def main():
    """Parse options; generate the file or re-verify it."""
    root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--out", default=str(root / "positions/xiangqi/endgames.epd"))
    ap.add_argument("--movetime", type=int, default=VERIFY_MS, help="ms per verifying search")
    ap.add_argument("--verify", action="store_true", help="re-verify --out instead of writing it")
    ap.add_argument("--only", help="comma-separated class names (for trying out a class)")
    args = ap.parse_args()
    oracle = Judge(args.engine)
    t0 = time.time()
    if args.verify:
        bad = reverify(oracle, args.out, args.movetime)
        oracle.close()
        log(f"{bad} not confirmed ({time.time() - t0:.0f}s)")
        sys.exit(1 if bad else 0)
    command = "python3 " + " ".join(shlex.quote(a) for a in ["scripts/make_endgames.py"] + sys.argv[1:])
    only = set(args.only.split(",")) if args.only else None
    lines = generate(oracle, random.Random(args.seed), args.movetime, only)
    oracle.close()
    text = header(oracle, command, args.seed, args.movetime, lines) + lines
    Path(args.out).write_text("\n".join(text) + "\n")
    log(f"wrote {len(lines)} positions to {args.out} in {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
