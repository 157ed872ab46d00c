#!/bin/sh
# e2e_bench.sh - the bench node signatures: `bench DEPTH VARIANT` for every
# variant must give the node count stored for it, in the sanitizer build
# (ENGINE) and the optimised build (FAST_ENGINE) alike: tests/bench.expected
# for bin/xiangqi-engine (ENGINE itself) and tests/bench.amazons.expected for
# bin/amazons-engine (the one beside it). After a change that alters the
# search on purpose, regenerate both with `make bench-expected` and say so
# in the commit message ("Bench: N").
set -u
ENGINE=${ENGINE:-bin/xiangqi-engine}
FAST_ENGINE=${FAST_ENGINE:-bin/xiangqi-engine}
log="${TMPDIR:-/tmp}/qibench-bench.$$"

# check_file EXPECTED ENGINE...: one "ok" or "FAIL" line per variant and engine.
check_file() {
    expected=$1; shift
    grep -v '^#' "$expected" | while read -r variant depth nodes; do
        for engine in "$@"; do
            got=$("$engine" bench "$depth" "$variant" 2>/dev/null | sed -n 's/^Nodes searched *: //p')
            if [ "$got" = "$nodes" ]; then
                echo "ok"
            else
                echo "FAIL: $engine bench $depth $variant: expected $nodes nodes, got '$got' ($expected)"
            fi
        done
    done
}

{
    check_file tests/bench.expected "$ENGINE" "$FAST_ENGINE"
    check_file tests/bench.amazons.expected "$(dirname "$ENGINE")/amazons-engine" "$(dirname "$FAST_ENGINE")/amazons-engine"
} >"$log"
passed=$(grep -c '^ok$' "$log")
failed=$(grep -c '^FAIL' "$log")
grep '^FAIL' "$log"
rm -f "$log"
[ "$passed" -ge 44 ] || { echo "FAIL: expected 11 variants x 2 builds x 2 games, checked $passed"; failed=$((failed + 1)); }
echo "$passed passed, $failed failed"
