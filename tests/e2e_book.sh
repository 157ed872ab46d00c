#!/bin/sh
# e2e_book.sh - the engine's own opening book (bin/xiangqi-engine book build /
# book probe, the OwnBook, BookFile, BookDepth, BookVariety options) end to end:
# a dirty PGN (full-width digits and dots, ideographic spaces, Chinese and WXF
# moves, stray spaces, a comment, a NAG, a variation, an illegal move, a broken
# tag) and a GBK file made here with iconv give exactly the skipped games and
# the entries worked out by hand below; a file neither UTF-8 nor GBK is refused
# naming its line; a results folder's games.pgn (dashed ICCS) and `qibench
# openings` output are read; over UCI with OwnBook on the engine answers from
# the book without searching, with it off (the default) or past BookDepth it
# searches.
#
# By hand (weight: 2 a win, 1 a draw of the side to move; learn: games):
#   dirty.pgn game 1 (1-0): 炮二平五 马8进7 马二进三 车9平8 = h2e2 h9g7 h0g2 i9h9
#             game 2 (1/2-1/2): C2.5 H8+7 H2+3 R9.8 = the same four
#             game 3: skipped at line 15 (h2e3: no cannon on h2 any more)
#             game 4 (0-1): b2e2 b9c7
#             game 5: skipped at line 22 (a tag value without its closing quote)
#             game 6 (1-0): h2e2 h9g7 (read after the broken tag)
#   gbk.pgn   game 1 (0-1): 炮二平五 马8进7 兵七进一 卒7进1 = h2e2 h9g7 c3c4 g6g5
#   start:           h2e2 2+1+2+0 = 5 learn 4; b2e2 0 learn 1
#   h2e2:            h9g7 0+1+0+2 = 3 learn 4
#   h2e2 h9g7:       h0g2 2+1 = 3 learn 2; c3c4 0 learn 1
#   h2e2 h9g7 h0g2:  i9h9 0+1 = 1 learn 2
#   h2e2 h9g7 c3c4:  g6g5 2 learn 1
#   b2e2:            b9c7 2 learn 1
#   7 games read, 2 skipped, 6 positions, 8 entries
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
ENGINE=${ENGINE:-bin/xiangqi-engine}

