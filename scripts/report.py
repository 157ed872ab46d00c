#!/usr/bin/env python3
"""Write report.md and a self-contained report.html for qibench results.

Usage
    python3 scripts/report.py [-o OUTDIR] [--title TEXT] RESULTS_DIR

RESULTS_DIR is one run folder (it holds run.json) or a folder of runs (every
folder below it that holds run.json, e.g. results/<date-time>/ with suite/,
playouts/ and match/ written by `make run`). The reports go to OUTDIR
(default RESULTS_DIR). Python 3 standard library only; nothing is fetched.

What each run contributes
    suite      a table per engine (searched, failed, unsearched, solved, nodes, time, NPS,
               EBF, agreement with the reference); nodes against depth as small
               multiples, one chart per engine on shared axes (log scale; from the
               "iterations" of searches.jsonl: the geometric mean over positions of
               the nodes reported at each depth; the other engines in grey behind;
               a variant searched at one depth only shows one point); the
               branching factor per iteration N(d)/N(d-1) (N(d): the nodes of
               iteration d alone; median over positions; small multiples and a
               table); summary.json's "by_depth" (time to depth, nodes against the
               --baseline engine, agreement per depth) as a table; NPS per engine;
               the agreement matrix (same best move, same score).
    playouts   passed / not reached / engine failed / unplayed per engine (table and bar chart).
    match,     per pairing W/D/L, score, Elo with its 95% interval (chart),
    tournament LOS, nElo, pentanomial counts, SPRT line; the LLR against games
               with its two bounds (chart, when the run used --sprt); the
               standings with the maximum-likelihood ratings beside them; the
               knockout bracket or the Swiss rounds and standings; games per
               termination reason (chart); from summary.json
               (scripts/report_research.py) the rating chart with intervals, the
               crosstable, W/D/L and LOS matrices (LOS also as a heatmap), each
               engine's search statistics per game phase and the games it lost by
               each ending, and the per-ECCO breakdown when summary.json has
               "ecco" (headed in words); from games.jsonl, for any game (the sides
               by the game's own names, Red/Black, White/Black, ...): a link to the
               run's games.pgn (and games.sgf), the Elo of each pairing with its 95%
               interval after each game in games.jsonl order (chart), each engine's
               score as the first and as the second player, the game lengths in
               plies (quartiles and a histogram) and the results per opening; one
               sentence says why the standings' Elo and the ratings' Elo differ.
               A tournament leads with its standings, a match with its
               pairing. The page is at most 1,160 px wide; charts shrink to the
               page's width, tables sit in boxes that scroll sideways when wider.
               Charts (scripts/report_charts.py) use the Okabe-Ito colours that show
               on white (contrast 3:1 or more: no yellow, orange or sky blue), each
               series also with its own marker and dash, are wide enough for their
               titles and labels, and label their axes with units.

Where the numbers come from
    summary.json, written by qibench, when the run folder has one; otherwise
    they are computed here from searches.jsonl / playouts.jsonl / games.jsonl
    with the definitions qibench uses (harness/suite/suite.c, harness/stats/stats.c):
    EBF (the summary table's) = exp(mean over searches of ln(nodes) / depth); NPS = total nodes /
    total time (the engine's time_ms, else the harness's wall_ms); Elo and its
    interval from the pentanomial pair scores as fastchess does: score mu,
    interval mu +- 1.959964 sigma / sqrt(pairs) mapped through
    -400 log10(1/s - 1) (W/D/L per game when no pair is complete); LOS =
    Phi((mu - 1/2) / se); the GSPRT log-likelihood ratio as fishtest's
    LLRcalc.py (zero cells count 1e-3, maximum-likelihood distributions found
    with the secular equation of Van den Bergh; `model=normalized` bounds are
    normalized Elo, `model=logistic` plain Elo), with the SPRT settings read from
    run.json's argv. scripts/stats_reference.py is an independent implementation
    of the same formulas; tests/python/test_report.py checks the two agree.

Output
    report.md: the tables (Markdown); report.html: the same tables and the
    charts as inline SVG (no script, no external file or URL; the only link is
    to each run's games.pgn / games.sgf, relative to OUTDIR). Exit status 0,
    2 on a usage error (no run found), 1 when a file cannot be read or written.
"""

import argparse
import json
import math
import os
import sys
from statistics import NormalDist, median, quantiles

import report_charts  # noqa: F401 (the palette, for the tests)
import report_research
from report_charts import (_esc, bar_chart, fmt, fmt_elo, fmt_pct, heatmap, interval_chart,  # noqa: F401
                           line_chart, small_multiples)

Z95 = NormalDist().inv_cdf(0.975)
NELO_PER_T = 800 / math.log(10)
REGULARIZE = 1e-3  # fishtest: a zero cell counts as this many results
RESULT_POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


# ---------------------------------------------------------------- loading

def read_json(path):
    """The object in a JSON file, or None when the file does not exist."""
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def read_jsonl(path):
    """The objects of a JSON Lines file ([] when it does not exist); a torn last line is skipped."""
    if not os.path.exists(path):
        return []
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # an interrupted run may leave half a line at the end
    return rows


# The fields of a games.jsonl line that are not a side's engine (docs/results.md).
GAME_FIELDS = {"round", "pair", "game", "date", "opening", "ecco", "fen", "result", "reason", "detail", "plies",
               "moves", "check", "first", "second"}
# Side names by run.json's "game", for a run without a readable game.
GAME_SIDES = {"xiangqi": ("red", "black"), "amazons": ("white", "black")}


def side_keys(game, engines=()):
    """The two keys of a games.jsonl line that name its engines, the first player's first:
    games.jsonl names the sides by the game's own names, lower case ("red" and "black" in
    Xiangqi, "white" and "black" in the Amazons; files written before that say "red" and
    "black" for every game). The keys are the line's own, in its order: those whose value is one
    of the run's engines (engines), else the first two that are not a game field."""
    keys = [k for k, v in game.items() if k not in GAME_FIELDS and isinstance(v, str)]
    named = [k for k in keys if game[k] in engines]
    keys = named if len(named) == 2 else keys
    return tuple(keys[:2]) if len(keys) >= 2 else None


