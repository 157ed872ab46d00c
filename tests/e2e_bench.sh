#!/bin/sh
# e2e_bench.sh - the bench node signatures: `bench DEPTH VARIANT` must give
# the node count stored for it: tests/bench.expected for bin/xiangqi-engine
# (its default rule set, check-only, and the same given explicitly),
# tests/bench.asian.expected for it with --rules asian,
# tests/bench.amazons.expected for bin/amazons-engine and
# tests/bench.ataxx.expected for bin/ataxx-engine (the ones beside it).
# Every signature in the optimised build (FAST_ENGINE); in the sanitizer
# build (ENGINE, when it is another) the shallow ones, all but negamax and
# mcts (21 million nodes and 113,000 playouts: 8 and 20 s optimised, ten
# times that under the sanitizers, and no other memory use than the others').
# After a change that alters the search on purpose, regenerate the files
# with `make bench-expected` and say so in the commit message ("Bench: N").
set -u
. "$(dirname "$0")/lib_e2e.sh"
ENGINE=${ENGINE:-bin/xiangqi-engine}
FAST_ENGINE=${FAST_ENGINE:-bin/xiangqi-engine}
DEEP="negamax mcts"

# check_file EXPECTED FLAGS SKIP ENGINE: one "ok" or "FAIL" line per variant
# of EXPECTED but those in SKIP.
check_file() {
    expected=$1 flags=$2 skip=" $3 " engine=$4
    grep -v '^#' "$expected" | while read -r variant depth nodes; do
        case "$skip" in *" $variant "*) continue ;; esac
        # shellcheck disable=SC2086 # FLAGS are words
        got=$("$engine" $flags bench "$depth" "$variant" 2>/dev/null | sed -n 's/^Nodes searched *: //p')
        if [ "$got" = "$nodes" ]; then
            echo "ok"
        else
            echo "FAIL: $engine $flags bench $depth $variant: expected $nodes nodes, got '$got' ($expected)"
        fi
    done
}

# Two lanes at once (one a core), each into its own log: the deep searches
# of the optimised build split between them, the rest after.
amz() { echo "$(dirname "$1")/amazons-engine"; }
atx() { echo "$(dirname "$1")/ataxx-engine"; }
{
    check_file tests/bench.expected "" "mcts" "$FAST_ENGINE"
    check_file tests/bench.asian.expected "--rules asian" "negamax" "$FAST_ENGINE"
    check_file tests/bench.amazons.expected "" "" "$(amz "$FAST_ENGINE")"
    check_file tests/bench.ataxx.expected "" "" "$(atx "$FAST_ENGINE")"
} >"$tmp/lane1" &
{
    check_file tests/bench.expected "" "$(grep -v '^#' tests/bench.expected | awk '$1 != "mcts" { printf "%s ", $1 }')" "$FAST_ENGINE"
    check_file tests/bench.expected "--rules check-only" "$DEEP" "$FAST_ENGINE"
    if [ "$ENGINE" != "$FAST_ENGINE" ]; then
        check_file tests/bench.expected "" "$DEEP" "$ENGINE"
        check_file tests/bench.asian.expected "--rules asian" "$DEEP" "$ENGINE"
        check_file tests/bench.amazons.expected "" "" "$(amz "$ENGINE")"
        check_file tests/bench.ataxx.expected "" "" "$(atx "$ENGINE")"
    fi
} >"$tmp/lane2"
wait
cat "$tmp/lane1" "$tmp/lane2" >"$tmp/all"
grep '^FAIL' "$tmp/all"
passed=$(grep -c '^ok$' "$tmp/all")
failed=$(grep -c '^FAIL' "$tmp/all")
# Optimised: 12 + 11 + 12 + 12 (ataxx) + 10 (check-only given); sanitizer:
# 10 + 10 + 12 + 12 (ataxx).
want=57
[ "$ENGINE" != "$FAST_ENGINE" ] && want=101
check "$want signatures checked (got $((passed + failed)))" test "$((passed + failed))" -eq "$want"
# The asian signature is its own: mcts's random playouts meet repetitions
# that the chase rule judges differently.
check "bench.asian.expected differs from bench.expected" \
    test "$(grep -v '^#' tests/bench.asian.expected | grep -vxFc -f tests/bench.expected)" -ge 1
report
