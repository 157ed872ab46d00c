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

# check_file EXPECTED FLAGS SKIP ENGINE...: one "ok" or "FAIL" line per
# variant and engine, but for the variants in SKIP.
check_file() {
    expected=$1 flags=$2 skip=" $3 "; shift 3
    grep -v '^#' "$expected" | while read -r variant depth nodes; do
        case "$skip" in *" $variant "*) continue ;; esac
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

# The two builds at once (one a core), each into its own log. With --rules,
# negamax (no repetition at depth 3, and 15 s under the sanitizers) is left
# out; so is mcts in the sanitizer build (40 s there: the optimised build
# checks its --rules signatures, the sanitizer build its default one).
# check-only given explicitly is the default: checked in the optimised build.
{
    check_file tests/bench.expected "" "" "$ENGINE"
    check_file tests/bench.asian.expected "--rules asian" "negamax mcts" "$ENGINE"
    check_file tests/bench.amazons.expected "" "" "$(dirname "$ENGINE")/amazons-engine"
} >"$log.san" &
{
    check_file tests/bench.expected "" "" "$FAST_ENGINE"
    check_file tests/bench.expected "--rules check-only" "negamax" "$FAST_ENGINE"
    check_file tests/bench.asian.expected "--rules asian" "negamax" "$FAST_ENGINE"
    check_file tests/bench.amazons.expected "" "" "$(dirname "$FAST_ENGINE")/amazons-engine"
} >"$log.fast"
wait
cat "$log.san" "$log.fast" >"$log"
rm -f "$log.san" "$log.fast"
passed=$(grep -c '^ok$' "$log")
failed=$(grep -c '^FAIL' "$log")
grep '^FAIL' "$log"
rm -f "$log"
# sanitizer build 12 + 10 + 12, optimised build 12 + 11 + 11 + 12
[ "$passed" -ge 80 ] || { echo "FAIL: expected 80 signatures checked (34 + 46), checked $passed"; failed=$((failed + 1)); }
# The asian signature is its own: mcts's random playouts meet repetitions
# that the chase rule judges differently.
check_differs=$(grep -v '^#' tests/bench.asian.expected | grep -vxFc -f tests/bench.expected)
if [ "$check_differs" -ge 1 ]; then passed=$((passed + 1)); else echo "FAIL: bench.asian.expected equals bench.expected"; failed=$((failed + 1)); fi
echo "$passed passed, $failed failed"
