#!/bin/sh
# e2e_bench.sh - the bench node signature: `bench 3 VARIANT` for every variant
# must give the node count stored in tests/bench.expected, in the sanitizer
# build (ENGINE) and the optimised build (FAST_ENGINE) alike. After a change
# that alters the search on purpose, regenerate the file with
# `make bench-expected` and say so in the commit message ("Bench: N").
set -u
ENGINE=${ENGINE:-bin/xiangqi-engine}
FAST_ENGINE=${FAST_ENGINE:-bin/xiangqi-engine}
EXPECTED=tests/bench.expected
passed=0 failed=0

grep -v '^#' "$EXPECTED" | while read -r variant depth nodes; do
    for engine in "$ENGINE" "$FAST_ENGINE"; do
        got=$("$engine" bench "$depth" "$variant" 2>/dev/null | sed -n 's/^Nodes searched *: //p')
        if [ "$got" = "$nodes" ]; then
            echo "ok"
        else
            echo "FAIL: $engine bench $depth $variant: expected $nodes nodes, got '$got'"
        fi
    done
done >"${TMPDIR:-/tmp}/qibench-bench.$$"
passed=$(grep -c '^ok$' "${TMPDIR:-/tmp}/qibench-bench.$$")
failed=$(grep -c '^FAIL' "${TMPDIR:-/tmp}/qibench-bench.$$")
grep '^FAIL' "${TMPDIR:-/tmp}/qibench-bench.$$"
rm -f "${TMPDIR:-/tmp}/qibench-bench.$$"
[ "$passed" -ge 18 ] || { echo "FAIL: expected 9 variants x 2 builds, checked $passed"; failed=$((failed + 1)); }
echo "$passed passed, $failed failed"
