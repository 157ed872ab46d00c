#!/bin/sh
# e2e_bench.sh - the bench node signatures: `bench DEPTH VARIANT` for every
# variant must give the node count stored for it, in the sanitizer build
# (ENGINE) and the optimised build (FAST_ENGINE) alike: tests/bench.expected
# for bin/xiangqi-engine (ENGINE itself; its default rule set, check-only,
# and the same given explicitly), tests/bench.asian.expected for it with
# --rules asian, and tests/bench.amazons.expected for bin/amazons-engine (the
# one beside it). After a change that alters the
# search on purpose, regenerate both with `make bench-expected` and say so
# in the commit message ("Bench: N").
set -u
ENGINE=${ENGINE:-bin/xiangqi-engine}
FAST_ENGINE=${FAST_ENGINE:-bin/xiangqi-engine}
log="${TMPDIR:-/tmp}/qibench-bench.$$"

# check_file EXPECTED FLAGS ENGINE...: one "ok" or "FAIL" line per variant and engine.
# With FLAGS, negamax (a minute under the sanitizers, and no repetition at
# depth 3) is left out.
check_file() {
    expected=$1 flags=$2; shift 2
    grep -v '^#' "$expected" | while read -r variant depth nodes; do
        [ -n "$flags" ] && [ "$variant" = negamax ] && continue
        for engine in "$@"; do
            # shellcheck disable=SC2086 # FLAGS are words
            got=$("$engine" $flags bench "$depth" "$variant" 2>/dev/null | sed -n 's/^Nodes searched *: //p')
            if [ "$got" = "$nodes" ]; then
                echo "ok"
            else
                echo "FAIL: $engine bench $depth $variant: expected $nodes nodes, got '$got' ($expected)"
            fi
        done
    done
}

{
    check_file tests/bench.expected "" "$ENGINE" "$FAST_ENGINE"
    # (the default given explicitly: the optimised build only, the sanitizer
    # build having searched the same code in the line above)
    check_file tests/bench.expected "--rules check-only" "$FAST_ENGINE"
    check_file tests/bench.asian.expected "--rules asian" "$ENGINE" "$FAST_ENGINE"
    check_file tests/bench.amazons.expected "" "$(dirname "$ENGINE")/amazons-engine" "$(dirname "$FAST_ENGINE")/amazons-engine"
} >"$log"
passed=$(grep -c '^ok$' "$log")
failed=$(grep -c '^FAIL' "$log")
grep '^FAIL' "$log"
rm -f "$log"
[ "$passed" -ge 81 ] || { echo "FAIL: expected (12 + 11 + 12) variants x 2 builds + 11 (check-only given) x 1, checked $passed"; failed=$((failed + 1)); }
# The asian signature is its own: mcts's random playouts meet repetitions
# that the chase rule judges differently.
check_differs=$(grep -v '^#' tests/bench.asian.expected | grep -vxFc -f tests/bench.expected)
if [ "$check_differs" -ge 1 ]; then passed=$((passed + 1)); else echo "FAIL: bench.asian.expected equals bench.expected"; failed=$((failed + 1)); fi
echo "$passed passed, $failed failed"
