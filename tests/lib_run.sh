# lib_run.sh - what tests/run.sh and tests/amazons/run.sh share (sourced):
# add_test queues one test program or script; run_tests runs the queue,
# TEST_JOBS (default 2) tests at a time, each into its own log, and prints,
# in the order they are started (a fixed order: see below), each one's
# closing line ("N passed, N failed[, N skipped]") with the seconds it took
# (and its output when it failed), then the totals as the last line; it
# returns 0 when nothing failed. run_amazons_core queues the Amazons rules
# core's tests.
#
# TEST_FIRST (names, by the caller): started first, in that order (the
# longest tests, so that the two lanes end together); the others follow in
# the order queued. TEST_ALONE (names): run one at a time after all the
# others, with no other test beside them (their checks time themselves
# against a wall clock). A name is a test's name up to its first blank.
# T (names, blank- or comma-separated, from `make test T=...` or the
# environment): only the tests of those names are queued (a script's name
# with or without .sh: T=e2e_match, T="test_json e2e_resume.sh"); a name
# that matches no test is an error. The run ends with the five slowest
# tests, then the totals.
passed=0 failed=0 skipped=0
queued=0
rundir=$(mktemp -d) || exit 1
trap 'rm -rf "$rundir"' EXIT
: "${TEST_FIRST:=}" "${TEST_ALONE:=}"

# add_test NAME COMMAND...: queues COMMAND (run later under a timeout, so
# that a test that hangs fails instead of blocking the run).
add_test() {
    wanted "$1" || return 0
    queued=$((queued + 1))
    id=$(printf '%04d' "$queued")
    printf '%s\n' "$1" >"$rundir/$id.name"
    shift
    cmd='exec'
    for a in "$@"; do
        cmd="$cmd '$(printf '%s' "$a" | sed "s/'/'\\\\''/g")'"
    done
    printf '%s\n' "$cmd" >"$rundir/$id.sh"
}

# wanted NAME: is the test NAME (up to its first blank) among T, or T unset?
# Each name of T that matched is noted in $rundir/matched.
wanted() {
    [ -n "${T:-}" ] || return 0
    k=${1%% *}
    for t in $(echo "$T" | tr ',' ' '); do
        if [ "$k" = "$t" ] || [ "$k" = "$t.sh" ]; then
            echo "$t" >>"$rundir/matched"
            return 0
        fi
    done
    return 1
}

# run_id ID: runs the queued test ID; its output into ID.log, then "STATUS
# SECONDS" into ID.done (written whole, then renamed: its presence says done).
run_id() {
    start=$(date +%s)
    timeout "${TEST_TIMEOUT:-900}" sh "$rundir/$1.sh" >"$rundir/$1.log" 2>&1 </dev/null
    status=$?
    [ "$status" -eq 124 ] && echo "$(cat "$rundir/$1.name"): timed out after ${TEST_TIMEOUT:-900} s" >>"$rundir/$1.log"
    echo "$status $(($(date +%s) - start))" >"$rundir/$1.tmp"
    mv "$rundir/$1.tmp" "$rundir/$1.done"
}

# worker: takes the next unclaimed test of $rundir/order (mkdir is atomic:
# one worker wins each test) until none is left.
worker() {
    while read -r id; do
        mkdir "$rundir/$id.claim" 2>/dev/null || continue
        run_id "$id"
    done <"$rundir/order"
}

# key ID: the test's name up to its first blank.
key() { sed -n '1{s/ .*//;p;}' "$rundir/$1.name"; }

# summarise ID: adds the closing line of test ID to the totals and prints it
# with its seconds, after its output when it failed.
summarise() {
    name=$(cat "$rundir/$1.name")
    log=$rundir/$1.log
    read -r status secs <"$rundir/$1.done"
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
    printf '%d %s\n' "$secs" "$name" >>"$rundir/times"
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

# The Amazons rules core ($AMZ_DIR): its unit tests, then the oracle
# scripts (they skip without node).
run_amazons_core() {
    for t in "$AMZ_DIR"/test_*; do
        case "$t" in *.o|*.d) continue ;; esac
        [ -x "$t" ] || continue
        add_test "$(basename "$t")" "$t"
    done
    for t in tests/amazons/oracle_*.sh; do
        [ -f "$t" ] || continue
        add_test "$(basename "$t")" sh "$t" "$AMZ_DIR/amazons_cli"
    done
}

run_tests() {
    for t in $(echo "${T:-}" | tr ',' ' '); do
        grep -qx "$t" "$rundir/matched" 2>/dev/null && continue
        echo "run: T names no test: $t"
        echo "0 passed, 1 failed"
        return 1
    done
    jobs=${TEST_JOBS:-2}
    case $jobs in '' | *[!0-9]* | 0*) echo "run: TEST_JOBS must be a positive number, not '$jobs'" >&2; return 2 ;; esac
    # The order the workers take the tests in: TEST_FIRST, then the rest but
    # TEST_ALONE, queued order; TEST_ALONE into $rundir/alone.
    : >"$rundir/order"
    : >"$rundir/alone"
    all=$(i=1; while [ "$i" -le "$queued" ]; do printf '%04d\n' "$i"; i=$((i + 1)); done)
    for k in $TEST_FIRST; do
        for id in $all; do [ "$(key "$id")" = "$k" ] && echo "$id"; done
    done >>"$rundir/order"
    for id in $all; do
        k=$(key "$id")
        case " $TEST_ALONE " in *" $k "*) echo "$id" >>"$rundir/alone"; continue ;; esac
        grep -qx "$id" "$rundir/order" || echo "$id" >>"$rundir/order"
    done
    # The workers, then the tests that run alone, in the background; this
    # shell prints the results in that order as they come.
    (
        i=0
        while [ "$i" -lt "$jobs" ]; do
            worker &
            i=$((i + 1))
        done
        wait
        while read -r id; do run_id "$id"; done <"$rundir/alone"
    ) &
    runner=$!
    cat "$rundir/order" "$rundir/alone" >"$rundir/printed"
    while read -r id; do
        while [ ! -e "$rundir/$id.done" ]; do
            if ! kill -0 "$runner" 2>/dev/null; then
                [ -e "$rundir/$id.done" ] && break
                echo "run: the test runner stopped before $(cat "$rundir/$id.name") ran" >"$rundir/$id.log"
                echo "1 0" >"$rundir/$id.done"
                break
            fi
            sleep 0.5
        done
        summarise "$id"
    done <"$rundir/printed"
    wait "$runner"
    if [ -s "$rundir/times" ]; then
        echo "slowest:"
        sort -rn "$rundir/times" | head -n 5 | awk '{ s = $1; $1 = ""; printf "  %4d s %s\n", s, substr($0, 2) }'
    fi
    if [ "$skipped" -gt 0 ]; then
        echo "$passed passed, $failed failed, $skipped skipped"
    else
        echo "$passed passed, $failed failed"
    fi
    [ "$failed" -eq 0 ]
}
