#!/usr/bin/env python3
"""Generate positions/xiangqi/tactics.epd: positions with one clearly best move.

What it does
    Fairy-Stockfish plays itself from the start position (the self-play of
    scripts/make_search_suites.py: a common first move and reply, then `go nodes`
    10000-20000 a move).  From ply FROM_PLY on, each game position is a candidate,
    and so is the position after each of the PLAUSIBLE moves a depth-1 MultiPV
    search ranks best there (a move that looks fine to a shallow search but may
    leave a tactic for the opponent).  A candidate is kept when
      screen: `go depth SCREEN_DEPTH` with MultiPV 2 finds a best move that is
              GAP cp better than the second best (side to move's view), the second
              best is at most SECOND_MAX cp (only one move wins), and the best move
              is not a plain recapture on the square the last move went to;
      verify: `go movetime VERIFY_MS` with MultiPV 2 from a cleared hash agrees
              on the best move and on both conditions.
    A mate counts as better than any cp score; when the best line is a mate in N
    <= DM_MAX, an exact AND/OR search over Fairy-Stockfish's legal-move lists
    (scripts/make_search_suites.py) confirms that bm forces mate in N and that no
    shorter mate exists, and the line gets `dm N`.  At most PER_GAME positions per
    game, so that the set spreads over openings.
    Then MATES mate positions (ids tactic-mateN-K) from self-play games of their
    own (random.Random(seed + MATE_SEED_OFFSET)), at most MATES_PER_GAME a game:
    game positions and positions after plausible moves where depth SCREEN_DEPTH
    and the long search both find a mate in N <= DM_MAX for the side to move,
    confirmed by the exact search; `bm` only when no second move mates as fast.

    Each line: `bm` (the verified move), `dm N` for mates, `id`, and `c0` with
    what Fairy-Stockfish said (engine, time, depth, both moves and scores, gap).

How to rerun (from the repository root; Python 3.11 standard library only)
    python3 scripts/make_tactics.py --seed 2             (about 40 minutes)
    python3 scripts/make_tactics.py --verify             (re-verifies the file)
    python3 scripts/make_tactics.py --seed 2 --mates-only
                                   (keeps the bm positions, redoes the mates)
    Options: --engine PATH, --out FILE, --movetime MS, --count N, --mates N.
    Progress goes to stderr.  Self-play is node-limited and reproducible; the verifying search
    is time-limited, so a rerun can differ slightly.

Notation: Fairy-Stockfish prints ranks 1..10; the file uses ICCS ranks 0..9.
"""

import argparse
import random
import re
import shlex
import sys
import time
from pathlib import Path

from make_endgames import Judge
from make_search_suites import (acceptable, forces_mate, fs_dest, fs_to_iccs, iccs_to_fs, log,
                                mate_within, selfplay, value)

COUNT = 56              # positions wanted
SCREEN_DEPTH = 8
VERIFY_MS = 10000
GAP = 200               # cp between the best and the second-best move
SECOND_MAX = 300        # the second-best move may not win too (side to move's view)
DM_MAX = 3              # mates up to this length get `dm` (exactly verified)
FROM_PLY = 10
PLAUSIBLE = 3
PER_GAME = 3
MAX_GAMES = 120
MATES = 6               # mate positions (dm) wanted, in games of their own
MATES_PER_GAME = 1
MATE_SEED_OFFSET = 1000 # their self-play games use random.Random(seed + this)


def lines_text(found):
    """'best h2e2 cp 350, second b0c2 cp 12' for the c0 opcode."""
    return ", ".join(f"{label} {fs_to_iccs(pv[0])} {kind} {v}"
                     for label, ((kind, v), pv, _) in zip(("best", "second"), found))


def clear_best(found):
    """Is the first MultiPV line GAP better than the second, and the second not
    winning?  Returns the gap in cp (None if not clear; 'mate' for mate vs no mate)."""
    if len(found) < 2:
        return None
    (k1, v1), _, _ = found[0]
    (k2, v2), _, _ = found[1]
    if k1 == "mate" and v1 > 0:
        return "mate" if k2 != "mate" and value((k2, v2)) <= SECOND_MAX else None
    if k1 != "cp" or k2 != "cp" or v2 > SECOND_MAX or v1 - v2 < GAP:
        return None
    return v1 - v2


def recapture(best, last):
    """Does the best move capture on the square the last move went to?"""
    return last is not None and fs_dest(best) == fs_dest(last)


def screen(oracle, key, last):
    """Depth-SCREEN_DEPTH MultiPV-2 screen; returns the best move or None."""
    _, found = oracle.search(key, depth=SCREEN_DEPTH, multipv=2)
    found = [(s, pv, SCREEN_DEPTH) for s, pv in found]
    if clear_best(found) is None or recapture(found[0][1][0], last):
        return None
    return found[0][1][0]


