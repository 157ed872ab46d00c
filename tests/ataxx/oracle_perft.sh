#!/bin/sh
# oracle_perft.sh - our Ataxx move generator against an independent one,
# Fairy-Stockfish (the npm package fairy-stockfish-nnue.wasm, run by node,
# `setoption name UCI_Variant value ataxx`).
#
#   sh tests/ataxx/oracle_perft.sh [ATAXX_CLI]
#
# Random games (ataxx_cli random: every position of each game, down to the
# one where the game is over), from the start and from two gap layouts in
# turn, are set up in the oracle, half by position text (FSF's dialect:
# P = x, p = o, * a gap, w = x to move) and half as the layout and the
# game's moves in FSF's move text (P@f2, g1e1, its pass a1a1). For each,
# the perft divide at depth 1, and at depth 2 while the depth-2 budget
# lasts, must be the same set of "move: count" lines (ataxx_cli divide
# prints FSF's move text) with the same total. Every move string the oracle
# prints must parse in our parser and format back to the same string.
# After each game, the oracle's position text must equal ours (counters
# included). Fixed positions where x must pass compare the same way, and
# fixed finished ones (full board, a side without pieces) give 0 in both.
#
# Where the two are known to count differently, nothing is compared:
# Fairy-Stockfish's perft ignores the halfmove limit (it counts the moves
# of a position whose clock is at 100; libataxx and we count 0), so
# positions are compared at depth 1 only below a clock of 100 and at
# depth 2 below 99.
#
# Environment: ATX_ORACLE_SEED (1), ATX_ORACLE_GAMES (3), ATX_ORACLE_D2_NODES
# (depth-2 budget in leaves over all positions, 2000000), ATX_ORACLE_STRIDE
# (1: every position of a game; N: every Nth, as make test's lane has it,
# for time: each comparison is a round trip to node), ATX_ORACLE_JS (the
# oracle's uci.js). Without node or the package it prints SKIP and passes.
# Ends with "N passed, N failed[, N skipped]".
set -u
cli=${1:-build/release/ataxx-tests/ataxx_cli}
js=${ATX_ORACLE_JS:-node_modules/fairy-stockfish-nnue.wasm/uci.js}
seed=${ATX_ORACLE_SEED:-1}
games=${ATX_ORACLE_GAMES:-3}
d2_budget=${ATX_ORACLE_D2_NODES:-2000000}
stride=${ATX_ORACLE_STRIDE:-1}
. "$(dirname "$0")/../lib_e2e.sh"
. "$(dirname "$0")/../lib_oracle.sh"

oracle_require "$js" Ataxx
[ -x "$cli" ] || { bad "$cli not built"; report; exit 1; }
oracle_start "$js" ataxx

# The oracle's position text without FSF's castling and en-passant dashes
# ("w - - 0 1"): our FSF dialect text.
fsf_text() { oracle_text "$1" | sed 's/ - - / /'; }

# The sorted "move: count" lines and the total of a divide output file.
divide_lines() { grep -E '^(P@[a-g][1-7]|[a-g][1-7][a-g][1-7]): [0-9]+$' "$1" | sort; }
divide_total() { sed -n 's/^Nodes searched: *//p' "$1" | tail -n 1; }

# compare DEPTH TEXT FSF-TEXT VIA LABEL: our divide against the oracle's
# (VIA: "LAYOUT;MOVES" to set it up by moves, or empty for the text).
compare() {
    if [ -n "$4" ]; then cmd="position fen ${4%%;*} moves ${4#*;}"; else cmd="position fen $3"; fi
    oracle_perft "$1" "$cmd" || { bad "$5: the oracle gave no divide"; return; }
    "$cli" divide "$1" "$2" >"$tmp/ours" || { bad "$5: ataxx_cli divide failed"; return; }
    divide_lines "$tmp/section" >"$tmp/theirs.sorted"
    divide_lines "$tmp/ours" >"$tmp/ours.sorted"
    if cmp -s "$tmp/theirs.sorted" "$tmp/ours.sorted" \
        && [ "$(divide_total "$tmp/section")" = "$(divide_total "$tmp/ours")" ]; then
        ok
    else
        bad "$5: divide $1 of '$2' differs (oracle < > ours):"
        diff "$tmp/theirs.sorted" "$tmp/ours.sorted" | head -n 10
        echo "  totals: oracle $(divide_total "$tmp/section"), ours $(divide_total "$tmp/ours")"
    fi
}

