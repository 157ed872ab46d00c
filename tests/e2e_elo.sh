#!/bin/sh
# e2e_elo.sh - one Elo interval everywhere, from the pairs (pentanomial), and
# labelled: every live status line ("games N/M ... Elo +x ± y (95%, pairs)"),
# the final pairing line, a tournament's standings table and summary.json's
# engines give the interval of the finished pairs, equal to
# scripts/stats_reference.py's penta_summary (an independent implementation of
# the statistics) on the pentanomial recounted from games.jsonl. Depth-limited
# games from an opening book, one at a time: the same on every machine.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
ENGINE=${ENGINE:-bin/xiangqi-engine}
EPD=positions/xiangqi/openings.epd

"$QIBENCH" match -engine name=a cmd="$ENGINE" depth=2 -engine name=b cmd="$ENGINE" depth=2 option.Search=alphabeta \
    --openings file="$EPD" format=epd --rounds 8 --progress 2 --results "$tmp" --name m >"$tmp/out" 2>"$tmp/err"
check "match: exit 0" test $? -eq 0
check "8 status lines, every one labelled (95%, pairs)" \
    test "$(grep -c '^games [0-9]*/16 .* Elo .* ± .* (95%, pairs)' "$tmp/err")" -eq 8

check "status lines, final line and summary.json engines: the pairs' interval (= stats_reference.py)" \
    qbt elo.check_match "$tmp/m/games.jsonl" "$tmp/err" "$tmp/out" "$tmp/m/summary.json" a b 16 8

# a tournament: each engine's Elo +- over its pairs against all its opponents
"$QIBENCH" tournament -engine name=a cmd="$ENGINE" depth=2 -engine name=b cmd="$ENGINE" depth=3 option.Search=alphabeta \
    -engine name=c cmd="$ENGINE" depth=1 --openings file="$EPD" format=epd --rounds 4 --results "$tmp" --name t \
    >"$tmp/tout" 2>&1
check "tournament: exit 0" test $? -eq 0
check "the standings footnote says pairs" grep -q '^Elo: .*(95%, pairs)$' "$tmp/tout"
check "tournament standings: each engine's Elo ± from its pairs (= stats_reference.py)" \
    qbt elo.check_standings "$tmp/t/games.jsonl" "$tmp/tout" a b c
report
