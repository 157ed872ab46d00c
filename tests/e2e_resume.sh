#!/bin/sh
# e2e_resume.sh - never losing a result: `kill -9` of the harness at random
# moments then --resume, many times in a loop; a torn last line; Ctrl-C
# (once: finish the games in progress; twice: stop at once, no engine
# left); --shard K/N and `qibench merge`; summary.json against `qibench
# stats` on the counts in games.jsonl. The reference for "the same games"
# is an uninterrupted run: at fixed depth every game is reproducible.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}

grep -v '^#' positions/xiangqi/bench.epd | head -n 5 >"$tmp/book.epd"
GAMES=30
# The run: deep against shallow, fixed depths (so every game is reproducible).
RUN="-engine name=deep depth=3 -engine name=shallow depth=2 --openings file=$tmp/book.epd format=epd --concurrency 2"
match() { # NAME EXTRA... (in the foreground)
    name=$1; shift
    "$QIBENCH" match $RUN --games $GAMES --results "$tmp" --name "$name" "$@"
}
# match_bg NAME EXTRA...: the same in the background (output in $tmp/NAME.out),
# $! being qibench itself (a backgrounded function would be a subshell).
match_bg() {
    name=$1; shift
    "$QIBENCH" match $RUN --games $GAMES --results "$tmp" --name "$name" "$@" >"$tmp/$name.out" 2>&1 &
}
# games DIR: the games of a run as sorted text (pair, game, result, reason, moves).
games() { qbt resume.games "$1/games.jsonl"; }
# stats DIR: the pairings and terminations of summary.json.
stats() { qbt resume.stats "$1/summary.json"; }
# pairs_once DIR: every (pair, game) exactly once and every line whole.
pairs_once() { qbt resume.pairs_once "$1/games.jsonl" "$GAMES"; }
# born PID: "STATE STARTED" of process PID (its state letter, and when it
# started in clock ticks after boot, read at once); empty when there is none.
born() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1,20; }
# kids PID: the children of PID, each as CHILD:STARTED, so that a PID used
# again later by another process (another checkout's) is not taken for it.
kids() { for c in $(pgrep -P "$1"); do printf '%s:%s ' "$c" "$(born "$c" | cut -d' ' -f2)"; done; }
# still CHILD:STARTED [live]: that very process still exists (live: and is not a zombie).
still() {
    now=$(born "${1%:*}")
    [ -n "${1#*:}" ] && [ "${now#* }" = "${1#*:}" ] || return 1
    [ "${2:-}" != live ] || [ "${now%% *}" != Z ]
}

match ref >"$tmp/ref.out" 2>&1
check "the reference run finishes (exit 0)" test $? -eq 0
check "reference: $GAMES games, each pair and game once" pairs_once "$tmp/ref"
games "$tmp/ref" >"$tmp/ref.games"
stats "$tmp/ref" >"$tmp/ref.stats"

# --- kill -9 at random moments, resume, again and again -----------------------
# In the background (mostly the 1 s waits after each kill), beside the rest
# of the script; its checks are added in at the end.
kill_loop() {
    match_bg killed
    pid=$!
    kills=0 status=1 left=0
    # Not before the run exists: a harness killed before it wrote run.json leaves
    # nothing to resume (a sanitizer build under load can take longer than the
    # first sleep to start), and every --resume after would be refused.
    for w in $(seq 1 100); do
        [ -f "$tmp/killed/run.json" ] && break
        sleep 0.1
    done
    # At most 25 kills (a slow sanitizer build could otherwise never finish);
    # then the last resumed run is left to complete.
    for i in $(seq 1 25); do
        # sleep 0.05 .. 0.3 s, seeded by the loop index for a varied but fixed pattern
        sleep "$(awk -v i="$i" 'BEGIN { srand(i * 7919); printf "%.2f", 0.05 + rand() / 4 }')"
        engines=$(kids "$pid") # this harness's engines, busy searching
        kill -9 "$pid" 2>/dev/null
        wait "$pid"
        status=$?
        [ "$status" -eq 0 ] && break
        kills=$((kills + 1))
        sleep 1
        # A dead engine waits as a zombie for init to reap it: only a live one counts.
        for e in $engines; do still "$e" live && left=$((left + 1)); done
        "$QIBENCH" match --resume "$tmp/killed" --concurrency 2 >>"$tmp/resume.out" 2>>"$tmp/resume.err" &
        pid=$!
    done
    if [ "$status" -ne 0 ]; then
        wait "$pid"
        status=$?
    fi
    echo "kill -9 loop: the harness was killed $kills times before the resumed run finished"
    check "killed $kills times with SIGKILL, then the resumed run finished (exit 0)" test "$status" -eq 0 -a "$kills" -ge 20
    check "after each of the $kills kills, 1 s later, none of the killed harness's engines was left ($left were)" test "$left" -eq 0
    check "after the kills: $GAMES games, every pair and game once, no torn line" pairs_once "$tmp/killed"
    games "$tmp/killed" >"$tmp/killed.games"
    check "after the kills: the same games, move for move, as the uninterrupted run" cmp -s "$tmp/ref.games" "$tmp/killed.games"
    stats "$tmp/killed" >"$tmp/killed.stats"
    check "after the kills: the same summary (pairings, pentanomial, terminations)" cmp -s "$tmp/ref.stats" "$tmp/killed.stats"
    check "after the kills: games.pgn holds exactly the games of games.jsonl" \
        test "$(grep -c '^\[Event ' "$tmp/killed/games.pgn")" -eq "$GAMES"
}
background killed kill_loop

