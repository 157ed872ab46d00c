#!/bin/sh
# e2e_formats.sh - `qibench tournament --format knockout|swiss`: small
# depth-limited events (the same games on every machine) checked against
# an independent recount from games.jsonl (tests/formats_reference.py:
# the bracket with its byes and tie-break pairs, the Swiss rounds without
# a repeat, the byes, points and Buchholz); each format killed with
# SIGKILL at set points and resumed, giving the same games and the same
# bracket / rounds as the uninterrupted run; the options refused where
# they do not apply.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
REF=tests/formats_reference.py

grep -v '^#' positions/xiangqi/bench.epd | head -n 5 >"$tmp/book.epd"
BOOK="--openings file=$tmp/book.epd format=epd"
# Six variants at depth 1 and 2; ns1 and ns1b are the same engine (their encounters tie).
E6="-engine name=ns1 option.Search=negascout depth=1 -engine name=ab2 option.Search=alphabeta depth=2
    -engine name=pvs2 option.Search=pvs depth=2 -engine name=id1 option.Search=id depth=1
    -engine name=mtdf2 option.Search=mtdf depth=2 -engine name=ns1b option.Search=negascout depth=1"
E5="-engine name=ns1 option.Search=negascout depth=1 -engine name=ab2 option.Search=alphabeta depth=2
    -engine name=pvs2 option.Search=pvs depth=2 -engine name=id1 option.Search=id depth=1
    -engine name=mtdf2 option.Search=mtdf depth=2"
E4="-engine name=ns1 option.Search=negascout depth=1 -engine name=ab2 option.Search=alphabeta depth=2
    -engine name=pvs2 option.Search=pvs depth=2 -engine name=ns1b option.Search=negascout depth=1"
tourney() { # NAME ARGS...
    name=$1; shift
    "$QIBENCH" tournament "$@" --results "$tmp" --name "$name" >"$tmp/$name.out" 2>&1
}
# games DIR: the games as sorted text (pair, game, red, result, moves).
games() { qbt formats.games "$1"; }
# section DIR KEY: summary.json's knockout / swiss object and the engines' W/D/L.
section() { qbt formats.section "$1" "$2"; }

# --- knockout: 4, 5, 6 engines ---------------------------------------------
# shellcheck disable=SC2086
tourney ko4 $E4 --format knockout --tiebreak-pairs 1 $BOOK --concurrency 2
check "knockout 4: finishes (exit 0)" test $? -eq 0
check "knockout 4: the bracket, scores, tie-breaks and winner recounted" "$PYTHON" "$REF" knockout "$tmp/ko4" 1 1
# shellcheck disable=SC2086
tourney ko5 $E5 --format knockout $BOOK --concurrency 2
check "knockout 5 (three byes): recounted" "$PYTHON" "$REF" knockout "$tmp/ko5" 1 2
# shellcheck disable=SC2086
tourney ko6 $E6 --tournament knockout --tiebreak-pairs 0 $BOOK --concurrency 2
check "knockout 6 (two byes; --tournament spelling; no tie-break pairs): recounted" \
    "$PYTHON" "$REF" knockout "$tmp/ko6" 1 0
check "knockout 6: the bracket printed with its byes" grep -q "^round 1: ns1 bye, id1 .* mtdf2, ab2 bye, pvs2 .* ns1b" "$tmp/ko6.out"
check "knockout 6: the winner printed" grep -q "^winner: " "$tmp/ko6.out"
# identical engines tie every pair: the tie-break pairs are played, then the higher seed goes through
# shellcheck disable=SC2086
tourney tie -engine name=x depth=1 -engine name=y depth=1 --format knockout --tiebreak-pairs 2 $BOOK
check "knockout of two identical engines: 3 pairs (1 + 2 tie-break), the higher seed wins" \
    qbt formats.check_tiebreak "$tmp/tie" 3 x

# --- Swiss: 4, 5 (a bye), 6 engines ----------------------------------------
# shellcheck disable=SC2086
tourney sw4 $E4 --format swiss $BOOK --concurrency 2
check "swiss 4 (2 rounds by default): recounted" "$PYTHON" "$REF" swiss "$tmp/sw4" 1
check "swiss 4: 2 rounds" test "$(qbt length "$tmp/sw4/summary.json" swiss.rounds)" = 2
# shellcheck disable=SC2086
tourney sw5 $E5 --format swiss --swiss-rounds 5 $BOOK --concurrency 2
check "swiss 5, 5 rounds (a bye each round, each engine once): recounted" "$PYTHON" "$REF" swiss "$tmp/sw5" 1
check "swiss 5: every engine had the bye once" qbt formats.check_every_bye "$tmp/sw5/summary.json"
# shellcheck disable=SC2086
tourney sw6 $E6 --format swiss $BOOK --concurrency 2
check "swiss 6 (3 rounds): recounted" "$PYTHON" "$REF" swiss "$tmp/sw6" 1
check "swiss 6: the standings printed with Buchholz" grep -q "Buchholz" "$tmp/sw6.out"

