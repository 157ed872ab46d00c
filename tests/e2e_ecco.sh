#!/bin/sh
# e2e_ecco.sh - ECCO classification carried through a match: games played from
# positions/xiangqi/openings.epd carry their opening's ECCO code in games.jsonl
# ("ecco") and [ECCO]/[Opening]/[Variation] in games.pgn beside the xqbase tags
# ([Game "Chinese Chess"], [Red], [Format "ICCS"], moves "H2-E2"); summary.json's
# "ecco" breakdown (per ECCO letter: games, points_first, score_first, from the
# first engine's side; in a tournament per pairing and, with points and score
# from its own side, per engine) equals an independent recount from games.jsonl
# in Python;
# games.pgn reads back as a book with the same openings' moves; --resume
# rewrites games.pgn byte for byte. Depth-limited games: the same on every machine.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
ENGINE=${ENGINE:-bin/xiangqi-engine}
EPD=positions/xiangqi/openings.epd

# five openings, one per ECCO letter (A: el-p3, B: cc-rph, C: cc-screen-rr,
# D: sc-slow, E: pawn-cc), in that order
for id in el-p3 cc-rph cc-screen-rr sc-slow pawn-cc; do grep " ;id \"$id\" " "$EPD"; done >"$tmp/five.epd"
check "five openings taken from the book" test "$(lines "$tmp/five.epd")" -eq 5
"$QIBENCH" match -engine name=first cmd="$ENGINE" depth=2 -engine name=second cmd="$ENGINE" depth=1 \
    --openings file="$tmp/five.epd" format=epd --rounds 5 --results "$tmp" --name m >"$tmp/out" 2>&1
check "match from the five openings: exit 0" test $? -eq 0
check "10 games" test "$(lines "$tmp/m/games.jsonl")" -eq 10

check "games.jsonl ecco, games.pgn xqbase and ECCO tags, summary ecco = the recount" \
    qbt ecco.check_match "$tmp/m" "$tmp/five.epd"

# games.pgn read back as a PGN book: 10 games, the first one's opening moves
"$QIBENCH" match -engine name=x cmd="$ENGINE" depth=1 -engine name=y cmd="$ENGINE" depth=1 \
    --openings file="$tmp/m/games.pgn" format=pgn plies=6 --rounds 1 --results "$tmp" --name back >/dev/null 2>&1
check "games.pgn reads back as a book (H2-E2 moves, ECCO tags)" test $? -eq 0
check "read back: the first game's opening is named by its Event, with el-p3's ECCO code A39" \
    test "$(qbt field "$tmp/back/games.jsonl" 0 opening) $(qbt field "$tmp/back/games.jsonl" 0 ecco)" = "qibench A39"

cp "$tmp/m/games.pgn" "$tmp/ref.pgn" && rm "$tmp/m/games.pgn"
"$QIBENCH" match --resume "$tmp/m" >/dev/null 2>&1
check "--resume rewrites games.pgn (with the ECCO tags) byte for byte" cmp -s "$tmp/ref.pgn" "$tmp/m/games.pgn"

# a tournament: per pairing from its first engine's side, per engine from its own side
"$QIBENCH" tournament -engine name=x cmd="$ENGINE" depth=2 -engine name=y cmd="$ENGINE" depth=1 \
    -engine name=z cmd="$ENGINE" depth=2 option.Search=alphabeta --openings file="$tmp/five.epd" format=epd \
    --rounds 5 --results "$tmp" --name t >/dev/null 2>&1
check "tournament from the five openings: exit 0" test $? -eq 0
check "tournament: ecco per pairing (first engine's side) and per engine (its side) = the recount" \
    qbt ecco.check_tournament "$tmp/t"

# a book without ECCO codes: "ecco" is null and no ECCO tags
sed 's/ ;ecco .*$//' "$tmp/five.epd" >"$tmp/plain.epd"
"$QIBENCH" match -engine name=first cmd="$ENGINE" depth=1 -engine name=second cmd="$ENGINE" depth=1 \
    --openings file="$tmp/plain.epd" format=epd --rounds 1 --results "$tmp" --name plain >/dev/null 2>&1
check "no ECCO codes: summary ecco is null" qbt check_null "$tmp/plain/summary.json" ecco
check "no ECCO codes: no ECCO tag, no ecco key" \
    sh -c "! grep -q '^\[ECCO ' '$tmp/plain/games.pgn' && ! grep -q '\"ecco\"' '$tmp/plain/games.jsonl'"
report
