#!/bin/sh
# oracle_perft.sh - our Amazons move generator against an independent one,
# Fairy-Stockfish (the npm package fairy-stockfish-nnue.wasm, run by node).
#
#   sh tests/amazons/oracle_perft.sh [AMAZONS_CLI]
#
# Random games from the start (amazons_cli random SEED GAMES: every position
# of each game, down to the one where the side to move has no turn) are set
# up in the oracle, half by position text and half as `startpos moves ...`
# in our Fairy move text. For each, the perft divide at depth 1, and at
# depth 2 while the depth-2 budget lasts, must be the same set of
# "move: count" lines with the same total. Every move string the oracle
# prints must parse in our parser and format back to the same string (and
# the canonical form must parse to the same turn). After each game, the
# oracle's position text must equal ours. Fixed "no legal turn" positions
# must give an empty divide and 0 nodes in both.
#
# Environment: AMZ_ORACLE_SEED (1), AMZ_ORACLE_GAMES (2), AMZ_ORACLE_D2_NODES
# (depth-2 budget in leaves over all positions, 40000000), AMZ_ORACLE_JS (the
# oracle's uci.js). Without node or the package it prints SKIP and passes.
# Ends with "N passed, N failed[, N skipped]".
set -u
cli=${1:-build/release/amazons-tests/amazons_cli}
js=${AMZ_ORACLE_JS:-node_modules/fairy-stockfish-nnue.wasm/uci.js}
seed=${AMZ_ORACLE_SEED:-1}
games=${AMZ_ORACLE_GAMES:-2}
d2_budget=${AMZ_ORACLE_D2_NODES:-40000000}
. "$(dirname "$0")/../lib_e2e.sh"
. "$(dirname "$0")/../lib_oracle.sh"

oracle_require "$js" Amazons
[ -x "$cli" ] || { bad "$cli not built"; report; exit 1; }
oracle_start "$js" amazons

# The sorted "move: count" lines and the total of a divide output file.
divide_lines() { grep -E '^[a-j][0-9]+[a-j][0-9]+,[a-j][0-9]+[a-j][0-9]+: [0-9]+$' "$1" | sort; }
divide_total() { sed -n 's/^Nodes searched: *//p' "$1" | tail -n 1; }

# compare DEPTH TEXT MOVES LABEL: our divide against the oracle's.
compare() {
    if [ -n "$3" ]; then cmd="position startpos moves $3"; else cmd="position fen $2"; fi
    oracle_perft "$1" "$cmd" || { bad "$4: the oracle gave no divide"; return; }
    "$cli" divide "$1" "$2" >"$tmp/ours" || { bad "$4: amazons_cli divide failed"; return; }
    divide_lines "$tmp/section" >"$tmp/theirs.sorted"
    divide_lines "$tmp/ours" >"$tmp/ours.sorted"
    if cmp -s "$tmp/theirs.sorted" "$tmp/ours.sorted" \
        && [ "$(divide_total "$tmp/section")" = "$(divide_total "$tmp/ours")" ]; then
        ok
    else
        bad "$4: divide $1 of '$2' differs (oracle < > ours):"
        diff "$tmp/theirs.sorted" "$tmp/ours.sorted" | head -n 10
        echo "  totals: oracle $(divide_total "$tmp/section"), ours $(divide_total "$tmp/ours")"
    fi
}

# round_trip TEXT LABEL: every move the oracle listed (last divide) parses
# and formats back; the canonical form parses to the same turn.
round_trip() {
    divide_lines "$tmp/section" | sed 's/: [0-9]*$//' >"$tmp/moves"
    "$cli" parse "$1" <"$tmp/moves" >"$tmp/parsed"
    awk '{ print $2 }' "$tmp/parsed" >"$tmp/fairy"
    awk '{ print $3 }' "$tmp/parsed" | "$cli" parse "$1" | awk '{ print $2 }' >"$tmp/again"
    if ! grep -qv '^ok ' "$tmp/parsed" && cmp -s "$tmp/moves" "$tmp/fairy" && cmp -s "$tmp/moves" "$tmp/again"; then
        ok
    else
        bad "$2: the oracle's move strings do not round-trip in '$1':"
        grep -v '^ok ' "$tmp/parsed" | head -n 5
    fi
}

# game_end MOVES TEXT: the oracle, given our moves of a whole game, ends at
# our position text (counters included).
game_end() {
    theirs=$(oracle_text "position startpos moves $1")
    if [ "$theirs" = "$2" ]; then ok; else bad "game end: oracle '$theirs', ours '$2'"; fi
}

# --- Random games ----------------------------------------------------------

"$cli" random "$seed" "$games" >"$tmp/positions" || { bad "amazons_cli random failed"; report; exit 1; }
n=0 d1=0 d2=0 spent=0 prev_moves=
while IFS=';' read -r text moves; do
    n=$((n + 1))
    # Alternate how the position reaches the oracle: text, or our moves.
    if [ $((n % 2)) -eq 0 ] && [ -n "$moves" ]; then via=$moves; else via=; fi
    compare 1 "$text" "$via" "position $n"
    round_trip "$text" "position $n"
    d1=$((d1 + 1))
    leaves=$("$cli" perft 2 "$text" | sed -n 's/^Nodes searched: //p')
    if [ "$((spent + leaves))" -le "$d2_budget" ]; then
        compare 2 "$text" "$via" "position $n"
        spent=$((spent + leaves)) d2=$((d2 + 1))
    fi
    # A new game starts: check where the last one ended.
    [ -z "$moves" ] && [ -n "$prev_moves" ] && game_end "$prev_moves" "$prev_text"
    prev_moves=$moves prev_text=$text
done <"$tmp/positions"
game_end "$prev_moves" "$prev_text"

# --- No legal turn -----------------------------------------------------------

for text in "Q*8/**8/10/10/10/10/10/10/10/9q w - - 0 1" "q*8/**8/10/10/10/10/10/10/10/9Q b - - 0 1" \
    "QQ*7/***7/10/10/10/10/10/10/10/q9 w - - 0 1"; do
    for depth in 1 2; do
        compare "$depth" "$text" "" "no legal turn"
        if [ "$(divide_total "$tmp/section")" = 0 ]; then ok; else bad "'$text': the oracle counts turns"; fi
    done
done

echo "oracle_perft: $n positions from $games games (seed $seed):" \
    "$d1 compared at depth 1, $d2 at depth 2 ($spent leaves)"
report
[ "$failed" -eq 0 ]
