#!/bin/sh
# e2e_openings.sh - `qibench openings` and the book positions/xiangqi/openings.epd:
# hand-checked conversions from every notation; one-line FILE:LINE errors with
# exit 2 and no output for bad input; and the committed book: exactly what
# `qibench openings` makes from openings.txt plus the score opcodes c1/c2, at
# least 60 openings of 4-10 plies with unique ids, every line's `moves` replaying
# legally from the start to its FEN (replayed by qibench itself, not by a second
# rules implementation), scores within the bound its header states, and loadable
# as a match book (--openings format=epd).
# Expected values worked out by hand: 炮二平五 = C2.5 = h2e2 (Red's file 二 is h,
# counted from Red's right), 马8进7 = H8+7 = h9g7 (Black's file 8 is h, counted
# from Black's right; forward is down), Fairy h3e3 = ICCS h2e2 (ranks 1-10).
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
ENGINE=${ENGINE:-bin/xiangqi-engine}
TXT=positions/xiangqi/openings.txt
EPD=positions/xiangqi/openings.epd
BOUND=100 # |c1| in cp, as the book's header and scripts/make_openings.py say

# moves_of TEXT [OPTION...]: the ICCS `moves` qibench writes for a one-line list.
moves_of() {
    text=$1; shift
    printf 'x | y | %s\n' "$text" >"$tmp/one.txt"
    "$QIBENCH" openings "$tmp/one.txt" "$@" 2>/dev/null | sed -n 's/.*;moves "\([^"]*\)"$/\1/p'
}
# same A B: the two strings are equal (shows both on failure).
same() { [ "$1" = "$2" ] || { echo "  got '$1', expected '$2'"; return 1; }; }

# ---- conversions
check "Chinese 炮二平五 马8进7" same "$(moves_of '炮二平五 马8进7')" "h2e2 h9g7"
check "WXF C2=5 H8+7" same "$(moves_of 'C2=5 H8+7')" "h2e2 h9g7"
check "WXF C2.5 h8+7 (any case)" same "$(moves_of 'C2.5 h8+7')" "h2e2 h9g7"
check "Fairy h3e3 h10g8 with --notation fairy" same "$(moves_of 'h3e3 h10g8' --notation fairy)" "h2e2 h9g7"
check "mixed notations, move numbers skipped" \
    same "$(moves_of '1. C2.5 马8进7 2. h0g2 R9.8 3. 车一平二')" "h2e2 h9g7 h0g2 i9h9 i0h0"
check "Chinese with ideographic spaces" same "$(moves_of '炮二平五　马8进7')" "h2e2 h9g7"
check "pawn opening 兵七进一 卒7进1 相三进五" same "$(moves_of '兵七进一 卒7进1 相三进五')" "c3c4 g6g5 g0e2"
check "front/rear: 前炮平四 with both cannons on file 五" \
    same "$(moves_of '炮二平五 马8进7 炮八进二 马2进3 炮八平五 士4进5 前炮平四')" "h2e2 h9g7 b2b4 b9c7 b4e4 d9e8 e4f4"
printf 'x | Central cannon (中炮) | 炮二平五 马8进7\n' >"$tmp/one.txt"
"$QIBENCH" openings "$tmp/one.txt" >"$tmp/out" 2>"$tmp/err"
check "one opening: exit 0" test $? -eq 0
check "one opening: the whole line (FEN worked out by hand)" same "$(cat "$tmp/out")" \
    'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2 ;id "x" ;c0 "Central cannon (中炮)" ;moves "h2e2 h9g7"'
check "one opening: nothing on stderr" test ! -s "$tmp/err"
"$QIBENCH" openings "$tmp/one.txt" -o "$tmp/one.epd" >"$tmp/out" 2>&1
check "-o: nothing on stdout" test ! -s "$tmp/out"
check "-o: the file holds the line" grep -q ';id "x" ;c0 "Central cannon (中炮)"' "$tmp/one.epd"

