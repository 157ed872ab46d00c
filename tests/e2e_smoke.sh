#!/bin/sh
# e2e_smoke.sh - one of each of the commands people run most, small and
# fast, for `make check` (the deep versions are the other e2e tests): a
# match, the same match killed with SIGKILL and resumed (the games equal an
# uninterrupted run's, each once), a suite, and a play session typed on
# standard input, saved. At fixed depth every game is reproducible.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}

grep -v '^#' positions/xiangqi/bench.epd | head -n 4 >"$tmp/book.epd"
RUN="-engine name=deep depth=2 -engine name=shallow depth=1 --openings file=$tmp/book.epd format=epd --concurrency 2"

# --- a match ---------------------------------------------------------------
# shellcheck disable=SC2086 # RUN is words
"$QIBENCH" match $RUN --games 8 --results "$tmp" --name ref >"$tmp/ref.out" 2>&1
check "match: exit 0" test $? -eq 0
check "match: 8 games, each (pair, game) once" test "$(qbt distinct "$tmp/ref/games.jsonl" pair,game)" -eq 8
decided=$(($(qbt count "$tmp/ref/games.jsonl" result=1-0) + $(qbt count "$tmp/ref/games.jsonl" result=0-1) + $(qbt count "$tmp/ref/games.jsonl" result=1/2-1/2)))
check "match: every game has a result (got $decided of 8)" test "$decided" -eq 8
check "match: summary.json counts 8 games" test "$(qbt value "$tmp/ref/summary.json" games)" -eq 8
check "match: games.pgn holds 8 games" test "$(grep -c '^\[Result ' "$tmp/ref/games.pgn")" -eq 8

# --- killed, then resumed --------------------------------------------------
# shellcheck disable=SC2086
"$QIBENCH" match $RUN --games 8 --results "$tmp" --name killed >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 200); do
    [ -s "$tmp/killed/games.jsonl" ] && break
    sleep 0.05
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
before=$(lines "$tmp/killed/games.jsonl")
check "killed part way ($before of 8 games stored)" test "$before" -ge 1 -a "$before" -lt 8
# shellcheck disable=SC2086
"$QIBENCH" match --resume "$tmp/killed" >"$tmp/resume.out" 2>&1
check "resume: exit 0" test $? -eq 0
check "resume: 8 games, each (pair, game) once" \
    test "$(qbt count "$tmp/killed/games.jsonl") $(qbt distinct "$tmp/killed/games.jsonl" pair,game)" = "8 8"
check "resume: the same games as the uninterrupted run" \
    test "$(qbt resume.games "$tmp/killed/games.jsonl")" = "$(qbt resume.games "$tmp/ref/games.jsonl")"

# --- a suite ---------------------------------------------------------------
"$QIBENCH" suite "$tmp/book.epd" -engine name=e depth=3 -engine name=ab option.Search=alphabeta depth=3 \
    --results "$tmp" --name suite >"$tmp/suite.out" 2>&1
check "suite: exit 0" test $? -eq 0
check "suite: 8 searches, all ok" \
    test "$(qbt count "$tmp/suite/searches.jsonl") $(qbt count "$tmp/suite/searches.jsonl" status=ok)" = "8 8"
check "suite: a table row per engine" test "$(grep -cE '^(e|ab) ' "$tmp/suite.out")" -eq 2

# --- a play session ----------------------------------------------------------
# A person (Red) against our engine, typed on standard input: a move, undo,
# the move again, quit. The game is saved with the person's one move and
# the engine's reply.
printf 'h2e2\nundo\nh2e2\nquit\n' | "$QIBENCH" play -engine name=e depth=2 --black e --ascii \
    --results "$tmp/play" >"$tmp/play.out" 2>&1
check "play: exit 0" test $? -eq 0
pgn=$(ls "$tmp"/play/*/game.pgn 2>/dev/null | head -n 1)
check "play: the game is saved" test -n "$pgn"
check "play: the saved game is 1. h2e2 (undone, typed again) and the reply, two plies" \
    sh -c "grep -qx '\[PlyCount \"2\"\]' '$pgn' && grep -v '^\[' '$pgn' | grep -qiE '^1\. *h2-?e2 .*[a-i][0-9]-?[a-i][0-9]'"
check "play: the screen says where it was saved" grep -q "saved in $tmp/play/" "$tmp/play.out"

report
