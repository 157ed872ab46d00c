"""Tests of scripts/report.py on the committed results folders in tests/data/base/.

tests/data/base/ holds four real runs of qibench (trimmed: games keep their first
four moves), made as tests/data/README.md says:
    suite/       6 engines x 7 positions at depth 3, with a summary.json
    match/       new (negascout depth 3) vs old (alphabeta depth 2), 20 pairs,
                 --sprt elo0=0 elo1=150, with a summary.json whose values come
                 from `qibench stats` (the C implementation), llr_history included
    tournament/  alphabeta, negascout, mtdf at depth 2, 3 rounds, no summary.json
    playouts/    2 engines x 4 playouts against a defender, with a summary.json
Run from the repository root:  python3 -m unittest discover -s tests/python
"""

import copy
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import report  # noqa: E402
import stats_reference  # noqa: E402  (the independent implementation of the statistics)

DATA = os.path.join(ROOT, "tests", "data", "base")
SCRIPT = os.path.join(ROOT, "scripts", "report.py")
PYTHON = os.environ.get("PYTHON", sys.executable)


def run_report(folder, outdir):
    """Runs report.py as a program; returns (exit status, report.md text, report.html text)."""
    proc = subprocess.run([PYTHON, SCRIPT, "-o", outdir, folder], capture_output=True, text=True)
    md = html = ""
    if proc.returncode == 0:
        with open(os.path.join(outdir, "report.md"), encoding="utf-8") as f:
            md = f.read()
        with open(os.path.join(outdir, "report.html"), encoding="utf-8") as f:
            html = f.read()
    return proc.returncode, md, html


def svgs(html_text):
    """{data-chart: [parsed svg Element, ...]} of the inline SVG charts (each must be well-formed XML)."""
    out = {}
    for block in re.findall(r"<svg\b.*?</svg>", html_text, flags=re.S):
        el = ET.fromstring(block)
        out.setdefault(el.get("data-chart"), []).append(el)
    return out


def elements(svg, tag, cls=None):
    ns = "{http://www.w3.org/2000/svg}"
    return [e for e in svg.iter(ns + tag) if cls is None or e.get("class") == cls]


def md_row(md, first_cells):
    """The cells of the first Markdown table row starting with first_cells."""
    for line in md.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[:len(first_cells)] == first_cells:
            return cells
    raise AssertionError("no row starting %r" % first_cells)


class StrictHTML(HTMLParser):
    """Collects unbalanced tags (void elements excepted) and every URL-bearing attribute."""
    VOID = {"meta", "br", "img", "hr", "link", "input"}
    SVG_EMPTY = {"line", "rect", "circle", "polyline", "path"}

    def __init__(self):
        super().__init__()
        self.stack, self.errors, self.urls = [], [], []

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("href", "src", "xlink:href") or (v and re.search(r"url\(|https?://(?!www\.w3\.org/2000/svg)", v)):
                self.urls.append((tag, k, v))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("unexpected </%s> (open: %s)" % (tag, self.stack[-3:]))
        else:
            self.stack.pop()