def with_sides(game, keys):
    """game with its first player's engine under "first" and the second's under "second"."""
    if keys:
        game["first"], game["second"] = game.get(keys[0]), game.get(keys[1])
    return game


class Run:
    """One run folder: run.json, summary.json (or None) and its JSON Lines files."""

    def __init__(self, path, name):
        self.path = path
        self.name = name
        self.meta = read_json(os.path.join(path, "run.json")) or {}
        self.summary = read_json(os.path.join(path, "summary.json"))
        self.searches = read_jsonl(os.path.join(path, "searches.jsonl"))
        self.playouts = read_jsonl(os.path.join(path, "playouts.jsonl"))
        games = read_jsonl(os.path.join(path, "games.jsonl"))
        engines = [e.get("name") for e in self.meta.get("engines") or []]
        keys = next((side_keys(g, engines) for g in games if side_keys(g, engines)), None)
        keys = keys or GAME_SIDES.get(self.meta.get("game") or "xiangqi", ("red", "black"))
        self.side_keys = keys
        self.games = [with_sides(g, side_keys(g, engines) or keys) for g in games]

    @property
    def sides(self):
        """The two sides' names as the game says them, capitalised: ("Red", "Black"), ("White", "Black")."""
        keys = self.side_keys
        if keys == ("red", "black") and self.meta.get("game") in GAME_SIDES:
            keys = GAME_SIDES[self.meta["game"]]  # a file written before the sides had the game's names
        return tuple(k.capitalize() for k in keys)

    @property
    def kind(self):
        """'suite', 'playouts', 'match' or 'tournament'."""
        command = self.meta.get("command") or (self.summary or {}).get("command")
        if command in ("match", "tournament"):
            return command
        if self.playouts or "--playout" in (self.meta.get("argv") or []):
            return "playouts"
        return "suite"

    def engine_names(self):
        """Engine names in run.json order, then any others seen in the results."""
        names = [e.get("name") for e in self.meta.get("engines") or [] if e.get("name")]
        for row in self.searches + self.playouts:
            if row.get("engine") not in names:
                names.append(row.get("engine"))
        for g in self.games:
            for side in ("first", "second"):
                if g.get(side) not in names:
                    names.append(g.get(side))
        return names


def find_runs(root):
    """The runs in root: [Run(root)] if it holds run.json, else every run folder below it, sorted by path."""
    if os.path.exists(os.path.join(root, "run.json")):
        return [Run(root, os.path.basename(os.path.normpath(root)))]
    runs = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        if "run.json" in filenames:
            runs.append(Run(dirpath, os.path.relpath(dirpath, root)))
            dirnames[:] = []  # a run folder holds no other runs
    return runs


# ---------------------------------------------------------------- statistics

def elo_of(score):
    """Logistic Elo of a score, None outside (0, 1)."""
    if score is None or not 0 < score < 1:
        return None
    return -400 * math.log10(1 / score - 1)


def _moments(counts, values):
    n = sum(counts)
    mu = sum(c * v for c, v in zip(counts, values)) / n
    var = sum(c * (v - mu) ** 2 for c, v in zip(counts, values)) / n
    return n, mu, var


def score_stats(counts):
    """Elo, its 95% error, LOS, nElo and its error from L,D,W or LL,LD,WLDD,WD,WW counts (fastchess)."""
    out = {"elo": None, "elo_error": None, "los": None, "nelo": None, "nelo_error": None}
    if not counts or sum(counts) == 0:
        return out
    values = [i / (len(counts) - 1) for i in range(len(counts))]
    n, mu, var = _moments(counts, values)
    var_game = 2 * var if len(counts) == 5 else var  # a pair score is the mean of two games
    se = math.sqrt(var / n)
    out["elo"] = None if elo_of(mu) is None else elo_of(mu) + 0.0  # no -0.0
    lo, hi = elo_of(mu - Z95 * se), elo_of(mu + Z95 * se)
    if out["elo"] is not None and lo is not None and hi is not None:
        out["elo_error"] = (hi - lo) / 2
    if se > 0:
        out["los"] = NormalDist().cdf((mu - 0.5) / se)
    else:  # every result the same
        out["los"] = 1.0 if mu > 0.5 else 0.0 if mu < 0.5 else 0.5
    if var_game > 0:
        out["nelo"] = (mu - 0.5) / math.sqrt(var_game) * NELO_PER_T
        out["nelo_error"] = Z95 * se / math.sqrt(var_game) * NELO_PER_T
    return out


def _secular(a, p):
    """The root x of sum p_i a_i / (1 + x a_i) = 0 with every 1 + x a_i > 0 (bisection)."""
    lo, hi = -1 / max(a), -1 / min(a)
    f = lambda x: sum(pi * ai / (1 + x * ai) for pi, ai in zip(p, a))  # noqa: E731 (decreasing in x)
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _mle_mean(p, values, s):
    """fishtest MLE_expected: the most likely distribution with mean s."""
    a = [v - s for v in values]
    x = _secular(a, p)
    return [pi / (1 + x * ai) for pi, ai in zip(p, a)]


def _mle_t(p, values, t):
    """fishtest MLE_tvalue: the most likely distribution with (mu - 1/2) / sigma = t."""
    q = [1 / len(p)] * len(p)
    for _ in range(100):
        _, mu, var = _moments(q, values)
        sigma = math.sqrt(var)
        a = [v - 0.5 - t * sigma * (1 + ((mu - v) / sigma) ** 2) / 2 for v in values]
        x = _secular(a, p)
        nq = [pi / (1 + x * ai) for pi, ai in zip(p, a)]
        done = max(abs(u - w) for u, w in zip(q, nq)) < 1e-12
        q = nq
        if done:
            break
    return q


def gsprt_llr(counts, elo0, elo1, model="normalized"):
    """fishtest's GSPRT log-likelihood ratio of elo1 against elo0 for L,D,W or pentanomial counts."""
    if not counts or sum(counts) == 0:
        return 0.0
    reg = [c if c > 0 else REGULARIZE for c in counts]
    n = sum(reg)
    p = [c / n for c in reg]
    values = [i / (len(p) - 1) for i in range(len(p))]
    if model == "logistic":
        q0, q1 = (_mle_mean(p, values, 1 / (1 + 10 ** (-e / 400))) for e in (elo0, elo1))
    else:
        scale = math.sqrt(2) if len(p) == 5 else 1.0
        q0, q1 = (_mle_t(p, values, e / NELO_PER_T * scale) for e in (elo0, elo1))
    return n * sum(pi * math.log(b / a) for pi, a, b in zip(p, q0, q1))


