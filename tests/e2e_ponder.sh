#!/bin/sh
# e2e_ponder.sh - pondering (the engine key ponder): the harness's side
# against the mock engine (tests/mock_engine.c --ponder, --ponder-move,
# --ignore-stop, --ponder-log), and our engine's side (go ponder,
# ponderhit, stop, bestmove ... ponder) over UCI and in a short match.
#   hit:     the mock's ponder move is what the opponent plays: go ponder
#            on it, then ponderhit; the clock charges only the time after
#            the ponderhit (a 1 s clock survives an opponent's 6 x 300 ms).
#   miss:    another reply: stop, that bestmove dropped, a fresh search.
#   illegal: a ponder move that is not legal (or not a move) is ignored
#            with a note; the games go on.
#   stall:   an engine that ignores stop while pondering stalled: it loses
#            the game as stalls do, and nothing hangs.
# Also UAI (the mock, and our Ataxx engine), --pondering (-pondering), and
# xboard (hard / easy; Sjaak II stays in play mode, pondering) when
# /usr/games/sjaakii is there.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}
ENGINE=${ENGINE:-bin/xiangqi-engine}

pkeys=""
# Twelve plies legal in sequence (both mocks play them); Black's a9a8 is
# legal after each of Red's, and never played.
LIST=h2e2,h9g7,h0g2,i9h9,i0h0,b9c7,b0c2,c6c5,c3c4,g6g5,g3g4,h7h3
# same A B: the two strings are equal (shows both on failure).
same() { [ "$1" = "$2" ] || { echo "  got '$1', expected '$2'"; return 1; }; }
# ponder_match NAME GAMES PLIES P-TC O-TC [P-MOCK-ARG...] [-- QIBENCH-ARG...]: the
# mock p (ponder, its --ponder-log $tmp/NAME.plog) against the mock o (300 ms a
# move), GAMES games of PLIES plies (a pair at least: p red in the first); traffic in $tmp/NAME.log,
# qibench's stderr in $tmp/NAME.err; $rc its exit status. $pkeys: more keys of p.
ponder_match() {
    name=$1 games=$2 plies=$3 ptc=$4 otc=$5; shift 5
    pargs="" extra=""
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do pargs="$pargs arg=$1"; shift; done
    [ $# -gt 0 ] && shift && extra="$*"
    # shellcheck disable=SC2086
    timeout 120 "$QIBENCH" match -engine name=p "cmd=$MOCK" arg=--moves "arg=$LIST" arg=--ponder-log "arg=$tmp/$name.plog" \
        $pargs $pkeys ponder "tc=$ptc" -engine name=o "cmd=$MOCK" arg=--moves "arg=$LIST" arg=--slow-go arg=300 "tc=$otc" --games "$games" --maxplies "$plies" \
        --log "$tmp/$name.log" --results "$tmp" --name "$name" $extra >"$tmp/$name.out" 2>"$tmp/$name.err"
    rc=$?
}
# sent NAME LINE: how many times p was sent LINE (a regular expression of the whole line).
sent() { grep -c "^[0-9:.]* p > $2\$" "$tmp/$1.log"; }
# plog NAME LINE: how many LINE lines p's --ponder-log holds.
plog() { grep -cx "$2" "$tmp/$1.plog" 2>/dev/null; }
# ms NAME GAME PLY: the time the harness charged for a move.
ms() { qbt field "$tmp/$1/games.jsonl" "$2" "moves.$3.time_ms"; }

# ---- hit: ponderhit, the clock from it ---------------------------------------------------
ponder_match hit 2 12 1+0 30+0 --ponder
check "hit: exit 0" test "$rc" -eq 0
check "hit: 2 games of 12 plies, no forfeit" same "$(qbt count "$tmp/hit/games.jsonl" plies=12 reason="max plies")" 2
check "hit: go ponder on the reply the mock named (position ... h2e2 h9g7)" \
    grep -qE '^[0-9:.]* p > position fen .* moves h2e2 h9g7$' "$tmp/hit.log"
check "hit: go ponder with both clocks as they stand" \
    grep -qE '^[0-9:.]* p > go ponder wtime [0-9]+ btime [0-9]+ winc 0 binc 0$' "$tmp/hit.log"
check "hit: every go ponder answered by ponderhit (the mock logged $(plog hit ponderhit))" \
    test "$(plog hit ponderhit)" -ge 8 -a "$(plog hit 'go ponder')" -eq $(($(plog hit ponderhit) + $(plog hit stop)))
check "hit: ponderhit sent as often as the mock read it" same "$(sent hit ponderhit)" "$(plog hit ponderhit)"
check "hit: no stop before a search (only at the games' ends: $(plog hit stop))" test "$(plog hit stop)" -le 2
check "hit: after a ponderhit, the move is charged from it (red's 3rd move: $(ms hit 0 4) ms; o thinks 300)" \
    test "$(ms hit 0 4)" -lt 150
check "hit: black's too ($(ms hit 1 5) ms)" test "$(ms hit 1 5)" -lt 150
check "hit: a 1 s clock is not lost to the opponent's 6 x 300 ms" test "$(qbt count "$tmp/hit/games.jsonl" reason="time forfeit")" -eq 0

# ---- miss: stop, the bestmove dropped, a fresh search ---------------------------------
# a9a8 (Black's rook up one) is legal after every move of red's list, never played.
ponder_match miss 2 8 1+0 30+0 --ponder-move a9a8
check "miss: exit 0" test "$rc" -eq 0
check "miss: the game plays the list's moves (the dropped bestmoves not among them)" \
    same "$(qbt moves "$tmp/miss/games.jsonl" 0)" "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 c6c5"
check "miss: go ponder on a9a8" grep -qE '^[0-9:.]* p > position fen .* moves h2e2 a9a8$' "$tmp/miss.log"
check "miss: stop for each ponder search ($(plog miss stop)), no ponderhit" \
    test "$(plog miss stop)" -eq "$(plog miss 'go ponder')" -a "$(plog miss stop)" -ge 3 -a "$(sent miss ponderhit)" -eq 0
check "miss: after each stop a fresh position and go" \
    test "$(grep -A4 '^[0-9:.]* p > stop$' "$tmp/miss.log" | grep -cE '^[0-9:.]* p > go wtime')" -ge 3
check "miss: the fresh search is charged from its go ($(ms miss 0 2) ms)" test "$(ms miss 0 2)" -lt 150

# ---- illegal ponder moves: a note, no ponder search --------------------------------------
ponder_match illegal 2 6 5+0 30+0 --ponder-move a0a9
check "illegal: exit 0, both games played out" test "$rc" -eq 0 -a "$(qbt count "$tmp/illegal/games.jsonl" plies=6)" -eq 2
check "illegal: no go ponder" same "$(sent illegal 'go ponder.*')" 0
check "illegal: a note naming the move in p's stderr log, for each of its moves the opponent answered" same \
    "$(grep -c "^qibench: p: ponder move 'a0a9' is not a legal move after its own" "$tmp/illegal/p.stderr.log")" 5
ponder_match malformed 2 6 5+0 30+0 --ponder-move zz99
check "malformed: exit 0, both games played out, no go ponder" \
    test "$rc" -eq 0 -a "$(qbt count "$tmp/malformed/games.jsonl" plies=6)" -eq 2 -a "$(sent malformed 'go ponder.*')" -eq 0

# ---- an engine that ignores stop: a stall, nothing hangs -------------------------------
start=$(date +%s)
ponder_match stall 2 8 30+0 30+0 --ponder-move a9a8 --ignore-stop -- --move-grace 500 --recover
took=$(($(date +%s) - start))
check "stall: exit 0 with --recover, in $took s" test "$rc" -eq 0 -a "$took" -lt 60
check "stall: the mock ignored stop" test "$(plog stall 'stop ignored')" -ge 1
check "stall: the first game lost by p, abandoned as a stall" \
    same "$(qbt losses "$tmp/stall/games.jsonl" p "reason=abandoned: engine stalled")" 1
check "stall: its detail says so" grep -q 'no bestmove in 500 ms after stop (it was pondering)' "$tmp/stall/games.jsonl"
check "stall: the second game played out (p black: a9a8 is not Red's, no pondering)" \
    same "$(qbt count "$tmp/stall/games.jsonl" plies=8)" 1
check "stall: no mock left running" same "$(own_left mock_engine)" 0

# ---- UAI: the same words ----------------------------------------------------------------
pkeys=proto=uai
ponder_match uai 2 6 5+0 30+0 --ponder --uai
pkeys=""
check "uai: exit 0" test "$rc" -eq 0
check "uai: go ponder and ponderhit" test "$(sent uai 'go ponder.*')" -ge 2 -a "$(sent uai ponderhit)" -ge 2

# ---- -pondering (cutechess-cli's spelling of --pondering): every engine ponders ----------
timeout 60 "$QIBENCH" match -engine name=a "cmd=$MOCK" arg=--moves "arg=$LIST" arg=--ponder \
    -engine name=b "cmd=$MOCK" arg=--moves "arg=$LIST" arg=--ponder -each tc=5+0 -pondering --games 2 --maxplies 8 \
    --log "$tmp/all.log" --results "$tmp" --name all >"$tmp/all.out" 2>&1
check "-pondering: exit 0" test $? -eq 0
check "-pondering: both engines pondered and were sent ponderhit" test "$(grep -c ' a > go ponder ' "$tmp/all.log")" -ge 3 \
    -a "$(grep -c ' b > go ponder ' "$tmp/all.log")" -ge 3 -a "$(grep -c ' [ab] > ponderhit$' "$tmp/all.log")" -ge 6

# ---- our engine over UCI: go ponder, ponderhit, stop --------------------------------------
# uci_run OUT COMMAND-LINES...: each line sent to our engine, `sleep S` a pause instead.
uci_run() {
    out=$1; shift
    for l in "$@"; do
        case $l in sleep\ *) $l ;; *) echo "$l" ;; esac
    done | "$ENGINE" >"$out" 2>&1
}
# before OUT A B: the first line matching A comes before the first matching B.
before() {
    a=$(grep -n "$2" "$1" | head -n 1 | cut -d: -f1) b=$(grep -n "$3" "$1" | head -n 1 | cut -d: -f1)
    [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ]
}
uci_run "$tmp/opt" uci quit
check "engine: the Ponder option (check, default false)" grep -qx 'option name Ponder type check default false' "$tmp/opt"
uci_run "$tmp/hitout" "position startpos" "go ponder movetime 300" "sleep 1" isready ponderhit "sleep 1" quit
check "engine: go ponder answers only after ponderhit" before "$tmp/hitout" '^readyok' '^bestmove'
check "engine: bestmove X ponder Y" grep -qE '^bestmove [a-i][0-9][a-i][0-9] ponder [a-i][0-9][a-i][0-9]$' "$tmp/hitout"
last_time=$(sed -n 's/^info .* time \([0-9]*\) .*/\1/p' "$tmp/hitout" | tail -n 1)
check "engine: after ponderhit the movetime counts from it (searched ${last_time:-?} ms, ponderhit at 1000)" \
    test "${last_time:-0}" -ge 1150