class ReportOnAllRuns(unittest.TestCase):
    """report.py on the folder of four runs."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.status, cls.md, cls.html = run_report(DATA, cls.tmp)
        cls.charts = svgs(cls.html)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_exit_status_and_one_section_per_run(self):
        self.assertEqual(self.status, 0)
        heads = [line for line in self.md.splitlines() if line.startswith("## ")]
        self.assertEqual(heads, ["## match (match)", "## playouts (playouts)", "## suite (suite)",
                                 "## tournament (tournament)"])

    def test_html_is_self_contained_and_balanced(self):
        self.assertTrue(self.html.startswith("<!DOCTYPE html>"))
        self.assertIn('<meta charset="utf-8">', self.html)
        self.assertNotIn("<script", self.html.lower())
        parser = StrictHTML()
        parser.feed(self.html)
        parser.close()
        self.assertEqual(parser.errors, [])
        self.assertEqual(parser.stack, [])
        self.assertEqual(parser.urls, [])

    def test_nodes_depth_small_multiples_one_chart_per_variant(self):
        charts = self.charts["nodes-depth"]
        self.assertEqual([c.get("data-series") for c in charts],
                         ["negamax", "alphabeta", "id", "negascout", "mtdf", "ns-noq"])
        # each small chart draws its own variant as "series" and the others as grey "context"
        for c in charts:
            (line,) = elements(c, "polyline", "series")
            self.assertEqual(line.get("data-series"), c.get("data-series"))
        # iterative variants report depths 1, 2, 3; the fixed-depth ones depth 3 only
        npoints = {c.get("data-series"): len(elements(c, "polyline", "series")[0].get("points").split())
                   for c in charts}
        self.assertEqual(npoints, {"negamax": 1, "alphabeta": 1, "id": 3, "negascout": 3, "mtdf": 3, "ns-noq": 3})
        # every series has its own colour, marker and dash (Okabe-Ito, told apart without colour too)
        styles = [(elements(c, "polyline", "series")[0].get("stroke"),
                   elements(c, "polyline", "series")[0].get("stroke-dasharray"),
                   next(e.tag for e in c.iter() if e.get("class") == "marker")) for c in charts]
        self.assertEqual(len(set(styles)), len(styles))
        self.assertTrue(all(col in report.report_charts.PALETTE for col, _, _ in styles))
        # the axes say what they measure, with units
        texts = [t.text for t in charts[0].iter("{http://www.w3.org/2000/svg}text")]
        self.assertIn("iteration depth (plies)", texts)
        self.assertIn("nodes (log scale)", texts)

    def test_nodes_depth_chart_is_log_scale(self):
        chart = next(c for c in self.charts["nodes-depth"] if c.get("data-series") == "negascout")
        (line,) = elements(chart, "polyline", "series")
        ys = [float(xy.split(",")[1]) for xy in line.get("points").split()]
        by_depth = dict(report.nodes_by_depth(report.Run(os.path.join(DATA, "suite"), "suite")))
        # negascout: pixel distance between depths is proportional to log10 of the node ratio
        n = dict(by_depth["negascout"])
        d12, d23 = ys[0] - ys[1], ys[1] - ys[2]
        self.assertAlmostEqual(d12 / d23, math.log10(n[2] / n[1]) / math.log10(n[3] / n[2]), delta=0.02)
        # all the small charts share the axes: the same y for the same node count
        other = next(c for c in self.charts["nodes-depth"] if c.get("data-series") == "mtdf")
        self.assertEqual([t.text for t in chart.iter("{http://www.w3.org/2000/svg}text")][1:8],
                         [t.text for t in other.iter("{http://www.w3.org/2000/svg}text")][1:8])

    def test_nodes_at_depth_hand_computed(self):
        # the nodes-at-depth table: the geometric mean over the 7 positions of negascout's
        # depth-1 iteration, computed here straight from searches.jsonl
        with open(os.path.join(DATA, "suite", "searches.jsonl")) as f:
            rows = [json.loads(line) for line in f]
        d1 = [it["nodes"] for r in rows if r["engine"] == "negascout" for it in r["iterations"] if it["depth"] == 1]
        self.assertEqual(len(d1), 7)
        gm = math.prod(d1) ** (1 / 7)
        self.assertEqual(md_row(self.md, ["negascout", "%.0f" % gm])[1], "%.0f" % gm)
        self.assertEqual(md_row(self.md, ["negamax", "-"])[1:4], ["-", "-", "19162"])

    def test_suite_table_values_equal_summary(self):
        # summary.json (made independently from searches.jsonl, equal to qibench's own table)
        row = md_row(self.md, ["negamax", "negamax"])
        self.assertEqual(row[2:12], ["7", "0", "0", "2/3", "844343", "423", "1996083", "26.76", "100.0%", "100.0%"])
        row = md_row(self.md, ["ns-noq"])
        self.assertEqual(row[5], "1/3")
        self.assertEqual(row[10:12], ["42.9%", "28.6%"])  # 3 of 7 same move, 2 of 7 same score

    def test_branching_factor_per_iteration_hand_computed(self):
        # N(d)/N(d-1) with N(d) the nodes of iteration d alone, median over the positions,
        # computed here straight from searches.jsonl for negascout at depths 2 and 3
        with open(os.path.join(DATA, "suite", "searches.jsonl")) as f:
            rows = [json.loads(line) for line in f]
        its = [{it["depth"]: it["nodes"] for it in r["iterations"]} for r in rows if r["engine"] == "negascout"]
        bf2 = sorted((i[2] - i[1]) / i[1] for i in its)
        bf3 = sorted((i[3] - i[2]) / (i[2] - i[1]) for i in its)
        self.assertEqual(len(bf2), 7)
        table = self.md[self.md.index("| BF at depth"):]
        self.assertEqual(md_row(table, ["BF at depth"]), ["BF at depth", "2", "3"])
        self.assertEqual(md_row(table, ["negascout"])[1:3], ["%.2f" % bf2[3], "%.2f" % bf3[3]])
        self.assertEqual(len(self.charts["bf-depth"]), 4)  # the variants with at least two iterations
        self.assertNotIn("ebf", self.charts)  # no more geometric mean over total nodes as a chart

    def test_nps_bars(self):
        (nps,) = self.charts["nps"]
        bars = {b.get("data-label"): (float(b.get("data-value")), float(b.get("width")))
                for b in elements(nps, "rect", "bar")}
        self.assertAlmostEqual(bars["alphabeta"][0], 20059 / 8 * 1000, places=3)
        # bar lengths are proportional to the values
        self.assertAlmostEqual(bars["id"][1] / bars["ns-noq"][1], 3326200 / 1702000, places=2)

    def test_agreement_matrix(self):
        (moves,) = self.charts["agreement-move"]
        cells = {(c.get("data-row"), c.get("data-col")): c.get("data-value") for c in elements(moves, "rect", "cell")}
        self.assertEqual(len(cells), 36)
        self.assertEqual(cells[("alphabeta", "ns-noq")], "%.4f" % (3 / 7))
        self.assertEqual(cells[("mtdf", "id")], "1.0000")
        (scores,) = self.charts["agreement-score"]
        cells = {(c.get("data-row"), c.get("data-col")): c.get("data-value") for c in elements(scores, "rect", "cell")}
        self.assertEqual(cells[("ns-noq", "negascout")], "%.4f" % (2 / 7))

    def test_match_table_from_summary(self):
        row = md_row(self.md, ["new", "old"])
        self.assertEqual(row[2:12], ["40", "23", "4", "13", "62.5%", "+88.7 ± 85.2", "98.5%", "10.0%",
                                     "+119.9 ± 107.7", "1 0 12 2 5"])
        self.assertEqual(md_row(self.md, ["new", "old", "1.915"])[3:6], ["-2.944", "2.944", "continue"])

    def test_elo_chart_has_one_interval_per_pairing(self):
        charts = self.charts["elo"]
        self.assertEqual(len(charts), 2)  # the match and the tournament
        match, tournament = charts
        self.assertEqual(len(elements(match, "line", "interval")), 1)
        self.assertAlmostEqual(float(elements(match, "circle", "point")[0].get("data-value")), 88.7395, places=3)
        self.assertEqual(len(elements(tournament, "circle", "point")), 3)

    def test_llr_chart(self):
        (chart,) = self.charts["llr"]
        (line,) = elements(chart, "polyline", "series")
        self.assertEqual(len(line.get("points").split()), 21)  # the origin and 20 pairs
        bounds = elements(chart, "line", "bound")
        self.assertEqual(len(bounds), 2)
        # bounds at +-2.944 are symmetric about LLR 0, which is the origin's y
        y0 = float(line.get("points").split()[0].split(",")[1])
        ys = sorted(float(b.get("y1")) for b in bounds)
        self.assertAlmostEqual(y0 - ys[0], ys[1] - y0, places=0)

    def test_terminations(self):
        self.assertEqual(md_row(self.md, ["checkmate", "26"]), ["checkmate", "26"])
        charts = self.charts["terminations"]
        self.assertEqual(len(charts), 2)
        bars = {b.get("data-label"): float(b.get("data-value")) for b in elements(charts[0], "rect", "bar")}
        self.assertEqual(bars, {"checkmate": 26, "stalemate": 10, "no capture": 4})

    def test_tournament_without_summary_counts_from_games(self):
        # alphabeta's W/D/L over its 12 games and the pentanomial of alphabeta vs negascout,
        # counted by hand from tests/data/base/tournament/games.jsonl
        self.assertEqual(md_row(self.md, ["alphabeta", "12"])[1:5], ["12", "6", "0", "6"])
        self.assertEqual(md_row(self.md, ["negascout", "mtdf"])[2:6], ["6", "2", "2", "2"])
        self.assertEqual(md_row(self.md, ["alphabeta", "negascout"])[11], "0 0 3 0 0")
        bars = {b.get("data-label"): float(b.get("data-value"))
                for b in elements(self.charts["terminations"][1], "rect", "bar")}
        self.assertEqual(bars, {"checkmate": 14, "stalemate": 2, "no capture": 2})

    def test_playouts(self):
        self.assertEqual(md_row(self.md, ["ns", "def"]), ["ns", "def", "4", "3", "1", "0", "0"])
        (chart,) = self.charts["playouts"]
        self.assertEqual({b.get("data-label"): b.get("data-value") for b in elements(chart, "rect", "bar")},
                         {"ns": "3", "ab": "1"})


class FallbackWithoutSummary(unittest.TestCase):
    """The values computed from the JSON Lines files equal the independent summary.json."""

    def check_close(self, want, got, where):
        for key, value in want.items():
            if isinstance(value, float):
                self.assertAlmostEqual(got[key], value, places=6, msg="%s %s" % (where, key))
            elif key == "llr_history":
                self.assertEqual([p for p, _ in got[key]], [p for p, _ in value])
                for (_, a), (_, b) in zip(got[key], value):
                    self.assertAlmostEqual(a, b, places=6)
            else:
                self.assertEqual(got[key], value, "%s %s" % (where, key))

    def test_suite(self):
        run = report.Run(os.path.join(DATA, "suite"), "suite")
        want = run.summary
        run.summary = None
        got = report.suite_summary(run)
        self.assertEqual(got["reference"], "negamax")
        self.assertEqual(got["positions"], 7)
        for w, g in zip(want["engines"], got["engines"]):
            self.check_close(w, g, w["name"])

    def test_match_including_llr_history(self):
        run = report.Run(os.path.join(DATA, "match"), "match")
        want = run.summary
        run.summary = None
        got = report.match_summary(run)
        self.assertEqual(got["sprt"], {"elo0": 0.0, "elo1": 150.0, "alpha": 0.05, "beta": 0.05, "model": "normalized"})
        self.check_close(want["pairings"][0], got["pairings"][0], "pairing")
        for w, g in zip(want["engines"], got["engines"]):
            self.check_close(w, g, w["name"])
        self.assertEqual(got["terminations"], want["terminations"])

    def test_playouts(self):
        run = report.Run(os.path.join(DATA, "playouts"), "playouts")
        want = run.summary
        run.summary = None
        self.assertEqual(report.suite_summary(run)["engines"], want["engines"])

    def test_report_of_a_run_folder_without_summary(self):
        with tempfile.TemporaryDirectory() as tmp:
            folder = os.path.join(tmp, "m")
            shutil.copytree(os.path.join(DATA, "match"), folder)
            os.remove(os.path.join(folder, "summary.json"))
            status, md, html = run_report(folder, folder)
            self.assertEqual(status, 0)
            self.assertIn("no summary.json", md)
            self.assertEqual(md_row(md, ["new", "old"])[7], "+88.7 ± 85.2")
            (llr,) = svgs(html)["llr"]
            self.assertEqual(len(elements(llr, "polyline", "series")[0].get("points").split()), 21)


class Statistics(unittest.TestCase):
    """The formulas against published values and scripts/stats_reference.py."""

    def test_gsprt_against_fastchess_values(self):
        # fastchess app/tests/sprt_test.cpp (also tests/e2e_stats.sh)
        self.assertAlmostEqual(report.gsprt_llr([127, 4883, 10712, 5150, 104], -1.75, 0.25), 3.010, places=3)
        self.assertAlmostEqual(report.gsprt_llr([871, 26175, 55983, 26678, 821], 0, 2, "logistic"), -4.979,
                               places=3)
        self.assertAlmostEqual(report.gsprt_llr([36027, 68692, 36433], 0, 2), 0.923, places=3)  # L, D, W

    def test_gsprt_against_stats_reference(self):
        for counts, e0, e1, model in [([10, 20, 30, 20, 10], 0, 5, "logistic"), ([2, 1, 7], 0, 50, "logistic"),
                                      ([0, 300, 1000, 420, 0], 0, 5, "logistic")]:
            self.assertAlmostEqual(report.gsprt_llr(counts, e0, e1, model),
                                   stats_reference.llr(counts, e0, e1, model), places=6)

    def test_score_stats_against_stats_reference(self):
        for penta in ([34, 54, 63, 64, 75], [0, 10, 30, 20, 0], [1, 0, 12, 2, 5]):
            want = stats_reference.penta_summary(penta)
            got = report.score_stats(penta)
            for key in ("elo", "elo_error", "los", "nelo", "nelo_error"):
                self.assertAlmostEqual(got[key], want[key], places=9)
        want = stats_reference.wdl_summary(136, 111, 96)
        got = report.score_stats([96, 111, 136])
        self.assertAlmostEqual(got["elo"], 40.70, places=2)  # fastchess elo_test.cpp: 40.70 +/- 30.43
        self.assertAlmostEqual(got["elo_error"], want["elo_error"], places=9)

    def test_degenerate_counts_give_none(self):
        got = report.score_stats([0, 0, 5])
        self.assertIsNone(got["elo"])
        self.assertIsNone(got["elo_error"])
        self.assertEqual(report.score_stats([])["elo"], None)

    def test_sprt_from_argv(self):
        self.assertEqual(report.sprt_from_argv(["match", "--sprt", "elo0=-1", "elo1=3", "model=logistic", "--x"]),
                         {"elo0": -1.0, "elo1": 3.0, "alpha": 0.05, "beta": 0.05, "model": "logistic"})
        self.assertIsNone(report.sprt_from_argv(["match", "--games", "10"]))


class Robustness(unittest.TestCase):

    def test_no_run_is_a_usage_error(self):
        with tempfile.TemporaryDirectory() as tmp:
            proc = subprocess.run([PYTHON, SCRIPT, tmp], capture_output=True, text=True)
            self.assertEqual(proc.returncode, 2)
            self.assertIn("no run.json", proc.stderr)

    def test_nulls_and_a_torn_line(self):
        # summary.json values may be null; an interrupted run may end in half a line
        with tempfile.TemporaryDirectory() as tmp:
            folder = os.path.join(tmp, "m")
            shutil.copytree(os.path.join(DATA, "match"), folder)
            with open(os.path.join(folder, "summary.json")) as f:
                s = json.load(f)
            p = s["pairings"][0]
            for key in ("elo", "elo_error", "los", "nelo", "nelo_error", "score", "llr"):
                p[key] = None
            s["state"] = "interrupted"
            with open(os.path.join(folder, "summary.json"), "w") as f:
                json.dump(s, f)
            with open(os.path.join(folder, "games.jsonl"), "a") as f:
                f.write('{"red":"new","black":')
            status, md, html = run_report(folder, tmp)
            self.assertEqual(status, 0)
            self.assertEqual(md_row(md, ["new", "old"])[6:8], ["n/a", "n/a"])
            self.assertIn("state interrupted", md)
            self.assertIn("n/a", "".join(e.text or "" for e in svgs(html)["elo"][0].iter()))

    def test_html_escapes_engine_names(self):
        run = report.Run(os.path.join(DATA, "tournament"), "t")
        run.games = copy.deepcopy(run.games)
        for g in run.games:
            g["first"] = g["first"].replace("mtdf", "<m&d>")
            g["second"] = g["second"].replace("mtdf", "<m&d>")
        run.meta = dict(run.meta, engines=[{"name": "alphabeta"}, {"name": "negascout"}, {"name": "<m&d>"}])
        text = report.render_html(report.report_blocks([run], "t"), "t")
        self.assertNotIn("<m&d>", text)
        self.assertIn("&lt;m&amp;d&gt;", text)
        svgs(text)  # still well-formed


if __name__ == "__main__":
    unittest.main()
