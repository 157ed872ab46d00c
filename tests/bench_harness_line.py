"""bench_harness_line.py - a long Xiangqi game that no rule ends, for the
harness benchmark (tests/bench_harness.sh): PLIES legal moves from the start
position, none a capture, no position repeated (board and side to move), and
no move leaving the other side without a legal move. Our engine lists the
legal moves (`go perft 1`) and writes the position (`d`); a fixed seed makes
the line the same every time.

Usage: python3 bench_harness_line.py ENGINE [PLIES] [SEED]
Prints the moves, comma-separated, on one line.
"""
import random
import subprocess
import sys


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until(lambda line: line == "uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("bench_harness_line: the engine exited")
            line = line.strip()
            lines.append(line)
            if done(line):
                return lines

    def legal(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go perft 1")
        lines = self.until(lambda line: line.startswith("Nodes searched"))
        return [line.split(":")[0] for line in lines if ": " in line and not line.startswith("Nodes")]

    def fen(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("d")
        line = self.until(lambda text: text.startswith("Fen: "))[-1]
        return line[5:].split()


def pieces(board):
    return sum(c.isalpha() for c in board)


def main():
    engine = Engine(sys.argv[1])
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else 320
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 28)
    moves, count = [], 32
    seen = {("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "w")}
    while len(moves) < plies:
        candidates = engine.legal(moves)
        rng.shuffle(candidates)
        for m in candidates:
            board, side = engine.fen(moves + [m])[:2]
            if pieces(board) < count or (board, side) in seen or not engine.legal(moves + [m]):
                continue
            seen.add((board, side))
            moves.append(m)
            break
        else:
            sys.exit(f"bench_harness_line: stuck after {len(moves)} plies (try another seed)")
    engine.send("quit")
    print(",".join(moves))


if __name__ == "__main__":
    main()
