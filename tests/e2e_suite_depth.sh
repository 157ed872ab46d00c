#!/bin/sh
# e2e_suite_depth.sh - `qibench suite`'s per-depth statistics (time to
# depth, per-iteration branching factor, nodes over a --baseline engine,
# agreement per depth) against an independent recount from searches.jsonl
# (tests/suitestats_reference.py); the recount catches a changed value;
# an unknown --baseline is refused.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}

grep -v '^#' positions/xiangqi/bench.epd | head -n 12 >"$tmp/suite.epd"
"$QIBENCH" suite "$tmp/suite.epd" -variant-engines negascout,pvs,alphabeta,mtdf -each depth=3 --baseline pvs \
    --reference negascout --concurrency 2 --results "$tmp" --name run >"$tmp/run.out" 2>"$tmp/run.err"
check "suite with --baseline finishes (exit $?)" test $? -eq 0
check "per-depth statistics recounted from searches.jsonl" "$PYTHON" tests/suitestats_reference.py "$tmp/run"
check "the per-depth table is printed" grep -q "^per depth, over the positions" "$tmp/run.out"
check "the baseline named under the table" grep -q "^pvs's on the same position" "$tmp/run.out"
check "pvs against itself: nodes / baseline exactly 1 at every depth" "$PYTHON" -c '
import json,sys
rows=json.load(open(sys.argv[1]))["by_depth"]["rows"]
p=[r for r in rows if r["engine"]=="pvs"]
assert len(p)==3 and all(r["vs_baseline"]["median"]==r["vs_baseline"]["q1"]==r["vs_baseline"]["q3"]==1 for r in p), p
a=[r for r in rows if r["engine"]=="alphabeta"]
assert [r["depth"] for r in a]==[3] and a[0]["bf"] is None, a  # no iterative deepening: one iteration, no BF
' "$tmp/run/summary.json"
# The recount must see a changed value.
"$PYTHON" -c '
import json,sys
s=json.load(open(sys.argv[1]))
s["by_depth"]["rows"][1]["bf"]["median"]*=1.01
json.dump(s,open(sys.argv[1],"w"))' "$tmp/run/summary.json"
"$PYTHON" tests/suitestats_reference.py "$tmp/run" >/dev/null
check "the recount fails on a changed branching factor" test $? -eq 1
"$QIBENCH" suite "$tmp/suite.epd" -engine name=a depth=1 --baseline nobody --results "$tmp" --name bad >"$tmp/bad.out" 2>&1
check "an unknown --baseline is refused (exit 2)" test $? -eq 2
check "naming --baseline" grep -q "^qibench suite: --baseline: no engine is named 'nobody'" "$tmp/bad.out"
report
