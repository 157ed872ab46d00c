"""Questions of tests/e2e_suite.sh over a suite's searches.jsonl,
playouts.jsonl and summary.json, and of its runs interrupted and resumed."""
import json
import math

import qbt


def exact_agree(path, positions, *exact):
    """The engines named exact agree on the score of every position, and
    there are that many positions."""
    by = {}
    for r in qbt.rows(path):
        if r["engine"] in exact:
            by.setdefault(r["position"], set()).add(json.dumps(r["score"]))
    assert len(by) == int(positions), f"{len(by)} positions searched, not {positions}"
    differ = sorted(p for p, s in by.items() if len(s) > 1)
    assert not differ, f"the exact variants' scores differ on {differ}"


def not_ok(path):
    """How many searches did not end ok with a best move and iterations."""
    return sum(r["status"] != "ok" or not r["bestmove"] or not r["iterations"] for r in qbt.rows(path))


def check_summary(summary, searches, positions):
    """summary.json holds, per engine, the totals of searches.jsonl: nodes,
    time (the engine's, else the wall clock), searches, failures, the share
    of best moves the reference found, the effective branching factor
    (the mean of ln(nodes) / depth, exponentiated) and nodes per second."""
    s = qbt.doc(summary)
    rows = qbt.rows(searches)
    names = sorted({r["engine"] for r in rows})
    assert (s["command"], s["mode"], s["positions"]) == ("suite", "search", int(positions)), \
        (s["command"], s["mode"], s["positions"])
    assert sorted(e["name"] for e in s["engines"]) == names, [e["name"] for e in s["engines"]]
    ref = {r["position"]: r for r in rows if r["engine"] == s["reference"]}
    for e in s["engines"]:
        mine = [r for r in rows if r["engine"] == e["name"]]
        nodes = sum(r["nodes"] for r in mine)
        ms = sum(r["time_ms"] if r["time_ms"] > 0 else r["wall_ms"] for r in mine)
        same = sum(r["bestmove"] == ref[r["position"]]["bestmove"] for r in mine) / len(mine)
        grown = [math.log(r["nodes"]) / r["depth"] for r in mine if r["depth"] > 0 and r["nodes"] > 1]
        ebf = math.exp(sum(grown) / len(grown)) if grown else None  # random: one node, no growth
        assert (e["nodes"], e["time_ms"], e["searched"], e["failed"], e["unsearched"]) == (nodes, ms, len(mine), 0, 0), e
        assert len(mine) == int(positions), (e["name"], len(mine))
        assert e["same_move"] == same and (e["ebf"] is None if ebf is None else abs(e["ebf"] - ebf) < 1e-9), e
        assert e["nps"] is None if ms == 0 else abs(e["nps"] - 1000 * nodes / ms) < 1e-6, e


def playout(path, position, *keys):
    """The fields keys of the playout of position, on one line."""
    r = [x for x in qbt.rows(path) if x["position"] == position]
    assert len(r) == 1, f"{len(r)} playouts of {position}"
    return [[r[0][k] for k in keys]]


def outcomes(path):
    """Each playout's outcome, sorted by position, blank-separated."""
    return " ".join(r["outcome"] for r in sorted(qbt.rows(path), key=lambda r: r["position"]))


def counts(summary):
    """summary.json's state, then searched, failed and unsearched summed over
    the engines."""
    s = qbt.doc(summary)
    return " ".join([s["state"]] + [str(sum(e[k] for e in s["engines"])) for k in ("searched", "failed", "unsearched")])


def _without_times(v):
    """v without its time members (time_ms, nps: the clock's, not the search's)."""
    if isinstance(v, dict):
        return {k: _without_times(x) for k, x in v.items() if k not in ("time_ms", "nps")}
    if isinstance(v, list):
        return [_without_times(x) for x in v]
    return v


def same_totals(a, b):
    """Two summary.json files of one suite have the same totals: per engine
    every count, the nodes, EBF and agreement, and the per-depth rows (the
    times, the clock's, aside)."""
    x, y = qbt.doc(a), qbt.doc(b)
    for key in ("positions", "reference", "engines", "by_depth"):
        assert _without_times(x[key]) == _without_times(y[key]), (key, x[key], y[key])


def _searches(path):
    return {(r["engine"], r["position"]): (r["status"], r["nodes"], r["depth"], r["bestmove"], json.dumps(r["score"]),
                                           r["solved"]) for r in qbt.rows(path)}


def same_searches(a, b):
    """Two searches.jsonl files hold each (engine, position) once, the same
    ones, each with the same status, nodes, depth, best move, score and
    solved."""
    for path in (a, b):
        keys = [(r["engine"], r["position"]) for r in qbt.rows(path)]
        assert len(keys) == len(set(keys)), f"{path}: {len(keys) - len(set(keys))} searched twice"
    x, y = _searches(a), _searches(b)
    assert x.keys() == y.keys(), f"searched in one only: {sorted(set(x) ^ set(y))}"
    differ = sorted(k for k in x if x[k] != y[k])
    assert not differ, f"different searches: {[(k, x[k], y[k]) for k in differ[:3]]}"


def same_playouts(a, b):
    """Two playouts.jsonl files hold each (engine, position) once, the same
    ones, with the same outcome, result and moves."""
    def by(path):
        rs = qbt.rows(path)
        out = {(r["engine"], r["position"]): (r["outcome"], r["result"], r["moves"]) for r in rs}
        assert len(out) == len(rs), f"{path}: a playout recorded twice"
        return out
    assert by(a) == by(b), (by(a), by(b))
