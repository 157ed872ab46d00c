"""Tests of scripts/compare.py: exit statuses and the printed findings, on copies of
tests/data/base/ edited in a scratch folder (a node count changed, NPS halved,
a solved position lost, ...). Run from the repository root:
    python3 -m unittest discover -s tests/python
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import compare  # noqa: E402

DATA = os.path.join(ROOT, "tests", "data", "base")
SCRIPT = os.path.join(ROOT, "scripts", "compare.py")
PYTHON = os.environ.get("PYTHON", sys.executable)


def run_compare(*args):
    proc = subprocess.run([PYTHON, SCRIPT] + list(args), capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def edit_searches(folder, edit):
    """Rewrites folder/searches.jsonl with edit(row) applied to each row; drops summary.json
    (its totals would no longer match; compare.py then computes them from the rows)."""
    path = os.path.join(folder, "searches.jsonl")
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    with open(path, "w") as f:
        for r in rows:
            edit(r)
            f.write(json.dumps(r) + "\n")
    if os.path.exists(os.path.join(folder, "summary.json")):
        os.remove(os.path.join(folder, "summary.json"))


def set_limits(folder, limit):
    """Sets every engine's limit in folder/run.json (e.g. "depth=4")."""
    path = os.path.join(folder, "run.json")
    with open(path) as f:
        meta = json.load(f)
    for e in meta.get("engines") or []:
        e["limit"] = limit
    with open(path, "w") as f:
        json.dump(meta, f)


