#!/bin/sh
# bench_search.sh ENGINE [DEPTH] - nodes, time and speed of `bench` for every
# variant, then the default variant's nodes per second from the start
# position next to Fairy-Stockfish's at the same movetime, in one run.
set -u
ENGINE=${1:-bin/xiangqi-engine}
DEPTH=${2:-5}
MOVETIME=${MOVETIME:-5000}
FSF=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}

printf '%-14s %6s %14s %10s %12s\n' variant depth nodes "time(ms)" nodes/s
for v in $("$ENGINE" --help | sed -n '/^Search variants:/,$p' | awk 'NR > 1 { print $1 }'); do
    d=$DEPTH
    [ "$v" = negamax ] && d=$((DEPTH - 2)) # full width: two plies less, or it takes hours
    "$ENGINE" bench "$d" "$v" 2>/dev/null | awk -v v="$v" -v d="$d" '
        /^Total time/ { t = $NF } /^Nodes searched/ { n = $NF } /^Nodes\/second/ { s = $NF }
        END { printf "%-14s %6s %14s %10s %12s\n", v, d, n, t, s }'
done

last_nps() { grep -o 'nps [0-9]*' | tail -n 1 | awk '{ print $2 }'; }
ours=$( (printf 'position startpos\ngo movetime %s\n' "$MOVETIME"; sleep $((MOVETIME / 1000 + 1)); echo quit) \
    | "$ENGINE" | last_nps)
echo
printf 'start position, go movetime %s ms, nodes per second:\n' "$MOVETIME"
printf '  qibench engine (default variant): %s\n' "$ours"
if [ -x "$FSF" ]; then
    theirs=$( (printf 'uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\nposition startpos\ngo movetime %s\n' "$MOVETIME"
        sleep $((MOVETIME / 1000 + 1)); echo quit) | "$FSF" | last_nps)
    printf '  Fairy-Stockfish                 : %s\n' "$theirs"
    awk -v a="$ours" -v b="$theirs" 'BEGIN { if (b > 0) printf "  ratio                           : %.2fx\n", a / b }'
else
    echo "  (Fairy-Stockfish not found at $FSF: no comparison)"
fi
