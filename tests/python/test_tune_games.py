"""Tests of scripts/tune_games.py: games.jsonl lines -> the records bin/xiangqi-tune
reads, written out by hand for small games; --scored-by; the errors. Run from
the repository root:
    python3 -m unittest discover -s tests/python
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "tune_games.py")
PYTHON = os.environ.get("PYTHON", sys.executable)
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def game(result, moves, red="a", black="b", fen=START):
    return {"red": red, "black": black, "fen": fen, "result": result, "moves": moves}


class TuneGames(unittest.TestCase):
    def run_script(self, lines, *args):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "games.jsonl")
            with open(path, "w", encoding="utf-8") as f:
                f.write("".join(lines))
            proc = subprocess.run([PYTHON, SCRIPT, path] + list(args), capture_output=True, text=True)
            return proc.returncode, proc.stdout, proc.stderr.replace(path, "GAMES")

    def test_records(self):
        g1 = game("0-1", [{"move": "h2e2", "book": True}, {"move": "h9g7", "cp": -12},
                          {"move": "h0g2", "mate": 3}, {"move": "b9c7", "cp": 40}])
        g2 = game("1/2-1/2", [{"move": "b2e2", "cp": 5}], fen=START.replace(" w ", " b "))
        g3 = game(None, [{"move": "h2e2", "cp": 1}])  # unfinished: left out
        status, out, err = self.run_script([json.dumps(g) + "\n" for g in (g1, g2, g3)])
        self.assertEqual(status, 0, err)
        self.assertEqual(out.splitlines(), [
            "0 " + START + "|h2e2 - h9g7 -12 h0g2 M b9c7 40",
            "0.5 " + START.replace(" w ", " b ") + "|b2e2 5",
        ])
        self.assertIn("2 games", err)

    def test_scored_by(self):
        g = game("1-0", [{"move": "h2e2", "cp": 30}, {"move": "h9g7", "cp": -20}], red="fsf", black="ours")
        status, out, _ = self.run_script([json.dumps(g) + "\n"], "--scored-by", "fsf")
        self.assertEqual(status, 0)
        self.assertEqual(out.strip(), "1 " + START + "|h2e2 30 h9g7 -")
        # Black to move first: the first mover is Black.
        g = game("1-0", [{"move": "h9g7", "cp": -20}, {"move": "h2e2", "cp": 30}], red="fsf", black="ours",
                 fen=START.replace(" w ", " b "))
        status, out, _ = self.run_script([json.dumps(g) + "\n"], "--scored-by", "fsf")
        self.assertEqual(out.strip(), "1 " + START.replace(" w ", " b ") + "|h9g7 - h2e2 30")

    def test_errors(self):
        status, out, err = self.run_script([json.dumps(game("1-0", [])) + "\n", "{not json\n"])
        self.assertEqual(status, 2)
        self.assertEqual(err.strip(), "tune_games.py: GAMES:2: expected a qibench game "
                                      "(JSON with red, black, fen, result, moves)")
        status, _, err = self.run_script([json.dumps({"red": "a"}) + "\n"])
        self.assertEqual(status, 2)
        self.assertIn("GAMES:1:", err)
        proc = subprocess.run([PYTHON, SCRIPT, "/nonexistent/games.jsonl"], capture_output=True, text=True)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("/nonexistent/games.jsonl", proc.stderr)


if __name__ == "__main__":
    unittest.main()