# ---- errors: bad FILE CONTENT EXPECTED [OPTION...]: exit 2, one line on stderr
# that is FILE:EXPECTED (EXPECTED starts with the line number), nothing on
# stdout and no -o file.
bad_input() {
    label=$1 content=$2 expected=$3; shift 3
    printf '%b' "$content" >"$tmp/bad.txt"
    rm -f "$tmp/bad.epd"
    "$QIBENCH" openings "$tmp/bad.txt" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    check "$label: exit 2" test "$status" -eq 2
    check "$label: one line on stderr" test "$(lines "$tmp/err")" -eq 1
    check "$label: '$expected'" grep -qF -- "$tmp/bad.txt:$expected" "$tmp/err"
    check "$label: nothing on stdout" test ! -s "$tmp/out"
    "$QIBENCH" openings "$tmp/bad.txt" "$@" -o "$tmp/bad.epd" >/dev/null 2>&1
    check "$label: no -o file" test ! -e "$tmp/bad.epd"
}
bad_input "illegal move" 'a | A | h2e2 h9g7\n# comment\n\nb | B | h2e2 h9g7 h2e3\n' \
    "4: ply 3 'h2e3' is not legal after h2e2 h9g7"
bad_input "illegal Chinese move" 'a | A | 炮二平五 马8进7 炮二进八\n' \
    "1: ply 3 '炮二进八' is not legal after h2e2 h9g7: Red has no cannon on file 2"
bad_input "bad notation text" 'a | A | h2e2\nb | B | 炮二平五 马8进x\n' "2: ply 2 '马8进x' is not a move"
bad_input "text in no notation" 'a | A | h2e2 hello\n' "1: ply 2 'hello' is not a move"
bad_input "notation forced to ICCS" 'a | A | 炮二平五\n' "1: ply 1 '炮二平五' is not a move" --notation iccs
bad_input "missing name" 'a | A | h2e2\nb |  | h0g2\n' "2: empty NAME"
bad_input "missing id" ' | A | h2e2\n' "1: empty ID"
bad_input "bad id" 'a b | A | h2e2\n' "1: bad ID 'a b'"
bad_input "missing moves" 'a | A |\n' "1: no MOVES"
bad_input "missing field" 'a | h2e2 h9g7\n' "1: expected three fields 'ID | NAME | MOVES'"
bad_input "quote in name" 'a | say "hi" | h2e2\n' "1: NAME 'say \"hi\"' holds"
bad_input "duplicate id" 'a | A | h2e2\na | B | h0g2\n' "2: duplicate ID 'a', first used on line 1"
bad_input "duplicate name" 'a | A | h2e2\nb | A | h0g2\n' "2: duplicate NAME 'A', first used on line 1"
bad_input "same position twice" 'a | A | h2e2 h9g7 b0c2\nb | B | b0c2 h9g7 h2e2\n' \
    "2: the moves reach the position of 'a' (line 1)"
bad_input "too few plies" 'a | A | h2e2 h9g7 h0g2\n' "1: 3 plies, expected 4-10" --plies 4-10
"$QIBENCH" openings >/dev/null 2>&1
check "no input file: exit 2" test $? -eq 2
"$QIBENCH" openings "$tmp/one.txt" --notation klingon >/dev/null 2>"$tmp/err"
check "unknown notation: exit 2" test $? -eq 2
check "unknown notation: says what is expected" grep -q "expected any, iccs, fairy, wxf or chinese" "$tmp/err"
"$QIBENCH" openings "$tmp/one.txt" --plies 9-3 >/dev/null 2>&1
check "bad --plies: exit 2" test $? -eq 2
"$QIBENCH" openings "$tmp/missing.txt" >/dev/null 2>"$tmp/err"
check "missing file: exit 2" test $? -eq 2
check "missing file: named" grep -q "cannot open $tmp/missing.txt" "$tmp/err"
"$QIBENCH" openings --help >"$tmp/out" 2>&1
check "--help: exit 0 and usage" grep -q "ID | NAME | MOVES" "$tmp/out"

