"""report_research.py - the research sections of a match or tournament report
(scripts/report.py): the rating list with its intervals (table and chart),
the crosstable, the W/D/L matrix, the LOS matrix (table and heatmap) and each
engine's search statistics per game phase.

Everything comes from summary.json ("ratings": what `qibench ratings --json`
prints; "search": harness/searchstats.c); a run whose summary.json has neither
(written before they existed, or no summary.json at all) gets a line saying
so and how to compute them. Python 3 standard library only.
"""

PHASES = (("all", "all"), ("opening", "opening"), ("middlegame", "middle game"), ("endgame", "endgame"))


def _fmt(value, spec):
    return "n/a" if value is None else spec.format(value)


def ratings_blocks(summary, charts):
    """Blocks for the "ratings" of summary (charts: the module with interval_chart and heatmap)."""
    r = summary.get("ratings")
    if not r:
        return [("h3", "Ratings"),
                ("p", "No maximum-likelihood ratings in summary.json (an older qibench wrote it, or they do "
                      "not exist: an engine scored no point); qibench ratings RUN_DIR computes them or says why.")]
    engines = r.get("engines") or []
    names = [e["name"] for e in engines]
    blocks = [("h3", "Ratings"),
              ("p", "Maximum-likelihood Elo over all games (%s; anchor: %s = 0; 95%% intervals: %s)." % (
                  r.get("model"), r.get("anchor") or "the average", r.get("interval")))]
    blocks.append(("table", ["rank", "engine", "games", "score", "Elo", "95% interval"],
                   [[str(i + 1), e["name"], str(e["games"]), _fmt(100 * e["score"], "{:.1f}%"),
                     _fmt(e["elo"], "{:+.1f}"), "[%s, %s]" % (_fmt(e["elo_low"], "{:+.1f}"),
                                                              _fmt(e["elo_high"], "{:+.1f}"))]
                    for i, e in enumerate(engines)]))
    blocks.append(("svg", charts.interval_chart(
        "ratings", "Maximum-likelihood Elo with 95% interval",
        [(e["name"], e["elo"], None if e["elo_high"] is None else e["elo_high"] - e["elo"]) for e in engines],
        "Elo")))
    cross = r.get("crosstable") or {}

    def cell(a, b, what):
        c = cross.get(a, {}).get(b)
        if a == b or not c:
            return "-"
        if what == "score":
            return "%g/%d" % (c["score"] * c["games"], c["games"])
        return "+%d=%d-%d" % (c["wins"], c["draws"], c["losses"])

    blocks.append(("p", "Crosstable: the row engine's points / games against the column engine."))
    blocks.append(("table", ["crosstable"] + names, [[a] + [cell(a, b, "score") for b in names] for a in names]))
    blocks.append(("p", "W/D/L: the row engine's wins, draws and losses against the column engine."))
    blocks.append(("table", ["W/D/L"] + names, [[a] + [cell(a, b, "wdl") for b in names] for a in names]))
    los = r.get("los") or {}
    matrix = [[None if a == b else los.get(a, {}).get(b) for b in names] for a in names]
    blocks.append(("p", "LOS: the likelihood that the row engine is stronger than the column engine."))
    blocks.append(("table", ["LOS"] + names, [[a] + ["-" if v is None else "%.1f%%" % (100 * v) for v in row]
                                              for a, row in zip(names, matrix)]))
    if len(names) > 1:
        blocks.append(("svg", charts.heatmap("los", "Likelihood of superiority (row over column)", names, matrix)))
    return blocks


def search_blocks(summary):
    """Blocks for the "search" statistics of summary."""
    s = summary.get("search")
    if not s:
        return [("h3", "Search statistics"),
                ("p", "No search statistics in summary.json (an older qibench wrote it).")]
    ph = s.get("phases") or {}
    bounds = ", ".join("%s %d-%s" % (label, ph[key][0], "" if ph[key][1] is None else ph[key][1])
                       for key, label in PHASES[1:] if key in ph)
    rows = []
    for e in s.get("engines") or []:
        for key, label in PHASES:
            p = e.get(key) or {}
            if key != "all" and not p.get("moves"):
                continue
            rows.append([e["name"] if key == "all" else "", label, str(p.get("moves", 0)),
                         _fmt(p.get("depth_mean"), "{:.2f}"), _fmt(p.get("depth_median"), "{:g}"),
                         _fmt(p.get("seldepth_mean"), "{:.2f}"), _fmt(p.get("seldepth_median"), "{:g}"),
                         _fmt(p.get("nodes_per_move"), "{:.0f}"), _fmt(p.get("nps"), "{:.0f}"),
                         _fmt(p.get("time_used_ratio"), "{:.3f}"), str(p.get("moves_at_limit", 0))])
    blocks = [("h3", "Search statistics"),
              ("p", "Per engine over its own moves, and per phase by ply (%s). Time by the harness clock; "
                    "used / allotted over the moves with an allotted time (movetime, or the clock left)." % bounds),
              ("table", ["engine", "phase", "moves", "depth", "median", "seldepth", "median", "nodes/move", "NPS",
                         "used/allotted", "at limit"], rows)]
    blocks.append(("table", ["engine", "games", "time forfeits", "games lost by"],
                   [[e["name"], str(e["games"]), str(e["time_forfeits"]),
                     ", ".join("%s %d" % kv for kv in sorted(e["terminations_suffered"].items(),
                                                             key=lambda kv: (-kv[1], kv[0]))) or "-"]
                    for e in s.get("engines") or []]))
    return blocks
