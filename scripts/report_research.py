"""report_research.py - the research sections of a report (scripts/report.py):
for matches and tournaments the rating list with its intervals (table and
chart), the crosstable, the W/D/L matrix, the LOS matrix (table and heatmap),
each engine's search statistics per game phase, the knockout bracket or the
Swiss rounds and standings, and the per-ECCO breakdown ("ecco"); for suites
the per-depth statistics ("by_depth": time to depth, branching factor, nodes
against the baseline, agreement per depth).

Everything comes from summary.json ("ratings": what `qibench ratings --json`
prints; "search": harness/stats/searchstats.c); a run whose summary.json has neither
(written before they existed, or no summary.json at all) gets a line saying
so and how to compute them. Python 3 standard library only.
"""

PHASES = (("all", "all"), ("opening", "opening"), ("middlegame", "middle game"), ("endgame", "endgame"))


def _fmt(value, spec):
    return "n/a" if value is None else spec.format(value)


def ratings_table_blocks(summary):
    """The rating list of summary's "ratings" (heading, note, table), to sit beside the standings."""
    r = summary.get("ratings")
    if not r:
        return [("h3", "Ratings"),
                ("p", "No maximum-likelihood ratings in summary.json (an older qibench wrote it, or they do "
                      "not exist: an engine scored no point); qibench ratings RUN_DIR computes them or says why.")]
    engines = r.get("engines") or []
    return [("h3", "Ratings"),
            ("p", "Maximum-likelihood Elo over all games (%s; anchor: %s = 0; 95%% intervals: %s)." % (
                r.get("model"), r.get("anchor") or "the average", r.get("interval"))),
            ("table", ["rank", "engine", "games", "score", "Elo", "95% interval"],
             [[str(i + 1), e["name"], str(e["games"]), _fmt(100 * e["score"], "{:.1f}%"),
               _fmt(e["elo"], "{:+.1f}"), "[%s, %s]" % (_fmt(e["elo_low"], "{:+.1f}"), _fmt(e["elo_high"], "{:+.1f}"))]
              for i, e in enumerate(engines)])]


def ratings_blocks(summary, charts):
    """Blocks for the "ratings" of summary but the list (ratings_table_blocks): the chart, the
    crosstable, W/D/L and LOS (charts: the module with interval_chart and heatmap)."""
    r = summary.get("ratings")
    if not r:
        return []
    engines = r.get("engines") or []
    names = [e["name"] for e in engines]
    blocks = [("svg", charts.interval_chart(
        "ratings", "Maximum-likelihood Elo with 95% interval",
        [(e["name"], e["elo"], None if e["elo_high"] is None else e["elo_high"] - e["elo"]) for e in engines],
        "Elo (logistic; 0 = %s)" % (r.get("anchor") or "the average")))]
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


def format_blocks(summary, first_side="Red"):
    """The knockout bracket or the Swiss rounds and standings of summary (none for other formats);
    first_side: the game's name of the first player's side."""
    if summary.get("knockout"):
        k = summary["knockout"]
        blocks = [("h3", "Knockout bracket"),
                  ("p", "%d game pair(s) an encounter, up to %d tie-break pair(s), then the higher seed; %s." % (
                      k["pairs_per_encounter"], k["tiebreak_pairs"],
                      "winner %s" % k["winner"] if k.get("winner") else "not finished"))]
        rows = []
        for rnd in k["rounds"]:
            for e in rnd["encounters"]:
                rows.append([str(rnd["round"]), e["a"], e["b"] or "(bye)",
                             "-" if e["b"] is None else "%g - %g" % (e["score_a"], e["score_b"]), str(e["pairs"]),
                             e.get("winner") or "-", e.get("decided_by") or "-"])
        blocks.append(("table", ["round", "engine", "opponent", "score", "pairs", "goes through", "by"], rows))
        blocks.append(("table", ["place", "engine", "out in round"],
                       [[str(p["place"]), p["name"], "-" if p["out_in_round"] is None else str(p["out_in_round"])]
                        for p in k["standings"]]))
        return blocks
    if summary.get("swiss"):
        w = summary["swiss"]
        blocks = [("h3", "Swiss standings"),
                  ("p", "%d of %d rounds, %d game pair(s) an encounter; points are game points (a bye counts as the "
                        "encounter won), Buchholz the sum of the points of the engines met." % (
                            len(w["rounds"]), w["rounds_planned"], w["pairs_per_encounter"])),
                  ("table", ["rank", "engine", "points", "Buchholz", "bye"],
                   [[str(e["rank"]), e["name"], "%g" % e["points"], "%g" % e["buchholz"], "yes" if e["bye"] else ""]
                    for e in w["standings"]])]
        rows = []
        for rnd in w["rounds"]:
            for e in rnd["encounters"]:
                rows.append([str(rnd["round"]), e["a"], e["b"], "%g - %g" % (e["score_a"], e["score_b"])])
            if rnd.get("bye"):
                rows.append([str(rnd["round"]), rnd["bye"], "(bye)", "-"])
        blocks += [("p", "Rounds (the first engine plays %s, the first player, in the first game of each pair)."
                         % first_side),
                   ("table", ["round", "engine", "opponent", "score"], rows)]
        return blocks
    return []


