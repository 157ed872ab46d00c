#!/usr/bin/env python3
"""tune_games.py - games.jsonl of qibench matches -> the game records that
bin/xiangqi-tune reads (README, "Tune the evaluation").

    python3 scripts/tune_games.py RUN/games.jsonl... [--scored-by NAME[,NAME]] [-o OUT]

One line per finished Xiangqi game:

    RESULT FEN|MOVE SCORE MOVE SCORE ...

RESULT is Red's points (1, 0.5 or 0), FEN the game's start position, and each
move (ICCS, as in games.jsonl) is followed by the mover's score for the
position before it: centipawns, 'M' for a mate score, '-' when there is none
(a book move, or an engine not named by --scored-by). Games without a result
(abandoned, unfinished) are left out; a line that is not valid JSON, or a game
without its fields, is an error naming the file and line (exit 2).
"""
import argparse
import json
import sys

RED_POINTS = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}


def fail(msg):
    print(f"tune_games.py: {msg}", file=sys.stderr)
    sys.exit(2)


def score_token(move, scored):
    """The mover's score as a token ('-' when the mover's score is not kept)."""
    if not scored or move.get("book"):
        return "-"
    if "mate" in move and move["mate"] is not None:
        return "M"
    cp = move.get("cp")
    return "-" if cp is None else str(int(cp))


def game_line(game, names):
    """The record of one game, or None when it has no result."""
    movers = (game["red"], game["black"])
    side = 0 if game["fen"].split()[1] == "w" else 1
    moves = game["moves"]
    result = RED_POINTS.get(game["result"])
    if result is None:
        return None
    tokens = []
    for move in moves:
        scored = names is None or movers[side] in names
        tokens.append(f"{move['move']} {score_token(move, scored)}")
        side ^= 1
    return f"{result} {game['fen']}|{' '.join(tokens)}"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="+", help="games.jsonl files of qibench runs")
    ap.add_argument("--scored-by", default=None,
                    help="keep only these engines' scores (comma-separated names; default: every engine's)")
    ap.add_argument("-o", dest="out", default="-", help="output file (default: standard output)")
    args = ap.parse_args(argv)
    names = None if args.scored_by is None else set(args.scored_by.split(","))
    lines = []
    for path in args.games:
        try:
            f = open(path, encoding="utf-8")
        except OSError as e:
            fail(f"{path}: {e.strerror}")
        with f:
            for number, text in enumerate(f, 1):
                if not text.strip():
                    continue
                try:
                    game = json.loads(text)
                    line = game_line(game, names)
                except (json.JSONDecodeError, KeyError, TypeError, IndexError, AttributeError):
                    fail(f"{path}:{number}: expected a qibench game (JSON with red, black, fen, result, moves)")
                if line is not None:
                    lines.append(line)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    with out:
        for line in lines:
            out.write(line + "\n")
    print(f"{len(lines)} games", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