def sprt_bounds(alpha, beta):
    """(lower, upper): ln(beta / (1 - alpha)), ln((1 - beta) / alpha)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_from_argv(argv):
    """The --sprt settings of a match command line as a summary.json "sprt" object, or None."""
    argv = list(argv or [])
    if "--sprt" not in argv:
        return None
    sprt = {"elo0": None, "elo1": None, "alpha": 0.05, "beta": 0.05, "model": "normalized"}
    for token in argv[argv.index("--sprt") + 1:]:
        key, eq, value = token.partition("=")
        if not eq or key not in sprt:
            break
        sprt[key] = value if key == "model" else float(value)
    return sprt if sprt["elo0"] is not None and sprt["elo1"] is not None else None


# ---------------------------------------------------------------- suite analysis

def _is_ok(row):
    return row.get("status") == "ok"


def _time_ms(row):
    t = row.get("time_ms") or 0
    return t if t > 0 else (row.get("wall_ms") or 0)


def suite_engines(run):
    """Per engine (run order) the summary.json suite fields, computed from searches.jsonl."""
    names = run.engine_names()
    variants = {e.get("name"): e.get("variant") for e in run.meta.get("engines") or []}
    ref = reference_name(run)
    ref_rows = {r.get("position"): r for r in run.searches if r.get("engine") == ref}
    positions = len({r.get("position") for r in run.searches})
    out = []
    for name in names:
        rows = [r for r in run.searches if r.get("engine") == name]
        if not rows:
            continue
        ok = [r for r in rows if _is_ok(r)]
        nodes = sum(r.get("nodes") or 0 for r in ok)
        t = sum(_time_ms(r) for r in ok)
        logs = [math.log(r["nodes"]) / r["depth"] for r in ok
                if (r.get("depth") or 0) > 0 and (r.get("nodes") or 0) > 1]
        compared = [(r, ref_rows[r.get("position")]) for r in ok
                    if r.get("position") in ref_rows and _is_ok(ref_rows[r.get("position")])]
        out.append({
            "name": name, "variant": variants.get(name, rows[0].get("variant")),
            "searched": len(ok), "failed": len(rows) - len(ok), "unsearched": positions - len(rows),
            "to_solve": sum(r.get("solved") is not None for r in ok),
            "solved": sum(r.get("solved") is True for r in ok),
            "nodes": nodes, "time_ms": t, "nps": 1000 * nodes / t if t > 0 else None,
            "ebf": math.exp(sum(logs) / len(logs)) if logs else None,
            "same_move": (sum(_same_move(a, b) for a, b in compared) / len(compared)) if compared else None,
            "same_score": (sum(_same_score(a, b) for a, b in compared) / len(compared)) if compared else None,
        })
    return out


def reference_name(run):
    """The reference engine: summary.json's, --reference from argv, else the first engine."""
    if run.summary and run.summary.get("reference"):
        return run.summary["reference"]
    argv = run.meta.get("argv") or []
    if "--reference" in argv and argv.index("--reference") + 1 < len(argv):
        return argv[argv.index("--reference") + 1]
    names = run.engine_names()
    return names[0] if names else None


def _same_move(a, b):
    return a.get("bestmove") is not None and a.get("bestmove") == b.get("bestmove")


def _same_score(a, b):
    return a.get("score") is not None and a.get("score") == b.get("score")


def agreement_matrix(run):
    """(names, moves, scores): for each pair of engines the fraction of positions both searched
    where they chose the same best move / gave the same score (None when no position is shared)."""
    names = [n for n in run.engine_names() if any(r.get("engine") == n for r in run.searches)]
    by = {n: {r.get("position"): r for r in run.searches if r.get("engine") == n and _is_ok(r)} for n in names}
    moves = [[None] * len(names) for _ in names]
    scores = [[None] * len(names) for _ in names]
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            shared = [p for p in by[a] if p in by[b]]
            if shared:
                moves[i][j] = sum(_same_move(by[a][p], by[b][p]) for p in shared) / len(shared)
                scores[i][j] = sum(_same_score(by[a][p], by[b][p]) for p in shared) / len(shared)
    return names, moves, scores


def nodes_by_depth(run):
    """{engine: [(depth, geometric mean of the nodes reported at that depth over positions)]}."""
    out = {}
    for name in run.engine_names():
        logs = {}
        for r in run.searches:
            if r.get("engine") != name or not _is_ok(r):
                continue
            for it in r.get("iterations") or []:
                if (it.get("nodes") or 0) > 0 and it.get("depth"):
                    logs.setdefault(it["depth"], []).append(math.log(it["nodes"]))
        if logs:
            out[name] = [(d, math.exp(sum(v) / len(v))) for d, v in sorted(logs.items())]
    return out


def iteration_bf(run):
    """{engine: [(depth, median over positions of N(d)/N(d-1), positions)]}: N(d) the nodes of
    iteration d alone (the cumulative count less the previous iteration's; the first iteration's
    is its own count), over the searches that report iterations d-1 and d one after the other."""
    out = {}
    for name in run.engine_names():
        per = {}
        for r in run.searches:
            if r.get("engine") != name or not _is_ok(r):
                continue
            its = r.get("iterations") or []
            alone = {}
            for i, it in enumerate(its):
                d, n = it.get("depth"), it.get("nodes")
                if not d or n is None:
                    continue
                if i == 0:
                    alone[d] = n
                elif its[i - 1].get("depth") == d - 1 and its[i - 1].get("nodes") is not None:
                    alone[d] = n - its[i - 1]["nodes"]
            for d, n in alone.items():
                if alone.get(d - 1):
                    per.setdefault(d, []).append(n / alone[d - 1])
        if per:
            out[name] = [(d, median(v), len(v)) for d, v in sorted(per.items())]
    return out


