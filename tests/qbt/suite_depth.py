"""Questions of tests/e2e_suite_depth.sh: the per-depth statistics
("by_depth" in a suite's summary.json)."""
import json

import qbt


def baseline_itself(summary, baseline, plain, depths):
    """The baseline engine over itself: nodes / baseline exactly 1 (median
    and quartiles) at each of its `depths` depths; the engine `plain`,
    without iterative deepening: one iteration (the last depth), no
    branching factor."""
    by = qbt.value(summary, "by_depth.rows")
    b = [r for r in by if r["engine"] == baseline]
    assert len(b) == int(depths), f"{baseline}: {len(b)} depths, not {depths}"
    for r in b:
        v = r["vs_baseline"]
        assert v["median"] == v["q1"] == v["q3"] == 1, f"{baseline} depth {r['depth']}: over itself {v}"
    p = [r for r in by if r["engine"] == plain]
    assert [r["depth"] for r in p] == [int(depths)], f"{plain}: depths {[r['depth'] for r in p]}, not [{depths}]"
    assert p[0]["bf"] is None, f"{plain}: branching factor {p[0]['bf']} with one iteration"


def scale_bf(summary, row, factor):
    """Changes summary.json in place: row `row` of by_depth's median
    branching factor times factor (to see that the recount notices)."""
    s = qbt.doc(summary)
    s["by_depth"]["rows"][int(row)]["bf"]["median"] *= float(factor)
    with open(summary, "w", encoding="utf-8") as f:
        json.dump(s, f)
