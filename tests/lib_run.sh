# lib_run.sh - what tests/run.sh, tests/amazons/run.sh and tests/ataxx/run.sh share (sourced):
# add_test queues a test (a program or a script, under a name); run_tests
# runs the queue TEST_JOBS (default 3) at a time with xargs -P, each test
# into its own log under a timeout, prints each one's closing line ("N
# passed, N failed[, N skipped]") with its seconds as it ends, then the
# output of those that failed, the five slowest, and the totals as the last
# line; it returns 0 when nothing failed.
#
# TEST_FIRST (names, set by the caller): started first, in that order (the
# longest, so that the lanes end together). TEST_ALONE (names): run one at a
# time after the others, with nothing beside them (their checks time
# themselves against a wall clock). T (names, blank- or comma-separated,
# from `make test T=...`): only those are queued (a script's name with or
# without .sh); a name that matches no test is an error.
passed=0 failed=0 skipped=0
queued=0
rundir=$(mktemp -d) || exit 1
trap 'rm -rf "$rundir"' EXIT
: "${TEST_FIRST:=}" "${TEST_ALONE:=}"

# add_test NAME COMMAND...: queues COMMAND as the test NAME (no blanks).
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

# wanted NAME: is the test NAME among T (each name that matches is noted
# in $rundir/matched), or T unset?
wanted() {
    [ -n "${T:-}" ] || return 0
    for t in $(echo "$T" | tr ',' ' '); do
        if [ "$1" = "$t" ] || [ "$1" = "$t.sh" ]; then
            echo "$t" >>"$rundir/matched"
            return 0
        fi
    done
    return 1
}

# The program each xargs job runs: test ID into ID.log, then "STATUS
# SECONDS" into ID.done, and its line on the terminal.
cat >"$rundir/one" <<'EOF'
id=$1 dir=$(dirname "$0")
start=$(date +%s)
timeout "${TEST_TIMEOUT:-900}" sh "$dir/$id.sh" >"$dir/$id.log" 2>&1 </dev/null
status=$?
[ "$status" -eq 124 ] && echo "timed out after ${TEST_TIMEOUT:-900} s" >>"$dir/$id.log"
secs=$(($(date +%s) - start))
echo "$status $secs" >"$dir/$id.done"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$dir/$id.log" | tail -n 1)
[ -n "$line" ] || line="CRASHED (exit $status)"
[ "$status" -ne 0 ] && [ "${line#CRASHED}" = "$line" ] && line="$line (exit $status)"
printf '%-28s %-40s %4d s\n' "$(cat "$dir/$id.name")" "$line" "$secs"
EOF

# total ID: adds test ID's closing line to the totals (a test that ended
# without one, or exited non-zero with no failure counted, is one failure);
# prints its output when it failed.
total() {
    log=$rundir/$1.log
    read -r status secs <"$rundir/$1.done" || status=1 secs=0
    printf '%d %s\n' "$secs" "$(cat "$rundir/$1.name")" >>"$rundir/times"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    p=0 f=1 s=0
    if [ -n "$line" ]; then
        p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
        f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
        s=$(echo "$line" | sed -nE 's/.*, ([0-9]+) skipped.*/\1/p')
        [ -n "$s" ] || s=0
        [ "$status" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    fi
    if [ "$f" -gt 0 ]; then
        echo "--- $(cat "$rundir/$1.name") (exit $status):"
        grep -v -E '^[0-9]+ passed, [0-9]+ failed' "$log" | head -n 60
    fi
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

run_tests() {
    for t in $(echo "${T:-}" | tr ',' ' '); do
        grep -qx "$t" "$rundir/matched" 2>/dev/null && continue
        echo "run: T names no test: $t"
        echo "0 passed, 1 failed"
        return 1
    done
    # Three at a time on two cores: most end-to-end tests wait on engines
    # (move times, stalls, kills), so a third keeps the cores busy (make test
    # 7 min 5 s against 9 min 5 s at two, built tree, same machine); the tests
    # that time themselves to the millisecond run alone at the end.
    jobs=${TEST_JOBS:-3}
    case $jobs in '' | *[!0-9]* | 0*) echo "run: TEST_JOBS must be a positive number, not '$jobs'" >&2; return 2 ;; esac
    # The order: TEST_FIRST, then the others as queued; TEST_ALONE apart.
    ls "$rundir" | sed -n 's/\.name$//p' | sort >"$rundir/all"
    for k in $TEST_FIRST; do
        while read -r id; do [ "$(cat "$rundir/$id.name")" = "$k" ] && echo "$id"; done <"$rundir/all"
    done >"$rundir/order"
    : >"$rundir/alone"
    while read -r id; do
        k=$(cat "$rundir/$id.name")
        case " $TEST_ALONE " in *" $k "*) echo "$id" >>"$rundir/alone"; continue ;; esac
        grep -qx "$id" "$rundir/order" || echo "$id" >>"$rundir/order"
    done <"$rundir/all"
    xargs -r -P "$jobs" -n 1 sh "$rundir/one" <"$rundir/order"
    xargs -r -n 1 sh "$rundir/one" <"$rundir/alone"
    while read -r id; do total "$id"; done <"$rundir/all"
    if [ -s "$rundir/times" ]; then
        echo "slowest:"
        sort -rn "$rundir/times" | head -n 5 | awk '{ printf "  %4d s %s\n", $1, $2 }'
    fi
    if [ "$skipped" -gt 0 ]; then
        echo "$passed passed, $failed failed, $skipped skipped"
    else
        echo "$passed passed, $failed failed"
    fi
    [ "$failed" -eq 0 ]
}

# run_core_tests DIR: the test binaries of a game's rules core (DIR:
# $AMZ_DIR, $ATX_DIR).
run_core_tests() {
    for t in "$1"/test_*; do
        case "$t" in *.o|*.d) continue ;; esac
        [ -x "$t" ] || continue
        add_test "$(basename "$t")" "$t"
    done
}

# run_amazons_core: the Amazons rules core's tests ($AMZ_DIR).
run_amazons_core() { run_core_tests "$AMZ_DIR"; }