# --- a torn last line ------------------------------------------------------------
match torn --games 10 >/dev/null 2>&1
head -n 6 "$tmp/torn/games.jsonl" >"$tmp/six"
cp "$tmp/six" "$tmp/torn/games.jsonl"
printf '{"red":"deep","black":"shallow","round":4,"pair":3,"ga' >>"$tmp/torn/games.jsonl"
"$QIBENCH" match --resume "$tmp/torn" >"$tmp/torn.out" 2>"$tmp/torn.err"
check "torn last line: resume exits 0" test $? -eq 0
check "torn last line: a warning names the file and line" grep -q 'games.jsonl:7: discarded a torn last line' "$tmp/torn.err"
check "torn last line: 10 whole games afterwards" \
    test "$(qbt distinct "$tmp/torn/games.jsonl" pair,game) $(qbt count "$tmp/torn/games.jsonl")" = "10 10"
check "torn last line: the PGN was cut back to the kept games, then completed" \
    test "$(grep -c '^\[Event ' "$tmp/torn/games.pgn")" -eq 10
printf '{"broken": \n' >"$tmp/mid.jsonl"
cat "$tmp/six" >>"$tmp/mid.jsonl"
cp "$tmp/mid.jsonl" "$tmp/torn/games.jsonl"
"$QIBENCH" match --resume "$tmp/torn" >/dev/null 2>"$tmp/err"
check "a broken line in the middle is an error (exit 2) naming file and line" \
    sh -c "test $? -eq 2 && grep -q 'games.jsonl:1: expected one game' '$tmp/err'"

# --- a full disk: a clean stop, then --resume ---------------------------------------
# RLIMIT_FSIZE (ulimit -f, 512-byte blocks) makes writes past 20 KB fail with
# EFBIG, as a full disk fails them with ENOSPC; SIGXFSZ is ignored so the
# write fails instead of killing the harness.
(trap '' XFSZ; ulimit -f 40; exec "$QIBENCH" match $RUN --games $GAMES --results "$tmp" --name full \
    >"$tmp/full.out" 2>"$tmp/full.err")
check "full disk: the run stops with exit 3" test $? -eq 3
check "full disk: one clear line says so" grep -q 'cannot write the results in .*File too large.*: stopping' "$tmp/full.err"
check "full disk: it stopped early" test "$(wc -l <"$tmp/full/games.jsonl")" -lt $GAMES
# consistent DIR: games.jsonl ends with a whole line and games.pgn holds the same games.
consistent() { [ "$(tail -c 1 "$1/games.jsonl" | od -An -c | tr -d ' ')" = '\n' ] &&
    test "$(grep -c '^\[Event ' "$1/games.pgn")" -eq "$(wc -l <"$1/games.jsonl")"; }
