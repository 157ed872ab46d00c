# summary.json of a match or tournament folder: counts taken straight from games.jsonl,
# statistics from `qibench stats --json` (the C implementation, not scripts/report.py).
# Usage: QIBENCH=bin/qibench python3 tests/data/make_match_summary.py FOLDER sprt|plain
import collections, json, os, subprocess, sys
Q = os.environ.get("QIBENCH", "bin/qibench")
def stats(args):
    out = subprocess.run([Q, "stats"] + args + ["--json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)
def match_summary(folder, sprt):
    run = json.load(open(folder + "/run.json"))
    games = [json.loads(l) for l in open(folder + "/games.jsonl")]
    names = [e["name"] for e in run["engines"]]
    pairings, per_engine = [], {n: [0, 0, 0] for n in names}
    term = collections.Counter(g["reason"] for g in games)
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            a, b = names[i], names[j]
            pts = collections.OrderedDict()
            w = d = l = 0
            for g in games:
                if {g["red"], g["black"]} != {a, b}: continue
                s = {"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[g["result"]]
                if g["black"] == a: s = 1 - s
                w += s == 1; d += s == 0.5; l += s == 0
                pts.setdefault(g["pair"], []).append(s)
            penta = [0] * 5
            hist = []
            for p, ss in pts.items():
                if len(ss) == 2:
                    penta[int(round(2 * sum(ss)))] += 1
                    if sprt:
                        r = stats(["--penta", ",".join(map(str, penta)), "--sprt"] + ["%s=%s" % kv for kv in sprt.items()])
                        hist.append([sum(penta), r["llr"]])
            st = stats(["--penta", ",".join(map(str, penta))] + (["--sprt"] + ["%s=%s" % kv for kv in sprt.items()] if sprt else []))
            wdl = stats(["--wdl", "%d,%d,%d" % (w, d, l)])
            pr = {"engine": a, "opponent": b, "games": w + d + l, "pairs": sum(penta), "wins": w, "draws": d, "losses": l,
                  "score": wdl["score"], "elo": st["elo"], "elo_error": st["elo_error"], "los": st["los"],
                  "draw_ratio": wdl["draw_ratio"], "nelo": st["nelo"], "nelo_error": st["nelo_error"],
                  "llr": st["llr"], "lower_bound": st["lower_bound"], "upper_bound": st["upper_bound"],
                  "verdict": st["verdict"], "penta": penta}
            if sprt: pr["llr_history"] = hist
            pairings.append(pr)
            for n, (x, y, z) in ((a, (w, d, l)), (b, (l, d, w))):
                per_engine[n][0] += x; per_engine[n][1] += y; per_engine[n][2] += z
    engines = []
    for n in names:
        w, d, l = per_engine[n]
        s = stats(["--wdl", "%d,%d,%d" % (w, d, l)])
        engines.append({"name": n, "games": w + d + l, "wins": w, "draws": d, "losses": l, "score": s["score"],
                        "elo": s["elo"], "elo_error": s["elo_error"], "draw_ratio": s["draw_ratio"]})
    return {"tool": "qibench", "version": run["version"], "command": run["command"], "state": "finished",
            "games": len(games), "games_planned": 40 if run["command"] == "match" else len(games),
            "sprt": dict(sprt, alpha=0.05, beta=0.05, model="normalized") if sprt else None,
            "pairings": pairings, "engines": engines, "terminations": dict(term)}
if __name__ == "__main__":
    folder, kind = sys.argv[1], sys.argv[2]
    s = match_summary(folder, {"elo0": 0, "elo1": 150} if kind == "sprt" else None)
    json.dump(s, open(folder + "/summary.json", "w"), indent=1)
