#!/bin/sh
# e2e_engine.sh - the engine binary end to end: protocol answers, perft
# divide format, command-line perft, error handling, and (when installed) a
# move-by-move perft divide comparison with Fairy-Stockfish.
set -u
. "$(dirname "$0")/lib_e2e.sh"
ENGINE=${ENGINE:-bin/xiangqi-engine}
FSF=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}

engine() { printf '%s\n' "$@" quit | "$ENGINE" >"$tmp/out" 2>"$tmp/err"; }

engine uci
check "uci answers uciok" grep -qx uciok "$tmp/out"
check "uci names the engine" grep -q '^id name ' "$tmp/out"
engine ucci
check "ucci answers ucciok" grep -qx ucciok "$tmp/out"
engine isready
check "isready answers readyok" grep -qx readyok "$tmp/out"

# Start position: 44 moves at depth 1, 1920 at depth 2 (published counts).
engine "position startpos" "go perft 2"
check "divide has 44 lines" test "$(grep -cE '^[a-i][0-9][a-i][0-9]: [0-9]+$' "$tmp/out")" -eq 44
check "divide total 1920" grep -qx 'Nodes searched: 1920' "$tmp/out"
check "blank line before the total" grep -qx '' "$tmp/out"
check "divide names moves in ICCS" grep -qE '^h2e2: [0-9]+$' "$tmp/out"

# The second published position: 43929 at depth 3.
engine "position fen r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1" "go perft 3"
check "published position 2, depth 3" grep -qx 'Nodes searched: 43929' "$tmp/out"

# Moves after startpos are applied: after h2e2 h9g7 the position is the one
# Fairy-Stockfish prints for h3e3 h10g8.
engine "position startpos moves h2e2 h9g7" d
check "position ... moves" grep -q '^Fen: rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2$' "$tmp/out"

# Errors are reported on stderr and are never fatal; a bad position command
# leaves the previous position in place.
engine "position startpos" "position fen rnbakabnr/9 w" "frobnicate" "position startpos moves h2e2 a0a5" "go perft 1" isready
check "bad FEN reported" grep -q 'bad FEN' "$tmp/err"
check "unknown command reported" grep -q "Unknown command: 'frobnicate'" "$tmp/err"
check "illegal move reported" grep -q "move 'a0a5'" "$tmp/err"
check "position kept after errors" grep -qx 'Nodes searched: 44' "$tmp/out"
check "still answering" grep -qx readyok "$tmp/out"

# Command line.
"$ENGINE" perft 3 >"$tmp/out" 2>"$tmp/err"
check "command-line perft exits 0" test $? -eq 0
check "command-line perft 3" grep -qx 'Nodes searched: 79666' "$tmp/out"
"$ENGINE" perft 2 "4k4/9/9/9/9/9/9/9/9/4K4 w" >"$tmp/out" 2>"$tmp/err"
check "bad FEN on the command line exits 1" test $? -eq 1
check "bad FEN message is one line" test "$(wc -l <"$tmp/err")" -eq 1
check "bad FEN message says why" grep -q 'generals face each other' "$tmp/err"
"$ENGINE" perft x >/dev/null 2>"$tmp/err"
check "bad depth exits with usage" grep -q 'usage:' "$tmp/err"

# Fairy-Stockfish divide comparison on a sample of the perft suite.
if [ -x "$FSF" ]; then
    n=0
    grep -v '^#' positions/xiangqi/perft.epd | awk 'NR % 7 == 1' | cut -d';' -f1 | head -n 60 >"$tmp/fens"
    while IFS= read -r fen; do
        n=$((n + 1))
        printf 'position fen %s\ngo perft 2\nquit\n' "$fen" | "$ENGINE" 2>/dev/null \
            | grep -E '^[a-i][0-9]' | sort >"$tmp/ours"
        printf 'uci\nsetoption name UCI_Variant value xiangqi\nposition fen %s\ngo perft 2\nquit\n' "$fen" \
            | "$FSF" 2>/dev/null | grep -E '^[a-i][0-9]+[a-i][0-9]+: ' \
            | awk -F': ' '{ m = $1; match(m, /^[a-i][0-9]+/); a = substr(m, 1, RLENGTH); b = substr(m, RLENGTH + 1);
                           printf "%s%d%s%d: %s\n", substr(a,1,1), substr(a,2) - 1, substr(b,1,1), substr(b,2) - 1, $2 }' \
            | sort >"$tmp/theirs"
        if cmp -s "$tmp/ours" "$tmp/theirs"; then ok; else
            bad "divide differs from Fairy-Stockfish for $fen"
            diff "$tmp/ours" "$tmp/theirs" | head -n 10
        fi
    done <"$tmp/fens"
    check "compared with Fairy-Stockfish on at least 40 positions (did $n)" test "$n" -ge 40
else
    echo "SKIP: Fairy-Stockfish not found at $FSF (apt-get install fairy-stockfish); divide comparison skipped"
    skipped=$((skipped + 1))
fi

report