check "full disk: both files rolled back to the last whole game (was: a torn line, 2 more PGN games)" consistent "$tmp/full"
before=$(cat "$tmp/full/games.jsonl" "$tmp/full/games.pgn" | cksum)
(trap '' XFSZ; ulimit -f 40; exec "$QIBENCH" match --resume "$tmp/full" >"$tmp/full2.out" 2>"$tmp/full2.err")
check "full disk, --resume while still full: exit 3, saying why" sh -c "test $? -eq 3 && grep -q 'File too large' '$tmp/full2.err'"
check "full disk, --resume while still full: games.jsonl and games.pgn unchanged (was: another torn line)" \
    test "$(cat "$tmp/full/games.jsonl" "$tmp/full/games.pgn" | cksum)" = "$before"
(ulimit -f 40; exec "$QIBENCH" match $RUN --games $GAMES --results "$tmp" --name fullsig >/dev/null 2>&1)
check "full disk with SIGXFSZ at its default: still a clean stop, exit 3 (not killed by the signal)" test $? -eq 3
check "... and both files consistent" consistent "$tmp/fullsig"
"$QIBENCH" match --resume "$tmp/full" >/dev/null 2>&1
check "full disk: --resume once there is room finishes (exit 0)" test $? -eq 0
games "$tmp/full" >"$tmp/full.games"
check "full disk: after --resume the same games as uninterrupted, none lost or doubled" cmp -s "$tmp/ref.games" "$tmp/full.games"
check "full disk: games.pgn matches games.jsonl" test "$(grep -c '^\[Event ' "$tmp/full/games.pgn")" -eq $GAMES
mkdir -p "$tmp/ro" && chmod 555 "$tmp/ro"
if [ "$(id -u)" -ne 0 ]; then
    "$QIBENCH" match -engine name=a depth=1 -engine name=b depth=1 --results "$tmp/ro" --name x >/dev/null 2>"$tmp/err"
    check "unwritable results folder: exit 2 at the start, naming it" sh -c "test $? -eq 2 && grep -q 'cannot create $tmp/ro/x' '$tmp/err'"
else
    "$QIBENCH" match -engine name=a depth=1 -engine name=b depth=1 --results /proc/qibench --name x >/dev/null 2>"$tmp/err"
    check "unwritable results folder: exit 2 at the start, naming it" sh -c "test $? -eq 2 && grep -q 'cannot create /proc/qibench/x' '$tmp/err'"
fi

# --- Ctrl-C -------------------------------------------------------------------------
match_bg int1
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
check "one Ctrl-C: exit status 130 after the games in progress" test $? -eq 130
check "one Ctrl-C: summary.json says interrupted" test "$(qbt value "$tmp/int1/summary.json" state)" = interrupted
check "one Ctrl-C: says how to go on" grep -q "go on with: qibench match --resume $tmp/int1" "$tmp/int1.out"
check "one Ctrl-C: no game lost or torn so far" qbt resume.some_once "$tmp/int1/games.jsonl" "$GAMES"
"$QIBENCH" match --resume "$tmp/int1" >/dev/null 2>&1
check "after one Ctrl-C, --resume finishes (exit 0)" test $? -eq 0
games "$tmp/int1" >"$tmp/int1.games"
check "after one Ctrl-C and --resume: the same games as uninterrupted" cmp -s "$tmp/ref.games" "$tmp/int1.games"

"$QIBENCH" match -engine name=deep depth=6 -engine name=shallow depth=5 --games 4 --concurrency 2 \
    --results "$tmp" --name int2 >"$tmp/int2.out" 2>&1 &
pid=$!
sleep 1
children=$(kids "$pid")
kill -INT "$pid"
sleep 0.2
kill -INT "$pid"
wait "$pid"
check "two Ctrl-C: exit status 130 at once" test $? -eq 130
check "two Ctrl-C: the engines were running ($children)" test -n "$children"
left=0
for c in $children; do still "$c" && left=$((left + 1)); done
check "two Ctrl-C: no engine process left, not even a zombie" test "$left" -eq 0
# A game may end by the rules within the second (a quick build plays depth 6
# against 5 fast); what must not be stored is a game the stop cut short: its
# engines killed (abandoned), unterminated, or a forfeit the stop caused.
check "two Ctrl-C: no game cut short was recorded ($(wc -l <"$tmp/int2/games.jsonl" 2>/dev/null || echo 0) whole games)" \
    qbt resume.none_cut_short $(test -f "$tmp/int2/games.jsonl" && echo "$tmp/int2/games.jsonl")