# round_trip TEXT LABEL: every move the oracle listed (last divide) parses
# in ours and formats back to the same FSF string.
round_trip() {
    divide_lines "$tmp/section" | sed 's/: [0-9]*$//' >"$tmp/moves"
    "$cli" parse "$1" <"$tmp/moves" >"$tmp/parsed"
    awk '{ print $3 }' "$tmp/parsed" >"$tmp/fsf"
    if ! grep -qv '^ok ' "$tmp/parsed" && cmp -s "$tmp/moves" "$tmp/fsf"; then
        ok
    else
        bad "$2: the oracle's move strings do not round-trip in '$1':"
        grep -v '^ok ' "$tmp/parsed" | head -n 5
    fi
}

# game_end LAYOUT MOVES FSF-TEXT: the oracle, given our moves of a whole
# game, ends at our position text (counters included).
game_end() {
    theirs=$(fsf_text "position fen $1 moves $2")
    if [ "$theirs" = "$3" ]; then ok; else bad "game end: oracle '$theirs', ours '$3'"; fi
}

# --- Random games ----------------------------------------------------------

n=0 d1=0 d2=0 spent=0 g=0
while [ "$g" -lt "$games" ]; do
    case $((g % 3)) in
    0) layout="x5o/7/7/7/7/7/o5x x 0 1" ;;
    1) layout="x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1" ;;
    *) layout="x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1" ;;
    esac
    layout_fsf=$("$cli" fen "$layout" | tail -n 1)
    "$cli" random "$((seed + g))" 1 "$layout" >"$tmp/positions" || { bad "ataxx_cli random failed"; break; }
    last_moves= last_fsf=
    k=0
    while IFS=';' read -r text fsf moves; do
        last_moves=$moves last_fsf=$fsf k=$((k + 1))
        [ $(((k - 1) % stride)) -eq 0 ] || continue
        n=$((n + 1))
        # Alternate how the position reaches the oracle: text, or the layout and our moves.
        if [ $((n % 2)) -eq 0 ] && [ -n "$moves" ]; then via="$layout_fsf;$moves"; else via=; fi
        clock=$(echo "$text" | awk '{ print $3 }')
        if [ "$clock" -lt 100 ]; then
            compare 1 "$text" "$fsf" "$via" "game $g position $n"
            round_trip "$text" "game $g position $n"
            d1=$((d1 + 1))
        fi
        leaves=$("$cli" perft 2 "$text" | sed -n 's/^Nodes searched: //p')
        if [ "$clock" -lt 99 ] && [ "$((spent + leaves))" -le "$d2_budget" ]; then
            compare 2 "$text" "$fsf" "$via" "game $g position $n"
            spent=$((spent + leaves)) d2=$((d2 + 1))
        fi
    done <"$tmp/positions"
    game_end "$layout_fsf" "$last_moves" "$last_fsf"
    g=$((g + 1))
done

# --- Passes (rare in random games) and finished games -------------------------

for text in "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1" "xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/oooooo1 x 0 1" \
    "7/7/2-1-2/7/ooooooo/ooooooo/xxxxxxx x 0 1"; do
    fsf=$("$cli" fen "$text" | tail -n 1)
    for depth in 1 2; do compare "$depth" "$text" "$fsf" "" "pass"; done
    round_trip "$text" "pass"
done

# Finished: 0 in both.

for text in "xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo o 0 40" \
    "7/7/7/7/7/7/x6 o 0 1" "7/1xx4/7/7/7/7/7 o 3 9"; do
    fsf=$("$cli" fen "$text" | tail -n 1)
    for depth in 1 2; do
        compare "$depth" "$text" "$fsf" "" "finished"
        if [ "$(divide_total "$tmp/section")" = 0 ]; then ok; else bad "'$text': the oracle counts moves"; fi
    done
done

echo "oracle_perft: $n positions (one in $stride) from $games games (seed $seed):" \
    "$d1 compared at depth 1, $d2 at depth 2 ($spent leaves)"
report
[ "$failed" -eq 0 ]
