#!/bin/sh
# e2e_ataxx_engine.sh - bin/ataxx-engine end to end: UAI (`uai` answered
# `uaiok`, uainewgame) and UCI in the same loop; the clocks the UAI way
# round (btime/binc are x's, the first player's; UCI's wtime is) and the UCI
# way; every variant answers `go depth 1` with a legal move; every exact
# variant gives negamax's score at depth 3 (TTExactDraft on) on every bench
# position; the pass is played when it is the only move, and a finished
# game has none; `go perft 3` and `d`.
# The engine is the one beside ENGINE (the sanitizer build in make test).
set -u
. "$(dirname "$0")/lib_e2e.sh"
ENGINE=${ENGINE:-bin/xiangqi-engine}
ATX=${ATX_ENGINE:-$(dirname "$ENGINE")/ataxx-engine}

# run LINE...: sends the lines, then end of input (a limited search finishes).
run() { printf '%s\n' "$@" | timeout 120 "$ATX" >"$tmp/out" 2>"$tmp/err"; }
now_ms() { date +%s%N | cut -c1-13; }
best() { sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$tmp/out" | tail -n 1; }
score() { grep '^info depth' "$tmp/out" | tail -n 1 | sed -n 's/.* score \(cp\|mate\) \(-*[0-9]*\) .*/\1 \2/p'; }
# legal POSITION-COMMAND: the legal moves of that position into $tmp/legal.
legal() {
    printf '%s\ngo perft 1\n' "$1" | timeout 60 "$ATX" 2>/dev/null | sed -n 's/^\([a-g0-9]*\): [0-9]*$/\1/p' >"$tmp/legal"
}
is_legal() { [ -n "$1" ] && grep -qxF "$1" "$tmp/legal"; }

check "the ataxx engine is there ($ATX)" test -x "$ATX"

# --- the protocol ----------------------------------------------------------------
run uai isready
check "uai: id name qibench-ataxx" grep -qx 'id name qibench-ataxx' "$tmp/out"
check "uai: uaiok after the options" sh -c "grep -q '^option name Search ' '$tmp/out' && tail -n 2 '$tmp/out' | head -n 1 | grep -qx uaiok"
check "uai: readyok" grep -qx readyok "$tmp/out"
run uci
check "uci: uciok" grep -qx uciok "$tmp/out"
run uai uainewgame "position startpos moves f2 a1c1 0000" isready
check "uainewgame is a command; a pass with a move at hand is refused" \
    sh -c "grep -qx readyok '$tmp/out' && grep -q \"move '0000'\" '$tmp/err' && ! grep -q 'Unknown command' '$tmp/err'"
run "position startpos moves f2 a1c1 a7c5" d
check "d: the position after f2 a1c1 a7c5" grep -qx 'Fen: 6o/7/2x4/7/7/5x1/2o3x o 2 2' "$tmp/out"
run "position startpos" "go perft 3"
check "go perft 3: 6460 (libataxx)" grep -qx 'Nodes searched: 6460' "$tmp/out"
run "position fen P5p/7/2*1*2/7/2*1*2/7/p5P w 0 1 moves P@f2" d
check "Fairy-Stockfish's dialect and move text accepted" grep -qx 'Fen: x5o/7/2-1-2/7/2-1-2/5x1/o5x o 0 1' "$tmp/out"

# --- the clocks: x's is btime in UAI, wtime in UCI -----------------------------------
# With 100 ms on the mover's clock and ten minutes on the other's, reading
# the right clock answers at once; reading the wrong one thinks for seconds.
clock() { # LABEL LINE...: the search must end within 2 s
    label=$1
    shift
    start=$(now_ms)
    run "$@"
    elapsed=$(($(now_ms) - start))
    check "$label: answered within 2 s (took $elapsed ms, $(best))" test "$elapsed" -lt 2000 -a -n "$(best)"
}
clock "uai, x to move, btime 100" uai "position startpos" "go btime 100 wtime 600000 binc 0 winc 0"
clock "uai, o to move, wtime 100" uai "position startpos moves f2" "go btime 600000 wtime 100 binc 0 winc 0"
clock "uci, x to move, wtime 100" uci "position startpos" "go wtime 100 btime 600000 winc 0 binc 0"
clock "uci, o to move, btime 100" uci "position startpos moves f2" "go wtime 600000 btime 100 winc 0 binc 0"

# --- every variant: go depth 1 -------------------------------------------------------
legal "position startpos"
check "start: 16 legal moves" test "$(lines "$tmp/legal")" -eq 16
variants=$("$ATX" --help | sed -n '/^Search variants:/,$p' | awk 'NR > 1 { print $1 }')
check "twelve variants" test "$(echo "$variants" | wc -l)" -eq 12
for v in $variants; do
    run "setoption name Search value $v" "position startpos" "go depth 1"
    check "$v: go depth 1 gives a legal move ($(best))" is_legal "$(best)"
done

# --- the exact variants agree with negamax -------------------------------------------
exact=$("$ATX" --help | sed -n '/^Search variants:/,$p' | awk 'NR > 1' | grep -v 'not exact' | awk '{ print $1 }')
check "nine exact variants" test "$(echo "$exact" | wc -l)" -eq 9
grep -v '^#' positions/ataxx/bench.epd | sed 's/ *;.*//' | grep . >"$tmp/bench"
n=0 differ=0
while read -r fen; do
    n=$((n + 1))
    ref=
    for v in $exact; do
        run "setoption name Search value $v" "setoption name TTExactDraft value true" "position fen $fen" "go depth 3"
        s=$(score)
        [ -z "$ref" ] && ref=$s
        if [ -z "$s" ] || [ "$s" != "$ref" ]; then
            differ=$((differ + 1))
            echo "$fen: $v scores '$s', negamax '$ref'"
        fi
    done
done <"$tmp/bench"
check "exact variants: negamax's score at depth 3 on all $n bench positions ($differ differ)" test "$n" -ge 15 -a "$differ" -eq 0

# --- the pass and the end ------------------------------------------------------------
for v in negascout mcts random; do
    run "setoption name Search value $v" "position fen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1" "go depth 2"
    check "$v: boxed in, x passes ($(best))" test "$(best)" = 0000
done
run "position fen 7/7/7/7/7/7/x6 o 0 1" "go depth 3"
check "o without pieces: no move" test "$(best)" = "(none)"
run "position fen oooooo1/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo x 0 1" "go depth 2"
check "x, 28 to 20, fills g7 and wins (a rule's win: score above 19000, $(score))" \
    sh -c "test '$(best)' = g7 && test \"\$(echo '$(score)' | awk '{ print \$2 }')\" -gt 19000"

report
