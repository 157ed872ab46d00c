"""Tests of the report sections for knockout and Swiss tournaments, the per-ECCO
breakdown and a suite's per-depth statistics (scripts/report_research.py), on
summary.json objects written out by hand here (so the expected cells are known
without running qibench), rendered through scripts/report.py's Markdown and HTML.
Run from the repository root:  python3 -m unittest discover -s tests/python
"""

import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import report  # noqa: E402
import report_research  # noqa: E402


def rows(blocks, first):
    """The rows of the first table whose first header is `first`."""
    for b in blocks:
        if b[0] == "table" and b[1][0] == first:
            return b[2]
    raise AssertionError("no table %r in %r" % (first, [b[1][0] for b in blocks if b[0] == "table"]))


KNOCKOUT = {"pairs_per_encounter": 1, "tiebreak_pairs": 2, "complete": True, "winner": "c",
            "rounds": [{"round": 1, "encounters": [
                {"a": "a", "b": None, "pairs": 0, "score_a": 0, "score_b": 0, "winner": "a", "decided_by": "bye"},
                {"a": "b", "b": "c", "pairs": 3, "score_a": 3, "score_b": 3, "winner": "b", "decided_by": "seed"}]},
                {"round": 2, "encounters": [
                    {"a": "a", "b": "b", "pairs": 1, "score_a": 0.5, "score_b": 1.5, "winner": "b",
                     "decided_by": "score"}]}],
            "standings": [{"name": "b", "place": 1, "out_in_round": None},
                          {"name": "a", "place": 2, "out_in_round": 2},
                          {"name": "c", "place": 3, "out_in_round": 1}]}
SWISS = {"pairs_per_encounter": 1, "rounds_planned": 2, "complete": True,
         "rounds": [{"round": 1, "bye": "c", "encounters": [{"a": "a", "b": "b", "pairs": 1, "score_a": 1.5,
                                                             "score_b": 0.5}]},
                    {"round": 2, "bye": "b", "encounters": [{"a": "c", "b": "a", "pairs": 1, "score_a": 1,
                                                             "score_b": 1}]}],
         "standings": [{"name": "a", "rank": 1, "points": 2.5, "buchholz": 5.5, "bye": False},
                       {"name": "c", "rank": 2, "points": 3, "buchholz": 2.5, "bye": True}]}


class FormatSections(unittest.TestCase):

    def test_knockout_bracket(self):
        blocks = report_research.format_blocks({"knockout": KNOCKOUT})
        self.assertEqual(blocks[0], ("h3", "Knockout bracket"))
        self.assertIn("winner c", blocks[1][1])
        self.assertEqual(rows(blocks, "round"), [
            ["1", "a", "(bye)", "-", "0", "a", "bye"],
            ["1", "b", "c", "3 - 3", "3", "b", "seed"],
            ["2", "a", "b", "0.5 - 1.5", "1", "b", "score"]])
        self.assertEqual(rows(blocks, "place"), [["1", "b", "-"], ["2", "a", "2"], ["3", "c", "1"]])

    def test_swiss_standings_and_rounds(self):
        blocks = report_research.format_blocks({"swiss": SWISS})
        self.assertEqual(blocks[0], ("h3", "Swiss standings"))
        self.assertIn("2 of 2 rounds", blocks[1][1])
        self.assertEqual(rows(blocks, "rank"), [["1", "a", "2.5", "5.5", ""], ["2", "c", "3", "2.5", "yes"]])
        self.assertEqual(rows(blocks, "round"), [["1", "a", "b", "1.5 - 0.5"], ["1", "c", "(bye)", "-"],
                                                 ["2", "c", "a", "1 - 1"], ["2", "b", "(bye)", "-"]])

    def test_other_formats_have_no_section(self):
        self.assertEqual(report_research.format_blocks({"format": "round-robin"}), [])


class EccoSection(unittest.TestCase):

    def test_every_key_a_column_codes_sorted(self):
        blocks = report_research.ecco_blocks({"ecco": {"C": {"games": 4, "score": 0.625},
                                                       "A": {"games": 2, "draws": 1}}})
        self.assertEqual(rows(blocks, "ECCO code"), [["A", "2", "-", "1"], ["C", "4", "62.5%", "-"]])
        (table,) = [b for b in blocks if b[0] == "table"]
        self.assertEqual(table[1], ["ECCO code", "games", "score", "draws"])

    def test_absent_or_empty_is_skipped(self):
        self.assertEqual(report_research.ecco_blocks({}), [])
        self.assertEqual(report_research.ecco_blocks({"ecco": {}}), [])


class DepthSection(unittest.TestCase):

    def test_spread_cells(self):
        by = {"baseline": "pvs", "reference": "ns", "rows": [
            {"engine": "ns", "depth": 2, "positions": 3, "time_ms": {"n": 3, "median": 4, "q1": 1.5, "q3": 7},
             "nodes": {"n": 3, "median": 450.5, "q1": 201.25, "q3": 829.75},
             "bf": {"n": 3, "median": 5.4695, "q1": 3.18, "q3": 8.5333},
             "vs_baseline": {"n": 3, "median": 0.915, "q1": 0.8146, "q3": 0.9594}, "compared": 3, "same_move": 2 / 3},
            {"engine": "ab", "depth": 3, "positions": 3, "time_ms": {"n": 3, "median": 9, "q1": 9, "q3": 9},
             "nodes": {"n": 3, "median": 100, "q1": 90, "q3": 110}, "bf": None, "vs_baseline": None,
             "compared": 0, "same_move": None}]}
        blocks = report_research.depth_blocks(by)
        self.assertEqual(rows(blocks, "engine"), [
            ["ns", "2", "3", "4 [2, 7]", "450 [201, 830]", "5.47 [3.18, 8.53]", "0.915 [0.815, 0.959]", "67%"],
            ["ab", "3", "3", "9 [9, 9]", "100 [90, 110]", "-", "-", "-"]])
        self.assertEqual(blocks[-1][1][6], "nodes / pvs")


class Layout(unittest.TestCase):

    def test_row_blocks_side_by_side_in_html_one_after_the_other_in_markdown(self):
        blocks = [("row", [[("h3", "Standings"), ("p", "left")], [("h3", "Ratings"), ("p", "right")]])]
        html = report.render_html(blocks, "t")
        self.assertIn('<div class="row">\n<div class="column">\n<h3>Standings</h3>', html)
        self.assertIn('</div>\n<div class="column">\n<h3>Ratings</h3>', html)
        self.assertEqual(report.render_md(blocks).strip().split("\n\n"), ["### Standings", "left", "### Ratings", "right"])


if __name__ == "__main__":
    unittest.main()
