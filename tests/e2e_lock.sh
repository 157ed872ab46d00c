#!/bin/sh
# e2e_lock.sh - one writer per run folder: while a match writes its folder,
# a second --resume, a fresh run of the same name (with --force too) and a
# merge into it are refused at once, one line naming the writer's PID,
# exit 2, nothing of the folder touched; a reader (ratings) still reads. The lock dies with its process: after kill -9, --resume goes on.
# Two --resume of one interrupted run started together: one refused, the
# other plays the missing games, none twice.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}

grep -v '^#' positions/xiangqi/bench.epd | head -n 4 >"$tmp/book.epd"
BOOK="--openings file=$tmp/book.epd format=epd"
# The writer: long enough to be still running while the others try.
SLOW="-engine name=deep depth=3 -engine name=shallow depth=2 $BOOK --games 40 --concurrency 1"
# Short runs: the shards to merge, the run resumed twice at once.
QUICK="-engine name=deep depth=2 -engine name=shallow depth=1 $BOOK --games 8 --concurrency 2"

# one_line_pid FILE PID: FILE is one line naming PID as the folder's writer.
one_line_pid() {
    test "$(lines "$1")" -eq 1 && grep -q "is being written by process $2" "$1"
}
# wait_for FILE: until FILE is not empty (20 s at most).
wait_for() {
    for _ in $(seq 1 400); do
        [ -s "$1" ] && return 0
        sleep 0.05
    done
    return 1
}

# shellcheck disable=SC2086 # the runs are words
for k in 1 2; do "$QIBENCH" match $QUICK --shard $k/2 --results "$tmp" --name s$k >/dev/null 2>&1; done
check "two shards made" test -s "$tmp/s1/games.jsonl" -a -s "$tmp/s2/games.jsonl"

# --- while a match writes ----------------------------------------------------
# shellcheck disable=SC2086
"$QIBENCH" match $SLOW --results "$tmp" --name r >"$tmp/r.out" 2>&1 &
writer=$!
check "the writer has stored a game" wait_for "$tmp/r/games.jsonl"
cp "$tmp/r/run.json" "$tmp/run.json.before"

"$QIBENCH" match --resume "$tmp/r" >"$tmp/resume.out" 2>&1
check "a second --resume: exit 2" test $? -eq 2
check "... one line naming the writer's PID ($writer)" one_line_pid "$tmp/resume.out" "$writer"
# shellcheck disable=SC2086
"$QIBENCH" match $QUICK --results "$tmp" --name r >"$tmp/again.out" 2>&1
check "a new run of the same --name: exit 2" test $? -eq 2
check "... one line naming the writer's PID" one_line_pid "$tmp/again.out" "$writer"
# shellcheck disable=SC2086
"$QIBENCH" match $QUICK --results "$tmp" --name r --force >"$tmp/force.out" 2>&1
check "the same with --force: exit 2" test $? -eq 2
check "... one line naming the writer's PID" one_line_pid "$tmp/force.out" "$writer"
"$QIBENCH" merge "$tmp/s1" "$tmp/s2" --results "$tmp" --name r --force >"$tmp/merge.out" 2>&1
check "merge into it with --force: exit 2" test $? -eq 2
check "... one line naming the writer's PID" one_line_pid "$tmp/merge.out" "$writer"
check "run.json untouched, games.jsonl still there" \
    sh -c "cmp -s '$tmp/r/run.json' '$tmp/run.json.before' && test -s '$tmp/r/games.jsonl'"
"$QIBENCH" ratings "$tmp/r" >"$tmp/ratings.out" 2>&1
# (Its games may not yet rate: "scored no point" is a reading, not a refusal.)
check "a reader (ratings) still reads it" \
    sh -c "! grep -q 'being written' '$tmp/ratings.out' && grep -qE 'deep|shallow' '$tmp/ratings.out'"
check "the writer is still running" kill -0 "$writer"

# The lock dies with its process: after kill -9, --resume takes the folder.
kill -9 "$writer" 2>/dev/null
wait "$writer" 2>/dev/null
"$QIBENCH" match --resume "$tmp/r" >"$tmp/after.out" 2>&1 &
resumer=$!
got=""
for _ in $(seq 1 400); do
    got=$(cat "$tmp/r/run.lock" 2>/dev/null)
    [ "$got" = "$resumer" ] && break
    sleep 0.05
done
check "after kill -9, --resume takes the folder (run.lock says $got, the resume is $resumer)" test "$got" = "$resumer"
check "... and goes on (still running)" kill -0 "$resumer"
kill -9 "$resumer" 2>/dev/null
wait "$resumer" 2>/dev/null

# --- two --resume at once ----------------------------------------------------
# shellcheck disable=SC2086
"$QIBENCH" match $QUICK --results "$tmp" --name two >/dev/null 2>&1 &
pid=$!
wait_for "$tmp/two/games.jsonl"
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
before=$(lines "$tmp/two/games.jsonl")
check "killed part way ($before of 8 games)" test "$before" -lt 8
"$QIBENCH" match --resume "$tmp/two" >"$tmp/two.a" 2>&1 &
a=$!
"$QIBENCH" match --resume "$tmp/two" >"$tmp/two.b" 2>&1 &
b=$!
wait "$a"
sa=$?
wait "$b"
sb=$?
check "two --resume at once: one finishes, one is refused (exit $sa and $sb)" \
    test "$(printf '%s\n' "$sa" "$sb" | sort | tr '\n' ' ')" = "0 2 "
check "... the refused one names the other's PID" \
    sh -c "grep -qE 'being written by process ($a|$b)' '$tmp/two.a' '$tmp/two.b'"
check "... 8 games, each (pair, game) once: no game twice" \
    test "$(qbt count "$tmp/two/games.jsonl") $(qbt distinct "$tmp/two/games.jsonl" pair,game)" = "8 8"

report
