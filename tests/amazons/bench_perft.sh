#!/bin/sh
# bench_perft.sh - perft(2) and perft(3) from the start: engine/amazons/
# (through amazons_cli) against the deliberately plain tests/amazons/
# perft_naive.c, in alternating runs; reports the best time of each and the
# ratio. A benchmark, not a test: it never fails on speed.
#
#   sh tests/amazons/bench_perft.sh AMAZONS_CLI PERFT_NAIVE [RUNS]
set -eu
cli=$1 naive=$2 runs=${3:-3}
if [ ! -x "$cli" ] || [ ! -x "$naive" ]; then
    echo "bench_perft: build $cli and $naive first" >&2
    exit 2
fi

# The "Time ms: T" of an output file.
ms() { sed -n 's/^Time ms: //p' "$1"; }
out=$(mktemp) && trap 'rm -f "$out"' EXIT

for depth in 2 3; do
    ours_best='' naive_best='' ours_nodes='' naive_nodes=''
    for run in $(seq 1 "$runs"); do
        for who in naive ours; do
            if [ "$who" = ours ]; then "$cli" perft "$depth" >"$out"; else "$naive" "$depth" >"$out"; fi
            t=$(ms "$out") n=$(sed -n 's/^Nodes searched: //p' "$out")
            printf 'perft(%d) run %d %-5s %14s leaves %10s ms\n' "$depth" "$run" "$who" "$n" "$t"
            if [ "$who" = ours ]; then
                ours_nodes=$n
                ours_best=$(echo "$t ${ours_best:-$t}" | awk '{ print ($1 < $2) ? $1 : $2 }')
            else
                naive_nodes=$n
                naive_best=$(echo "$t ${naive_best:-$t}" | awk '{ print ($1 < $2) ? $1 : $2 }')
            fi
        done
    done
    [ "$ours_nodes" = "$naive_nodes" ] || echo "bench_perft: counts differ at depth $depth: $ours_nodes vs $naive_nodes"
    echo "$depth $ours_best $naive_best" | awk '{ r = ($2 > 0) ? $3 / $2 : 0;
        printf "perft(%d): ours %.1f ms, naive %.1f ms (best of runs): %.1fx\n", $1, $2, $3, r }'
done