printf '%s\n' '{"pair":0,"game":1,"result":"0-1","reason":"abandoned: engine crashed"}' >"$tmp/cut.jsonl"
finds_cut_short() { ! qbt resume.none_cut_short "$1" 2>/dev/null; }
check "two Ctrl-C: the check finds a game cut short" finds_cut_short "$tmp/cut.jsonl"

# --- shards and merge ------------------------------------------------------------------
for k in 1 2 3; do match "shard$k" --shard "$k/3" --concurrency 1 >/dev/null 2>&1; done
check "three shards share the games out (10 + 10 + 10)" test "$(cat "$tmp"/shard?/games.jsonl | wc -l)" -eq $GAMES
"$QIBENCH" merge "$tmp/shard1" "$tmp/shard2" "$tmp/shard3" --results "$tmp" --name merged >"$tmp/merged.out" 2>&1
check "merge exits 0" test $? -eq 0
games "$tmp/merged" >"$tmp/merged.games"
check "sharded and merged: the same games as unsharded" cmp -s "$tmp/ref.games" "$tmp/merged.games"
stats "$tmp/merged" >"$tmp/merged.stats"
check "sharded and merged: the same statistics as unsharded" cmp -s "$tmp/ref.stats" "$tmp/merged.stats"
check "sharded and merged: the same printed results" test "$(sed -n '/^deep vs/,/^games ended/p' "$tmp/merged.out")" = "$(sed -n '/^deep vs/,/^games ended/p' "$tmp/ref.out")"
# llr_history: taken in the order of the pairs' index, so the merged one is the unsharded one's
# (the unsharded run plays 2 games at a time, finishing pairs out of order).
SPRT="--sprt elo0=-10 elo1=10 alpha=0.001 beta=0.001 model=logistic"
match sprt_ref $SPRT >/dev/null 2>&1
for k in 1 2 3; do match "sprt$k" --shard "$k/3" --concurrency 1 $SPRT >/dev/null 2>&1; done
"$QIBENCH" merge "$tmp/sprt1" "$tmp/sprt2" "$tmp/sprt3" --results "$tmp" --name sprt_merged >/dev/null 2>&1
history() { qbt resume.history "$1/summary.json"; }
check "with --sprt the reference run played every pair (no verdict cut it short)" test "$(history "$tmp/sprt_ref" | cut -d' ' -f1)" -eq 15
check "sharded and merged: llr_history equals the unsharded run's, point for point (was: 55 of 60 differed)" \
    test "$(history "$tmp/sprt_merged")" = "$(history "$tmp/sprt_ref")"
"$QIBENCH" merge "$tmp/shard1" "$tmp/shard2" --results "$tmp" --name partial >/dev/null 2>"$tmp/err"
check "merging 2 of 3 shards: warned, and summary.json says interrupted" sh -c "grep -q '20 of 30 games present' '$tmp/err' && grep -q '\"state\":\"interrupted\"' '$tmp/partial/summary.json'"
"$QIBENCH" merge "$tmp/shard1" "$tmp/torn" --results "$tmp" --name wrong >/dev/null 2>"$tmp/err"
check "merging shards of different runs: exit 2" test $? -eq 2
check "... with a one-line reason" test "$(wc -l <"$tmp/err")" -eq 1
"$QIBENCH" merge "$tmp/shard1" "$tmp/shard1" --results "$tmp" --name twice >/dev/null 2>"$tmp/err"
check "the same shard twice: exit 2, a game recorded twice" sh -c "test $? -eq 2 && grep -q 'recorded twice' '$tmp/err'"
check "the same shard twice: the error is one line (was: a second line of uninitialised bytes)" test "$(wc -l <"$tmp/err")" -eq 1

# --- bad input ------------------------------------------------------------------------------
"$QIBENCH" match --resume "$tmp/nowhere" >/dev/null 2>"$tmp/err"
check "--resume of a missing folder: exit 2 naming run.json" sh -c "test $? -eq 2 && grep -q 'nowhere/run.json' '$tmp/err'"
"$QIBENCH" match --resume "$tmp/ref" --games 4 >/dev/null 2>"$tmp/err"
check "--resume with a run-changing option: exit 2" sh -c "test $? -eq 2 && grep -q \"not '--games'\" '$tmp/err'"
"$QIBENCH" tournament --resume "$tmp/ref" >/dev/null 2>"$tmp/err"
check "tournament --resume of a match: exit 2" test $? -eq 2
for bad in 0/3 4/3 x 1/0 1/3x; do
    match badshard --shard "$bad" >/dev/null 2>"$tmp/err"
    check "--shard $bad rejected with exit 2" sh -c "test $? -eq 2 && grep -q 'bad --shard' '$tmp/err'"
