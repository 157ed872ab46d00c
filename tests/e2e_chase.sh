#!/bin/sh
# e2e_chase.sh - the repetition cases of tests/chase_cases.txt as scripted
# games: two mock engines play each case's moves from its position through
# `qibench match`, and the harness must end the game at the last move (the
# third occurrence) with the case's result and reason under --rules asian,
# and with what the other rule sets say by their definitions: check-only
# (perpetual check loses, any other repetition is a draw) and chess-like
# (every repetition is a draw). The asian verdicts are the oracle's
# (tests/e2e_chase_oracle.sh checks that) except where the case file says
# otherwise and why. CHASE_PRINT=1 prints every verdict.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}
CASES=${CASES:-tests/chase_cases.txt}

# verdict ID FEN MOVES RULES: "result | reason | plies | detail" of the first game.
verdict() {
    printf '%s ;id "%s"\n' "$2" "$1" >"$tmp/$1.epd"
    "$QIBENCH" match -engine name=a cmd="$MOCK" arg=--moves arg="$3" depth=1 \
        -engine name=b cmd="$MOCK" arg=--moves arg="$3" depth=1 --rules "$4" \
        --openings file="$tmp/$1.epd" format=epd --games 2 --results "$tmp" --name "$1-$4" >/dev/null 2>&1
    "$PYTHON" -c "import json,sys
r=json.loads(open(sys.argv[1]).readline())
print(r['result'], '|', r['reason'], '|', r['plies'], '|', r['detail'] or '')" "$tmp/$1-$4/games.jsonl" 2>/dev/null
}

cases=0
while IFS='|' read -r id fen moves asian oracle note; do
    id=$(echo "$id" | tr -d ' ')
    case "$id" in ''|'#'*) continue ;; esac
    fen=$(echo "$fen" | sed 's/^ *//; s/ *$//')
    moves=$(echo "$moves" | tr -d ' ')
    asian=$(echo "$asian" | sed 's/^ *//; s/ *$//')
    plies=$(echo "$moves" | tr ',' '\n' | wc -l | tr -d ' ')
    result=${asian%% *} reason=${asian#* }
    cases=$((cases + 1))
    got=$(verdict "$id" "$fen" "$moves" asian)
    [ "${CHASE_PRINT:-0}" = 1 ] && echo "$id: $got"
    check "$id (asian): expected '$result | $reason | $plies', got '$got'" \
        test "$(echo "$got" | cut -d'|' -f1-3 | sed 's/ *$//')" = "$result | $reason | $plies"
    if [ "$reason" = "perpetual chase" ]; then
        check "$id: the chase is described ($got)" sh -c "echo '$got' | grep -q ' chasing the '"
    fi
    if [ "$reason" = "perpetual check" ]; then want="$result | $reason | $plies"; else want="1/2-1/2 | repetition | $plies"; fi
    got=$(verdict "$id" "$fen" "$moves" check-only | cut -d'|' -f1-3 | sed 's/ *$//')
    check "$id (check-only): expected '$want', got '$got'" test "$got" = "$want"
    got=$(verdict "$id" "$fen" "$moves" chess-like | cut -d'|' -f1-3 | sed 's/ *$//')
    check "$id (chess-like): expected '1/2-1/2 | repetition | $plies', got '$got'" \
        test "$got" = "1/2-1/2 | repetition | $plies"
done <"$CASES"
check "at least 40 cases (got $cases)" test "$cases" -ge 40

report
