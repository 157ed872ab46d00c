#!/usr/bin/env python3
"""suitestats_reference.py - an independent recount of `qibench suite`'s
per-depth statistics ("by_depth" in summary.json) from searches.jsonl.

usage: suitestats_reference.py RUN_DIR

Per engine and iteration depth d over the searches that succeeded
(status "ok"): the time and the (cumulative) node count at iteration d,
the branching factor N(d)/N(d-1) where N(d) is the nodes of iteration d
alone (the count less the previous iteration's; the first iteration's is
its own count; only when iteration d-1 is there too), the nodes at depth d
over the baseline engine's on the same position, each as median and
quartiles by Python's statistics.quantiles(method="inclusive"), and the
fraction of positions where iteration d's move is the reference engine's
at depth d. Also: every search's last iteration's move is its bestmove
(our engine's PV starts with its move). Silent when all agree with
summary.json; otherwise prints the first difference and exits 1.
"""
import json
import math
import statistics
import sys


def spread(xs):
    if not xs:
        return None
    xs = sorted(xs)
    if len(xs) == 1:
        q1 = med = q3 = xs[0]
    else:
        q1, med, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    return {"n": len(xs), "median": med, "q1": q1, "q3": q3}


def close(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    return a == b


def main(run):
    summary = json.load(open(f"{run}/summary.json"))
    rows = [json.loads(line) for line in open(f"{run}/searches.jsonl")]
    engines = [e["name"] for e in summary["engines"]]
    by = summary["by_depth"]
    iters = {}  # (engine, position) -> {depth: iteration}
    for r in rows:
        if r["status"] != "ok":
            continue
        its = r["iterations"]
        if its and its[-1].get("move") != r["bestmove"]:
            print(f"FAIL: {r['engine']} {r['position']}: last iteration's move {its[-1].get('move')}, "
                  f"bestmove {r['bestmove']}")
            return 1
        iters[(r["engine"], r["position"])] = {it["depth"]: (i, it) for i, it in enumerate(its)}
    positions = sorted({r["position"] for r in rows})

    def alone(e, p, d):
        its = iters.get((e, p), {})
        if d not in its:
            return None
        i, it = its[d]
        if i == 0:
            return it["nodes"]
        if d - 1 not in its or its[d - 1][0] != i - 1:
            return None
        return it["nodes"] - its[d - 1][1]["nodes"]

    want = []
    for e in engines:
        depths = sorted({d for (en, p), its in iters.items() if en == e for d in its})
        for d in range(1, (max(depths) if depths else 0) + 1):
            at = [iters[(e, p)][d][1] for p in positions if d in iters.get((e, p), {})]
            if not at:
                continue
            bf = []
            for p in positions:
                now, before = alone(e, p, d), alone(e, p, d - 1)
                if now is not None and before:
                    bf.append(now / before)
            ratio = []
            if by["baseline"]:
                for p in positions:
                    a, b = iters.get((e, p), {}).get(d), iters.get((by["baseline"], p), {}).get(d)
                    if a and b and b[1]["nodes"] > 0:
                        ratio.append(a[1]["nodes"] / b[1]["nodes"])
            compared = same = 0
            for p in positions:
                a, b = iters.get((e, p), {}).get(d), iters.get((by["reference"], p), {}).get(d)
                if a and b and a[1].get("move") and b[1].get("move"):
                    compared += 1
                    same += a[1]["move"] == b[1]["move"]
            want.append({"engine": e, "depth": d, "positions": len(at),
                         "time_ms": spread([it["time_ms"] for it in at]),
                         "nodes": spread([it["nodes"] for it in at]),
                         "bf": spread(bf), "vs_baseline": spread(ratio), "compared": compared,
                         "same_move": same / compared if compared else None})
    got = by["rows"]
    if len(got) != len(want):
        print(f"FAIL: {len(got)} rows, recounted {len(want)}")
        return 1
    for g, w in zip(got, want):
        if not close(g, w):
            print(f"FAIL: {g}\n  recounted {w}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
