#!/usr/bin/env python3
"""What changed between two qibench runs: node counts, NPS, solved counts, Elo.

Usage
    python3 scripts/compare.py [OPTIONS] BASE_DIR NEW_DIR

BASE_DIR and NEW_DIR are both run folders (they hold run.json), or both folders
of runs (e.g. two results/<date-time>/ folders of `make run`); runs in folders
are matched by their path below the folder (suite/ with suite/, match/ with
match/). Engines are matched by name, positions by id (else FEN), pairings by
their two engine names. Python 3 standard library only; the run folders are
read with scripts/report.py, so summary.json is used when there is one.

What it prints, per pair of runs
    suite      node counts: every (engine, position) whose node count differs,
               with the best move and score when they changed too: a
               functional change. Only compared when both runs searched to a
               fixed depth or node count (a movetime or clock limit makes node
               counts vary from run to run); a search that succeeded in one run
               and failed in the other is listed as well.
               NPS per engine: base, new, the ratio new/base of the totals, and
               its noise: the geometric mean of the per-position NPS ratios with
               a 95% interval, mean(ln r) +- t(0.975, n-1) sd(ln r)/sqrt(n), over
               the n positions whose search took at least --min-time-ms in both
               runs (shorter timings are mostly clock resolution). With n < 3 the
               noise is n/a. Repeated searches of one position in a run are
               averaged (total nodes / total time) before the ratio is taken.
               Solved counts (bm/am/dm) per engine, and failed searches.
    playouts   passed / failed per engine.
    match,     per pairing games, W/D/L, Elo +- 95% base and new, the SPRT verdict,
    tournament and whether the two Elo intervals overlap (for information only).

Setups (checked first, for every pair of runs)
    The two runs' setups are compared: each engine's search limit (depth,
    nodes, movetime, st, clock: run.json's limit and tc, and every search's
    limit), its variant and options, the engines' names, and the positions
    (suites and playouts: the set of position ids with their FENs; matches and
    tournaments: the --openings settings and the openings' positions played).
    When they differ the differences are printed ("setup differs: limits:
    eng depth=3 -> depth=4") and nothing is judged: node counts that differ are
    listed as "differ (not judged: the setups differ)", never as a FUNCTIONAL
    CHANGE, and the NPS, solved, failed and passed columns say "not judged"
    instead of a regression. --force judges them anyway (the setup
    differences are still printed).

Thresholds (what makes the exit status 3)
    an NPS regression: the ratio of totals is below 1 - --nps-tolerance
        (default 0.10) and, when the noise could be measured, the whole 95%
        interval of the per-position ratio lies below 1; engines whose total
        search time is under --min-total-ms (default 200) in either run are
        not judged (shown as "too short");
    a solved-count drop of more than --solved-tolerance (default 0), a drop in
    passed playouts of more than the same tolerance, or more failed searches.

Exit status
    0  no functional change and no significant regression
    1  functional change: a node count differs (or a search succeeded in one run
       only), and no significant regression
    2  usage error: bad arguments, a folder without runs, no runs to compare
    3  significant regression (NPS, solved or passed count, failures), whether
       or not node counts changed too (both are printed)
    4  not comparable: the setups of the runs differ (limits, engines or
       positions), so nothing was judged, and no other pair of runs gave 1 or
       3 (without --force only)
"""

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402  (scripts/report.py: loading and summaries)

EXIT_OK, EXIT_FUNCTIONAL, EXIT_USAGE, EXIT_REGRESSION, EXIT_SETUP = 0, 1, 2, 3, 4
# Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom (then 1.96).
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042]


class Findings:
    """What the comparison found: printed lines and the two flags behind the exit status."""

    def __init__(self):
        self.functional = False
        self.regression = False
        self.not_comparable = False  # a pair of runs whose setups differ was not judged

    def status(self):
        if self.regression:
            return EXIT_REGRESSION
        if self.functional:
            return EXIT_FUNCTIONAL
        return EXIT_SETUP if self.not_comparable else EXIT_OK


def t975(df):
    return T975[df - 1] if 1 <= df <= len(T975) else 1.96


