#!/bin/sh
# e2e_match.sh - `qibench match` and `qibench tournament` end to end: game
# pairs with colours swapped, reproducibility, PGN and JSON Lines output,
# forfeits for crashes, illegal moves and time losses, --recover, SPRT stop,
# round-robin and gauntlet.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}
# no_mock_left: no mock engine this test started is left running (own_left:
# other runs' mocks on the machine are not counted; the time forfeit's, in
# the background below, carry a QB_TEST_TAG of their own).
no_mock_left() { test "$(own_left mock_engine)" -eq 0; }

# --- a time forfeit (a mock that never moves: a 1 s clock, then 5 s for a
# readyok), in the background beside the rest -------------------------------------
time_forfeit() {
    QB_TEST_TAG=$QB_TEST_TAG-time
    export QB_TEST_TAG
    "$QIBENCH" match -engine name=ns -engine name=mock cmd="$MOCK" arg=--stall-after-go arg=1 -each tc=1+0.1 \
        --games 2 --recover --move-grace 200 --results "$tmp" --name time >/dev/null 2>&1
    check "no move before the flag falls: time forfeit" test "$(qbt count "$tmp/time/games.jsonl" "reason=time forfeit")" -gt 0
    check "no mock engine of the time forfeit left running" no_mock_left
}
background time time_forfeit

grep -v '^#' positions/xiangqi/bench.epd | head -n 3 >"$tmp/book.epd"

# --- a match: pairs, colours, outputs --------------------------------------
run_match() { # NAME EXTRA-ARGS...
    name=$1; shift
    "$QIBENCH" match -engine name=deep depth=3 -engine name=shallow depth=1 --openings file="$tmp/book.epd" format=epd \
        --games 6 --concurrency 2 --results "$tmp" --name "$name" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
}
run_match m1
check "match exits 0" test $? -eq 0
G=$tmp/m1/games.jsonl
check "6 games logged" test "$(lines "$G")" -eq 6
check "each pair plays one opening with colours swapped" qbt match.pairs_swapped "$G" 3
check "every game has a result, a reason and legal-looking moves" qbt match.all_decided "$G"
check "PGN: 6 games with Variant, FEN, SetUp, Termination, TimeControl" sh -c \
    "test \$(grep -c '^\[Variant \"xiangqi\"\]' '$tmp/m1/games.pgn') -eq 6 && grep -q '^\[FEN ' '$tmp/m1/games.pgn' \
     && grep -q '^\[SetUp \"1\"\]' '$tmp/m1/games.pgn' && grep -q '^\[Termination ' '$tmp/m1/games.pgn' \
     && grep -q '^\[TimeControl ' '$tmp/m1/games.pgn'"
check "run.json records the seed and both engines" \
    test "$(qbt value "$tmp/m1/run.json" seed) $(qbt length "$tmp/m1/run.json" engines)" = "1 2"
check "summary: W/D/L, Elo, pentanomial" sh -c "grep -q '^deep vs shallow: 6 games' '$tmp/m1.out' && grep -q 'Elo' '$tmp/m1.out' && grep -q 'pentanomial' '$tmp/m1.out'"
check "deeper wins the match" test "$(qbt points "$G" deep)" -gt 6

# --- reproducible with the same seed at fixed depth -------------------------
run_match m2
check "same seed, fixed depth: the same games move for move" qbt match.same_moves "$tmp/m2/games.jsonl" "$G"

# --- forfeits --------------------------------------------------------------------
"$QIBENCH" match -engine name=ns depth=1 -engine name=mock cmd="$MOCK" arg=--crash-on-go arg=2 depth=1 \
    --games 4 --results "$tmp" --name crash >"$tmp/out" 2>"$tmp/err"
check "a crash without --recover stops the run with exit 3" test $? -eq 3
check "the crashed engine lost by 'abandoned: engine crashed'" \
    test "$(qbt field "$tmp/crash/games.jsonl" -1 reason)" = "abandoned: engine crashed"
check "the run says why it stopped" grep -q 'engine failure' "$tmp/err"
# the crash ended game 1 of the first pair: every count says 1 game, and the half pair is
# said to be left out of the pair statistics, and why (was: '0 games, +0 =0 -0', nothing said)
check "half pair: the result line counts the 1 game played" grep -q '^ns vs mock: 1 game, +1 =0 -0, score 100.0%$' "$tmp/out"
check "half pair: says it is left out of the pair statistics, and why" grep -q \
    '^  pair statistics below from 0 whole pairs (0 games): 1 game of a half-finished pair left out (stopped by an error' \
    "$tmp/out"
check "half pair: summary.json: 1 game, 0 in pairs, 1 unpaired, the reason" test \
    "$(qbt values "$tmp/crash/summary.json" games pairings.0.games unpaired_games pairings.0.unpaired_games)" = "1 0 1 1"