uci_run "$tmp/stopout" "position startpos" "go ponder depth 1" "sleep 0.5" isready stop "sleep 0.3" quit
check "engine: a ponder search that ended waits for stop" before "$tmp/stopout" '^readyok' '^bestmove'
check "engine: one bestmove after stop" same "$(grep -c '^bestmove ' "$tmp/stopout")" 1
uci_run "$tmp/waitout" "position startpos" "go ponder depth 1" "sleep 0.3" ponderhit "sleep 0.3" quit
check "engine: ... or for ponderhit, then answers at once" same "$(grep -c '^bestmove ' "$tmp/waitout")" 1

# ---- our engine with ponder on, in a match ------------------------------------------------
timeout 120 "$QIBENCH" match -engine name=pon "cmd=$ENGINE" ponder -engine name=off "cmd=$ENGINE" -each tc=2+0.05 \
    --games 2 --maxplies 16 --log "$tmp/ours.log" --results "$tmp" --name ours >"$tmp/ours.out" 2>&1
check "ours: exit 0" test $? -eq 0
check "ours: both games played, no forfeit" same "$(qbt count "$tmp/ours/games.jsonl") \
$(qbt count "$tmp/ours/games.jsonl" reason="time forfeit") $(qbt prefixed "$tmp/ours/games.jsonl" reason abandoned)" "2 0 0"
check "ours: it pondered ($(grep -c ' pon > go ponder ' "$tmp/ours.log"))" \
    test "$(grep -c ' pon > go ponder ' "$tmp/ours.log")" -ge 10