def playout_engines(run):
    """Per engine the summary.json playout fields, computed from playouts.jsonl."""
    out = []
    positions = len({r.get("position") for r in run.playouts})
    for name in run.engine_names():
        rows = [r for r in run.playouts if r.get("engine") == name]
        if rows:
            out.append({"name": name, "defender": rows[0].get("defender"), "playouts": len(rows),
                        "passed": sum(r.get("passed") is True for r in rows),
                        "not_reached": sum(r.get("passed") is not True and _is_ok(r) for r in rows),
                        "failed": sum(not _is_ok(r) for r in rows), "unplayed": positions - len(rows)})
    return out


# ---------------------------------------------------------------- match analysis

def _points(game, engine):
    """Points of engine in game (1, 1/2, 0), None for an unfinished result."""
    s = RESULT_POINTS.get(game.get("result"))
    if s is None:
        return None
    return s if game.get("first") == engine else 1 - s


def pairing_order(run):
    """The engine pairs (a, b) of the run, a before b in run.json order."""
    names = run.engine_names()
    pairs = []
    for g in run.games:
        a, b = sorted((g.get("first"), g.get("second")), key=names.index)
        if (a, b) not in pairs:
            pairs.append((a, b))
    return pairs


def pairing_stats(run, a, b, sprt):
    """The summary.json pairing object of a against b, computed from games.jsonl."""
    w = d = l = 0
    pair_points, penta, history = {}, [0] * 5, []
    for g in run.games:
        if {g.get("first"), g.get("second")} != {a, b}:
            continue
        s = _points(g, a)
        if s is None:
            continue
        w, d, l = w + (s == 1), d + (s == 0.5), l + (s == 0)
        key = g.get("pair", g.get("round"))
        pair_points.setdefault(key, []).append(s)
        if len(pair_points[key]) == 2:  # pairs are counted in the order they finish
            penta[round(2 * sum(pair_points[key]))] += 1
            if sprt:
                history.append([sum(penta), gsprt_llr(penta, sprt["elo0"], sprt["elo1"], sprt.get("model"))])
    games = w + d + l
    stats = score_stats(penta if sum(penta) else [l, d, w])
    out = {"engine": a, "opponent": b, "games": games, "pairs": sum(penta), "wins": w, "draws": d,
           "losses": l, "score": (w + d / 2) / games if games else None,
           "draw_ratio": d / games if games else None, "penta": penta,
           "llr": None, "lower_bound": None, "upper_bound": None, "verdict": None}
    out.update(stats)
    if sprt:
        lower, upper = sprt_bounds(sprt.get("alpha", 0.05), sprt.get("beta", 0.05))
        llr = history[-1][1] if history else 0.0
        out.update(llr=llr, lower_bound=lower, upper_bound=upper, llr_history=history,
                   verdict="H1" if llr >= upper else "H0" if llr <= lower else "continue")
    return out


def standings(run):
    """Per engine games, W/D/L, score, Elo (W/D/L, against the average opponent) and draw ratio."""
    out = []
    for name in run.engine_names():
        pts = [_points(g, name) for g in run.games if name in (g.get("first"), g.get("second"))]
        pts = [p for p in pts if p is not None]
        if not pts:
            continue
        w, d, l = pts.count(1.0), pts.count(0.5), pts.count(0.0)
        st = score_stats([l, d, w])
        out.append({"name": name, "games": len(pts), "wins": w, "draws": d, "losses": l,
                    "score": sum(pts) / len(pts), "elo": st["elo"], "elo_error": st["elo_error"],
                    "draw_ratio": d / len(pts)})
    return out


def finished_games(run):
    """The games of run with a result (1-0, 1/2-1/2, 0-1), in games.jsonl order."""
    return [g for g in run.games if g.get("result") in RESULT_POINTS]


def side_scores(run):
    """Per engine (run order) its games, wins, draws, losses and score as the first player and as the
    second: [{"name", "first": {...}, "second": {...}}], each {"games", "wins", "draws", "losses",
    "points", "score" (None without games)}."""
    out = []
    for name in run.engine_names():
        row = {"name": name}
        for side in ("first", "second"):
            pts = [_points(g, name) for g in finished_games(run) if g.get(side) == name]
            w, d, l = pts.count(1.0), pts.count(0.5), pts.count(0.0)
            row[side] = {"games": len(pts), "wins": w, "draws": d, "losses": l, "points": w + d / 2,
                         "score": (w + d / 2) / len(pts) if pts else None}
        if row["first"]["games"] or row["second"]["games"]:
            out.append(row)
    return out


def game_plies(game):
    """A game's length in plies: its "plies", else the number of its moves."""
    plies = game.get("plies")
    return plies if isinstance(plies, int) else len(game.get("moves") or [])


def length_stats(plies):
    """{"games", "min", "q1", "median", "q3", "max", "mean"} of a list of game lengths (quartiles by
    linear interpolation between the order statistics: statistics.quantiles' "inclusive" method, as
    numpy's default); None for no games."""
    if not plies:
        return None
    xs = sorted(plies)
    q = quantiles(xs, n=4, method="inclusive") if len(xs) > 1 else [xs[0]] * 3
    return {"games": len(xs), "min": xs[0], "q1": q[0], "median": q[1], "q3": q[2], "max": xs[-1],
            "mean": sum(xs) / len(xs)}


def length_histogram(plies, bins=10):
    """[(low, high, games)]: the game lengths counted in bins of one round width (1, 2, 5, 10, 20,
    ... plies) from a multiple of it below the shortest game to the longest; low..high inclusive."""
    if not plies:
        return []
    lo, hi = min(plies), max(plies)
    raw = max((hi - lo + 1) / bins, 1)
    mag = 10 ** math.floor(math.log10(raw))
    width = int(next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw))
    start = lo // width * width
    out = []
    for low in range(start, hi + 1, width):
        out.append((low, low + width - 1, sum(low <= p <= low + width - 1 for p in plies)))
    return out


def opening_results(run):
    """Per opening (first played first): {"opening", "ecco", "games", "first_wins", "draws",
    "second_wins", "plies_mean", "points": {engine: points}} over the finished games."""
    out = {}
    for g in finished_games(run):
        key = g.get("opening") or g.get("fen") or "?"
        o = out.setdefault(key, {"opening": key, "ecco": g.get("ecco"), "games": 0, "first_wins": 0, "draws": 0,
                                 "second_wins": 0, "plies": 0, "points": {}})
        s = RESULT_POINTS[g["result"]]
        o["games"] += 1
        o["first_wins"] += s == 1
        o["draws"] += s == 0.5
        o["second_wins"] += s == 0
        o["plies"] += game_plies(g)
        for side, pts in (("first", s), ("second", 1 - s)):
            o["points"][g.get(side)] = o["points"].get(g.get(side), 0) + pts
    for o in out.values():
        o["plies_mean"] = o.pop("plies") / o["games"]
    return list(out.values())