check "half pair: summary.json gives the reason" grep -q '"unpaired_reason":"stopped by an error' "$tmp/crash/summary.json"
check "'games ended by' lists without a trailing comma" grep -q '^games ended by: abandoned: engine crashed 1$' "$tmp/out"
"$QIBENCH" match -engine name=ns depth=1 -engine name=mock cmd="$MOCK" arg=--crash-on-go arg=2 depth=1 \
    --games 4 --recover --results "$tmp" --name recover >"$tmp/out" 2>"$tmp/err"
check "--recover: all 4 games played" test "$(lines "$tmp/recover/games.jsonl")" -eq 4
"$QIBENCH" match -engine name=ns depth=1 -engine name=mock cmd="$MOCK" arg=--illegal arg=1 depth=1 \
    --games 2 --recover --results "$tmp" --name illegal >/dev/null 2>&1
check "an illegal move loses" test "$(qbt losses "$tmp/illegal/games.jsonl" mock "reason=illegal move")" -gt 0
check "no mock engine of this run left running" no_mock_left

# --- score adjudication ------------------------------------------------------
run_match draw --draw movenumber=2 movecount=2 score=100000
check "--draw: every game adjudicated a draw after move 2" qbt match.adjudicated_draws "$tmp/draw/games.jsonl" 6
run_match resign --resign movecount=2 score=1
check "--resign: games end by resign adjudication against the side both scores condemn" \
    test "$(qbt count "$tmp/resign/games.jsonl" "reason=adjudication: resign")" -gt 0

# --- SPRT stops the run -----------------------------------------------------
"$QIBENCH" match -engine name=d4 depth=4 -engine name=d1 depth=1 --openings file="$tmp/book.epd" format=epd \
    --rounds 100 --sprt elo0=0 elo1=100 --results "$tmp" --name sprt >"$tmp/out" 2>&1
check "SPRT accepts H1 (exit 0) and stops well before 200 games" sh -c "grep -q 'H1' '$tmp/out' && test \$(wc -l <'$tmp/sprt/games.jsonl') -lt 100"
"$QIBENCH" match -engine name=d1 depth=1 -engine name=d4 depth=4 --openings file="$tmp/book.epd" format=epd \
    --rounds 100 --sprt elo0=0 elo1=100 --results "$tmp" --name sprt0 >"$tmp/out" 2>&1
check "SPRT accepts H0: exit status 1" test $? -eq 1

# --- tournaments --------------------------------------------------------------
"$QIBENCH" tournament -variant-engines alphabeta,negascout,mtdf -each depth=2 --rounds 1 \
    --results "$tmp" --name rr >"$tmp/out" 2>&1
check "round-robin of 3: 3 pairings, 6 games" test "$(lines "$tmp/rr/games.jsonl")" -eq 6
"$QIBENCH" tournament --format gauntlet -variant-engines negascout,alphabeta,mtdf -each depth=2 --rounds 1 \
    --results "$tmp" --name gauntlet >"$tmp/out" 2>&1
check "gauntlet of 1 + 2: 2 pairings, 4 games" test "$(lines "$tmp/gauntlet/games.jsonl")" -eq 4
check "gauntlet: the first engine plays every game" \
    test "$(qbt count "$tmp/gauntlet/games.jsonl" red!=negascout black!=negascout)" -eq 0

# --- bad input ----------------------------------------------------------------
"$QIBENCH" match -engine name=a depth=1 >/dev/null 2>"$tmp/err"
check "match with one engine: usage error, exit 2" test $? -eq 2
"$QIBENCH" match -engine name=a -engine name=b >/dev/null 2>"$tmp/err"
check "no limit: a clear error" grep -q 'no time control or limit' "$tmp/err"
"$QIBENCH" match -engine name=a tc=x -engine name=b depth=1 >/dev/null 2>"$tmp/err"
check "bad tc: a clear error" grep -q "bad time control 'x'" "$tmp/err"
"$QIBENCH" match -engine name=a depth=1 -engine name=b depth=1 --sprt elo0=5 elo1=0 >/dev/null 2>"$tmp/err"
check "bad SPRT bounds rejected" test -s "$tmp/err"

# --- progress and standings ----------------------------------------------------
"$QIBENCH" tournament -variant-engines alphabeta,negascout,mtdf -each depth=2 --rounds 2 --ratinginterval 2 \
    --results "$tmp" --name rating >"$tmp/rating.out" 2>&1
check "--ratinginterval 2: the standings table is printed more than once" \
    test "$(grep -c '^standings after' "$tmp/rating.out")" -gt 1
check "the final table ranks the 3 engines" test "$(sed -n '/^standings after 12 of 12/,/^Elo:/p' "$tmp/rating.out" \
    | grep -cE '^ +[123]  (alphabeta|negascout|mtdf) ')" -eq 3
run_match progress --progress 2
check "off a terminal, --progress 2: a 'games 2/' status line" grep -q '^games 2/6 ' "$tmp/progress.err"
check "off a terminal the per-game lines stay" test "$(grep -c '^game [0-9]*:' "$tmp/progress.err")" -eq 6

join_background
report