check "ours: each ponder search ended by ponderhit or stop" \
    same "$(grep -c ' pon > go ponder ' "$tmp/ours.log")" \
    "$(($(grep -c ' pon > ponderhit$' "$tmp/ours.log") + $(grep -c ' pon > stop$' "$tmp/ours.log")))"
check "ours: the other, ponder off, did not" same "$(grep -c ' off > go ponder' "$tmp/ours.log")" 0
check "ours: its Ponder option set true (as cutechess-cli does), the other's left alone" \
    test "$(grep -c ' pon > setoption name Ponder value true$' "$tmp/ours.log")" -eq 1 \
    -a "$(grep -c ' off > setoption name Ponder' "$tmp/ours.log")" -eq 0

# ---- our Ataxx engine over UAI (btime the first player's clock) ---------------------------
ATX_ENGINE=${ATX_ENGINE:-$(dirname "$ENGINE")/ataxx-engine}
timeout 120 "$QIBENCH" match --game ataxx -engine name=pon "cmd=$ATX_ENGINE" proto=uai ponder \
    -engine name=off "cmd=$ATX_ENGINE" proto=uai -each tc=2+0.05 --games 2 --maxplies 12 \
    --log "$tmp/atx.log" --results "$tmp" --name atx >"$tmp/atx.out" 2>&1
