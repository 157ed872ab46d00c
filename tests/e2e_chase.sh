#!/bin/sh
# e2e_chase.sh - the repetition verdicts end to end: a few cases of
# tests/chase_cases.txt (PLUMBED: a perpetual chase each way, a perpetual
# check, a protected piece that is no chase) played as scripted games by two
# mock engines through `qibench match`, which must end each game at the last
# move (the third occurrence) with the case's result and reason under
# --rules asian, and what the other rule sets say by their definitions:
# check-only (perpetual check loses, any other repetition is a draw) and
# chess-like (every repetition is a draw). Every case of the file is judged
# by the same rules code in the unit test tests/test_repetition.c; the asian
# verdicts are the oracle's (tests/e2e_chase_oracle.sh checks that) except
# where the case file says otherwise and why. Then what a run records, suite
# playouts under --rules, and our engine's search under each rule set.
# CHASE_PRINT=1 prints every verdict.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}
CASES=${CASES:-tests/chase_cases.txt}
PLUMBED=${PLUMBED:-"r-chases-h r-chases-h-b r-chases-h-protected check-vs-chase"}

# verdict ID FEN MOVES RULES: "result | reason | plies | detail" of the first
# game ($tmp/ID.epd holds the position).
verdict() {
    "$QIBENCH" match -engine name=a cmd="$MOCK" arg=--moves arg="$3" depth=1 \
        -engine name=b cmd="$MOCK" arg=--moves arg="$3" depth=1 --rules "$4" \
        --openings file="$tmp/$1.epd" format=epd --games 2 --results "$tmp" --name "$1-$4" >/dev/null 2>&1
    qbt chase.verdict "$tmp/$1-$4/games.jsonl" 2>/dev/null
}

cases=0
while IFS='|' read -r id fen moves asian oracle note; do
    id=$(echo "$id" | tr -d ' ')
    case "$id" in ''|'#'*) continue ;; esac
    case " $PLUMBED " in *" $id "*) ;; *) continue ;; esac
    fen=$(echo "$fen" | sed 's/^ *//; s/ *$//')
    moves=$(echo "$moves" | tr -d ' ')
    asian=$(echo "$asian" | sed 's/^ *//; s/ *$//')
    plies=$(echo "$moves" | tr ',' '\n' | wc -l | tr -d ' ')
    result=${asian%% *} reason=${asian#* }
    cases=$((cases + 1))
    # The three rule sets' games at once (each its own run), then their checks.
    printf '%s ;id "%s"\n' "$fen" "$id" >"$tmp/$id.epd"
    for r in asian check-only chess-like; do
        verdict "$id" "$fen" "$moves" "$r" >"$tmp/$id.$r.verdict" &
    done
    wait
    got=$(cat "$tmp/$id.asian.verdict")
    [ "${CHASE_PRINT:-0}" = 1 ] && echo "$id: $got"
    check "$id (asian): expected '$result | $reason | $plies', got '$got'" \
        test "$(echo "$got" | cut -d'|' -f1-3 | sed 's/ *$//')" = "$result | $reason | $plies"
    if [ "$reason" = "perpetual chase" ]; then
        case "$got" in
        *" chasing the "*) ok ;;
        *) bad "$id: the chase is not described ($got)" ;;
        esac
    fi
    if [ "$reason" = "perpetual check" ]; then want="$result | $reason | $plies"; else want="1/2-1/2 | repetition | $plies"; fi
    got=$(cut -d'|' -f1-3 <"$tmp/$id.check-only.verdict" | sed 's/ *$//')
    check "$id (check-only): expected '$want', got '$got'" test "$got" = "$want"
    got=$(cut -d'|' -f1-3 <"$tmp/$id.chess-like.verdict" | sed 's/ *$//')
    check "$id (chess-like): expected '1/2-1/2 | repetition | $plies', got '$got'" \
        test "$got" = "1/2-1/2 | repetition | $plies"
done <"$CASES"
check "every case of PLUMBED played ($cases of $(echo $PLUMBED | wc -w))" test "$cases" -eq "$(echo $PLUMBED | wc -w)"

