# lib_run.sh - what tests/run.sh and tests/amazons/run.sh share (sourced):
# run_one runs one test program or script and adds its closing line
# ("N passed, N failed[, N skipped]") to the totals and prints it with the
# seconds it took; run_total prints them
# as the last line and returns 0 when nothing failed; run_amazons_core runs
# the Amazons rules core's tests.
passed=0 failed=0 skipped=0
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT

run_one() {
    name=$1; shift
    start=$(date +%s)
    # A test that hangs fails instead of blocking the run.
    timeout "${TEST_TIMEOUT:-900}" "$@" >"$log" 2>&1
    status=$?
    secs=$(($(date +%s) - start))
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
    printf '%-28s %-32s %4d s\n' "$name" "$line" "$secs"
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

# The Amazons rules core ($AMZ_DIR): its unit tests, then the oracle
# scripts (they skip without node).
run_amazons_core() {
    for t in "$AMZ_DIR"/test_*; do
        case "$t" in *.o|*.d) continue ;; esac
        [ -x "$t" ] || continue
        run_one "$(basename "$t")" "$t"
    done
    for t in tests/amazons/oracle_*.sh; do
        [ -f "$t" ] || continue
        run_one "$(basename "$t")" sh "$t" "$AMZ_DIR/amazons_cli"
    done
}

run_total() {
    if [ "$skipped" -gt 0 ]; then
        echo "$passed passed, $failed failed, $skipped skipped"
    else
        echo "$passed passed, $failed failed"
    fi
    [ "$failed" -eq 0 ]
}
