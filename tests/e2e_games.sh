#!/bin/sh
# e2e_games.sh - the game adjudicator on hand-made games: two scripted mock
# engines play fixed move lists from a fixed position, and the harness must
# end each game at the right ply with the right result and reason. The
# expected results are worked out by hand in tests/test_rules.c's comments
# (the same positions) and below.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}

# game NAME FEN MOVES EXPECTED-RESULT EXPECTED-REASON EXPECTED-PLIES [EXTRA...]
game() {
    name=$1 fen=$2 moves=$3 result=$4 reason=$5 plies=$6
    shift 6
    printf '%s ;id "%s"\n' "$fen" "$name" >"$tmp/$name.epd"
    "$QIBENCH" match -engine name=a cmd="$MOCK" arg=--moves arg="$moves" depth=1 \
        -engine name=b cmd="$MOCK" arg=--moves arg="$moves" depth=1 \
        --openings file="$tmp/$name.epd" format=epd --games 2 --results "$tmp" --name "$name" "$@" >/dev/null 2>&1
    got=$(qbt games.outcome "$tmp/$name/games.jsonl" 2>/dev/null)
    check "$name: expected '$result | $reason | $plies', got '$got'" test "$got" = "$result | $reason | $plies"
}

# Red's chariot checks on every move (a9 on rank 9, a8 on rank 8): the third
# occurrence after 8 plies; Red, the perpetual checker, loses.
game perpetual "4k4/R8/9/9/9/9/9/9/9/3K5 w" a8a9,e9e8,a9a8,e8e9,a8a9,e9e8,a9a8,e8e9 \
    0-1 "perpetual check" 8
# Both sides check on every move: a draw by repetition.
game mutual "4k4/3c5/9/9/3r5/4C2C1/2r6/R8/3KR4/8h w" e4d4,d5e5,d4e4,e5d5,e4d4,d5e5,d4e4,e5d5 \
    1/2-1/2 repetition 8
# Nobody checks.
game quiet "4k4/9/9/9/R8/9/9/9/9/3K5 w" d0d1,e9e8,d1d0,e8e9,d0d1,e9e8,d1d0,e8e9 1/2-1/2 repetition 8
# Mate: the second chariot goes to a9, b8 covers rank 8.
game mate "4k4/1R7/R8/9/9/9/9/9/9/3K5 w" a7a9 1-0 checkmate 1
# Stalemate: after f7f8 the pawns on d8 and f8 cover d9, f9 and e8 and do
# not check e9; Black has no move and loses.
game stalemate "4k4/3P5/5P3/9/9/9/9/9/9/3K5 w" f7f8 1-0 stalemate 1
# The chariot takes the chariot on e8, the advisor takes back: generals and
# one advisor are left.
game material "3a1k3/4r4/9/9/9/9/9/9/4R4/3K5 w" e1e8,d9e8 1/2-1/2 "insufficient material" 2
# No capture for 8 plies (--nocapture 8): the chariot never returns to a
# square, so no position repeats. check-only calls it "no capture"; asian
# (the default) "60-move rule", nobody having checked.
game nocapture "4k4/9/9/9/R8/9/9/9/9/3K5 w" a5a6,e9e8,a6a4,e8e9,a4a3,e9e8,a3a2,e8e9 \
    1/2-1/2 "no capture" 8 --nocapture 8 --rules check-only
game sixty "4k4/9/9/9/R8/9/9/9/9/3K5 w" a5a6,e9e8,a6a4,e8e9,a4a3,e9e8,a3a2,e8e9 \
    1/2-1/2 "60-move rule" 8 --nocapture 8
# --maxplies 3 ends the same game earlier.
game maxplies "4k4/9/9/9/R8/9/9/9/9/3K5 w" a5a6,e9e8,a6a4,e8e9,a4a3,e9e8,a3a2,e8e9 \
    1/2-1/2 "max plies" 3 --maxplies 3

report