def elo_history(run, a, b):
    """[(games, elo, elo_error)]: the Elo of a against b and its 95% error as the games accumulate in
    games.jsonl order, one point per finished game of the pairing: from the pentanomial counts of the
    pairs complete by then (as the pairing's table), or from W/D/L while no pair is complete; elo or
    elo_error None where it does not exist (a score of 0 or 1)."""
    w = d = l = 0
    pair_points, penta, out = {}, [0] * 5, []
    for g in finished_games(run):
        if {g.get("first"), g.get("second")} != {a, b}:
            continue
        s = _points(g, a)
        w, d, l = w + (s == 1), d + (s == 0.5), l + (s == 0)
        key = g.get("pair", g.get("round"))
        pair_points.setdefault(key, []).append(s)
        if len(pair_points[key]) == 2:
            penta[round(2 * sum(pair_points[key]))] += 1
        st = score_stats(penta if sum(penta) else [l, d, w])
        out.append((w + d + l, st["elo"], st["elo_error"]))
    return out


def match_summary(run):
    """summary.json of a match or tournament run, or its equivalent computed from games.jsonl."""
    if run.summary and run.summary.get("pairings") is not None:
        return run.summary
    sprt = sprt_from_argv(run.meta.get("argv"))
    terminations = {}
    for g in run.games:
        reason = g.get("reason") or "unknown"
        terminations[reason] = terminations.get(reason, 0) + 1
    return {"command": run.kind, "state": None, "games": len(run.games), "games_planned": None,
            "sprt": sprt, "pairings": [pairing_stats(run, a, b, sprt) for a, b in pairing_order(run)],
            "engines": standings(run), "terminations": terminations}


def suite_summary(run):
    """summary.json of a suite or playout run, or its equivalent computed from the JSON Lines files."""
    if run.summary and run.summary.get("engines") is not None:
        return run.summary
    if run.kind == "playouts":
        engines = playout_engines(run)
    else:
        engines = suite_engines(run)
    positions = {r.get("position") for r in run.searches + run.playouts}
    return {"command": "suite", "state": None, "suite": run.meta.get("input"), "positions": len(positions),
            "reference": reference_name(run), "engines": engines}


# ---------------------------------------------------------------- report sections
#
# A report is a list of blocks: ("h1"|"h2"|"h3"|"p", text), ("table", headers, rows) or
# ("svg", markup). render_md and render_html turn the same list into the two files.

def suite_blocks(run):
    s = suite_summary(run)
    engines = s.get("engines") or []
    blocks = [("p", "Suite %s: %s positions, %d engines, reference %s%s." % (
        s.get("suite") or run.meta.get("input") or "?", fmt(s.get("positions")), len(engines),
        s.get("reference") or "n/a", "" if run.summary else " (computed from searches.jsonl: no summary.json)"))]
    rows = [[e.get("name"), e.get("variant") or "", fmt(e.get("searched")), fmt(e.get("failed")),
             fmt(e.get("unsearched")), "-" if not e.get("to_solve") else "%s/%s" % (fmt(e.get("solved")), fmt(e.get("to_solve"))),
             fmt(e.get("nodes")), fmt(e.get("time_ms")), fmt(e.get("nps")), fmt(e.get("ebf"), "{:.2f}"),
             fmt_pct(e.get("same_move")), fmt_pct(e.get("same_score"))] for e in engines]
    blocks.append(("table", ["engine", "variant", "searched", "failed", "unsearched", "solved", "nodes", "time (ms)",
                             "nodes/s", "EBF", "same move", "same score"], rows))
    blocks.append(("p", "EBF: qibench's summary value, exp(mean over searches of ln(nodes) / depth), which mixes "
                        "every iteration into one number; the branching factor per iteration is below. NPS: total "
                        "nodes / total time. Same move / score: agreement with the reference engine."))
    by_depth = nodes_by_depth(run)
    if by_depth:
        blocks.append(("h3", "Nodes against depth"))
        blocks.append(("p", "One chart per engine, all on the same axes: the geometric mean over the positions of "
                            "the node count the engine reported at each iteration depth (grey: the other engines). "
                            "An engine without iterative deepening shows one point, at its fixed depth."))
        blocks.append(("grid", small_multiples("nodes-depth", "Nodes against depth", list(by_depth.items()),
                                               "iteration depth (plies)", "nodes (log scale)", log_y=True,
                                               order=run.engine_names())))
        depths = sorted({d for pts in by_depth.values() for d, _ in pts})
        blocks.append(("table", ["nodes at depth"] + ["%d" % d for d in depths],
                       [[name] + [fmt(dict(pts).get(d), none="-") for d in depths] for name, pts in by_depth.items()]))
    bf = iteration_bf(run)
    if bf:
        blocks.append(("h3", "Branching factor per iteration"))
        blocks.append(("p", "N(d) / N(d-1), N(d) the nodes of iteration d alone (the cumulative count less the "
                            "previous iteration's), median over the positions; one chart per engine on shared axes."))
        blocks.append(("grid", small_multiples("bf-depth", "Branching factor per iteration",
                                               [(n, [(d, v) for d, v, _ in pts]) for n, pts in bf.items()],
                                               "iteration depth (plies)", "N(d) / N(d-1) (ratio)",
                                               order=run.engine_names())))
        depths = sorted({d for pts in bf.values() for d, _, _ in pts})
        blocks.append(("table", ["BF at depth"] + ["%d" % d for d in depths],
                       [[name] + [fmt({d: v for d, v, _ in pts}.get(d), "{:.2f}", none="-") for d in depths]
                        for name, pts in bf.items()]))
    if run.summary and run.summary.get("by_depth"):
        blocks += report_research.depth_blocks(run.summary["by_depth"])
    if engines:
        blocks.append(("svg", bar_chart("nps", "Nodes per second", [(e["name"], e.get("nps")) for e in engines],
                                        "nodes per second (total nodes / total time)")))
    names, moves, scores = agreement_matrix(run)
    if len(names) > 1:
        blocks.append(("svg", heatmap("agreement-move", "Same best move", names, moves)))
        blocks.append(("svg", heatmap("agreement-score", "Same score", names, scores)))
        blocks.append(("table", ["same move / same score"] + names,
                       [[a] + ["%s / %s" % (fmt_pct(moves[i][j]), fmt_pct(scores[i][j]))
                               for j in range(len(names))] for i, a in enumerate(names)]))
    return blocks