# --- SIGKILL at set points, then --resume ----------------------------------
# kill_resume NAME KEY N1 N2...: the run of NAME again as NAME-k, killed with
# SIGKILL once games.jsonl has N1 lines, resumed, killed at N2, ...; then
# resumed to the end. Counts the kills that hit a running harness.
kill_resume() {
    name=$1 key=$2; shift 2
    # shellcheck disable=SC2046
    "$QIBENCH" tournament $(cat "$tmp/$name.args") --results "$tmp" --name "$name-k" >"$tmp/$name-k.out" 2>&1 &
    pid=$! kills=0
    for at in "$@"; do
        while kill -0 "$pid" 2>/dev/null && [ "$(cat "$tmp/$name-k/games.jsonl" 2>/dev/null | wc -l)" -lt "$at" ]; do
            sleep 0.02
        done
        kill -9 "$pid" 2>/dev/null && kills=$((kills + 1))
        wait "$pid" 2>/dev/null
        "$QIBENCH" tournament --resume "$tmp/$name-k" --concurrency 2 >>"$tmp/$name-k.out" 2>&1 &
        pid=$!
    done
    wait "$pid"
    check "$name: resumed after $kills kills, finished (exit $?)" test $? -eq 0 -a "$kills" -ge 2
    games "$tmp/$name" >"$tmp/$name.games"
    games "$tmp/$name-k" >"$tmp/$name-k.games"
    check "$name: after SIGKILL and --resume the same games, move for move" cmp -s "$tmp/$name.games" "$tmp/$name-k.games"
    section "$tmp/$name" "$key" >"$tmp/$name.section"
    section "$tmp/$name-k" "$key" >"$tmp/$name-k.section"
    check "$name: after SIGKILL and --resume the same $key rounds and standings" cmp -s "$tmp/$name.section" "$tmp/$name-k.section"
}
KO="$E6 --format knockout --tiebreak-pairs 1 $BOOK --concurrency 2"
echo "$KO" >"$tmp/kor.args"
# shellcheck disable=SC2086
tourney kor $KO
check "knockout 6, one tie-break pair: recounted" "$PYTHON" "$REF" knockout "$tmp/kor" 1 1
kill_resume kor knockout 2 5 7
SW="$E5 --format swiss --rounds 2 $BOOK --concurrency 2"
echo "$SW" >"$tmp/swr.args"
# shellcheck disable=SC2086
tourney swr $SW
check "swiss 5, 2 pairs: recounted" "$PYTHON" "$REF" swiss "$tmp/swr" 2
kill_resume swr swiss 3 9 17

# --- refused ----------------------------------------------------------------
refused() { # WHAT PATTERN ARGS...
    what=$1 pattern=$2; shift 2
    "$QIBENCH" "$@" --results "$tmp" >"$tmp/refused.out" 2>&1
    st=$?
    check "$what: refused with one clear line (exit $st)" test "$st" -eq 2
    check "$what: the message names it" grep -qe "$pattern" "$tmp/refused.out"
}
# shellcheck disable=SC2086
refused "--shard with knockout" "does not apply to --format knockout" tournament $E4 --format knockout --shard 1/2
# shellcheck disable=SC2086
refused "--swiss-rounds 4 for 4 engines" "at most 3 for 4 engines" tournament $E4 --format swiss --swiss-rounds 4
refused "match --format swiss" "is a tournament's" match -engine name=a depth=1 -engine name=b depth=1 --format swiss
# shellcheck disable=SC2086
refused "--tiebreak-pairs without knockout" "applies to --format knockout only" tournament $E4 --tiebreak-pairs 1
# shellcheck disable=SC2086
refused "--swiss-rounds with knockout" "applies to --format swiss only" tournament $E4 --format knockout --swiss-rounds 2
# shellcheck disable=SC2086
refused "--format bogus" "--format: bad value 'bogus'" tournament $E4 --format bogus
report
