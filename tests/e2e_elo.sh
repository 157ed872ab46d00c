#!/bin/sh
# e2e_elo.sh - one Elo interval everywhere, from the pairs (pentanomial), and
# labelled: every live status line ("games N/M ... Elo +x ± y (95%, pairs)"),
# the final pairing line, a tournament's standings table and summary.json's
# engines give the interval of the finished pairs, equal to
# scripts/stats_reference.py's penta_summary (an independent implementation of
# the statistics) on the pentanomial recounted from games.jsonl. Depth-limited
# games from an opening book, one at a time: the same on every machine.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
ENGINE=${ENGINE:-bin/xiangqi-engine}
EPD=positions/xiangqi/openings.epd

"$QIBENCH" match -engine name=a cmd="$ENGINE" depth=2 -engine name=b cmd="$ENGINE" depth=2 option.Search=alphabeta \
    --openings file="$EPD" format=epd --rounds 8 --progress 2 --results "$tmp" --name m >"$tmp/out" 2>"$tmp/err"
check "match: exit 0" test $? -eq 0
check "8 status lines, every one labelled (95%, pairs)" \
    test "$(grep -c '^games [0-9]*/16 .* Elo .* ± .* (95%, pairs)' "$tmp/err")" -eq 8

"$PYTHON" - "$tmp/m/games.jsonl" "$tmp/err" "$tmp/out" "$tmp/m/summary.json" >"$tmp/py.out" 2>&1 <<'PY'
import json, re, sys
sys.path.insert(0, "scripts")
from stats_reference import penta_summary
games_path, err, out, summary = sys.argv[1:]
games = [json.loads(l) for l in open(games_path)]
fmt = lambda f, v: "n/a" if v is None else f % (v + 0.0)  # n/a: as qibench prints no value; -0.0 is 0
pts = lambda g, who: {"1-0": 2, "0-1": 0, "1/2-1/2": 1}[g["result"]] if g["red"] == who else \
    2 - {"1-0": 2, "0-1": 0, "1/2-1/2": 1}[g["result"]]
pairs = {}
for g in games:
    pairs.setdefault(g["pair"], []).append(pts(g, "a"))
def interval(upto_pairs):
    p = [0] * 5
    for k in sorted(pairs)[:upto_pairs]:
        p[sum(pairs[k])] += 1
    s = penta_summary(p)
    if not s.get("pairs"):
        return None
    return "%s ± %s" % (fmt("%+.1f", s["elo"]), fmt("%.1f", s["elo_error"]))
# the status line after 2n games (one at a time: the first n pairs are done)
n_lines = 0
for line in open(err):
    m = re.match(r"games (\d+)/16 .* Elo (.*) \(95%, pairs\)", line)
    if not m:
        continue
    n_lines += 1
    want = interval(int(m.group(1)) // 2)
    assert want is None or m.group(2) == want, (line, want)
assert n_lines == 8
final = re.search(r"^  Elo (.*) \(95%, pairs\), LOS", open(out).read(), re.M).group(1)
assert final == interval(8), (final, interval(8))
s = json.load(open(summary))
ref = penta_summary([sum(1 for k in pairs if sum(pairs[k]) == c) for c in range(5)])
e = {x["name"]: x for x in s["engines"]}
assert 0 < ref["elo_error"] < 1000, ref  # a test that can tell intervals apart
assert abs(e["a"]["elo_error"] - ref["elo_error"]) < 1e-6 and abs(e["a"]["elo"] - ref["elo"]) < 1e-6, (e["a"], ref)
assert abs(e["b"]["elo_error"] - ref["elo_error"]) < 1e-6 and abs(e["b"]["elo"] + ref["elo"]) < 1e-6, (e["b"], ref)
print("ok")
PY
check "status lines, final line and summary.json engines: the pairs' interval (= stats_reference.py)" \
    grep -qx ok "$tmp/py.out"; grep -qx ok "$tmp/py.out" || cat "$tmp/py.out"

# a tournament: each engine's Elo +- over its pairs against all its opponents
"$QIBENCH" tournament -engine name=a cmd="$ENGINE" depth=2 -engine name=b cmd="$ENGINE" depth=3 option.Search=alphabeta \
    -engine name=c cmd="$ENGINE" depth=1 --openings file="$EPD" format=epd --rounds 4 --results "$tmp" --name t \
    >"$tmp/tout" 2>&1
check "tournament: exit 0" test $? -eq 0
check "the standings footnote says pairs" grep -q '^Elo: .*(95%, pairs)$' "$tmp/tout"
"$PYTHON" - "$tmp/t/games.jsonl" "$tmp/tout" >"$tmp/py.out" 2>&1 <<'PY'
import json, re, sys
sys.path.insert(0, "scripts")
from stats_reference import penta_summary
games = [json.loads(l) for l in open(sys.argv[1])]
res = {"1-0": 2, "0-1": 0, "1/2-1/2": 1}
pair = {}
for g in games:
    key = (frozenset((g["red"], g["black"])), g["pair"])
    pair.setdefault(key, []).append(g)
text = open(sys.argv[2]).read()
table = text[text.rindex("standings after"):]
for name in "abc":
    p = [0] * 5
    for gs in pair.values():
        if name in {gs[0]["red"], gs[0]["black"]}:
            p[sum(res[g["result"]] if g["red"] == name else 2 - res[g["result"]] for g in gs)] += 1
    s = penta_summary(p)
    row = re.search(r"^ +\d  %s +\d+ +[\d.]+%% +(\S+) +(\S+) " % name, table, re.M)
    want = tuple("n/a" if v is None else f % (v + 0.0) for f, v in (("%+.1f", s["elo"]), ("%.1f", s["elo_error"])))
    assert row and row.groups() == want, (name, row and row.groups(), want)
print("ok")
PY
check "tournament standings: each engine's Elo ± from its pairs (= stats_reference.py)" \
    grep -qx ok "$tmp/py.out"; grep -qx ok "$tmp/py.out" || cat "$tmp/py.out"
report
