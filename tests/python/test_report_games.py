"""Tests of the report's sections made from games.jsonl (scripts/report.py): the score as
first and as second player, game lengths, results per opening, Elo over the run, the link
to games.pgn; the sides named by the game's own data (an Amazons run: "white" and
"black"); the sentence on the two Elo figures; the ECCO headings in words; the chart
colours on white and the chart text inside its chart.

The run is made up here: five games of an Amazons match (engines a and b), so that every
expected value is worked out by hand below, not by the code under test; the Elo
intervals come from scripts/stats_reference.py (an independent implementation).
Run from the repository root:  python3 -m unittest discover -s tests/python
"""

import json
import math
import os
import re
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import report  # noqa: E402
import report_charts  # noqa: E402
import report_research  # noqa: E402
import stats_reference  # noqa: E402
from test_report import md_row  # noqa: E402  (the cells of a Markdown table row)

SCRIPT = os.path.join(ROOT, "scripts", "report.py")
PYTHON = os.environ.get("PYTHON", sys.executable)
DATA = os.path.join(ROOT, "tests", "data")

# (pair, game, white, black, result, plies, opening)
GAMES = [(0, 1, "a", "b", "1-0", 10, "o1"),
         (0, 2, "b", "a", "1/2-1/2", 20, "o1"),
         (1, 1, "a", "b", "0-1", 30, "o2"),
         (1, 2, "b", "a", "0-1", 41, "o2"),
         (2, 1, "a", "b", "1-0", 12, "o3")]  # pair 2 is not complete


def write_run(folder, games=GAMES, game="amazons", sides=("white", "black"), pgn=True):
    """A run folder as qibench writes it (the fields the report reads)."""
    os.makedirs(folder)
    with open(os.path.join(folder, "run.json"), "w") as f:
        json.dump({"tool": "qibench", "version": "x", "command": "match", "game": game, "concurrency": 1,
                   "argv": ["match"], "engines": [{"name": "a"}, {"name": "b"}]}, f)
    with open(os.path.join(folder, "games.jsonl"), "w") as f:
        for pair, g, first, second, result, plies, opening in games:
            f.write(json.dumps({sides[0]: first, sides[1]: second, "round": pair + 1, "pair": pair, "game": g,
                                "opening": opening, "fen": "x", "result": result, "reason": "no legal turn",
                                "detail": None, "plies": plies, "moves": [], "check": "0"}) + "\n")
    if pgn:
        with open(os.path.join(folder, "games.pgn"), "w") as f:
            f.write("[Event \"x\"]\n\n1-0\n")


def md_table(md, heading):
    """The Markdown text from the heading '### heading' to the next heading."""
    start = md.index("### " + heading)
    end = md.find("\n#", start + 1)
    return md[start:end if end > 0 else len(md)]