def print_table(headers, rows):
    """Prints rows under headers, columns padded to their widest cell."""
    cells = [headers] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    for r in cells:
        print("  " + "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))


# ---------------------------------------------------------------- pairing the runs

def pair_runs(base_dir, new_dir):
    """[(name, base Run, new Run)] and the names found on one side only; raises ValueError on a usage error."""
    base_is_run = os.path.exists(os.path.join(base_dir, "run.json"))
    new_is_run = os.path.exists(os.path.join(new_dir, "run.json"))
    if base_is_run != new_is_run:
        raise ValueError("one of the folders is a run and the other a folder of runs")
    base, new = report.find_runs(base_dir), report.find_runs(new_dir)
    if not base or not new:
        raise ValueError("%s: no run.json in it or below it" % (base_dir if not base else new_dir))
    if base_is_run:
        return [(base[0].name, base[0], new[0])], []
    by_new = {r.name: r for r in new}
    pairs = [(r.name, r, by_new[r.name]) for r in base if r.name in by_new]
    names_base = {r.name for r in base}
    only = sorted((names_base | set(by_new)) - (names_base & set(by_new)))
    return pairs, only


# ---------------------------------------------------------------- setups

def limit_text(lim):
    """A search's limit dict ({"depth": 3, "nodes": 0, "movetime": 0}) as "depth=3"."""
    parts = ["%s=%s" % (k, lim[k]) for k in sorted(lim) if lim.get(k)]
    return " ".join(parts) or "none"


def engine_setups(run):
    """{name: {"limits": text, "variant": ..., "options": ...}} from run.json and the searches."""
    out = {}
    for e in run.meta.get("engines") or []:
        tc = ""
        if e.get("tc_base_ms"):
            tc = " tc=%s%s+%s" % ("%d/" % e["tc_moves"] if e.get("tc_moves") else "", e["tc_base_ms"] / 1000,
                                  (e.get("tc_inc_ms") or 0) / 1000)
        out[e.get("name")] = {"limits": {(e.get("limit") or "none") + tc}, "variant": e.get("variant"),
                              "options": json_text(e.get("options") or {}), "args": " ".join(e.get("args") or [])}
    for r in run.searches + run.playouts:
        if isinstance(r.get("limit"), dict):
            out.setdefault(r.get("engine"), {"limits": set(), "variant": r.get("variant"), "options": None,
                                             "args": None})
            out[r.get("engine")].setdefault("searched", set()).add(limit_text(r["limit"]))
    return out


def json_text(v):
    import json
    return json.dumps(v, sort_keys=True)


def positions_of(run):
    """What the run was played from: {(position id, fen)} of its searches or playouts, or for a
    match/tournament its --openings words and {(opening id, start fen)} of its games."""
    if run.kind in ("match", "tournament"):
        argv = run.meta.get("argv") or []
        words = []
        if "--openings" in argv:
            for w in argv[argv.index("--openings") + 1:]:
                if w.startswith("-"):
                    break
                words.append(w)
        return " ".join(words) or "start position", {(g.get("opening"), g.get("fen")) for g in run.games}
    return None, {(r.get("position"), r.get("fen")) for r in run.searches + run.playouts}


def setup_differences(base, new):
    """Lines naming what differs between the two runs' setups ([] when nothing does)."""
    out = []
    eb, en = engine_setups(base), engine_setups(new)
    if set(eb) != set(en):
        out.append("engines: %s -> %s" % (", ".join(sorted(map(str, eb))), ", ".join(sorted(map(str, en)))))
    for name in [e for e in eb if e in en]:
        x, y = eb[name], en[name]
        lx = sorted(x["limits"] | x.get("searched", set()))
        ly = sorted(y["limits"] | y.get("searched", set()))
        if lx != ly:
            out.append("limits: %s %s -> %s" % (name, " / ".join(lx), " / ".join(ly)))
        for key in ("variant", "options", "args"):
            if x.get(key) is not None and y.get(key) is not None and x[key] != y[key]:
                out.append("engines: %s %s %s -> %s" % (name, key, x[key] or "none", y[key] or "none"))
    wb, pb = positions_of(base)
    wn, pn = positions_of(new)
    if wb != wn:
        out.append("positions: openings %s -> %s" % (wb, wn))
    elif base.kind in ("match", "tournament"):
        # the same book: positions differ only when a game started elsewhere than the other run's
        fb, fn = {p[0]: p[1] for p in pb}, {p[0]: p[1] for p in pn}
        moved = [k for k in fb if k in fn and fb[k] != fn[k]]
        if moved:
            out.append("positions: %d openings start from another position (%s)" % (len(moved), moved[0]))
    elif pb != pn:
        ib, inn = {p[0] for p in pb}, {p[0] for p in pn}
        if ib != inn:
            out.append("positions: %d only in base, %d only in new (of %d and %d)" % (
                len(ib - inn), len(inn - ib), len(ib), len(inn)))
        else:
            out.append("positions: the same ids with other FENs (%d)" % len(pb - pn))
    return out


# ---------------------------------------------------------------- suites

def is_deterministic(run):
    """True when every search of the run was limited by depth or nodes only (no movetime, no clock)."""
    limits = [r.get("limit") or {} for r in run.searches]
    return bool(limits) and all((lim.get("depth") or lim.get("nodes")) and not lim.get("movetime")
                                for lim in limits)


def by_engine_position(run):
    """{engine: {position: [rows]}} of the run's searches."""
    out = {}
    for r in run.searches:
        out.setdefault(r.get("engine"), {}).setdefault(r.get("position") or r.get("fen"), []).append(r)
    return out


def compare_nodes(base, new, findings, judged=True):
    """Lists the (engine, position) node counts that differ; sets findings.functional when judged."""
    if not (is_deterministic(base) and is_deterministic(new)):
        print("node counts: not compared (a search was limited by time, so counts vary between runs)")
        return
    b, n = by_engine_position(base), by_engine_position(new)
    rows, compared = [], 0
    for engine in [e for e in b if e in n]:
        for pos in [p for p in b[engine] if p in n[engine]]:
            x, y = b[engine][pos][0], n[engine][pos][0]
            if report._is_ok(x) != report._is_ok(y):
                rows.append([engine, pos, x.get("status"), y.get("status"), "status", ""])
                continue
            if not report._is_ok(x):
                continue
            compared += 1
            if x.get("nodes") != y.get("nodes") or x.get("bestmove") != y.get("bestmove") \
                    or x.get("score") != y.get("score"):
                ratio = "%+.1f%%" % (100 * (y["nodes"] / x["nodes"] - 1)) if x.get("nodes") else "n/a"
                moved = "" if x.get("bestmove") == y.get("bestmove") else "%s -> %s" % (x.get("bestmove"),
                                                                                       y.get("bestmove"))
                rows.append([engine, pos, x.get("nodes"), y.get("nodes"), ratio, moved])
    if rows and not judged:
        print("node counts: differ in %d of %d searches (not judged: the setups differ)" % (len(rows), compared))
        print_table(["engine", "position", "base", "new", "change", "best move"], rows)
    elif rows:
        findings.functional = True
        print("node counts: FUNCTIONAL CHANGE in %d of %d searches" % (len(rows), compared))
        print_table(["engine", "position", "base", "new", "change", "best move"], rows)
    else:
        print("node counts: identical in all %d searches compared" % compared)
    only = sorted(set(b) ^ set(n))
    if only:
        print("engines in one run only: %s" % ", ".join(str(e) for e in only))


def nps_noise(base_rows, new_rows, min_time_ms):
    """(geometric mean ratio, low, high, n) of per-position NPS ratios new/base, low/high the 95%
    interval; (None, None, None, n) with fewer than 3 usable positions."""
    logs = []
    for pos in [p for p in base_rows if p in new_rows]:
        xs = [r for r in base_rows[pos] if report._is_ok(r)]
        ys = [r for r in new_rows[pos] if report._is_ok(r)]
        tx, ty = sum(map(report._time_ms, xs)), sum(map(report._time_ms, ys))
        nx, ny = sum(r.get("nodes") or 0 for r in xs), sum(r.get("nodes") or 0 for r in ys)
        # the mean time per search must reach the threshold (not the sum over repeats)
        if xs and ys and nx > 0 and ny > 0 and tx / len(xs) >= min_time_ms and ty / len(ys) >= min_time_ms:
            logs.append(math.log((ny / ty) / (nx / tx)))
    n = len(logs)
    if n < 3:
        return None, None, None, n
    mean = sum(logs) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in logs) / (n - 1))
    half = t975(n - 1) * sd / math.sqrt(n)
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half), n


