#!/bin/sh
# forfeit_check.sh - no forfeit of a well-behaved engine at the default
# grace, on a busy machine; a late engine still loses (make forfeit-check).
# While BURNERS processes (2) keep the cores busy: our engine against
# Fairy-Stockfish 11.1 at st=ST (0.05), GAMES (200) games at concurrency 2
# over positions/xiangqi/openings.epd, at the defaults (no timemargin=), with
# each engine's lateness (its time minus the move time: median, 99th
# percentile, maximum) and its games lost on time; then the mock engine
# answering in twice the move time, LATE_GAMES (20) games: every one must be
# lost on time. Into results/forfeit-check-DATE/. Exit 1 when either fails.
set -u
QIBENCH=${QIBENCH:-bin/qibench}
FSF=${FSF:-/usr/games/fairy-stockfish}
MOCK=${MOCK:-build/release/tests/mock_engine}
PYTHON=${PYTHON:-python3}
ST=${ST:-0.05} GAMES=${GAMES:-200} LATE_GAMES=${LATE_GAMES:-20} BURNERS=${BURNERS:-2}
[ -x "$FSF" ] || { echo "forfeit_check: $FSF not installed (apt-get install fairy-stockfish)"; exit 2; }
[ -x "$MOCK" ] || { echo "forfeit_check: $MOCK not built (make tests-build)"; exit 2; }
ms=$(awk -v s="$ST" 'BEGIN { printf "%d", s * 1000 + 0.5 }')
out=results/forfeit-check-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"

burners=""
i=0
while [ "$i" -lt "$BURNERS" ]; do
    sh -c 'while :; do :; done' &
    burners="$burners $!"
    i=$((i + 1))
done
trap 'kill $burners 2>/dev/null' EXIT INT TERM
echo "load: $BURNERS busy loops on $(nproc) cores; st=$ST, the default grace"

"$QIBENCH" match -engine name=ours -engine name=fsf cmd="$FSF" -each st="$ST" --games "$GAMES" --concurrency 2 \
    --openings file=positions/xiangqi/openings.epd format=epd --maxplies 300 --results "$out" --name fsf \
    >"$out/fsf.out" 2>&1
echo "ours against Fairy-Stockfish, $GAMES games (command in $out/fsf/run.json):"
"$PYTHON" scripts/lateness.py "$out/fsf/games.jsonl" "$ms" | tee "$out/fsf.lateness"
fsf_forfeits=$(sed -n 's/^forfeits \([0-9]*\) of.*/\1/p' "$out/fsf.lateness")

"$QIBENCH" match -engine name=late cmd="$MOCK" arg=--slow-go arg=$((2 * ms)) -engine name=ours -each st="$ST" \
    --games "$LATE_GAMES" --concurrency 2 --results "$out" --name late >"$out/late.out" 2>&1
echo "the mock engine answering in $((2 * ms)) ms, $LATE_GAMES games:"
"$PYTHON" scripts/lateness.py "$out/late/games.jsonl" "$ms" | tee "$out/late.lateness"
late_lost=$(awk '$1 == "late" { print $6 }' "$out/late.lateness")
grep -m 1 'lost on time' "$out/late/games.jsonl" | sed 's/.*"detail":"\([^"]*\)".*/a forfeit says: \1/'

status=0
[ "$fsf_forfeits" = 0 ] || { echo "FAIL: $fsf_forfeits well-behaved games lost on time"; status=1; }
[ "$late_lost" = "$LATE_GAMES" ] || { echo "FAIL: the late engine lost $late_lost of $LATE_GAMES on time"; status=1; }
[ "$status" = 0 ] && echo "ok: no forfeit at the defaults; the late engine lost every game on time"
exit "$status"