check "ataxx, uai: exit 0" test $? -eq 0
check "ataxx, uai: both games played, no forfeit" same "$(qbt count "$tmp/atx/games.jsonl") \
$(qbt count "$tmp/atx/games.jsonl" reason="time forfeit") $(qbt prefixed "$tmp/atx/games.jsonl" reason abandoned)" "2 0 0"
check "ataxx, uai: it pondered, each ended by ponderhit or stop" same "$(grep -c ' pon > go ponder ' "$tmp/atx.log")" \
    "$(($(grep -c ' pon > ponderhit$' "$tmp/atx.log") + $(grep -c ' pon > stop$' "$tmp/atx.log")))"
# x (pon) has moved, o not yet: o's untouched 2000 ms is wtime, x's own clock (its
# move's time charged, the increment added: anything but 2000) is btime.
first_ponder_clocks() { sed -n 's/.* pon > go ponder wtime \([0-9]*\) btime \([0-9]*\) .*/\1 \2/p' "$1" | head -n 1; }
check "ataxx, uai: the first go ponder names the first player's clock btime (pon is x in game 1: $(first_ponder_clocks "$tmp/atx.log"))" \
    sh -c 'set -- $0; test "$1" = 2000 -a -n "$2" -a "$2" != 2000' "$(first_ponder_clocks "$tmp/atx.log")"

# ---- xboard: hard / easy, and no force while it ponders -----------------------------------
SJAAK=${SJAAK:-/usr/games/sjaakii}
if [ -x "$SJAAK" ]; then
    timeout 120 "$QIBENCH" match -engine name=sjp "cmd=$SJAAK" proto=xboard ponder=true \
        -engine name=sjo "cmd=$SJAAK" proto=xboard -each tc=4+0.1 --games 2 --maxplies 12 \
        --log "$tmp/xb.log" --results "$tmp" --name xb >"$tmp/xb.out" 2>&1
    check "xboard: exit 0" test $? -eq 0
    check "xboard: both games played, no forfeit" same "$(qbt count "$tmp/xb/games.jsonl") \
$(qbt count "$tmp/xb/games.jsonl" reason="time forfeit") $(qbt prefixed "$tmp/xb/games.jsonl" reason abandoned)" "2 0 0"
    check "xboard: hard to the engine with ponder=true, easy to the other" \
        test "$(grep -c ' sjp > hard$' "$tmp/xb.log")" -eq 1 -a "$(grep -c ' sjo > easy$' "$tmp/xb.log")" -eq 1 \
        -a "$(grep -c ' sjp > easy$\| sjo > hard$' "$tmp/xb.log")" -eq 0
    # After its first move in a game, the pondering engine gets the clocks and the move, no go.
    check "xboard: the pondering engine is sent go only for a game's first search ($(grep -c ' sjp > go$' "$tmp/xb.log"))" \
        test "$(grep -c ' sjp > go$' "$tmp/xb.log")" -eq 2
    check "xboard: ... and force only to stop it at a new game (before new: $(grep -c ' sjp > force$' "$tmp/xb.log"))" \
        test "$(grep -A1 ' sjp > force$' "$tmp/xb.log" | grep -c ' sjp > new$')" -ge 1 \
        -a "$(grep -c ' sjp > force$' "$tmp/xb.log")" -le 4
    check "xboard: the other is put in force mode after each of its moves" \
        test "$(grep -A1 ' sjo < move ' "$tmp/xb.log" | grep -c ' sjo > force$')" -eq "$(grep -c ' sjo < move ' "$tmp/xb.log")"
else
    skip "xboard pondering: no $SJAAK"
fi

report