def compare_suite(base, new, args, findings, judged=True):
    compare_nodes(base, new, findings, judged)
    sb = {e["name"]: e for e in report.suite_summary(base).get("engines") or []}
    sn = {e["name"]: e for e in report.suite_summary(new).get("engines") or []}
    b, n = by_engine_position(base), by_engine_position(new)
    rows = []
    for name in [e for e in sb if e in sn]:
        x, y = sb[name], sn[name]
        verdict = []
        ratio = y["nps"] / x["nps"] if x.get("nps") and y.get("nps") is not None else None
        gm, lo, hi, count = nps_noise(b.get(name, {}), n.get(name, {}), args.min_time_ms)
        too_short = (x.get("time_ms") or 0) < args.min_total_ms or (y.get("time_ms") or 0) < args.min_total_ms
        unsearched = (x.get("unsearched") or 0) + (y.get("unsearched") or 0)
        judge = judged and not unsearched
        if not judged:
            verdict.append("not judged")
        elif unsearched:
            verdict.append("not judged: %d unsearched (a run was stopped)" % unsearched)
        elif ratio is None or too_short:
            verdict.append("too short")
        elif ratio < 1 - args.nps_tolerance and (hi is None or hi < 1):
            verdict.append("NPS REGRESSION")
        solved_drop = (x.get("solved") or 0) - (y.get("solved") or 0)
        if judge and solved_drop > args.solved_tolerance:
            verdict.append("SOLVED DROP")
        if judge and (y.get("failed") or 0) > (x.get("failed") or 0):
            verdict.append("MORE FAILURES")
        if any(v in ("NPS REGRESSION", "SOLVED DROP", "MORE FAILURES") for v in verdict):
            findings.regression = True
        noise = "n/a (%d positions)" % count if gm is None else "%.3f [%.3f, %.3f] (%d positions)" % (
            gm, lo, hi, count)
        solved = "-" if not x.get("to_solve") and not y.get("to_solve") else "%s/%s -> %s/%s" % (
            x.get("solved"), x.get("to_solve"), y.get("solved"), y.get("to_solve"))
        rows.append([name, report.fmt(x.get("nps")), report.fmt(y.get("nps")), report.fmt(ratio, "{:.3f}"), noise,
                     solved, "%s -> %s" % (x.get("failed"), y.get("failed")), ", ".join(verdict) or "ok"])
    print_table(["engine", "NPS base", "NPS new", "ratio", "per-position ratio [95%]", "solved", "failed",
                 "verdict"], rows)