def playout_blocks(run):
    s = suite_summary(run)
    engines = s.get("engines") or []
    blocks = [("p", "Playouts of %s: %s positions%s." % (
        s.get("suite") or run.meta.get("input") or "?", fmt(s.get("positions")),
        "" if run.summary else " (computed from playouts.jsonl: no summary.json)"))]
    blocks.append(("table", ["engine", "defender", "playouts", "passed", "not reached", "engine failed", "unplayed"],
                   [[e.get("name"), e.get("defender") or "self", fmt(e.get("playouts")), fmt(e.get("passed")),
                     fmt(e.get("not_reached")), fmt(e.get("failed")), fmt(e.get("unplayed"))] for e in engines]))
    if engines:
        blocks.append(("svg", bar_chart("playouts", "Playouts passed", [(e["name"], e.get("passed"))
                                                                        for e in engines], "passed")))
    return blocks


def two_elos_note(engines, ratings):
    """One sentence saying why the standings' Elo and the ratings' Elo differ."""
    anchor = ratings.get("anchor")
    scale = "%s is 0" % anchor if anchor else "the average of the run's engines is 0"
    text = ("The two Elo figures differ because they measure different things: the standings' Elo is an engine's "
            "score over its games turned into an Elo difference against the opponents it met, while the ratings' "
            "Elo is its maximum-likelihood rating on one scale for all the run's engines, on which %s" % scale)
    rated = {e.get("name"): e.get("elo") for e in ratings.get("engines") or []}
    if len(engines) == 2 and len(rated) == 2 and not anchor and all(v is not None for v in rated.values()):
        top = max(engines, key=lambda e: e.get("elo") if e.get("elo") is not None else -math.inf)
        other = next(n for n in rated if n != top.get("name"))
        if top.get("elo") is not None and top.get("name") in rated:
            text += (" (so with two engines each rating is half the gap from 0: %s's %+.1f in the standings "
                     "is about its rating %+.1f less %s's %+.1f)" % (top["name"], top["elo"], rated[top["name"]],
                                                                     other, rated[other]))
    return text + "."


def match_blocks(run):
    s = match_summary(run)
    pairings = s.get("pairings") or []
    sprt = s.get("sprt")
    blocks = [("p", "%s: %s games%s, state %s%s." % (
        run.kind, fmt(s.get("games")), "" if s.get("games_planned") is None else " of %s" % fmt(s["games_planned"]),
        s.get("state") or "n/a", "" if run.summary else " (computed from games.jsonl: no summary.json)"))]
    head, blocks = blocks, []
    blocks.append(("h3", "Pairings"))
    blocks.append(("table", ["engine", "opponent", "games", "W", "D", "L", "score", "Elo ± 95%", "LOS",
                             "draws", "nElo ± 95%", "pentanomial LL LD WL+DD WD WW"],
                   [[p.get("engine"), p.get("opponent"), fmt(p.get("games")), fmt(p.get("wins")),
                     fmt(p.get("draws")), fmt(p.get("losses")), fmt_pct(p.get("score")),
                     fmt_elo(p.get("elo"), p.get("elo_error")), fmt_pct(p.get("los")), fmt_pct(p.get("draw_ratio")),
                     fmt_elo(p.get("nelo"), p.get("nelo_error")), " ".join(str(c) for c in p.get("penta") or [])]
                    for p in pairings]))
    if pairings:
        blocks.append(("svg", interval_chart("elo", "Elo with 95% interval (first engine's side)",
                                             [("%s vs %s" % (p.get("engine"), p.get("opponent")), p.get("elo"),
                                               p.get("elo_error")) for p in pairings],
                                             "Elo (logistic, from the game pairs)")))
    blocks += elo_history_blocks(run, pairings)
    if sprt:
        blocks.append(("p", "SPRT: model %s, elo0 %s, elo1 %s, alpha %s, beta %s." % (
            sprt.get("model"), fmt(sprt.get("elo0"), "{:g}"), fmt(sprt.get("elo1"), "{:g}"),
            fmt(sprt.get("alpha"), "{:g}"), fmt(sprt.get("beta"), "{:g}"))))
        blocks.append(("table", ["engine", "opponent", "LLR", "lower bound", "upper bound", "verdict"],
                       [[p.get("engine"), p.get("opponent"), fmt(p.get("llr"), "{:.3f}"),
                         fmt(p.get("lower_bound"), "{:.3f}"), fmt(p.get("upper_bound"), "{:.3f}"),
                         p.get("verdict") or "n/a"] for p in pairings]))
        for p in pairings:
            hist = p.get("llr_history") or []
            if not hist or p.get("lower_bound") is None:
                continue
            pts = [(0, 0.0)] + [(2 * pairs, llr) for pairs, llr in hist if llr is not None]
            blocks.append(("svg", line_chart(
                "llr", "SPRT log-likelihood ratio: %s vs %s" % (p.get("engine"), p.get("opponent")),
                [("LLR", pts)], "games", "LLR",
                hlines=[(p["upper_bound"], "H1 %.2f" % p["upper_bound"]),
                        (p["lower_bound"], "H0 %.2f" % p["lower_bound"])])))
    pairs, blocks = blocks, []
    engines = s.get("engines") or []
    if engines:
        standings = [("h3", "Standings"),
                     ("p", "Each engine's score over all its games; Elo: that score as an Elo difference against "
                           "the average of its opponents."),
                     ("table", ["engine", "games", "W", "D", "L", "score", "Elo ± 95%", "draws"],
                      [[e.get("name"), fmt(e.get("games")), fmt(e.get("wins")), fmt(e.get("draws")),
                        fmt(e.get("losses")), fmt_pct(e.get("score")), fmt_elo(e.get("elo"), e.get("elo_error")),
                        fmt_pct(e.get("draw_ratio"))]
                       for e in sorted(engines, key=lambda e: -(e.get("score") or 0))])]
        ratings = report_research.ratings_table_blocks(run.summary) if run.summary else []
        blocks.append(("row", [standings, ratings]) if ratings else ("row", [standings]))
        if run.summary and run.summary.get("ratings"):
            blocks.append(("p", two_elos_note(engines, run.summary["ratings"])))
    if run.summary:
        blocks += report_research.format_blocks(run.summary, run.sides[0])
        blocks += report_research.ratings_blocks(run.summary, sys.modules[__name__])
    standing, research = blocks, []
    terms = sorted((s.get("terminations") or {}).items(), key=lambda kv: (-kv[1], kv[0]))
    if terms:
        research.append(("h3", "Terminations"))
        research.append(("table", ["reason", "games"], [[k, str(v)] for k, v in terms]))
        research.append(("svg", bar_chart("terminations", "Games per termination reason", terms,
                                          "games (all engines)")))
    research += side_blocks(run) + length_blocks(run) + opening_blocks(run)
    if run.summary:
        research += report_research.search_blocks(run.summary)
        research += report_research.ecco_blocks(run.summary)
    # a tournament leads with its standings and ratings; a match with its one pairing
    if run.kind == "tournament":
        return head + standing + research + pairs
    return head + pairs + standing + research


