#!/bin/sh
# e2e_compare.sh - scripts/compare.py on real runs whose setups differ (issue 15's
# case): a depth-3 suite run against a depth-4 one is "setup differs: limits",
# exit 4, never a FUNCTIONAL CHANGE; with --force it is (exit 1); two runs at
# the same depth compare clean (exit 0). Depth-limited: the same on every machine.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
ENGINE=${ENGINE:-bin/xiangqi-engine}
grep -v '^#' positions/xiangqi/bench.epd | head -6 >"$tmp/six.epd"
for run in d3 d4 d3again; do
    depth=$(echo "$run" | cut -c2)
    "$QIBENCH" suite "$tmp/six.epd" -engine name=eng cmd="$ENGINE" depth="$depth" --results "$tmp" --name "$run" \
        >/dev/null 2>&1
    check "suite run $run: exit 0" test $? -eq 0
done
"$PYTHON" scripts/compare.py "$tmp/d3" "$tmp/d4" >"$tmp/out" 2>&1
check "depth 3 against depth 4: exit 4 (not comparable)" test $? -eq 4
check "... says the limits differ" grep -q '^setup differs: limits: eng depth=3 -> depth=4$' "$tmp/out"
check "... no FUNCTIONAL CHANGE, no NPS REGRESSION" sh -c "! grep -q 'FUNCTIONAL CHANGE\|NPS REGRESSION' '$tmp/out'"
check "... the differing node counts still listed, not judged" grep -q 'not judged: the setups differ' "$tmp/out"
"$PYTHON" scripts/compare.py --force "$tmp/d3" "$tmp/d4" >"$tmp/out" 2>&1
check "--force: exit 1, FUNCTIONAL CHANGE" sh -c "test $? -eq 1 && grep -q 'FUNCTIONAL CHANGE' '$tmp/out'"
"$PYTHON" scripts/compare.py "$tmp/d3" "$tmp/d3again" >"$tmp/out" 2>&1
check "depth 3 against depth 3: exit 0, nothing differs" \
    sh -c "test $? -eq 0 && ! grep -q 'setup differs' '$tmp/out' && grep -q 'identical in all 6' '$tmp/out'"
report