# --- what the run records (the first case, asian) ----------------------------
R=$tmp/r-chases-h-asian
check "run.json: rules asian" test "$(qbt value "$R/run.json" rules)" = asian
check "summary.json: rules asian, one perpetual chase per game" \
    test "$(qbt value "$R/summary.json" rules) $(qbt value "$R/summary.json" terminations)" = 'asian {"perpetual chase": 2}'
check "PGN: Rules and Termination tags" sh -c "grep -q '^\[Rules \"asian\"\]' '$R/games.pgn' && grep -q '^\[Termination \"perpetual chase\"\]' '$R/games.pgn'"
check "summary.json of check-only says so" test "$(qbt value "$tmp/r-chases-h-check-only/run.json" rules)" = check-only
check "an unknown rule set is refused (exit 2)" sh -c "'$QIBENCH' match -engine cmd='$MOCK' depth=1 -engine cmd='$MOCK' depth=1 --rules cutechess --results '$tmp' >'$tmp/bad.out' 2>&1; test \$? -eq 2 && grep -q 'unknown rule set' '$tmp/bad.out'"

# --- suite playouts are judged by --rules -------------------------------------
# r-chases-h as a playout expected 0-1 within 4 moves: asian (Red's perpetual
# chase loses) passes it, check-only (a draw) does not.
printf '%s ;result 0-1 ;within 4 ;id "chase"\n' "5k3/9/2n6/9/9/9/9/4R4/9/3K5 w" >"$tmp/playout.epd"
for r in asian check-only; do
    "$QIBENCH" suite "$tmp/playout.epd" --playout -engine name=m cmd="$MOCK" arg=--moves \
        arg=e2c2,c7e6,c2e2,e6c7,e2c2,c7e6,c2e2,e6c7 depth=1 --rules $r --results "$tmp" --name "playout-$r" >/dev/null 2>&1
done
check "asian playout: perpetual chase, passed" test "$(qbt field "$tmp/playout-asian/playouts.jsonl" 0 reason) $(qbt field "$tmp/playout-asian/playouts.jsonl" 0 passed)" = "perpetual chase True"
check "check-only playout: repetition, not passed" test "$(qbt field "$tmp/playout-check-only/playouts.jsonl" 0 reason) $(qbt field "$tmp/playout-check-only/playouts.jsonl" 0 passed)" = "repetition False"

# --- our engine searches under the rule set ----------------------------------
# search RULES FEN MOVES: "bestmove score" of `go depth 4` after the moves.
ENGINE=${ENGINE:-bin/xiangqi-engine}
search() {
    printf 'uci\nsetoption name Rules value %s\nposition fen %s moves %s\ngo depth 4\n' "$1" "$2" "$3" |
        "$ENGINE" 2>/dev/null | awk '/^info depth 4 /{ for (i = 1; i < NF; i++) if ($i == "score") s = $(i + 2) } /^bestmove/{ print $2, s; exit }'
}
# Red, two chariots down, has chased the horse twice (r-chases-h plus black
# chariots); e2c2 repeats the chase. Under asian that loses (the engine must
# avoid it), under check-only and chess-like it is the draw Red wants.
LOSE="5k1rr/9/2n6/9/9/9/9/4R4/9/3K5 w"
got=$(search asian "$LOSE" "e2c2 c7e6 c2e2 e6c7")
check "asian: the engine avoids its losing perpetual chase (got '$got')" test "${got%% *}" != e2c2
for r in check-only chess-like; do
    got=$(search $r "$LOSE" "e2c2 c7e6 c2e2 e6c7")
    check "$r: the engine takes the draw by repetition (got '$got')" test "$got" = "e2c2 0"
done
# Black (up a chariot and two cannons) has chased Red's horse with every
# move; c2e3 repeats: under asian Black loses, and the engine claims it.
WIN="3k2ccr/9/4r4/9/9/9/9/2N6/9/5K3 b"
got=$(search asian "$WIN" "e7c7 c2e3 c7e7 e3c2 e7c7")
check "asian: the engine claims the opponent's perpetual chase (got '$got')" \
    sh -c "test '${got%% *}' = c2e3 && test '${got#* }' -gt 10000"
got=$(search check-only "$WIN" "e7c7 c2e3 c7e7 e3c2 e7c7")
check "check-only: the same move is a draw (got '$got')" test "$got" = "c2e3 0"

report
