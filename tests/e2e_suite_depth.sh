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
# alphabeta has no iterative deepening: one iteration (depth 3), no branching factor.
check "pvs against itself: nodes / baseline exactly 1 at every depth" \
    qbt suite_depth.baseline_itself "$tmp/run/summary.json" pvs alphabeta 3
# The recount must see a changed value.
qbt suite_depth.scale_bf "$tmp/run/summary.json" 1 1.01
"$PYTHON" tests/suitestats_reference.py "$tmp/run" >/dev/null
check "the recount fails on a changed branching factor" test $? -eq 1
"$QIBENCH" suite "$tmp/suite.epd" -engine name=a depth=1 --baseline nobody --results "$tmp" --name bad >"$tmp/bad.out" 2>&1
check "an unknown --baseline is refused (exit 2)" test $? -eq 2
check "naming --baseline" grep -q "^qibench suite: --baseline: no engine is named 'nobody'" "$tmp/bad.out"
report
