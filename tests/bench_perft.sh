#!/bin/sh
# bench_perft.sh ENGINE - times `perft 5` from the start position for our
# engine and for Fairy-Stockfish (`go perft 5`), alternating, three runs each,
# and prints the best time of each and the ratio. Without Fairy-Stockfish it
# prints our time and nodes per second only.
set -u
ENGINE=${1:-bin/xiangqi-engine}
FSF=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
DEPTH=${PERFT_DEPTH:-5}
RUNS=${RUNS:-3}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }
calc() { awk "BEGIN { printf \"%.2f\", $1 }"; }

ours="" theirs="" nodes=""
i=0
while [ "$i" -lt "$RUNS" ]; do
    t0=$(now)
    nodes=$("$ENGINE" perft "$DEPTH" | sed -n 's/^Nodes searched: //p')
    t1=$(now)
    ours=$(best "$ours" "$(elapsed "$t0" "$t1")")
    if [ -x "$FSF" ]; then
        t0=$(now)
        fsf_nodes=$(printf 'uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo perft %s\nquit\n' "$DEPTH" \
            | "$FSF" | sed -n 's/^Nodes searched: //p')
        t1=$(now)
        theirs=$(best "$theirs" "$(elapsed "$t0" "$t1")")
        [ "$fsf_nodes" = "$nodes" ] || echo "warning: node counts differ: ours $nodes, Fairy-Stockfish $fsf_nodes"
    fi
    i=$((i + 1))
done
printf 'perft %s from the start position: %s nodes (best of %s runs, wall time incl. start-up)\n' "$DEPTH" "$nodes" "$RUNS"
printf '  qibench engine  : %6.3f s  %6.1f Mnodes/s\n' "$ours" "$(calc "$nodes / $ours / 1000000")"
if [ -n "$theirs" ]; then
    printf '  Fairy-Stockfish : %6.3f s  %6.1f Mnodes/s\n' "$theirs" "$(calc "$nodes / $theirs / 1000000")"
    printf '  ratio           : %.2fx faster\n' "$(calc "$theirs / $ours")"
else
    echo "  (Fairy-Stockfish not found at $FSF: no comparison)"
fi