def verify(oracle, key, movetime):
    """The long MultiPV-2 search.  Returns (bm FS text, dm or 0, c0 text) or
    raises ValueError saying why the position does not qualify."""
    _, found = oracle.think(key, movetime=movetime, multipv=2)
    gap = clear_best(found)
    said = f"{oracle.name}, {movetime // 1000} s, MultiPV 2: depth {found[0][2]}, {lines_text(found)}"
    if gap is None:
        raise ValueError(f"no clear best move: {said}")
    said += f", gap {gap}"
    (kind, n), pv, _ = found[0]
    dm = 0
    if kind == "mate" and n <= DM_MAX:
        if not forces_mate(oracle, key, [pv[0]], n) or (n > 1 and mate_within(oracle, key, [], n - 1)):
            raise ValueError(f"mate {n} not confirmed exactly: {said}")
        dm = n
        said += f", exact search: mate in {n}, none shorter"
    return pv[0], dm, said


def generate(oracle, rng, count, movetime):
    """Collect count verified positions; returns (EPD lines, games played)."""
    out, seen, g = [], set(), 0
    while len(out) < count and g < MAX_GAMES:
        game = selfplay(oracle, rng, g)
        g += 1
        kept = 0
        plies = list(range(FROM_PLY, len(game)))
        rng.shuffle(plies)
        for ply in plies:
            if kept >= PER_GAME or len(out) >= count:
                break
            base = game[ply - 1]
            _, shallow = oracle.search(base, depth=1, multipv=PLAUSIBLE)
            tries = [(base, None, [])] + [(None, pv[0], [pv[0]]) for _, pv in shallow]
            for key, last, moves in tries:
                if key is None:
                    key, _ = oracle.show(base, moves)
                if key in seen or not acceptable(oracle, key):
                    continue
                seen.add(key)
                if not screen(oracle, key, last):
                    continue
                t0 = time.time()
                try:
                    bm, dm, said = verify(oracle, key, movetime)
                except ValueError as e:
                    log(f"  game {g} ply {ply}: dropped, {e}")
                    continue
                kept += 1
                ident = f"tactic-{len(out) + 1}"
                ops = [f"bm {fs_to_iccs(bm)}"] + ([f"dm {dm}"] if dm else []) + \
                      [f'id "{ident}"', f'c0 "{said}"']
                out.append(f"{key} ;" + " ;".join(ops))
                log(f"  {ident}: game {g} ply {ply}{' + ' + fs_to_iccs(last) if last else ''}: "
                    f"{said} ({time.time() - t0:.0f}s)")
                break
    if len(out) < count:
        raise RuntimeError(f"only {len(out)} positions after {g} games")
    return out, g


def mate_in(oracle, key, depth):
    """N if a depth-`depth` search of key finds a mate in N <= DM_MAX for the side
    to move, else None."""
    _, found = oracle.search(key, depth=depth)
    (kind, n), _ = found[0]
    return n if kind == "mate" and 0 < n <= DM_MAX else None


def mates(oracle, rng, count, movetime, exclude):
    """Collect count mate positions, at most MATES_PER_GAME per self-play game
    (rng their own): game positions and the positions after plausible moves where a depth-SCREEN_DEPTH
    search finds a mate in N <= DM_MAX, the long search agrees, and the exact
    search confirms it.  Returns EPD lines with `dm N` and the long search's first
    move as `bm` when the long MultiPV-2 search shows no second mate as short.
    Positions in exclude (the bm positions) are skipped."""
    out, g, seen = [], 0, set(exclude)
    while len(out) < count and g < MAX_GAMES:
        game = selfplay(oracle, rng, g)
        g += 1
        kept = 0
        for ply in range(FROM_PLY, len(game)):
            if len(out) >= count or kept >= MATES_PER_GAME:
                break
            base = game[ply - 1]
            _, shallow = oracle.search(base, depth=1, multipv=PLAUSIBLE)
            for key in [base] + [oracle.show(base, pv[:1])[0] for _, pv in shallow]:
                if key in seen or not acceptable(oracle, key):
                    continue
                seen.add(key)
                n = mate_in(oracle, key, SCREEN_DEPTH)
                if n is None:
                    continue
                _, found = oracle.think(key, movetime=movetime, multipv=2)
                said = f"{oracle.name}, {movetime // 1000} s, MultiPV 2: depth {found[0][2]}, " \
                    + lines_text(found)
                (kind, v), pv, _ = found[0]
                if (kind, v) != ("mate", n) or not forces_mate(oracle, key, [pv[0]], n) \
                        or (n > 1 and mate_within(oracle, key, [], n - 1)):
                    log(f"  mate game {g} ply {ply}: dropped, not confirmed: {said}")
                    continue
                unique = len(found) < 2 or found[1][0][0] != "mate" or not 0 < found[1][0][1] <= n
                said += f", exact search: mate in {n}, none shorter"
                ident = f"tactic-mate{n}-{len(out) + 1}"
                ops = ([f"bm {fs_to_iccs(pv[0])}"] if unique else []) + \
                    [f"dm {n}", f'id "{ident}"', f'c0 "{said}"']
                out.append(f"{key} ;" + " ;".join(ops))
                log(f"  {ident}: mate game {g} ply {ply}: {said}")
                kept += 1
                break
    if len(out) < count:
        raise RuntimeError(f"only {len(out)} mate positions after {g} games")
    return out, g


