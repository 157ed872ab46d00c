"""Tests of the research sections of scripts/report.py (scripts/report_research.py):
the rating list, crosstable, W/D/L and LOS matrices and the search statistics of a
tournament, on tests/data/ratings/tournament (a five-engine tournament, games cut to
their first four moves; summary.json written by `qibench merge` of that folder).

The expected values are not read from the summary.json the report reads: the
ratings and the LOS matrix come from tests/ratings_reference.py (another method),
the crosstable and W/D/L are recounted from games.jsonl, the search statistics
from tests/searchstats_reference.py.
Run from the repository root:  python3 -m unittest discover -s tests/python
"""

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import ratings_reference  # noqa: E402
import searchstats_reference  # noqa: E402

RUN = os.path.join(ROOT, "tests", "data", "ratings", "tournament")
OLD = os.path.join(ROOT, "tests", "data", "base", "match")
SCRIPT = os.path.join(ROOT, "scripts", "report.py")
PYTHON = os.environ.get("PYTHON", sys.executable)
POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def report_of(folder):
    out = tempfile.mkdtemp()
    try:
        proc = subprocess.run([PYTHON, SCRIPT, "-o", out, folder], capture_output=True, text=True)
        if proc.returncode:
            raise AssertionError(proc.stderr)
        with open(os.path.join(out, "report.md"), encoding="utf-8") as f:
            md = f.read()
        with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
            page = f.read()
        return md, page
    finally:
        shutil.rmtree(out)


def reference(func, *args):
    """What a reference script prints (its main writes JSON to stdout)."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        func(*args)
    return json.loads(buf.getvalue())


def table(md, first_header):
    """The rows (lists of cells) of the Markdown table whose first header cell is first_header."""
    lines = md.splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == first_header:
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append([c.strip() for c in row.strip().strip("|").split("|")])
            return cells, rows
    raise AssertionError("no table headed %r" % first_header)


class ResearchSections(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.md, cls.html = report_of(RUN)
        cls.ref = reference(ratings_reference.main, ["ratings_reference.py", RUN])
        cls.names = [e["name"] for e in cls.ref["engines"]]
        with open(os.path.join(RUN, "games.jsonl"), encoding="utf-8") as f:
            cls.games = [json.loads(line) for line in f]

    def test_rating_list(self):
        _, rows = table(self.md, "rank")
        self.assertEqual([r[1] for r in rows], self.names)
        for r, e in zip(rows, self.ref["engines"]):
            self.assertEqual(r[2], str(e["games"]))
            self.assertEqual(r[3], "%.1f%%" % (100 * e["score"]))
            self.assertEqual(r[4], "%+.1f" % e["elo"])
            self.assertEqual(r[5], "[%+.1f, %+.1f]" % (e["elo_low"], e["elo_high"]))

    def test_crosstable_and_wdl_recounted(self):
        head, rows = table(self.md, "crosstable")
        _, wdl_rows = table(self.md, "W/D/L")
        self.assertEqual(head[1:], self.names)
        for row, wrow in zip(rows, wdl_rows):
            a = row[0]
            for b, cell, wcell in zip(self.names, row[1:], wrow[1:]):
                if a == b:
                    self.assertEqual((cell, wcell), ("-", "-"))
                    continue
                pts = [POINTS[g["result"]] if g["red"] == a else 1 - POINTS[g["result"]]
                       for g in self.games if {g["red"], g["black"]} == {a, b}]
                self.assertEqual(cell, "%g/%d" % (sum(pts), len(pts)))
                self.assertEqual(wcell, "+%d=%d-%d" % (pts.count(1.0), pts.count(0.5), pts.count(0.0)))

    def test_los_matrix(self):
        head, rows = table(self.md, "LOS")
        for row in rows:
            for b, cell in zip(head[1:], row[1:]):
                want = "-" if row[0] == b else "%.1f%%" % (100 * self.ref["los"][row[0]][b])
                self.assertEqual(cell, want)

    def test_search_statistics_recounted(self):
        want = reference(searchstats_reference.main, RUN)
        head, rows = table(self.md[self.md.index("### Search statistics"):], "engine")
        self.assertEqual(head[:4], ["engine", "phase", "moves", "depth"])
        alls = [r for r in rows if r[1] == "all"]
        self.assertEqual([r[0] for r in alls], [e["name"] for e in want["engines"]])
        for r, e in zip(alls, want["engines"]):
            a = e["all"]
            self.assertEqual(r[2:5], [str(a["moves"]), "%.2f" % a["depth_mean"], "%g" % a["depth_median"]])
            self.assertEqual(r[7:9], ["%.0f" % a["nodes_per_move"], "%.0f" % a["nps"]])

    def test_charts_and_width(self):
        self.assertIn("div.wide{max-width:100%;overflow-x:auto}", self.html)  # wide tables scroll in their box
        self.assertLessEqual(int(re.search(r"body\{[^}]*max-width:(\d+)px", self.html).group(1)), 1200)
        body = self.html[self.html.index("<body>"):]
        self.assertEqual(len(re.findall(r"<table>", body)), len(re.findall(r'<div class="wide"><table>', body)))
        blocks = re.findall(r'<div class="wide">(<svg\b.*?</svg>)</div>', body, flags=re.S)
        grids = re.findall(r'<div class="grid">(<svg\b.*?</svg>)</div>', body, flags=re.S)
        self.assertEqual(len(blocks) + sum(g.count("<svg") for g in grids), len(re.findall(r"<svg\b", body)),
                         "every chart in a scrolling box or a grid of small charts")
        self.assertIn("svg.chart{display:block;margin:0.5em 0 1.5em;max-width:100%;height:auto}", self.html)
        charts = {}
        for b in blocks:
            el = ET.fromstring(b)
            self.assertLessEqual(int(el.get("width")), 1200)
            charts[el.get("data-chart")] = el
        ns = "{http://www.w3.org/2000/svg}"
        points = [float(c.get("data-value")) for c in charts["ratings"].iter(ns + "circle")]
        self.assertEqual(len(points), 5)
        for p, e in zip(points, self.ref["engines"]):
            self.assertAlmostEqual(p, e["elo"], places=6)
        cells = [c for c in charts["los"].iter(ns + "rect") if c.get("class") == "cell"]
        self.assertEqual(len(cells), 25)

    def test_old_summary_says_so(self):
        md, _ = report_of(OLD)
        self.assertIn("No maximum-likelihood ratings in summary.json", md)
        self.assertIn("No search statistics in summary.json", md)


if __name__ == "__main__":
    unittest.main()