# Headings in words for summary.json's "ecco" keys ({first}: the pairing's first engine).
ECCO_HEADINGS = {"games": "games", "points_first": "{first}'s points", "score_first": "{first}'s score",
                 "points": "points", "score": "score", "wins": "wins", "draws": "draws", "losses": "losses"}


def ecco_heading(key, first):
    """The column heading of an "ecco" key: in words, never the raw key."""
    return ECCO_HEADINGS.get(key, key.replace("_first", " (first engine)").replace("_", " ")).format(
        first=first or "the first engine")


def ecco_blocks(summary):
    """The per-ECCO breakdown: one row per opening code, one column per key it has (skipped if absent),
    headed in words; scores as percentages."""
    ecco = summary.get("ecco")
    if not ecco:
        return []
    keys = []
    for v in ecco.values():
        for k in (v if isinstance(v, dict) else {}):
            if k not in keys:
                keys.append(k)
    pairings = summary.get("pairings") or []
    first = pairings[0].get("engine") if pairings else None

    def cell(k, v):
        if isinstance(v, float) and k.startswith("score"):
            return "%.1f%%" % (100 * v)
        if isinstance(v, float):
            return "%g" % v
        if isinstance(v, (dict, list)):
            return ", ".join("%s %s" % kv for kv in v.items()) if isinstance(v, dict) else " ".join(map(str, v))
        return "-" if v is None else str(v)

    return [("h3", "By ECCO opening code"),
            ("p", "Per ECCO code of the openings played (its letter, A to E): the games%s." % (
                "" if not first else ", %s's points and score in them (from its side, both colours)" % first)),
            ("table", ["ECCO code"] + [ecco_heading(k, first) for k in keys],
             [[code] + [cell(k, (ecco[code] or {}).get(k)) for k in keys] for code in sorted(ecco)])]


def depth_blocks(by_depth):
    """The suite's per-depth statistics (summary.json "by_depth", harness/suite/depth.c)."""
    def spread(s, spec):
        if not s:
            return "-"
        return "%s [%s, %s]" % (spec.format(s["median"]), spec.format(s["q1"]), spec.format(s["q3"]))

    base = by_depth.get("baseline")
    rows = [[r["engine"], str(r["depth"]), str(r["positions"]), spread(r["time_ms"], "{:.0f}"),
             spread(r["nodes"], "{:.0f}"), spread(r["bf"], "{:.2f}"), spread(r["vs_baseline"], "{:.3f}"),
             "-" if r["same_move"] is None else "%.0f%%" % (100 * r["same_move"])] for r in by_depth["rows"]]
    return [("h3", "Per depth"),
            ("p", "Median [first quartile, third quartile] over the positions: time to the end of iteration d (ms, "
                  "the engine's clock), nodes to depth d, the branching factor N(d)/N(d-1), the nodes to depth d "
                  "over %s's on the same position, and how often iteration d's move is %s's at depth d." % (
                      base or "the baseline (qibench suite --baseline NAME)", by_depth.get("reference"))),
            ("table", ["engine", "depth", "positions", "time (ms)", "nodes", "BF", "nodes / %s" % (base or "baseline"),
                       "same move"], rows)]
