#!/bin/sh
# bench_perft.sh - perft from the start: engine/ataxx/ (through ataxx_cli)
# against the deliberately plain tests/ataxx/perft_naive.c and against
# Fairy-Stockfish in WebAssembly (node, fairy-stockfish-nnue.wasm,
# `go perft N` timed from the command to its "Nodes searched" line, so that
# node's start is not counted), in alternating runs; reports the best time
# of each, nodes per second and the ratios. libataxx, the reference, cannot
# be built here (no network); Fairy-Stockfish stands in for it. A benchmark,
# not a test: it never fails on speed (it says so when the counts differ).
#
#   sh tests/ataxx/bench_perft.sh ATAXX_CLI PERFT_NAIVE [RUNS]
#
# Environment: ATX_BENCH_DEPTHS ("5 6"), ATX_ORACLE_JS (the oracle's uci.js;
# without node or it, Fairy-Stockfish is left out, saying so).
set -eu
cli=$1 naive=$2 runs=${3:-3}
depths=${ATX_BENCH_DEPTHS:-5 6}
js=${ATX_ORACLE_JS:-node_modules/fairy-stockfish-nnue.wasm/uci.js}
if [ ! -x "$cli" ] || [ ! -x "$naive" ]; then
    echo "bench_perft: build $cli and $naive first" >&2
    exit 2
fi
tmp=$(mktemp -d) && trap 'exec 3>&- 2>/dev/null; [ -n "${fsf_pid:-}" ] && kill "$fsf_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
now_ms() { date +%s%N | cut -c1-13; }

# Fairy-Stockfish: one node process for every run, fed through a FIFO.
fsf_pid=
if command -v node >/dev/null 2>&1 && [ -f "$js" ]; then
    mkfifo "$tmp/in"
    node --no-experimental-fetch "$js" <"$tmp/in" >"$tmp/fsf.out" 2>&1 &
    fsf_pid=$!
    exec 3>"$tmp/in"
    printf 'uci\nsetoption name UCI_Variant value ataxx\nposition startpos\nisready\n' >&3
    until grep -q '^readyok' "$tmp/fsf.out"; do sleep 0.05; done
else
    echo "bench_perft: node or $js missing: Fairy-Stockfish left out (make amazons-npm)"
fi
# fsf_perft DEPTH: "NODES MS" of Fairy-Stockfish's perft from the start.
fsf_perft() {
    off=$(wc -c <"$tmp/fsf.out")
    t0=$(now_ms)
    printf 'go perft %s\n' "$1" >&3
    until tail -c +"$((off + 1))" "$tmp/fsf.out" | grep -q '^Nodes searched'; do sleep 0.01; done
    t1=$(now_ms)
    echo "$(tail -c +"$((off + 1))" "$tmp/fsf.out" | sed -n 's/^Nodes searched: //p') $((t1 - t0))"
}
# best A B: the smaller, A when B is empty.
best() { echo "$1 ${2:-$1}" | awk '{ print ($1 < $2) ? $1 : $2 }'; }

for depth in $depths; do
    ours_best='' naive_best='' fsf_best='' ours_n='' naive_n='' fsf_n=''
    for run in $(seq 1 "$runs"); do
        "$cli" perft "$depth" >"$tmp/o"
        ours_n=$(sed -n 's/^Nodes searched: //p' "$tmp/o") t=$(sed -n 's/^Time ms: //p' "$tmp/o")
        ours_best=$(best "$t" "$ours_best")
        printf 'perft(%d) run %d ours  %12s leaves %10s ms\n' "$depth" "$run" "$ours_n" "$t"
        "$naive" "$depth" >"$tmp/o"
        naive_n=$(sed -n 's/^Nodes searched: //p' "$tmp/o") t=$(sed -n 's/^Time ms: //p' "$tmp/o")
        naive_best=$(best "$t" "$naive_best")
        printf 'perft(%d) run %d naive %12s leaves %10s ms\n' "$depth" "$run" "$naive_n" "$t"
        if [ -n "$fsf_pid" ]; then
            set -- $(fsf_perft "$depth")
            fsf_n=$1 fsf_best=$(best "$2" "$fsf_best")
            printf 'perft(%d) run %d fsf   %12s leaves %10s ms\n' "$depth" "$run" "$1" "$2"
        fi
    done
    [ "$ours_n" = "$naive_n" ] || echo "bench_perft: counts differ at depth $depth: ours $ours_n, naive $naive_n"
    [ -z "$fsf_pid" ] || [ "$ours_n" = "$fsf_n" ] || echo "bench_perft: counts differ at depth $depth: ours $ours_n, fsf $fsf_n"
    echo "$depth $ours_n $ours_best $naive_best ${fsf_best:-0}" | awk '{
        printf "perft(%d) = %d, best of runs: ours %.1f ms (%.0f M nodes/s), naive %.1f ms (%.0f M nodes/s, %.1fx slower)",
            $1, $2, $3, $2 / ($3 > 0 ? $3 : 0.1) / 1000, $4, $2 / ($4 > 0 ? $4 : 0.1) / 1000, $4 / ($3 > 0 ? $3 : 0.1)
        if ($5 > 0) printf ", fairy-stockfish wasm %.0f ms (%.1f M nodes/s, %.1fx slower)", $5, $2 / $5 / 1000, $5 / ($3 > 0 ? $3 : 0.1)
        printf "\n" }'
done
