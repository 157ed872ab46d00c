#!/bin/sh
# run.sh - runs every test program and script, adds up their closing lines
# ("N passed, N failed[, N skipped]") and prints the total as the last line.
# Environment: BUILD (where the sanitizer-built test binaries are), FAST_BUILD
# (the optimised ones: test_play_* run from there, being long self-play),
# ENGINE (engine binary to test end to end), FAST_ENGINE (optimised engine),
# AMZ_ENGINE and FAST_AMZ_ENGINE (the same for the Game of the Amazons). The
# Amazons rules core's own tests and tools are in $BUILD/amazons-tests
# (mk/amazons.mk).
set -u
: "${BUILD:=build/san-release}" "${FAST_BUILD:=build/release}"
: "${ENGINE:=bin/xiangqi-engine}" "${FAST_ENGINE:=bin/xiangqi-engine}"
: "${AMZ_ENGINE:=bin/amazons-engine}" "${FAST_AMZ_ENGINE:=bin/amazons-engine}"
: "${QIBENCH:=bin/qibench}" "${MOCK:=build/release/tests/mock_engine}"
AMZ_DIR=$BUILD/amazons-tests
export ENGINE FAST_ENGINE AMZ_ENGINE FAST_AMZ_ENGINE QIBENCH MOCK AMZ_DIR
passed=0 failed=0 skipped=0
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT

run_one() {
    name=$1; shift
    # A test that hangs fails instead of blocking the run.
    timeout "${TEST_TIMEOUT:-900}" "$@" >"$log" 2>&1
    status=$?
    [ "$status" -eq 124 ] && echo "$name: timed out after ${TEST_TIMEOUT:-900} s" >>"$log"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        # A program that died before reporting counts as one failure.
        cat "$log"
        printf '%-28s CRASHED (exit %s)\n' "$name" "$status"
        failed=$((failed + 1))
        return
    fi
    p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
    s=$(echo "$line" | sed -nE 's/.*, ([0-9]+) skipped.*/\1/p')
    [ -n "$s" ] || s=0
    if [ "$f" -gt 0 ] || [ "$status" -ne 0 ]; then
        grep -v -E '^[0-9]+ passed, [0-9]+ failed' "$log" | head -n 60
        [ "$f" -gt 0 ] || f=1
    fi
    grep -E '^SKIP' "$log"
    printf '%-28s %s\n' "$name" "$line"
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

for t in "$BUILD"/tests/test_*; do
    case "$t" in *.o|*.d|*/test_play*) continue ;; esac
    # test_proc drives the mock engine (its path is its argument).
    case "$t" in */test_proc) run_one "$(basename "$t")" "$t" "$MOCK"; continue ;; esac
    [ -x "$t" ] || continue
    run_one "$(basename "$t")" "$t"
done
# The Amazons rules core: unit tests, then the oracle (skips without node).
for t in "$AMZ_DIR"/test_*; do
    case "$t" in *.o|*.d) continue ;; esac
    [ -x "$t" ] || continue
    run_one "$(basename "$t")" "$t"
done
for t in tests/amazons/oracle_*.sh; do
    [ -f "$t" ] || continue
    run_one "$(basename "$t")" sh "$t" "$AMZ_DIR/amazons_cli"
done
for t in "$FAST_BUILD"/tests/test_play*; do
    case "$t" in *.o|*.d) continue ;; esac
    [ -x "$t" ] || continue
    run_one "$(basename "$t") (-O2)" "$t"
done
for t in tests/e2e_*.sh; do
    [ -f "$t" ] || continue
    run_one "$(basename "$t")" sh "$t"
done

if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