# ---- the committed book
check "$EPD exists" test -s "$EPD"
check "header names the source and the generator" \
    sh -c "grep -q '^# Source: $TXT' '$EPD' && grep -q '^# Made by: python3 scripts/make_openings.py' '$EPD'"
grep -v '^#' "$EPD" | grep -v '^[[:space:]]*$' >"$tmp/book.epd"
"$QIBENCH" openings "$TXT" --plies 4-10 >"$tmp/gen.epd" 2>"$tmp/err"
check "openings.txt converts: exit 0" test $? -eq 0
check "openings.txt converts: nothing on stderr" test ! -s "$tmp/err"
ECCO_OPS=' ;ecco "[A-E][0-9][0-9]" ;opening "[^"]*"\( ;variation "[^"]*"\)\{0,1\}$'
sed "s/$ECCO_OPS//" "$tmp/book.epd" | sed 's/ ;c1 "[^"]*" ;c2 "[^"]*"$//' >"$tmp/stripped.epd"
check "book without c1/c2/ecco is exactly qibench's output" cmp "$tmp/stripped.epd" "$tmp/gen.epd"
check "every book line has c1 and c2, then ecco and opening" \
    test "$(grep -c ' ;c1 "[^"]*" ;c2 "[^"]*"'"$ECCO_OPS" "$tmp/book.epd")" -eq "$(lines "$tmp/book.epd")"
check "at least 60 openings, unique ids, 4-10 plies, named in English and Chinese, |c1| <= $BOUND" \
    qbt openings.book_ok "$tmp/book.epd" "$BOUND"
# Replay: feed each line's id and ICCS moves back to qibench (ICCS only) and
# compare the positions it reaches with the book's FENs.
sed 's/^\([^;]*\) ;id "\([^"]*\)" ;c0 "[^"]*" ;moves "\([^"]*\)".*$/\2 | replay \2 | \3/' "$tmp/book.epd" >"$tmp/replay.txt"
"$QIBENCH" openings "$tmp/replay.txt" --notation iccs --plies 4-10 >"$tmp/replay.epd" 2>"$tmp/err"
check "every opening replays legally from the start with its stated moves" test $? -eq 0
cut -d';' -f1 "$tmp/book.epd" >"$tmp/book.fen"
cut -d';' -f1 "$tmp/replay.epd" >"$tmp/replay.fen"
check "the replayed moves reach each stated FEN" cmp "$tmp/book.fen" "$tmp/replay.fen"
# Load it as a match book: the first and (with start=N) the last opening.
count=$(lines "$tmp/book.epd")
first_id=$(sed -n '1s/.*;id "\([^"]*\)".*/\1/p' "$tmp/book.epd")
last_id=$(sed -n '$s/.*;id "\([^"]*\)".*/\1/p' "$tmp/book.epd")
last_fen=$(sed -n '$p' "$tmp/book.fen" | sed 's/ *$//')
for which in first last; do
    start=1; [ "$which" = last ] && start=$count
    "$QIBENCH" match -engine name=a "cmd=$ENGINE" depth=1 -engine name=b "cmd=$ENGINE" depth=1 \
        --openings "file=$EPD" format=epd "start=$start" --games 2 --maxplies 2 \
        --results "$tmp/res" --name "$which" >"$tmp/match.out" 2>&1
    status=$?
    check "match with the book from opening $start: exit 0" test "$status" -eq 0
    [ "$status" -eq 0 ] || sed -n '1,5p' "$tmp/match.out"
done
F=$tmp/res/first/games.jsonl L=$tmp/res/last/games.jsonl
check "first game plays the first opening" test "$(qbt count "$F") $(qbt count "$F" "opening=$first_id")" = "2 2"
check "last opening loaded with its FEN" \
    test "$(qbt count "$L" "opening=$last_id" "fen=$last_fen")" -eq "$(qbt count "$L")"
report
