# lib_e2e.sh - sourced by the e2e_*.sh scripts: counters, a scratch folder
# removed at exit, check helpers, qbt (named questions about stored results), own_left, blocks run in the
# background, a run killed after some games, an opening book replayed, and the closing line that
# tests/run.sh adds up.
passed=0 failed=0 skipped=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
PYTHON=${PYTHON:-python3}
TESTS_DIR=$(cd "$(dirname "$0")" && pwd)
# Every process this test starts (qibench, the engines it runs, and theirs)
# carries QB_TEST_TAG in its environment: own_left counts only those.
QB_TEST_TAG="qbtest-$$-$(date +%s)"
export QB_TEST_TAG

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
# check DESCRIPTION COMMAND...: passes when the command succeeds.
check() {
    what=$1; shift
    if "$@"; then ok; else bad "$what"; fi
}
skip() { skipped=$((skipped + 1)); echo "SKIP: $*"; }
# lines FILE: its number of lines.
lines() { wc -l <"$1" | tr -d ' '; }
# qbt FUNCTION ARGS...: a named question about stored results, answered by
# tests/qbt (its __init__.py lists them; `qbt count games.jsonl result=1-0`).
qbt() { PYTHONPATH="$TESTS_DIR${PYTHONPATH:+:$PYTHONPATH}" "$PYTHON" -m qbt "$@"; }
# own_left NAME: how many processes named NAME (their command name, as ps
# shows it) that this test started are still alive (zombies not counted).
own_left() {
    n=0
    for f in $(grep -lzx "QB_TEST_TAG=$QB_TEST_TAG" /proc/[0-9]*/environ 2>/dev/null); do
        d=${f%/environ}
        [ "$(cat "$d/comm" 2>/dev/null)" = "$1" ] || continue
        sed -n 's/^State:[[:space:]]*\([A-Z]\).*/\1/p' "$d/status" 2>/dev/null | grep -qv Z && n=$((n + 1))
    done
    echo "$n"
}
# background ID COMMAND...: runs COMMAND (plays and checks that need no
# other's results: their own run names and files) in a subshell in the
# background, its output into $tmp/ID.bg.out and its counts into
# $tmp/ID.bg.counts; join_background adds them in. For the waits (timeouts
# of seconds) that would otherwise come one after another.
background_ids="" background_pids=""
background() {
    bid=$1; shift
    background_ids="$background_ids $bid"
    (
        trap - EXIT
        passed=0 failed=0 skipped=0
        "$@"
        echo "$passed $failed $skipped" >"$tmp/$bid.bg.counts"
    ) >"$tmp/$bid.bg.out" 2>&1 &
    background_pids="$background_pids $!"
}
# join_background: waits for every background block, prints their output
# (in the order started) and adds their counts; a block that did not finish
# counts as a failure.
join_background() {
    for bpid in $background_pids; do wait "$bpid"; done
    for bid in $background_ids; do
        cat "$tmp/$bid.bg.out"
        if read -r bp bf bs <"$tmp/$bid.bg.counts"; then
            passed=$((passed + bp)) failed=$((failed + bf)) skipped=$((skipped + bs))
        else
            bad "background block $bid did not finish"
        fi
    done 2>/dev/null
    background_ids="" background_pids=""
}
# kill_when FILE N PID: waits (at most 20 s) until FILE (a run's
# games.jsonl) holds N lines, then kills PID with SIGKILL and reaps it;
# sets kept to the lines FILE holds then (0 when there is none).
kill_when() {
    n=0
    while [ "$n" -lt 400 ] && [ "$(cat "$1" 2>/dev/null | wc -l)" -lt "$2" ]; do sleep 0.05; n=$((n + 1)); done
    kill -9 "$3" 2>/dev/null
    wait "$3" 2>/dev/null
    kept=$(cat "$1" 2>/dev/null | wc -l | tr -d ' ')
}
# book_replays GAME LINES PLIES: an opening book's lines (LINES: its EPD
# without comments, each with ;moves "...") replay in qibench: `qibench
# openings --game GAME --plies PLIES` reads every line's moves (a check) and
# makes each line's position from them, counters included (a check).
book_replays() {
    sed 's/^.*;moves "\([^"]*\)".*$/\1/' "$2" | awk '{ print "o" NR " | o" NR " | " $0 }' >"$tmp/book.txt"
    "$QIBENCH" openings "$tmp/book.txt" --game "$1" --plies "$3" >"$tmp/replayed" 2>"$tmp/err"
    check "book: qibench openings --game $1 reads every line's moves (exit 0)" test $? -eq 0
    cut -d';' -f1 "$2" >"$tmp/fens"
    cut -d';' -f1 "$tmp/replayed" >"$tmp/fens.replayed"
    check "book: every line's moves replay to its position" cmp -s "$tmp/fens" "$tmp/fens.replayed"
}
# report: the closing line, "N passed, N failed[, N skipped]".
report() {
    if [ "$skipped" -gt 0 ]; then
        echo "$passed passed, $failed failed, $skipped skipped"
    else
        echo "$passed passed, $failed failed"
    fi
}
