"""Shared by the suite generators: a Fairy-Stockfish process over UCI pipes
and the board helpers both need (standard library only, Python 3.11).

Squares are (r, f): r = rank - 1 counted from Red's side, f = file index.
"""

import subprocess


def board_text(grid):
    """Return the FEN board field of a 10x9 grid (grid[r][f], r = 0 is Red's back rank)."""
    rows = []
    for cells in grid[::-1]:
        text, empty = "", 0
        for ch in cells:
            if ch is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + ch
            empty = 0
        rows.append(text + (str(empty) if empty else ""))
    return "/".join(rows)


def reachable(piece):
    """Squares a piece can ever stand on (palace, elephant points, pawn squares)."""
    kind, red = piece.upper(), piece.isupper()
    if kind == "K":
        sqs = [(r, f) for r in range(3) for f in range(3, 6)]
    elif kind == "A":
        sqs = [(0, 3), (0, 5), (1, 4), (2, 3), (2, 5)]
    elif kind == "B":
        sqs = [(0, 2), (0, 6), (2, 0), (2, 4), (2, 8), (4, 2), (4, 6)]
    elif kind == "P":
        sqs = [(r, f) for r in range(10) for f in range(9)
               if (r in (3, 4) and f % 2 == 0) or r >= 5]
    else:
        return [(r, f) for r in range(10) for f in range(9)]
    return sqs if red else [(9 - r, f) for r, f in sqs]


class FairyStockfish:
    """One long-running Fairy-Stockfish process (or any UCI engine), switched to a variant."""

    def __init__(self, path, options=(), variant="xiangqi"):
        """Start the engine (path: a program, or a list of program and arguments),
        remember its id name, set UCI_Variant and the options."""
        argv = [path] if isinstance(path, str) else list(path)
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        names = [l for l in self.read_until("uciok") if l.startswith("id name ")]
        self.name = names[0][8:] if names else "unknown"
        for option in (f"UCI_Variant value {variant}",) + tuple(options):
            self.send(f"setoption name {option}")
        self.sync()

    def send(self, line):
        """Write one command line to the engine."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        """Read engine output lines up to and including one starting with prefix."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish exited unexpectedly")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def sync(self):
        """Wait until the engine has processed everything sent so far."""
        self.send("isready")
        self.read_until("readyok")

    def close(self):
        """Quit the engine and wait for it."""
        self.send("quit")
        self.proc.wait(timeout=10)