# same A B: the two strings are equal (shows both on failure).
same() { [ "$1" = "$2" ] || { printf '  got      %s\n  expected %s\n' "$1" "$2"; return 1; }; }
# probe BOOK MOVES...: "move weight learn share" lines of the position after the moves, ';'-joined.
probe() {
    b=$1; shift
    fen=startpos
    if [ $# -gt 0 ]; then
        fen=$(printf 'position startpos moves %s\nd\nquit\n' "$*" | "$ENGINE" | sed -n 's/^FEN: //p; s/^Fen: //p')
    fi
    "$ENGINE" book probe $fen --book "$b" | awk '{ printf "%s%s %s %s %s", (NR > 1 ? ";" : ""), $1, $3, $5, $7 }'
}

cd "$tmp" || exit 1
ENGINE=$(cd "$OLDPWD" && cd "$(dirname "$ENGINE")" && pwd)/$(basename "$ENGINE")
QIBENCH=$(cd "$OLDPWD" && cd "$(dirname "$QIBENCH")" && pwd)/$(basename "$QIBENCH")

cat >dirty.pgn <<'EOF'
[Event "dirty 1"]
[Result "1-0"]

１．炮二平五　马8进7　２．马二进三   车9平8  1-0

  [Event "dirty 2"]
[Result "1/2-1/2"]

 1.  C2.5 {中炮（central cannon）}  H8+7 $1 2. H2+3!  ( 2. P7+1 ) R9.8  1/2-1/2

[Event "broken"]
[Result "0-1"]

1. h2e2 h9g7
2. h2e3 i9h9 0-1

[Event "after"]
[Result "0-1"]

1. b2e2 b9c7 0-1

[Event "oops]
[Result "1-0"]

1. h2e2 1-0

[Event "resync"]
[Result "1-0"]

1. h2e2 h9g7 1-0
EOF
printf '[Event "gbk"]\n[Result "0-1"]\n\n1. 炮二平五 马8进7 2. 兵七进一 卒7进1 0-1\n' | iconv -f UTF-8 -t GBK >gbk.pgn
check "the GBK file is not UTF-8" sh -c '! iconv -f UTF-8 -t UTF-8 gbk.pgn >/dev/null 2>&1'

"$ENGINE" book build dirty.pgn gbk.pgn -o book.bin >build.out 2>build.err
check "build exits 0" test $? -eq 0
check "two games skipped" test "$(lines build.err)" -eq 2
check "skipped: the illegal move, its line" same "$(sed -n "1s/\(: move 'h2e3': \).*/\1/p" build.err)" \
    "dirty.pgn:15: skipped game 3: move 'h2e3': "
check "skipped: the broken tag, its line" same "$(sed -n 2p build.err)" \
    "dirty.pgn:22: skipped game 5: tag Event: value without a closing '\"'"
check "summary line" same "$(cat build.out)" "book.bin: 7 games read, 2 skipped, 6 positions, 8 entries"
check "book size: header + 8 entries" test "$(wc -c <book.bin | tr -d ' ')" -eq $((40 + 8 * 16))
check "probe start" same "$(probe book.bin)" "h2e2 5 4 100.0%;b2e2 0 1 0.0%"
check "probe h2e2" same "$(probe book.bin h2e2)" "h9g7 3 4 100.0%"
check "probe h2e2 h9g7" same "$(probe book.bin h2e2 h9g7)" "h0g2 3 2 100.0%;c3c4 0 1 0.0%"
check "probe h2e2 h9g7 h0g2" same "$(probe book.bin h2e2 h9g7 h0g2)" "i9h9 1 2 100.0%"
check "probe h2e2 h9g7 c3c4 (GBK game)" same "$(probe book.bin h2e2 h9g7 c3c4)" "g6g5 2 1 100.0%"
check "probe b2e2" same "$(probe book.bin b2e2)" "b9c7 2 1 100.0%"
check "probe a position not in the book" same "$("$ENGINE" book probe 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 0 1' --book book.bin)" "no entries"

# --min-games 2: start h2e2, h2e2 h9g7, h2e2 h9g7 h0g2, h2e2 h9g7 h0g2 i9h9
"$ENGINE" book build --min-games 2 dirty.pgn gbk.pgn -o min2.bin >min2.out 2>/dev/null
check "--min-games 2" same "$(cat min2.out)" "min2.bin: 7 games read, 2 skipped, 4 positions, 4 entries"

# a file neither UTF-8 nor GBK: refused naming its line
printf '[Event "x"]\n\n1. h2e2 \377\377 1-0\n' >bad.pgn
"$ENGINE" book build bad.pgn -o bad.bin >/dev/null 2>bad.err
check "not UTF-8 nor GBK: exit 2" test $? -eq 2
check "not UTF-8 nor GBK: one line with the line" same "$(cat bad.err)" \
    "xiangqi-engine book build: bad.pgn:3: neither UTF-8 nor GBK text: cannot read byte 0xFF (not a GBK character)"

# a corrupt book is refused with one line, by probe and by setoption
head -c 100 book.bin >short.bin
"$ENGINE" book probe startpos --book short.bin >/dev/null 2>short.err
check "truncated book: probe exits 1" test $? -eq 1
check "truncated book: one line" same "$(cat short.err)" \
    "xiangqi-engine book probe: short.bin: 100 bytes, but the header says 8 entries (168 bytes): truncated or padded"

# ---- over UCI
uci() { printf '%s\nquit\n' "$1" | "$ENGINE" 2>&1; }
ON='setoption name OwnBook value true
setoption name BookFile value book.bin'
uci "$ON
position startpos
go depth 60" >on.out
check "OwnBook on: the book's move at once" same "$(grep -v '^info string feature' on.out | tr '\n' '|')" \
    "info string book h2e2 weight 5|bestmove h2e2|"
uci "$ON
position startpos moves h2e2 h9g7
go movetime 60000" >on2.out
check "BookVariety best: the top entry (h0g2 3 over c3c4 0)" same "$(tr '\n' '|' <on2.out)" \
    "info string book h0g2 weight 3|bestmove h0g2|"
uci "$ON
setoption name BookDepth value 1
position startpos moves h2e2 h9g7
go depth 2" >depth.out
check "past BookDepth: a search" sh -c 'grep -q "^info depth " depth.out && grep -q "^bestmove " depth.out && ! grep -q "info string book" depth.out'
uci "setoption name BookFile value book.bin
position startpos
go depth 2" >off.out
check "OwnBook off (the default): a search" sh -c 'grep -q "^info depth " off.out && grep -q "^bestmove " off.out && ! grep -q "info string book" off.out'
uci "uci" >uci.out
check "the book options" same "$(grep -E '^option name (OwnBook|BookFile|BookDepth|BookVariety) ' uci.out | tr '\n' '|')" \
    "option name OwnBook type check default false|option name BookFile type string default <empty>|option name BookDepth type spin default 20 min 0 max 500|option name BookVariety type combo default best var best var weighted|"
uci "setoption name BookFile value short.bin" >set.out
check "setoption BookFile of a corrupt book: one line" same "$(cat set.out)" \
    "setoption: short.bin: 100 bytes, but the header says 8 entries (168 bytes): truncated or padded"

# ---- a results folder's games.pgn (dashed ICCS) and `qibench openings` output
"$QIBENCH" match -engine name=a cmd="$ENGINE" depth=1 -engine name=b cmd="$ENGINE" depth=1 --games 2 --results "$tmp" --name m >m.out 2>&1
check "a match's games.pgn writes dashed ICCS" grep -q '^\[Format "ICCS"\]' m/games.pgn
"$ENGINE" book build m/games.pgn -o m.bin >m.build 2>m.err
check "games.pgn: 2 games read, none skipped" sh -c 'grep -q "^m.bin: 2 games read, 0 skipped, " m.build && test ! -s m.err'
check "games.pgn: the start position's entries count both games" \
    same "$("$ENGINE" book probe startpos --book m.bin | awk '{ n += $5 } END { print n }')" "2"
printf 'a | A | 炮二平五 马8进7\nb | B | 兵七进一\n' >lines.txt
"$QIBENCH" openings lines.txt -o lines.epd 2>/dev/null
"$ENGINE" book build lines.epd -o lines.bin >lines.out 2>&1
check "qibench openings output" same "$(cat lines.out)" "lines.bin: 2 games read, 0 skipped, 2 positions, 3 entries"
check "qibench openings output: no result counts as a draw" \
    same "$(probe lines.bin | tr ';' '\n' | sort | tr '\n' ';')" "c3c4 1 1 50.0%;h2e2 1 1 50.0%;"

# ---- the harness reads the same GBK file through the same lexer
"$QIBENCH" match -engine name=a cmd="$ENGINE" depth=1 -engine name=b cmd="$ENGINE" depth=1 --games 2 \
    --openings file=gbk.pgn format=pgn plies=4 --results "$tmp" --name g >g.out 2>&1
check "qibench reads the GBK book: both games from it" test "$(qbt count g/games.jsonl opening=gbk)" -eq 2
check "qibench reads the GBK book: its four moves" test "$(grep -c '"moves":\[{"move":"h2e2","book":true},{"move":"h9g7","book":true},{"move":"c3c4","book":true},{"move":"g6g5","book":true},{"move":"[a-i][0-9][a-i][0-9]","time_ms"' g/games.jsonl)" -eq 2
report