def link_blocks(run, outdir):
    """A link to the run's games.pgn (and games.sgf when it has one), relative to the report's folder."""
    out = []
    what = {"games.pgn": "the run's %d games in PGN" % len(run.games), "games.sgf": "the same games in SGF"}
    for name in ("games.pgn", "games.sgf"):
        path = os.path.join(run.path, name)
        if os.path.exists(path):
            href = os.path.relpath(path, outdir) if outdir else path
            out.append(("link", href.replace(os.sep, "/"), name, what[name]))
    return out


def side_blocks(run):
    """Score as the first and as the second player, per engine."""
    first, second = run.sides
    rows = side_scores(run)
    if not rows:
        return []
    games = finished_games(run)
    first_points = sum(RESULT_POINTS[g["result"]] for g in games)

    def cells(c):
        return [fmt(c["games"]), "+%d =%d -%d" % (c["wins"], c["draws"], c["losses"]), fmt_pct(c["score"])]
    return [("h3", "Score as first and as second player"),
            ("p", "Each engine's score in the games it played as the first player (%s, who moves first) and as "
                  "the second (%s). Over all %d finished games the first player scored %s." % (
                      first, second, len(games), fmt_pct(first_points / len(games) if games else None))),
            ("table", ["engine", "games as %s (first)" % first, "wins, draws, losses as %s" % first,
                       "score as %s" % first, "games as %s (second)" % second,
                       "wins, draws, losses as %s" % second, "score as %s" % second],
             [[r["name"]] + cells(r["first"]) + cells(r["second"]) for r in rows])]


def length_blocks(run):
    """Game lengths: quartiles of the plies per game and a histogram."""
    plies = [game_plies(g) for g in finished_games(run)]
    st = length_stats(plies)
    if not st:
        return []
    hist = length_histogram(plies)
    return [("h3", "Game lengths"),
            ("p", "Plies (half-moves, the opening's moves included) per finished game; quartiles by linear "
                  "interpolation between the sorted lengths."),
            ("table", ["games", "shortest", "first quartile", "median", "third quartile", "longest", "mean"],
             [[fmt(st["games"]), fmt(st["min"]), fmt(st["q1"], "{:g}"), fmt(st["median"], "{:g}"),
               fmt(st["q3"], "{:g}"), fmt(st["max"]), fmt(st["mean"], "{:.1f}")]]),
            ("svg", bar_chart("lengths", "Games by length",
                              [("%d-%d plies" % (lo, hi) if hi > lo else "%d plies" % lo, n) for lo, hi, n in hist],
                              "games (all engines)", color=report_charts.PALETTE[0]))]


def opening_blocks(run):
    """Results per opening: the first player's wins, draws, the second's wins; in a match also the
    first engine's points."""
    first, second = run.sides
    rows = opening_results(run)
    if not rows:
        return []
    pairings = pairing_order(run)
    a = pairings[0][0] if len(pairings) == 1 else None
    head = ["opening"] + (["ECCO code"] if any(o["ecco"] for o in rows) else []) + [
        "games", "%s (first) wins" % first, "draws", "%s (second) wins" % second, "mean length (plies)"]
    if a:
        head.append("%s's points" % a)
    table = []
    for o in rows:
        row = [o["opening"]] + ([o["ecco"] or "-"] if head[1] == "ECCO code" else []) + [
            fmt(o["games"]), fmt(o["first_wins"]), fmt(o["draws"]), fmt(o["second_wins"]),
            fmt(o["plies_mean"], "{:.1f}")]
        if a:
            row.append("%g / %d" % (o["points"].get(a, 0), o["games"]))
        table.append(row)
    return [("h3", "Results per opening"),
            ("p", "Per opening, in the order first played: the finished games, won by the first player (%s), "
                  "drawn, won by the second (%s)%s." % (first, second, "" if not a else
                                                       "; and %s's points of them (both colours)" % a)),
            ("table", head, table)]


def elo_history_blocks(run, pairings):
    """Elo with its 95% interval as the games accumulate, one chart per pairing."""
    charts = []
    for p in pairings:
        hist = elo_history(run, p.get("engine"), p.get("opponent"))
        if not any(e is not None for _, e, _ in hist):
            continue
        series = [("Elo", [(n, e) for n, e, _ in hist if e is not None]),
                  ("95% high", [(n, e + err) for n, e, err in hist if e is not None and err is not None]),
                  ("95% low", [(n, e - err) for n, e, err in hist if e is not None and err is not None])]
        charts.append(line_chart("elo-history", "Elo over the run: %s vs %s" % (p.get("engine"), p.get("opponent")),
                                 [x for x in series if x[1]], "games played (games.jsonl order)",
                                 "Elo of %s" % p.get("engine"), width=640 if len(pairings) == 1 else 520,
                                 height=320))
    if not charts:
        return []
    return [("h3", "Elo over the run"),
            ("p", "The pairing's Elo and its 95% interval after each game, in the order the games were written "
                  "(games.jsonl): from the pairs complete by then, as the table above, or from the wins, draws and "
                  "losses while no pair is complete; the last point is the table's value. A point is missing "
                  "where the score is 0% or 100% (no Elo), an interval's ends where the score's interval "
                  "reaches 0% or 100% (an end without Elo)."),
            ("grid", charts)]


