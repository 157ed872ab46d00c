#!/bin/sh
# bench_harness.sh - the harness's own CPU per ply does not grow with the
# game's length: `qibench match` between two mock engines (tests/mock_engine.c,
# which answer at once) replaying one long legal Xiangqi game that no rule
# ends (tests/bench_harness_line.py), capped at 60 and at 300 plies by
# --maxplies, the same number of plies in all (BENCH_PLIES, default 30000:
# 500 games of 60, 100 of 300). The figure is the match's own "harness CPU"
# line: getrusage(RUSAGE_SELF) of qibench, not the engines. Each QIBENCH given
# (default bin/qibench; another build to compare, e.g. main's) is measured
# BENCH_RUNS times (default 7) a length, interleaved; the table shows every
# run, the median and the least, and the ratios 300 to 60 plies of both. On
# a shared machine other processes slow every run down, never speed one up:
# the least is the cost nearest the harness's own. Where valgrind is
# installed, each QIBENCH also plays BENCH_VG_PLIES (default 6000) plies a
# length under callgrind (the engines are not traced): the instructions
# qibench executed per ply, the same on any machine at any load; the
# verdict (within 10% or not) is then on those, else on the least CPU.
#
# Usage: sh tests/bench_harness.sh [QIBENCH...]
# Env: MOCK (build/release/tests/mock_engine), ENGINE (bin/xiangqi-engine, to
#      make the line), PYTHON (python3), BENCH_PLIES, BENCH_RUNS.
set -eu
. "$(dirname "$0")/lib_e2e.sh"
MOCK=${MOCK:-build/release/tests/mock_engine}
ENGINE=${ENGINE:-bin/xiangqi-engine}
PLIES=${BENCH_PLIES:-30000}
RUNS=${BENCH_RUNS:-7}
VG_PLIES=${BENCH_VG_PLIES:-6000}
[ $# -gt 0 ] || set -- bin/qibench
M=$(cd "$(dirname "$MOCK")" && pwd)/$(basename "$MOCK")
"$PYTHON" "$(dirname "$0")/bench_harness_line.py" "$ENGINE" 320 >"$tmp/line"

# play QIBENCH LENGTH PLIES [WRAPPER...]: a match of PLIES plies in games of
# LENGTH plies, its output in $tmp/out and $tmp/err.
play() {
    q=$1 len=$2 total=$3
    shift 3
    rm -rf "$tmp/run"
    "$@" "$q" match -engine name=a "cmd=$M" arg=--moves-file "arg=$tmp/line" \
        -engine name=b "cmd=$M" arg=--moves-file "arg=$tmp/line" -each depth=1 \
        --games $((total / len)) --maxplies "$len" --nocapture 0 --concurrency 1 \
        --results "$tmp/run" --name b >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    n=$(qbt total "$tmp/run/b/games.jsonl" plies)
    [ "$n" -eq "$total" ] || { echo "bench_harness: $q played $n plies, not $total" >&2; exit 1; }
}

# per_ply QIBENCH LENGTH: ms of harness CPU per ply in games of LENGTH plies.
per_ply() {
    play "$1" "$2" "$PLIES"
    sed -n 's/^harness CPU .*, \([0-9.]*\) ms per ply$/\1/p' "$tmp/out"
}

# instructions QIBENCH LENGTH: instructions qibench executed per ply, under callgrind.
instructions() {
    play "$1" "$2" "$VG_PLIES" valgrind --tool=callgrind "--callgrind-out-file=$tmp/cg"
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$tmp/err" | awk -v n="$VG_PLIES" '{ printf "%.0f\n", $1 / n }'
}

echo "harness CPU per ply (ms), $PLIES plies a run, two mock engines, --concurrency 1; load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
printf '%-32s %6s  %s\n' qibench plies "runs ...  median  least"
for q in "$@"; do
    : >"$tmp/60"
    : >"$tmp/300"
    r=0
    while [ "$r" -lt "$RUNS" ]; do
        per_ply "$q" 60 >>"$tmp/60"
        per_ply "$q" 300 >>"$tmp/300"
        r=$((r + 1))
    done
    : >"$tmp/i60"
    : >"$tmp/i300"
    if command -v valgrind >/dev/null 2>&1; then
        instructions "$q" 60 >"$tmp/i60"
        instructions "$q" 300 >"$tmp/i300"
    fi
    qbt bench_harness.table "$q" "$tmp/60" "$tmp/300" "$tmp/i60" "$tmp/i300"
done