class CompareRuns(unittest.TestCase):

    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.new = os.path.join(self.tmp, "new")
        shutil.copytree(DATA, self.new)
        self.suite = os.path.join(self.new, "suite")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_identical_folders_exit_0(self):
        status, out, _ = run_compare(DATA, self.new)
        self.assertEqual(status, 0, out)
        self.assertIn("node counts: identical in all 42 searches compared", out)
        self.assertIn("result: no functional change, no significant regression (exit 0)", out)
        # the match pairing and the tournament pairings are listed with their Elo
        self.assertIn("new vs old", out)
        self.assertIn("+88.7 ± 85.2", out)
        self.assertIn("negascout vs mtdf", out)

    def test_identical_single_runs_exit_0(self):
        status, out, _ = run_compare(os.path.join(DATA, "suite"), self.suite)
        self.assertEqual(status, 0, out)

    def test_changed_node_count_exit_1(self):
        def edit(r):
            if r["engine"] == "negascout" and r["position"] == "bench-middlegame-1":
                r["nodes"] += 1
        edit_searches(self.suite, edit)
        status, out, _ = run_compare(DATA, self.new)
        self.assertEqual(status, 1, out)
        self.assertIn("FUNCTIONAL CHANGE in 1 of 42 searches", out)
        line = next(l for l in out.splitlines() if "bench-middlegame-1" in l)
        self.assertTrue(line.split()[0] == "negascout", line)

    def test_changed_best_move_is_listed(self):
        def edit(r):
            if r["engine"] == "mtdf" and r["position"] == "mate1-1":
                r["bestmove"] = "a0a1"
        edit_searches(self.suite, edit)
        status, out, _ = run_compare(os.path.join(DATA, "suite"), self.suite)
        self.assertEqual(status, 1, out)
        self.assertIn("c7c8 -> a0a1", out)

    def test_halved_nps_exit_3(self):
        # every search twice as long: NPS ratio 0.5, per-position ratio exactly 0.5
        def edit(r):
            r["time_ms"] *= 2
            r["wall_ms"] *= 2
        edit_searches(self.suite, edit)
        status, out, _ = run_compare(DATA, self.new)
        self.assertEqual(status, 3, out)
        line = next(l for l in out.splitlines() if l.split()[:1] == ["negamax"])
        self.assertIn("0.500", line)
        self.assertIn("NPS REGRESSION", line)
        # alphabeta searched 8 ms in all: too short to judge
        self.assertIn("too short", next(l for l in out.splitlines() if l.split()[:1] == ["alphabeta"]))

    def test_nps_within_tolerance_exit_0(self):
        def edit(r):
            r["time_ms"] = round(r["time_ms"] * 1.05)
        edit_searches(self.suite, edit)
        status, out, _ = run_compare(DATA, self.new)
        self.assertEqual(status, 0, out)
        status, out, _ = run_compare("--nps-tolerance", "0.01", DATA, self.new)
        self.assertEqual(status, 3, out)

    def test_noisy_nps_is_not_a_regression(self):
        # negamax's three timed positions: one 40% slower, one 30% faster, one 15% slower; the
        # total drops by more than 10% but the 95% interval of the per-position ratio contains 1
        scale = {"bench-opening-1": 1.4, "bench-middlegame-1": 0.7, "bench-tactical-1": 1.15}

        def edit(r):
            if r["engine"] == "negamax" and r["time_ms"] >= 10:
                r["time_ms"] = round(r["time_ms"] * scale.get(r["position"], 1.15))
        edit_searches(self.suite, edit)
        gm, lo, hi, n = compare.nps_noise(
            compare.by_engine_position(compare.report.Run(os.path.join(DATA, "suite"), "b"))["negamax"],
            compare.by_engine_position(compare.report.Run(self.suite, "n"))["negamax"], 10)
        self.assertEqual(n, 3)
        self.assertLess(lo, 1)
        self.assertGreater(hi, 1)
        status, out, _ = run_compare(DATA, self.new)
        line = next(l for l in out.splitlines() if l.split()[:1] == ["negamax"])
        self.assertNotIn("REGRESSION", line)
        self.assertEqual(status, 0, out)

    def test_solved_drop_exit_3(self):
        def edit(r):
            if r["engine"] == "id" and r["position"] == "mate1-1":
                r["solved"] = False
        edit_searches(self.suite, edit)
        status, out, _ = run_compare(DATA, self.new)
        self.assertEqual(status, 3, out)
        self.assertIn("2/3 -> 1/3", out)
        self.assertIn("SOLVED DROP", out)
        status, out, _ = run_compare("--solved-tolerance", "1", DATA, self.new)
        self.assertEqual(status, 0, out)

    def test_failed_search_is_both_listed_and_a_regression(self):
        def edit(r):
            if r["engine"] == "alphabeta" and r["position"] == "bench-endgame-1":
                r["status"], r["error"] = "stall", "no bestmove"
        edit_searches(self.suite, edit)
        status, out, _ = run_compare(DATA, self.new)
        self.assertEqual(status, 3, out)
        self.assertIn("MORE FAILURES", out)
        self.assertIn("result: functional change, significant regression (exit 3)", out)

    def test_stopped_suite_is_not_judged(self):
        # A stopped run's positions never searched are not failures, and its
        # missing solves are no drop: the engine's row says so and is not judged.
        path = os.path.join(self.suite, "summary.json")
        with open(path) as f:
            s = json.load(f)
        for e in s["engines"]:
            if e["name"] == "id":
                e["solved"] -= 1
                e["unsearched"] = 1
        with open(path, "w") as f:
            json.dump(s, f)
        status, out, _ = run_compare(DATA, self.new)
        self.assertNotIn("SOLVED DROP", out)
        self.assertIn("not judged: 1 unsearched (a run was stopped)", out)
        self.assertNotEqual(status, 3, out)

    def test_stopped_playouts_are_not_judged(self):
        path = os.path.join(self.new, "playouts", "summary.json")
        with open(path) as f:
            s = json.load(f)
        s["engines"][0]["passed"] = 2
        s["engines"][0]["unplayed"] = 1
        with open(path, "w") as f:
            json.dump(s, f)
        status, out, _ = run_compare(DATA, self.new)
        self.assertIn("not judged: 1 unplayed (a run was stopped)", out)
        self.assertNotIn("PASSED DROP", out)

    def test_passed_playouts_drop_exit_3(self):
        path = os.path.join(self.new, "playouts", "summary.json")
        with open(path) as f:
            s = json.load(f)
        s["engines"][0]["passed"] = 2
        with open(path, "w") as f:
            json.dump(s, f)
        status, out, _ = run_compare(DATA, self.new)
        self.assertEqual(status, 3, out)
        self.assertIn("3/4 -> 2/4", out)

    def test_time_limited_runs_do_not_compare_nodes(self):
        # both runs time-limited (the same setup): node counts are not compared
        base = os.path.join(self.tmp, "base")
        shutil.copytree(os.path.join(DATA, "suite"), base)
        edit_searches(base, lambda r: r.update(limit={"depth": 0, "nodes": 0, "movetime": 100}))
        set_limits(base, "movetime=100")
        set_limits(self.suite, "movetime=100")

        def edit(r):
            r["limit"] = {"depth": 0, "nodes": 0, "movetime": 100}
            if r["engine"] == "negascout":
                r["nodes"] += 7
        edit_searches(self.suite, edit)
        status, out, _ = run_compare(base, self.suite)
        self.assertIn("node counts: not compared", out)
        self.assertNotIn("setup differs", out)
        self.assertEqual(status, 0, out)

    # ---- runs whose setups differ: said, and not judged unless --force

    def test_other_depth_is_not_a_functional_change(self):
        # the case: a depth-3 run against a depth-4 run (node counts all differ)
        def edit(r):
            r["limit"] = {"depth": 4, "nodes": 0, "movetime": 0}
            r["nodes"] = r["nodes"] * 5 + 1
        edit_searches(self.suite, edit)
        set_limits(self.suite, "depth=4")
        status, out, _ = run_compare(os.path.join(DATA, "suite"), self.suite)
        self.assertEqual(status, 4, out)
        self.assertIn("setup differs: limits: negascout depth=3 -> depth=4", out)
        self.assertIn("nothing judged: the setups differ (--force judges anyway)", out)
        self.assertIn("node counts: differ in 42 of 42 searches (not judged: the setups differ)", out)
        self.assertNotIn("FUNCTIONAL CHANGE", out)
        self.assertIn("result: no functional change, no significant regression, setups differ: not judged (exit 4)",
                      out)
        status, out, _ = run_compare("--force", os.path.join(DATA, "suite"), self.suite)
        self.assertEqual(status, 1, out)
        self.assertIn("setup differs: limits: negascout depth=3 -> depth=4", out)
        self.assertIn("FUNCTIONAL CHANGE in 42 of 42 searches", out)

    def test_other_limits_are_not_an_nps_regression(self):
        def edit(r):
            r["limit"] = {"depth": 4, "nodes": 0, "movetime": 0}
            r["time_ms"] = r["time_ms"] * 3 + 50
            r["nps"] = None
        edit_searches(self.suite, edit)
        set_limits(self.suite, "depth=4")
        status, out, _ = run_compare(os.path.join(DATA, "suite"), self.suite)
        self.assertEqual(status, 4, out)
        self.assertNotIn("NPS REGRESSION", out)
        self.assertIn("not judged", out)
        status, out, _ = run_compare("--force", os.path.join(DATA, "suite"), self.suite)
        self.assertEqual(status, 3, out)
        self.assertIn("NPS REGRESSION", out)

    def test_other_positions_are_said(self):
        path = os.path.join(self.suite, "searches.jsonl")
        with open(path) as f:
            rows = [json.loads(line) for line in f]
        first = rows[0]["position"]
        with open(path, "w") as f:
            for r in rows:
                if r["position"] != first:
                    f.write(json.dumps(r) + "\n")
        os.remove(os.path.join(self.suite, "summary.json"))
        status, out, _ = run_compare(os.path.join(DATA, "suite"), self.suite)
        self.assertEqual(status, 4, out)
        self.assertIn("setup differs: positions: 1 only in base, 0 only in new", out)

    def test_other_engines_are_said(self):
        edit_searches(self.suite, lambda r: r.update(engine="renamed") if r["engine"] == "mtdf" else None)
        path = os.path.join(self.suite, "run.json")
        with open(path) as f:
            meta = json.load(f)
        for e in meta["engines"]:
            if e["name"] == "mtdf":
                e["name"] = "renamed"
        with open(path, "w") as f:
            json.dump(meta, f)
        status, out, _ = run_compare(os.path.join(DATA, "suite"), self.suite)
        self.assertEqual(status, 4, out)
        self.assertIn("setup differs: engines:", out)
        self.assertIn("renamed", out)

    def test_match_with_other_limits_is_said(self):
        match = os.path.join(self.new, "match")
        set_limits(match, "depth=5")
        status, out, _ = run_compare(os.path.join(DATA, "match"), match)
        self.assertEqual(status, 4, out)
        self.assertIn("setup differs: limits: new depth=3 -> depth=5", out)

    def test_elo_change_is_shown(self):
        path = os.path.join(self.new, "match", "summary.json")
        with open(path) as f:
            s = json.load(f)
        s["pairings"][0].update(elo=-150.0, elo_error=40.0)
        with open(path, "w") as f:
            json.dump(s, f)
        status, out, _ = run_compare(os.path.join(DATA, "match"), os.path.join(self.new, "match"))
        line = next(l for l in out.splitlines() if "new vs old" in l)
        self.assertIn("+88.7 ± 85.2", line)
        self.assertIn("-150.0 ± 40.0", line)
        self.assertIn("NO", line.split())  # the intervals do not overlap
        self.assertEqual(status, 0, out)  # Elo is information, not a verdict

    def test_usage_errors_exit_2(self):
        status, _, err = run_compare(DATA)
        self.assertEqual(status, 2)
        self.assertIn("usage", err)
        status, _, err = run_compare(DATA, os.path.join(self.new, "suite"))
        self.assertEqual(status, 2)
        self.assertIn("one of the folders is a run", err)
        empty = os.path.join(self.tmp, "empty")
        os.mkdir(empty)
        self.assertEqual(run_compare(DATA, empty)[0], 2)
        self.assertEqual(run_compare(DATA, os.path.join(self.tmp, "missing"))[0], 2)
        self.assertEqual(run_compare("--nps-tolerance", "1.5", DATA, self.new)[0], 2)
        other = os.path.join(self.tmp, "other")
        shutil.copytree(os.path.join(DATA, "suite"), os.path.join(other, "renamed"))
        status, _, err = run_compare(DATA, other)
        self.assertEqual(status, 2)
        self.assertIn("no run of the same name", err)

    def test_help_documents_exit_statuses(self):
        status, out, _ = run_compare("--help")
        self.assertEqual(status, 0)
        for line in ("0  no functional change", "1  functional change", "2  usage error",
                     "3  significant regression"):
            self.assertIn(line, out)


class NoiseEstimate(unittest.TestCase):

    def test_interval_from_spread(self):
        # three positions, NPS ratios 0.8, 1.0, 1.25: ln r = -0.2231, 0, 0.2231; mean 0,
        # sd 0.2231, t(0.975, 2) = 4.303, half width 4.303 * 0.2231 / sqrt(3) = 0.5544
        row = lambda nodes, t: [{"status": "ok", "nodes": nodes, "time_ms": t}]  # noqa: E731
        base = {"a": row(1000, 100), "b": row(1000, 100), "c": row(1000, 100), "d": row(1000, 5)}
        new = {"a": row(800, 100), "b": row(1000, 100), "c": row(1250, 100), "d": row(10, 5)}
        gm, lo, hi, n = compare.nps_noise(base, new, 10)
        self.assertEqual(n, 3)  # "d" took under 10 ms
        self.assertAlmostEqual(gm, 1.0, places=9)
        self.assertAlmostEqual(lo, 0.57444, places=4)  # exp(-0.5544)
        self.assertAlmostEqual(hi, 1.74083, places=4)  # exp(0.5544)


if __name__ == "__main__":
    unittest.main()
