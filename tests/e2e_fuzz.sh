#!/bin/sh
# e2e_fuzz.sh - replays every fuzz target's seed corpus and regression inputs
# (fuzz/corpus/NAME, fuzz/regress/NAME for each fuzz/fuzz_NAME.c) through
# fuzz/driver.c built with $(CC) under ASan + UBSan: no clang needed. Each
# input is one check; a crash, sanitizer report, abort() or hang fails it.
# The replay binaries are built by `make fuzz-regress-build` into
# $BUILD/fuzz/replay/ (BUILD as tests/run.sh has it: build/san-release),
# which reuses the sanitizer objects `make test` has just built.
set -u
. "$(dirname "$0")/lib_e2e.sh"
BUILD=${BUILD:-build/san-release}
MAKE=${MAKE:-make}

if ! "$MAKE" --no-print-directory sanitize="address undefined" BUILD="$BUILD" fuzz-regress-build >"$tmp/build" 2>&1; then
    tail -n 30 "$tmp/build"
    bad "make fuzz-regress-build"
    report
    exit 1
fi
ok

for src in fuzz/fuzz_*.c; do
    [ -f "$src" ] || continue
    t=$(basename "$src" .c)
    bin=$BUILD/fuzz/replay/$t
    if [ ! -x "$bin" ]; then
        bad "$t: no replay binary $bin"
        continue
    fi
    "$bin" "fuzz/corpus/$t" "fuzz/regress/$t" >"$tmp/out" 2>"$tmp/err"
    status=$?
    line=$(tail -n 1 "$tmp/out")
    p=$(echo "$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\1/p')
    f=$(echo "$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\2/p')
    if [ -z "$p" ] || [ -z "$f" ]; then
        head -n 40 "$tmp/err"
        bad "$t: the replay did not finish (exit $status)"
        continue
    fi
    passed=$((passed + p)) failed=$((failed + f))
    if [ "$f" -gt 0 ] || [ "$status" -ne 0 ]; then
        grep -E '^(FAIL|SUMMARY|fuzz_)|runtime error' "$tmp/err" | head -n 40
        echo "FAIL: $t: $line"
        [ "$f" -gt 0 ] || bad "$t: exit status $status with nothing failed"
    fi
    # A target without any seed replays nothing: say so.
    [ $((p + f)) -gt 0 ] || skip "$t: no inputs in fuzz/corpus/$t or fuzz/regress/$t"
done
report