def reverify(oracle, path, movetime):
    """Re-run the long search on every line of path; returns how many fail."""
    bad = 0
    for line in Path(path).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key = " ".join(line.split()[:2])
        ident = re.search(r'id "([^"]*)"', line).group(1)
        want = re.search(r";bm (\S+)", line)
        want = iccs_to_fs(want.group(1)) if want else None
        dm = re.search(r";dm (\d+)", line)
        if dm:
            n = int(dm.group(1))
            _, found = oracle.think(key, movetime=movetime)
            (kind, v), pv, depth = found[0]
            said = f"depth {depth} {kind} {v}, best {fs_to_iccs(pv[0])}"
            ok = (kind, v) == ("mate", n) and want in (None, pv[0]) and forces_mate(oracle, key, [pv[0]], n) \
                and not (n > 1 and mate_within(oracle, key, [], n - 1))
        else:
            try:
                bm, _, said = verify(oracle, key, movetime)
                ok = bm == want
            except ValueError as e:
                ok, said = False, str(e)
        log(f"  {ident}: {said} -> {'confirmed' if ok else 'NOT CONFIRMED'}")
        bad += not ok
    return bad


def header(oracle, command, seed, movetime, lines):
    """The comment block that starts the file."""
    mates = sum(";dm " in l for l in lines)
    return [
        "# qibench Xiangqi tactics suite, generated by scripts/make_tactics.py",
        f"# Regenerate: {command}   (seed {seed}); re-verify: python3 scripts/make_tactics.py --verify",
        "# Board: Xiangqi FEN, Red upper case at the bottom; moves in ICCS (ranks 0-9).",
        f"# {len(lines) - mates} positions with a single best move (bm) and {mates} mates (dm N = moves of",
        "#   the side to move), from positions of Fairy-Stockfish self-play games (go nodes",
        f"#   10000-20000 a move), as such or after a plausible (depth-1 MultiPV top-{PLAUSIBLE}) move.",
        f"# Source of every bm: {oracle.name} (UCI_Variant xiangqi, Threads 1, Hash 16,",
        f"#   ucinewgame first), `go movetime {movetime}` with MultiPV 2; c0 gives its depth,",
        "#   both moves, their scores (side to move's view) and the gap.  Kept when the",
        f"#   best move is at least {GAP} cp better than the second best and the second best",
        f"#   is at most {SECOND_MAX} cp (or the best mates and the second does not), both at depth",
        f"#   {SCREEN_DEPTH} and at {movetime // 1000} s, and the best move is no plain recapture.",
        f"# Mates (dm N, N <= {DM_MAX}), from other self-play games: a depth-{SCREEN_DEPTH} search and the",
        f"#   {movetime // 1000} s MultiPV-2 search both report mate in N, and an exact AND/OR search over",
        "#   Fairy-Stockfish's legal-move lists confirms that its move forces mate in N and that",
        "#   no shorter mate exists; that move is also bm when no second move mates as fast.",
        "# Checked by tests/e2e_positions.sh (a quick subset) and `make check-positions` (all).",
    ]


def main():
    """Parse options; generate the file or re-verify it."""
    root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--out", default=str(root / "positions/xiangqi/tactics.epd"))
    ap.add_argument("--movetime", type=int, default=VERIFY_MS, help="ms per verifying search")
    ap.add_argument("--count", type=int, default=COUNT)
    ap.add_argument("--mates", type=int, default=MATES, help="mate positions wanted")
    ap.add_argument("--verify", action="store_true", help="re-verify --out instead of writing it")
    ap.add_argument("--mates-only", action="store_true",
                    help="keep the bm positions of --out, redo its mates and rewrite it")
    args = ap.parse_args()
    oracle = Judge(args.engine)
    t0 = time.time()
    if args.verify:
        bad = reverify(oracle, args.out, args.movetime)
        oracle.close()
        log(f"{bad} not confirmed ({time.time() - t0:.0f}s)")
        sys.exit(1 if bad else 0)
    argv = [a for a in sys.argv[1:] if a != "--mates-only"]
    command = "python3 " + " ".join(shlex.quote(a) for a in ["scripts/make_tactics.py"] + argv)
    if args.mates_only:
        lines = [l for l in Path(args.out).read_text().splitlines()
                 if l.strip() and not l.startswith("#") and ' ;id "tactic-mate' not in l]
    else:
        lines, _ = generate(oracle, random.Random(args.seed), args.count, args.movetime)
    exclude = {" ".join(l.split()[:2]) for l in lines}
    lines += mates(oracle, random.Random(args.seed + MATE_SEED_OFFSET), args.mates, args.movetime, exclude)[0]
    oracle.close()
    text = header(oracle, command, args.seed, args.movetime, lines) + lines
    Path(args.out).write_text("\n".join(text) + "\n")
    log(f"wrote {len(lines)} positions to {args.out} in {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