def compare_playouts(base, new, args, findings, judged=True):
    sb = {e["name"]: e for e in report.suite_summary(base).get("engines") or []}
    sn = {e["name"]: e for e in report.suite_summary(new).get("engines") or []}
    rows = []
    for name in [e for e in sb if e in sn]:
        x, y = sb[name], sn[name]
        unplayed = (x.get("unplayed") or 0) + (y.get("unplayed") or 0)
        worse = (x.get("passed") or 0) - (y.get("passed") or 0) > args.solved_tolerance \
            or (y.get("failed") or 0) > (x.get("failed") or 0)
        worse = worse and judged and not unplayed
        findings.regression |= worse
        verdict = "PASSED DROP" if worse else "not judged" if not judged else \
            "not judged: %d unplayed (a run was stopped)" % unplayed if unplayed else "ok"
        rows.append([name, "%s/%s -> %s/%s" % (x.get("passed"), x.get("playouts"), y.get("passed"),
                                               y.get("playouts")),
                     "%s -> %s" % (x.get("failed"), y.get("failed")), verdict])
    print_table(["engine", "passed", "failed", "verdict"], rows)


# ---------------------------------------------------------------- matches

def compare_match(base, new):
    pb = {(p["engine"], p["opponent"]): p for p in report.match_summary(base).get("pairings") or []}
    pn = {(p["engine"], p["opponent"]): p for p in report.match_summary(new).get("pairings") or []}
    rows = []
    for key in [k for k in pb if k in pn]:
        x, y = pb[key], pn[key]
        overlap = "n/a"
        if None not in (x.get("elo"), x.get("elo_error"), y.get("elo"), y.get("elo_error")):
            overlap = "yes" if abs(x["elo"] - y["elo"]) <= x["elo_error"] + y["elo_error"] else "NO"
        rows.append(["%s vs %s" % key, "%s -> %s" % (x.get("games"), y.get("games")),
                     "%s-%s-%s -> %s-%s-%s" % (x.get("wins"), x.get("draws"), x.get("losses"), y.get("wins"),
                                               y.get("draws"), y.get("losses")),
                     report.fmt_elo(x.get("elo"), x.get("elo_error")), report.fmt_elo(y.get("elo"), y.get("elo_error")),
                     overlap, "%s -> %s" % (x.get("verdict") or "-", y.get("verdict") or "-")])
    print_table(["pairing", "games", "W-D-L", "Elo base", "Elo new", "intervals overlap", "SPRT"], rows)
    only = sorted(set(pb) ^ set(pn))
    if only:
        print("pairings in one run only: %s" % ", ".join("%s vs %s" % k for k in only))


