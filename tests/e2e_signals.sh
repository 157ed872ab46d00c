#!/bin/sh
# e2e_signals.sh - no engine outlives the harness, and one signal contract
# for suite and match: the first SIGINT finishes what runs and exits 130
# with summary.json; a second SIGINT, SIGTERM or SIGHUP kills the engines
# at once, writes what finished and exits 128 + the signal. The four parts
# run at once (each mostly waits), each with a QB_TEST_TAG of its own in
# its processes' environment (own_left), so that the mocks of other test
# runs on the same machine, and of the other parts, are never counted.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}
# part LETTER: gives this part (run in a background subshell) its own
# QB_TEST_TAG, and sets STALL.
part() {
    QB_TEST_TAG=$QB_TEST_TAG-$1
    export QB_TEST_TAG
    STALL="-engine name=a cmd=$MOCK arg=--stall-after-go arg=1 -engine name=b cmd=$MOCK -each tc=600+0"
}
# mocks_left: how many of this part's mocks (and wrappers of them) are alive.
mocks_left() { echo $(($(own_left mock_engine) + $(own_left wrap.sh))); }
# kill_mocks: kills this part's mocks and wrappers, those alone.
kill_mocks() {
    for f in $(grep -lzx "QB_TEST_TAG=$QB_TEST_TAG" /proc/[0-9]*/environ 2>/dev/null); do
        d=${f%/environ}
        case $(cat "$d/comm" 2>/dev/null) in mock_engine | wrap.sh) kill -9 "${d#/proc/}" 2>/dev/null ;; esac
    done
}
# no_mock_after T: true when none is left within T seconds.
no_mock_after() {
    end=$(($(date +%s) + $1 + 1))
    while [ "$(mocks_left)" -ne 0 ]; do
        [ "$(date +%s)" -ge "$end" ] && return 1
        sleep 0.1
    done
}

# --- 1. SIGKILL: the kernel kills the engines (PR_SET_PDEATHSIG) ---------------------
# kill9 RUNNING GONE: the harness just started in the background ($!) has its
# engines running 1.5 s later (check RUNNING); after its kill -9, none is left
# 1 s later (check GONE).
kill9() {
    pid=$!
    sleep 1.5
    check "$1" test "$(mocks_left)" -ge 2
    kill -9 "$pid"
    wait "$pid" 2>/dev/null
    sleep 1
    check "$2" test "$(mocks_left)" -eq 0
}
part_kill() {
    part a
    "$QIBENCH" match $STALL --rounds 1 --results "$tmp" --name kill9 >/dev/null 2>&1 &
    kill9 "kill -9: the stalled engines were running" \
        "kill -9 of the harness: no engine left 1 s later (a stalled one included)"

    # An engine behind a wrapper script that runs it as a child (no exec): the kernel's
    # parent-death signal reaches the wrapper only; the engine's process group guard
    # (proc/proc.c child_guard) kills the rest.
    printf '#!/bin/sh\n"%s" "$@"\nexit $?\n' "$MOCK" >"$tmp/wrap.sh" && chmod +x "$tmp/wrap.sh"
    "$QIBENCH" match -engine name=a "cmd=$tmp/wrap.sh" arg=--stall-after-go arg=1 \
        -engine name=b "cmd=$tmp/wrap.sh" -each tc=600+0 --rounds 1 --results "$tmp" --name wrap \
        >/dev/null 2>&1 &
    kill9 "wrapped engines: running, as the wrapper's children" \
        "kill -9 of the harness: no wrapped engine left 1 s later (was: the stalled one lived on)"
    kill_mocks
}
background kill part_kill

