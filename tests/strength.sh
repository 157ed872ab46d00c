#!/bin/sh
# strength.sh [rank|best|random|all] - the strength validation of a game's
# engine (STRENGTH_GAME: amazons, issue 13, or ataxx, issue 31), played by
# qibench itself (not part of make test; `make strength` and `make
# strength-rank` in mk/strength.mk):
#   rank    a round robin of the candidate variants (STRENGTH_RANK), to find the
#           best and the next best
#   best    STRENGTH_BEST against STRENGTH_NEXT over STRENGTH_PAIRS game pairs
#           (goal: 70% or more); the Amazons' defaults (mcts, alphabeta-hh)
#           are the first two of `rank` at 100 ms (docs/search.md, "MCTS")
#   random  every variant but random against random over STRENGTH_RANDOM_PAIRS
#           pairs (goal: 95% or more)
#   all     best, then random
# Every engine searches STRENGTH_MOVETIME ms a move; the harness forgives
# STRENGTH_TIMEMARGIN ms (200) beyond it, for the scheduling delays of a
# shared machine (without it a loaded machine's 100 ms matches ended mostly
# in time forfeits, the algorithms unmeasured; with 50 ms, 9 of 400 games
# against random were still lost on time with the machine loaded). Openings:
# positions/GAME/openings.epd when it exists, else STRENGTH_OPENINGS
# 2-ply openings of random moves from the start (the random variant, seeds
# 1, 2, ...), written to the run's folder (not kept in the tree). Results in
# results/strength-DATE-TIME/; a table of every match at the end.
set -u
QIBENCH=${QIBENCH:-bin/qibench}
GAME=${STRENGTH_GAME:-amazons}
ENGINE=${STRENGTH_ENGINE:-bin/$GAME-engine}
MOVETIME=${STRENGTH_MOVETIME:-100}
MARGIN=${STRENGTH_TIMEMARGIN:-200}
PAIRS=${STRENGTH_PAIRS:-50}
RANDOM_PAIRS=${STRENGTH_RANDOM_PAIRS:-20}
RANK_PAIRS=${STRENGTH_RANK_PAIRS:-5}
RANK=${STRENGTH_RANK:-negascout,alphabeta-hh,pvs,mtdf,mcts}
BEST=${STRENGTH_BEST:-mcts}
NEXT=${STRENGTH_NEXT:-alphabeta-hh}
JOBS=${STRENGTH_CONCURRENCY:-1}
OPENINGS=${STRENGTH_OPENINGS:-60}
mode=${1:-all}
run=results/strength-$(date +%Y%m%d-%H%M%S)
mkdir -p "$run" || exit 1
table=$run/table.txt

# The turn the random variant plays with seed $1 after the moves $2.
random_turn() {
    printf 'setoption name Search value random\nsetoption name Seed value %s\nposition startpos moves %s\ngo depth 1\n' \
        "$1" "$2" | "$ENGINE" | sed -n 's/^bestmove //p'
}

# Writes $OPENINGS distinct 2-ply openings of random turns to $1.
make_openings() {
    seed=0 made=0
    : >"$1"
    while [ "$made" -lt "$OPENINGS" ]; do
        seed=$((seed + 1))
        m1=$(random_turn "$seed" "") && m2=$(random_turn "$seed" "$m1") || return 1
        fen=$(printf 'position startpos moves %s %s\nd\n' "$m1" "$m2" | "$ENGINE" | sed -n 's/^Fen: //p')
        grep -qF "$fen ;" "$1" && continue
        echo "$fen ;id \"random-$seed\" ;c0 \"$m1 $m2\"" >>"$1"
        made=$((made + 1))
    done
}

if [ -f "positions/$GAME/openings.epd" ]; then
    book=positions/$GAME/openings.epd
else
    book=$run/openings.epd
    echo "no positions/$GAME/openings.epd: $OPENINGS random 2-ply openings (seeds 1, 2, ...) in $book"
    make_openings "$book" || { echo "strength: cannot make the openings" >&2; exit 1; }
fi
count=$(grep -c . "$book")
echo "openings: $book ($count), movetime $MOVETIME ms (+$MARGIN ms margin), concurrency $JOBS"

# match NAME A B PAIRS: one paired match of variants A and B; its result line into the table.
match() {
    name=$1 a=$2 b=$3 pairs=$4
    echo "== $a vs $b, $pairs pairs"
    set -- "$QIBENCH" match --game "$GAME" -engine "name=$a" "cmd=$ENGINE" "option.Search=$a" \
        -engine "name=$b" "cmd=$ENGINE" "option.Search=$b" -each "movetime=$MOVETIME" "timemargin=$MARGIN" \
        --openings "file=$book" format=epd order=sequential --rounds "$pairs" --concurrency "$JOBS" \
        --results "$run" --name "$name"
    echo "\$ $*" >>"$run/commands.txt"
    "$@" 2>&1 | tee "$run/$name.log" | grep -A 2 "^$a vs $b:"
    line=$(grep "^$a vs $b:" "$run/$name.log" | sed 's/^[^:]*: //')
    elo=$(grep -A 1 "^$a vs $b:" "$run/$name.log" | tail -n 1 | sed 's/^ *Elo \([^(]*\) (.*/\1/')
    printf '%-28s %-44s Elo %s (95%%)\n' "$a vs $b" "$line" "$elo" >>"$table"
}

case $mode in
rank)
    echo "== round robin: $RANK, $RANK_PAIRS pairs a pairing"
    set -- "$QIBENCH" tournament --game "$GAME" -variant-engines "$RANK" -each "movetime=$MOVETIME" "timemargin=$MARGIN" \
        --openings "file=$book" format=epd order=sequential --rounds "$RANK_PAIRS" --concurrency "$JOBS" \
        --results "$run" --name rank
    echo "\$ $*" >>"$run/commands.txt"
    "$@" 2>&1 | tee "$run/rank.log" | grep -v '^game '
    exit 0
    ;;
best) match best "$BEST" "$NEXT" "$PAIRS" ;;
random | all)
    [ "$mode" = all ] && match best "$BEST" "$NEXT" "$PAIRS"
    for v in $("$ENGINE" --help | sed -n '/^Search variants:/,$p' | awk 'NR > 1 { print $1 }'); do
        [ "$v" = random ] || match "random-$v" "$v" random "$RANDOM_PAIRS"
    done
    ;;
*) echo "usage: strength.sh [rank|best|random|all]" >&2; exit 2 ;;
esac
echo
echo "$GAME, movetime $MOVETIME ms (+$MARGIN ms margin), openings $book ($count); results in $run"
cat "$table"