# ---------------------------------------------------------------- main

def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="Compare two qibench runs (or two folders of runs, matched by subfolder name): node "
                    "counts per engine and position (a functional change), NPS with its noise, solved "
                    "counts, Elo.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="exit status:\n"
               "  0  no functional change and no significant regression\n"
               "  1  functional change (a node count differs), no significant regression\n"
               "  2  usage error (bad arguments, no runs, nothing to compare)\n"
               "  3  significant regression: NPS (ratio < 1 - tolerance and its 95% interval below 1),\n"
               "     solved or passed count drop beyond --solved-tolerance, or more failed searches\n"
               "     (node-count changes are printed too)\n"
               "  4  not comparable: the runs' setups (limits, engines or positions) differ, so nothing\n"
               "     was judged (without --force; no other pair of runs gave 1 or 3)")
    ap.add_argument("base", metavar="BASE_DIR")
    ap.add_argument("new", metavar="NEW_DIR")
    ap.add_argument("--nps-tolerance", type=float, default=0.10, metavar="F",
                    help="NPS ratio below 1 - F can be a regression (default 0.10)")
    ap.add_argument("--min-time-ms", type=float, default=10, metavar="MS",
                    help="positions searched faster than this in either run are left out of the noise "
                         "estimate (default 10)")
    ap.add_argument("--min-total-ms", type=float, default=200, metavar="MS",
                    help="engines with less total search time in either run are not judged on NPS "
                         "(default 200)")
    ap.add_argument("--force", action="store_true",
                    help="judge node counts, NPS, solved and passed counts even when the runs' setups "
                         "(limits, engines, positions) differ")
    ap.add_argument("--solved-tolerance", type=int, default=0, metavar="N",
                    help="solved (or passed) count may drop by N without a regression (default 0)")
    args = ap.parse_args(argv)
    if not 0 <= args.nps_tolerance < 1:
        ap.error("--nps-tolerance must be in [0, 1)")
    for d in (args.base, args.new):
        if not os.path.isdir(d):
            ap.error("%s: not a folder" % d)
    return ap, args


def main(argv=None):
    ap, args = parse_args(argv)
    try:
        pairs, only = pair_runs(args.base, args.new)
    except ValueError as e:
        ap.error(str(e))
    if not pairs:
        ap.error("no run of the same name in both folders")
    findings = Findings()
    for name, base, new in pairs:
        print("== %s: %s (%s) against %s" % (name, new.path, new.kind, base.path))
        if base.kind != new.kind:
            print("not compared: %s against %s" % (base.kind, new.kind))
            continue
        differences = setup_differences(base, new)
        for line in differences:
            print("setup differs: %s" % line)
        judged = args.force or not differences
        if differences:
            print("nothing judged: the setups differ (--force judges anyway)" if not args.force
                  else "judged anyway (--force)")
            findings.not_comparable |= not args.force
        if base.kind in ("match", "tournament"):
            compare_match(base, new)
        elif base.kind == "playouts":
            compare_playouts(base, new, args, findings, judged)
        else:
            compare_suite(base, new, args, findings, judged)
        print()
    if only:
        print("runs in one folder only: %s" % ", ".join(only))
    status = findings.status()
    print("result: %s%s%s (exit %d)" % (
        "functional change" if findings.functional else "no functional change",
        ", significant regression" if findings.regression else ", no significant regression",
        ", setups differ: not judged" if findings.not_comparable else "", status))
    return status


if __name__ == "__main__":
    sys.exit(main())