# --- 2. suite: SIGINT, SIGTERM -------------------------------------------------------
grep -v '^#' positions/xiangqi/bench.epd | head -n 6 >"$tmp/six.epd"
# suite_bg NAME ENGINE-ARGS: a suite whose engine stalls at its 2nd search (concurrency 2).
suite_bg() {
    name=$1; shift
    "$QIBENCH" suite "$tmp/six.epd" -engine name=m cmd=$MOCK arg=--stall-after-go arg=2 depth=1 \
        --concurrency 2 --results "$tmp" --name "$name" --search-timeout 60000 "$@" >"$tmp/$name.out" 2>&1 &
}
part_suite() {
    part b
    suite_bg sint
    pid=$!
    sleep 1
    kill -INT "$pid"; sleep 0.3; kill -INT "$pid"
    wait "$pid"
    status=$?
    check "suite, Ctrl-C twice: exit 130 (was: 130 at once, no summary)" test "$status" -eq 130
    check "suite, Ctrl-C twice: summary.json written, state interrupted" grep -q '"state":"interrupted"' "$tmp/sint/summary.json"
    check "suite, Ctrl-C twice: no engine left within 1 s" no_mock_after 1
    check "suite, Ctrl-C twice: the searches cut short are not in searches.jsonl" sh -c "! grep -q disconnect '$tmp/sint/searches.jsonl'"

    suite_bg sterm
    pid=$!
    sleep 1
    kill -TERM "$pid"
    wait "$pid"
    check "suite, SIGTERM: exit 143" test $? -eq 143
    check "suite, SIGTERM: summary.json written" grep -q '"state":"interrupted"' "$tmp/sterm/summary.json"
    check "suite, SIGTERM: no engine left within 1 s" no_mock_after 1

    # One SIGINT: the searches in progress finish (a slow but answering engine; each search
    # slow too, so that the six are not all done before the signal on a loaded machine).
    "$QIBENCH" suite "$tmp/six.epd" -engine name=m cmd=$MOCK arg=--slow-start arg=300 arg=--slow-go arg=500 depth=1 \
        --results "$tmp" --name sone >"$tmp/sone.out" 2>&1 &
    pid=$!
    # after the engine checks (the run's folder exists) and the handshake (300 ms), while
    # the first search (500 ms of the six's 3 s) is in progress
    while [ ! -e "$tmp/sone/run.json" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
    sleep 0.6
    kill -INT "$pid"
    wait "$pid"
    check "suite, one Ctrl-C: exit 130" test $? -eq 130
    check "suite, one Ctrl-C: the search in progress finished and was written" test "$(lines "$tmp/sone/searches.jsonl")" -ge 1
    check "suite, one Ctrl-C: summary.json says interrupted" grep -q '"state":"interrupted"' "$tmp/sone/summary.json"
    check "suite, one Ctrl-C: no engine left within 1 s" no_mock_after 1
    # A Ctrl-C while the engines are checked (before any folder): exit 130, nothing written.
    "$QIBENCH" suite "$tmp/six.epd" -engine name=m cmd=$MOCK arg=--slow-start arg=1000 depth=1 \
        --results "$tmp" --name spre >"$tmp/spre.out" 2>"$tmp/spre.err" &
    pid=$!
    sleep 0.3
    kill -INT "$pid"
    wait "$pid"
    check "suite, Ctrl-C during the engine checks: exit 130" test $? -eq 130
    check "suite, Ctrl-C during the engine checks: says so, no results folder" \
        sh -c "grep -q 'interrupted while checking the engines' '$tmp/spre.err' && test ! -e '$tmp/spre'"
    check "suite, Ctrl-C during the engine checks: no engine left within 1 s" no_mock_after 1
}
background suite part_suite

# --- 3. match: SIGHUP (an ssh session dropping), SIGTERM -------------------------------
part_match() {
    part c
    for sig in HUP:129 TERM:143; do
        want=${sig#*:} sig=${sig%:*}
        "$QIBENCH" match $STALL --rounds 2 --results "$tmp" --name "m$sig" >/dev/null 2>&1 &
        pid=$!
        sleep 1.5
        kill -"$sig" "$pid"
        wait "$pid"
        status=$?
        check "match, SIG$sig: exit $want (128 + the signal)" test "$status" -eq "$want"
        check "match, SIG$sig: summary.json written, state interrupted" grep -q '"state":"interrupted"' "$tmp/m$sig/summary.json"
        check "match, SIG$sig: no engine left within 1 s" no_mock_after 1
        check "match, SIG$sig: the game cut short is not recorded" test ! -s "$tmp/m$sig/games.jsonl"
    done
}
background match part_match

# --- 4. kill -9 again and again, engines stalled: none left after each ------------------
part_loop() {
    part d
    left=0
    for i in 1 2 3 4 5; do
        "$QIBENCH" match $STALL --rounds 1 --results "$tmp" --name "loop$i" >/dev/null 2>&1 &
        pid=$!
        sleep "$(awk -v i="$i" 'BEGIN { srand(i * 104729); printf "%.2f", 0.3 + rand() }')"
        kill -9 "$pid"
        wait "$pid" 2>/dev/null
        sleep 1
        [ "$(mocks_left)" -eq 0 ] || left=$((left + 1))
        kill_mocks # only this part's: do not let one failure spoil the next
    done
    check "kill -9 five times at random moments (stalled engines): never an engine left after 1 s" test "$left" -eq 0
}
background loop part_loop
join_background
report