def report_blocks(runs, title, outdir=None):
    blocks = [("h1", title)]
    for run in runs:
        blocks.append(("h2", "%s (%s)" % (run.name, run.kind)))
        meta = run.meta
        blocks.append(("p", "qibench %s, started %s, %s engines, concurrency %s, folder %s." % (
            meta.get("version", "?"), meta.get("started", "?"), len(meta.get("engines") or []),
            meta.get("concurrency", "?"), run.path)))
        if run.kind in ("match", "tournament"):
            blocks += link_blocks(run, outdir)
            blocks += match_blocks(run)
        elif run.kind == "playouts":
            blocks += playout_blocks(run)
        else:
            blocks += suite_blocks(run)
    return blocks


# ---------------------------------------------------------------- rendering

def _md_cell(text):
    return str(text).replace("|", "\\|")


def flatten(blocks):
    """The blocks with each "row" block's columns one after the other (for Markdown)."""
    out = []
    for b in blocks:
        if b[0] == "row":
            for column in b[1]:
                out += flatten(column)
        else:
            out.append(b)
    return out


def render_md(blocks):
    out = []
    charts = False
    for b in flatten(blocks):
        if b[0] in ("h1", "h2", "h3"):
            out += ["#" * int(b[0][1]) + " " + b[1], ""]
        elif b[0] == "p":
            out += [b[1], ""]
        elif b[0] == "link":
            out += ["[%s](%s): %s" % (b[2], b[1], b[3]), ""]
        elif b[0] == "table":
            out.append("| " + " | ".join(_md_cell(h) for h in b[1]) + " |")
            out.append("|" + "|".join(" --- " for _ in b[1]) + "|")
            out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in b[2]]
            out.append("")
        elif b[0] in ("svg", "grid"):
            charts = True
    if charts:
        out += ["The charts are in report.html.", ""]
    return "\n".join(out)


CSS = """body{font-family:sans-serif;max-width:1160px;margin:1em auto;padding:0 1em;color:#222;box-sizing:border-box}
table{border-collapse:collapse;margin:0.5em 0 1em}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f0f0f0}td{white-space:nowrap}
svg.chart{display:block;margin:0.5em 0 1.5em;max-width:100%;height:auto}
h1,h2,h3,p{overflow-wrap:anywhere}a{color:#0072B2}
div.wide{max-width:100%;overflow-x:auto}
div.grid{display:flex;flex-wrap:wrap;gap:8px;max-width:100%}div.grid svg.chart{margin:0}
div.row{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start;max-width:100%}
div.row>div.column{flex:1 1 380px;min-width:0;max-width:100%}
h2{border-bottom:1px solid #ccc;margin-top:2em}
@media (max-width:1000px){table{font-size:13px}td,th{padding:2px 4px}}"""


def html_blocks(blocks):
    """The HTML lines of blocks (wide tables and charts scroll inside their box)."""
    out = []
    for b in blocks:
        if b[0] in ("h1", "h2", "h3", "p"):
            out.append('<%s>%s</%s>' % (b[0], _esc(b[1]), b[0]))
        elif b[0] == "link":
            out.append('<p class="link"><a href="%s">%s</a>: %s</p>' % (_esc(b[1]), _esc(b[2]), _esc(b[3])))
        elif b[0] == "table":
            out.append('<div class="wide"><table>')
            out.append('<tr>' + "".join('<th>%s</th>' % _esc(h) for h in b[1]) + '</tr>')
            for row in b[2]:
                out.append('<tr>' + "".join('<td>%s</td>' % _esc(c) for c in row) + '</tr>')
            out.append('</table></div>')
        elif b[0] == "svg":
            out.append('<div class="wide">%s</div>' % b[1])
        elif b[0] == "grid":
            out.append('<div class="grid">%s</div>' % "\n".join(b[1]))
        elif b[0] == "row":
            out.append('<div class="row">')
            for column in b[1]:
                out += ['<div class="column">'] + html_blocks(column) + ['</div>']
            out.append('</div>')
    return out


def render_html(blocks, title):
    out = ['<!DOCTYPE html>', '<html lang="en">', '<head>', '<meta charset="utf-8">',
           '<title>%s</title>' % _esc(title), '<style>%s</style>' % CSS, '</head>', '<body>']
    out += html_blocks(blocks)
    out += ['</body>', '</html>', '']
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Write report.md and a self-contained report.html (inline SVG charts) for a qibench "
                    "run folder or a folder of runs.",
        epilog="Exit status: 0 written, 1 a file could not be read or written, 2 usage error (no run.json "
               "found).")
    ap.add_argument("results_dir", metavar="RESULTS_DIR", help="a run folder (holds run.json) or a folder of runs")
    ap.add_argument("-o", "--output", metavar="OUTDIR", help="where to write the reports (default RESULTS_DIR)")
    ap.add_argument("--title", help="report title (default: qibench report: RESULTS_DIR)")
    args = ap.parse_args(argv)
    if not os.path.isdir(args.results_dir):
        ap.error("%s: not a folder" % args.results_dir)
    try:
        runs = find_runs(args.results_dir)
        if not runs:
            ap.error("%s: no run.json in it or below it" % args.results_dir)
        title = args.title or "qibench report: %s" % os.path.normpath(args.results_dir)
        outdir = args.output or args.results_dir
        blocks = report_blocks(runs, title, outdir)
        os.makedirs(outdir, exist_ok=True)
        for name, text in (("report.md", render_md(blocks)), ("report.html", render_html(blocks, title))):
            with open(os.path.join(outdir, name), "w", encoding="utf-8") as f:
                f.write(text)
    except (OSError, ValueError) as e:
        print("report.py: %s" % e, file=sys.stderr)
        return 1
    print("report.py: %d run(s); wrote %s and %s" % (len(runs), os.path.join(outdir, "report.md"),
                                                     os.path.join(outdir, "report.html")), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