done

# --- summary.json equals `qibench stats` on the counts of games.jsonl --------------------------
match sprt --sprt elo0=0 elo1=50 >/dev/null 2>&1
read -r penta wdl <<EOF
$(qbt resume.penta_wdl "$tmp/sprt/games.jsonl")
EOF
"$QIBENCH" stats --penta "$penta" --sprt elo0=0 elo1=50 --json >"$tmp/penta.json"
"$QIBENCH" stats --wdl "$wdl" --json >"$tmp/wdl.json"
check "summary.json pairing = qibench stats --penta $penta (+ W/D/L and draw ratio of --wdl $wdl)" \
    qbt resume.same_as_stats "$tmp/sprt/summary.json" "$tmp/penta.json" "$tmp/wdl.json" "$penta"
check "summary.json: termination counts add up to the games" \
    qbt resume.terminations_add_up "$tmp/sprt/summary.json" "$tmp/sprt/games.jsonl"

# --- old results folders (tests/data/old-format: written by the build of 8965c1b,
# sides as "red" and "black" for every game) still resume, rate and merge ---------
OLD=tests/data/old-format
# moves DIR: each game as OLD/*.moves has it (pair, game, first side, second side,
# result, moves), the first side under the game's name or the old "red"
moves() { qbt resume.moves "$1/games.jsonl"; }
mkdir "$tmp/old"
cp -r "$OLD/match" "$OLD/amazons" "$OLD/tournament" "$tmp/old/"
"$QIBENCH" match --resume "$tmp/old/match" >"$tmp/old.out" 2>"$tmp/old.err"
check "old match: --resume exits 0" test $? -eq 0
check "old match: 4 games kept, 2 played" grep -q 'resuming .*: 4 of 6 games already played' "$tmp/old.err"
check "old match: the 4 stored lines unchanged" sh -c "head -n 4 '$tmp/old/match/games.jsonl' | cmp -s - '$OLD/match/games.jsonl'"
check "old match: the games as the full run at 8965c1b played them (fixed depths)" \
    test "$(moves "$tmp/old/match")" = "$(cat "$OLD/match.moves")"
check "old match: games.pgn rebuilt with all 6 games" test "$(grep -c '^\[Event ' "$tmp/old/match/games.pgn")" -eq 6
"$QIBENCH" ratings "$tmp/old/match" --json >"$tmp/old.r1" 2>"$tmp/old.r1err"
check "old match: qibench ratings reads the mixed file (exit 0)" test $? -eq 0
check "old match: summary.json has the ratings and search statistics of all 6 games" \
    qbt resume.old_match_summary "$tmp/old/match/summary.json" "$tmp/old.r1"
"$QIBENCH" match --resume "$tmp/old/amazons" >"$tmp/old.out" 2>"$tmp/old.err"
check "old Amazons match: --resume exits 0" test $? -eq 0
check "old Amazons match: red/black lines kept, the new ones white/black" qbt resume.old_sides "$tmp/old/amazons/games.jsonl"
check "old Amazons match: the games as the full run at 8965c1b played them" \
    test "$(moves "$tmp/old/amazons")" = "$(cat "$OLD/amazons.moves")"
"$QIBENCH" ratings "$OLD/tournament" --json >"$tmp/old.r2" 2>&1
check "old tournament: qibench ratings exits 0" test $? -eq 0
"$QIBENCH" merge "$tmp/old/tournament" --results "$tmp/old" --name merged >"$tmp/old.out" 2>&1
check "old tournament: merge exits 0" test $? -eq 0
"$QIBENCH" ratings "$tmp/old/merged" --json >"$tmp/old.r3" 2>&1
check "old tournament: the merged run rates as the old one, 6 games" \
    qbt resume.old_merged "$tmp/old.r2" "$tmp/old.r3" "$tmp/old/merged/summary.json"
join_background
report