class GamesSections(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.folder = os.path.join(cls.tmp, "runs", "amz")
        write_run(cls.folder)
        cls.out = os.path.join(cls.tmp, "out")
        proc = subprocess.run([PYTHON, SCRIPT, "-o", cls.out, os.path.join(cls.tmp, "runs")],
                              capture_output=True, text=True)
        cls.status, cls.stderr = proc.returncode, proc.stderr
        with open(os.path.join(cls.out, "report.md")) as f:
            cls.md = f.read()
        with open(os.path.join(cls.out, "report.html")) as f:
            cls.html = f.read()
        cls.game_run = report.Run(cls.folder, "amz")

    @classmethod
    def tearDownClass(cls):
        import shutil
        shutil.rmtree(cls.tmp)

    def test_an_amazons_run_is_reported_with_its_own_side_names(self):
        self.assertEqual(self.status, 0, self.stderr)
        self.assertIn("## amz (match)", self.md)
        self.assertEqual(self.game_run.side_keys, ("white", "black"))
        self.assertEqual(self.game_run.sides, ("White", "Black"))
        self.assertNotIn("Red", self.md)
        # the pairing counted from the games: a won 3 (two as White, one as Black), drew 1, lost 1
        self.assertEqual(md_row(self.md, ["a", "b"])[2:6], ["5", "3", "1", "1"])

    def test_score_as_first_and_as_second_player(self):
        # a as White: 1, 0, 1 -> +2 =0 -1, 2/3; as Black: 1/2, 1 -> +1 =1 -0, 3/4
        # b as White: 1/2, 0 -> +0 =1 -1, 1/4; as Black: 0, 1, 0 -> +1 =0 -2, 1/3
        table = md_table(self.md, "Score as first and as second player")
        self.assertIn("| engine | games as White (first) | wins, draws, losses as White | score as White | "
                      "games as Black (second) | wins, draws, losses as Black | score as Black |", table)
        self.assertEqual(md_row(table, ["a"]), ["a", "3", "+2 =0 -1", "66.7%", "2", "+1 =1 -0", "75.0%"])
        self.assertEqual(md_row(table, ["b"]), ["b", "2", "+0 =1 -1", "25.0%", "3", "+1 =0 -2", "33.3%"])
        # the first player's results 1, 1/2, 0, 0, 1: 2.5 of 5
        self.assertIn("Over all 5 finished games the first player scored 50.0%.", table)

    def test_game_lengths(self):
        # sorted 10 12 20 30 41: quartiles at positions 1, 2, 3 of 0..4 (no interpolation needed)
        table = md_table(self.md, "Game lengths")
        self.assertEqual(md_row(table, ["5"]), ["5", "10", "12", "20", "30", "41", "22.6"])
        self.assertEqual(report.length_stats([1, 2, 3, 4])["q1"], 1.75)  # 1 + 0.75 * (2 - 1)
        self.assertEqual(report.length_stats([7])["median"], 7)
        # 32 plies from 10 to 41 in about 10 bins: bins of 5 from 10
        self.assertEqual(report.length_histogram([10, 20, 30, 41, 12]),
                         [(10, 14, 2), (15, 19, 0), (20, 24, 1), (25, 29, 0), (30, 34, 1), (35, 39, 0),
                          (40, 44, 1)])
        (chart,) = [el for el in svgs(self.html) if el.get("data-chart") == "lengths"]
        bars = {b.get("data-label"): b.get("data-value") for b in chart.iter("{http://www.w3.org/2000/svg}rect")
                if b.get("class") == "bar"}
        self.assertEqual(bars["10-14 plies"], "2")
        self.assertEqual(bars["40-44 plies"], "1")
        colors = {b.get("fill") for b in chart.iter("{http://www.w3.org/2000/svg}rect") if b.get("class") == "bar"}
        self.assertEqual(colors, {report_charts.PALETTE[0]})  # a histogram: one colour

    def test_results_per_opening(self):
        table = md_table(self.md, "Results per opening")
        self.assertIn("| opening | games | White (first) wins | draws | Black (second) wins | mean length (plies) | "
                      "a's points |", table)
        self.assertEqual(md_row(table, ["o1"]), ["o1", "2", "1", "1", "0", "15.0", "1.5 / 2"])
        self.assertEqual(md_row(table, ["o2"]), ["o2", "2", "0", "0", "2", "35.5", "1 / 2"])
        self.assertEqual(md_row(table, ["o3"]), ["o3", "1", "1", "0", "0", "12.0", "1 / 1"])

    def test_elo_over_the_run(self):
        hist = report.elo_history(self.game_run, "a", "b")
        self.assertEqual([n for n, _, _ in hist], [1, 2, 3, 4, 5])
        # after game 1: a won its only game, a score of 1 has no Elo
        self.assertEqual(hist[0][1:], (None, None))
        # after games 2 and 3: one pair complete, a's pair score 1.5 of 2: Elo -400 log10(1/0.75 - 1),
        # every pair alike so no spread
        self.assertAlmostEqual(hist[1][1], 400 * math.log10(3), places=9)
        self.assertAlmostEqual(hist[1][2], 0.0, places=9)
        self.assertEqual(hist[2][1:], hist[1][1:])
        # after games 4 and 5: pairs scoring 1.5 and 1 (pentanomial 0 0 1 1 0), as stats_reference has it
        want = stats_reference.penta_summary([0, 0, 1, 1, 0])
        for n, elo, err in hist[3:]:
            self.assertAlmostEqual(elo, want["elo"], places=9)
            self.assertAlmostEqual(err, want["elo_error"], places=9)
        # the last point is the pairing table's Elo
        self.assertIn("%+.1f ± %.1f" % (want["elo"], want["elo_error"]), md_row(self.md, ["a", "b"])[7])
        (chart,) = [el for el in svgs(self.html) if el.get("data-chart") == "elo-history"]
        lines = {p.get("data-series"): p.get("points").split()
                 for p in chart.iter("{http://www.w3.org/2000/svg}polyline")}
        self.assertEqual(sorted(lines), ["95% high", "95% low", "Elo"])
        self.assertEqual(len(lines["Elo"]), 4)  # games 2 to 5

    def test_link_to_the_games(self):
        self.assertIn("[games.pgn](../runs/amz/games.pgn)", self.md)
        self.assertIn('<a href="../runs/amz/games.pgn">games.pgn</a>', self.html)
        self.assertTrue(os.path.exists(os.path.normpath(os.path.join(self.out, "../runs/amz/games.pgn"))))
        hrefs = re.findall(r'(?:href|src)="([^"]*)"', self.html)
        self.assertEqual(hrefs, ["../runs/amz/games.pgn"])  # the only reference out of the page

    def test_no_link_without_a_pgn(self):
        with tempfile.TemporaryDirectory() as tmp:
            write_run(os.path.join(tmp, "r"), pgn=False)
            blocks = report.report_blocks([report.Run(os.path.join(tmp, "r"), "r")], "t", tmp)
            self.assertEqual([b for b in blocks if b[0] == "link"], [])


class SideNames(unittest.TestCase):

    def test_xiangqi_keys(self):
        with tempfile.TemporaryDirectory() as tmp:
            write_run(os.path.join(tmp, "x"), game="xiangqi", sides=("red", "black"))
            run = report.Run(os.path.join(tmp, "x"), "x")
            self.assertEqual(run.sides, ("Red", "Black"))
            self.assertEqual([(g["first"], g["second"]) for g in run.games][:2], [("a", "b"), ("b", "a")])

    def test_a_game_with_other_side_names(self):
        # sides named by the data, whatever the game: "sente" moves first
        with tempfile.TemporaryDirectory() as tmp:
            write_run(os.path.join(tmp, "s"), game="shogi", sides=("sente", "gote"))
            run = report.Run(os.path.join(tmp, "s"), "s")
            self.assertEqual(run.sides, ("Sente", "Gote"))
            self.assertEqual(report.side_scores(run)[0]["first"]["games"], 3)

    def test_an_old_amazons_file_with_red_and_black_keys(self):
        run = report.Run(os.path.join(DATA, "old-format", "amazons"), "amazons")
        self.assertEqual(run.sides, ("White", "Black"))
        self.assertTrue(all(g["first"] in ("a", "b") and g["second"] in ("a", "b") for g in run.games))


class TwoEloFigures(unittest.TestCase):

    def test_one_sentence_with_the_run_s_numbers(self):
        engines = [{"name": "x", "elo": 319.0}, {"name": "y", "elo": -319.0}]
        ratings = {"anchor": None, "engines": [{"name": "x", "elo": 159.5}, {"name": "y", "elo": -159.5}]}
        text = report.two_elos_note(engines, ratings)
        self.assertIn("the average of the run's engines is 0", text)
        self.assertIn("x's +319.0 in the standings is about its rating +159.5 less y's -159.5", text)
        self.assertEqual(text.count(". "), 0)  # one sentence
        # with an anchor or more engines: the sentence without the worked numbers
        self.assertIn("alphabeta is 0", report.two_elos_note(engines, dict(ratings, anchor="alphabeta")))
        self.assertNotIn("+159.5", report.two_elos_note(engines + [{"name": "z", "elo": 0}], ratings))


class EccoHeadings(unittest.TestCase):

    def test_headings_in_words(self):
        summary = {"pairings": [{"engine": "new", "opponent": "old"}],
                   "ecco": {"B": {"games": 4, "points_first": 2.5, "score_first": 0.625}}}
        blocks = report_research.ecco_blocks(summary)
        (table,) = [b for b in blocks if b[0] == "table"]
        self.assertEqual(table[1], ["ECCO code", "games", "new's points", "new's score"])
        self.assertEqual(table[2], [["B", "4", "2.5", "62.5%"]])
        self.assertFalse(any("_" in h for h in table[1]))


def svgs(html_text):
    return [ET.fromstring(b) for b in re.findall(r"<svg\b.*?</svg>", html_text, flags=re.S)]


class ChartsOnWhite(unittest.TestCase):

    def test_palette_shows_on_white(self):
        # WCAG's 3:1 for lines and shapes: Okabe-Ito's yellow (1.3:1) and orange (2.3:1) fail it
        self.assertLess(report_charts.contrast("#F0E442"), 3)
        self.assertAlmostEqual(report_charts.contrast("#000000"), 21.0, places=6)
        for color in report_charts.PALETTE:
            self.assertGreaterEqual(report_charts.contrast(color), 3.0, color)

    def test_every_line_text_and_bar_of_a_report_shows_on_white(self):
        with tempfile.TemporaryDirectory() as tmp:
            proc = subprocess.run([PYTHON, SCRIPT, "-o", tmp, os.path.join(DATA, "base")], capture_output=True)
            self.assertEqual(proc.returncode, 0)
            with open(os.path.join(tmp, "report.html")) as f:
                charts = svgs(f.read())
        # faint on purpose: grid lines, the other engines in grey behind, empty cells, white on dark cells
        faint = {"#e5e5e5", "#d9d9d9", "#ffffff", "#eeeeee"}
        seen = set()
        for chart in charts:
            for el in chart.iter():
                for attr in ("stroke", "fill"):
                    color = el.get(attr)
                    if color and color.startswith("#") and color.lower() not in faint and el.get("class") != "cell":
                        seen.add(color)
                        self.assertGreaterEqual(report_charts.contrast(color), 3.0, "%s %s" % (el.tag, color))
        self.assertGreaterEqual(len(seen), 5)


class ChartTextFits(unittest.TestCase):

    def test_heatmap_title_and_long_names_inside(self):
        names = ["a-rather-long-engine-name", "b"]
        svg = ET.fromstring(report_charts.heatmap("los", "Likelihood of superiority (row over column)", names,
                                                  [[None, 0.7], [0.3, None]]))
        width = float(svg.get("width"))
        self.assertGreaterEqual(width, report_charts.text_width("Likelihood of superiority (row over column)",
                                                                14, True))
        # the last column's name turned 45 degrees ends inside: x + cos 45 * its length
        texts = [t for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.get("transform")]
        last = float(texts[-1].get("x")) + math.cos(math.pi / 4) * report_charts.text_width("b")
        self.assertLessEqual(last, width)
        rows = [t for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.get("text-anchor") == "end"]
        self.assertGreaterEqual(float(rows[0].get("x")) - report_charts.text_width(names[0]), 0)

    def test_titles_and_labels_widen_their_charts(self):
        title = "SPRT log-likelihood ratio: a-very-long-engine-name-one vs a-very-long-engine-name-two"
        svg = ET.fromstring(report_charts.line_chart("llr", title, [("x", [(0, 0), (1, 1)])], "games", "LLR"))
        self.assertGreaterEqual(float(svg.get("width")), report_charts.text_width(title, 14, True))
        label = "engine-with-a-long-name vs another-long-name"
        svg = ET.fromstring(report_charts.interval_chart("elo", "Elo", [(label, 10, 5)], "Elo"))
        text = next(t for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.text == label)
        self.assertGreaterEqual(float(text.get("x")) - report_charts.text_width(label), 0)


if __name__ == "__main__":
    unittest.main()
