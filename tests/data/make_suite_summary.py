# summary.json of a suite folder, written from the definitions in harness/suite/suite.c
# (independently of scripts/report.py). Usage: python3 tests/data/make_suite_summary.py FOLDER
import json, math, sys
folder = sys.argv[1]
run = json.load(open(folder + "/run.json"))
rows = [json.loads(l) for l in open(folder + "/searches.jsonl")]
names = [e["name"] for e in run["engines"]]
ref = names[0]
byref = {r["position"]: r for r in rows if r["engine"] == ref}
engines = []
for e in run["engines"]:
    mine = [r for r in rows if r["engine"] == e["name"]]
    ok = [r for r in mine if r["status"] == "ok"]
    nodes = sum(r["nodes"] for r in ok)
    t = sum(r["time_ms"] if r["time_ms"] > 0 else r["wall_ms"] for r in ok)
    logs = [math.log(r["nodes"]) / r["depth"] for r in ok if r["depth"] > 0 and r["nodes"] > 1]
    comp = [(r, byref[r["position"]]) for r in ok if byref[r["position"]]["status"] == "ok"]
    engines.append({"name": e["name"], "variant": e["variant"], "searched": len(ok), "failed": len(mine) - len(ok),
                    "unsearched": len({r["position"] for r in rows}) - len(mine),
                    "to_solve": sum(r["solved"] is not None for r in ok), "solved": sum(r["solved"] is True for r in ok),
                    "nodes": nodes, "time_ms": t, "nps": 1000 * nodes / t if t else None,
                    "ebf": math.exp(sum(logs) / len(logs)) if logs else None,
                    "same_move": sum(a["bestmove"] == b["bestmove"] for a, b in comp) / len(comp),
                    "same_score": sum(a["score"] == b["score"] and a["score"] is not None for a, b in comp) / len(comp)})
s = {"tool": "qibench", "version": run["version"], "command": "suite", "state": "finished", "suite": run["input"],
     "positions": len(byref), "reference": ref, "engines": engines}
json.dump(s, open(folder + "/summary.json", "w"), indent=1)
for e in engines: print(e)
