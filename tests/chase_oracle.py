#!/usr/bin/env python3
"""chase_oracle.py - what Fairy-Stockfish (the WebAssembly build on npm,
fairy-stockfish-nnue.wasm, which implements the AXF chasing rule) says of
each repetition case of tests/data/chase_cases.txt.

For a case FEN | m1,...,mN (the last move completes the third occurrence)
it sends `position fen FEN moves m1 ... m(N-1)` and `go depth 8 searchmoves
mN` (ranks 1-10) and reads the final score of mN from its mover's view:
mate < 0: the mover loses, mate > 0: the mover wins, |cp| <= 2: a draw.
It prints one line per case: `ID RESULT` with RESULT 1-0, 0-1, 1/2-1/2 (from
Red's side, like PGN) or `none` (no rule ending seen: a plain score).

Usage: chase_oracle.py CASES [NODE_CMD...]; exit 0, or 2 when the oracle
cannot be run (the caller skips then).
"""
import subprocess
import sys


def fairy(move):
    """ICCS (ranks 0-9) to Fairy-Stockfish (ranks 1-10)."""
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def read_cases(path):
    cases = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split("|")]
        cases.append((fields[0], fields[1], fields[2].split(",")))
    return cases


def verdict(score, mover_is_red):
    kind, value = score
    if kind == "mate":
        mover_wins = value > 0
    elif abs(value) <= 2:
        return "1/2-1/2"
    else:
        return "none"
    return "1-0" if mover_wins == mover_is_red else "0-1"


def main():
    if len(sys.argv) < 3:
        print("usage: chase_oracle.py CASES NODE_CMD...", file=sys.stderr)
        return 2
    cases = read_cases(sys.argv[1])
    script = ["uci", "setoption name UCI_Variant value xiangqi"]
    for _, fen, moves in cases:
        before = " ".join(fairy(m) for m in moves[:-1])
        script += ["ucinewgame", "isready", f"position fen {fen} moves {before}",
                   f"go depth 8 searchmoves {fairy(moves[-1])}"]
    script.append("quit")
    try:
        proc = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
    except OSError as e:
        print(f"cannot run the oracle: {e}", file=sys.stderr)
        return 2
    # The wasm build reads its input as it comes: one command a line, then
    # wait for each bestmove before the next case.
    answers, out = [], proc.stdout
    proc.stdin.write("\n".join(script[:2]) + "\n")
    proc.stdin.flush()
    for k, (_, fen, moves) in enumerate(cases):
        for cmd in script[2 + 4 * k: 6 + 4 * k]:
            proc.stdin.write(cmd + "\n")
        proc.stdin.flush()
        score = None
        for line in out:
            words = line.split()
            if "score" in words:
                i = words.index("score")
                score = (words[i + 1], int(words[i + 2]))
            if words and words[0] == "bestmove":
                break
        else:
            print("the oracle stopped early", file=sys.stderr)
            return 2
        mover_is_red = (fen.split()[1] in ("w", "r")) == (len(moves) % 2 == 1)
        answers.append(verdict(score, mover_is_red) if score else "none")
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait(timeout=30)
    for (case_id, _, _), answer in zip(cases, answers):
        print(case_id, answer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
