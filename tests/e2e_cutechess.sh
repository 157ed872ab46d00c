#!/bin/sh
# e2e_cutechess.sh - cutechess-cli and fastchess command lines, as their
# manuals and READMEs write them (cutechess-cli(6), fastchess man.md and
# README), with our engine at fixed depth or nodes in place of theirs: each
# runs, plays the number of games those tools would (counted by hand from
# their documented meaning: -rounds N -games G is N x G games per
# encounter), writes the files asked for, and its statistics agree with a
# recount of games.jsonl. Then COMMAND --help for every command, and the
# exit codes a CI relies on.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
E=${FAST_ENGINE:-bin/xiangqi-engine}
MOCK=${MOCK:-build/release/tests/mock_engine}
BOOK=positions/xiangqi/openings.epd
FSF=/usr/games/fairy-stockfish MAXQI=/usr/games/maxqi
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
QIBENCH=$(abs "$QIBENCH") E=$(abs "$E") MOCK=$(abs "$MOCK") BOOK=$(abs "$BOOK") BENCH=$(abs positions/xiangqi/bench.epd)
cat >"$tmp/book.pgn" <<'PGN'
[Event "central cannon"]
[Result "*"]

1. h2e2 h9g7 2. h0g2 *

[Event "elephant opening"]
[Result "*"]

1. c0e2 c9e7 *
PGN

n=0
# row GAMES QIBENCH-ARGS...: one command line (match or tournament), run into
# $tmp/rN; checks exit 0, GAMES lines in games.jsonl, and summary.json's
# W/D/L and pentanomial per pairing against a recount of games.jsonl.
# Sets $dir for the row's own checks.
row() {
    want=$1; shift
    n=$((n + 1))
    dir=$tmp/r$n
    (cd "$tmp" && "$QIBENCH" "$@" -results "$tmp" -name "r$n" >"$tmp/r$n.out" 2>"$tmp/r$n.err")
    rc=$?
    line="row $n: qibench $*"
    check "$line: exit 0 (got $rc: $(tail -c 300 "$tmp/r$n.err"))" test "$rc" -eq 0
    got=$(lines "$dir/games.jsonl" 2>/dev/null || echo none)
    check "$line: $want games (got $got)" test "$got" = "$want"
    check "$line: summary.json agrees with a recount of games.jsonl" qbt cutechess.check_summary_recount "$dir"
}
# field_all KEY VALUE: every game of the row has KEY == VALUE.
field_all() { test "$(qbt count "$dir/games.jsonl" "$1!=$2")" = 0; }
# max_plies N: no game of the row is longer than N plies.
max_plies() { test "$(qbt maximum "$dir/games.jsonl" plies)" -le "$1"; }
# pairs_share_opening: the two games of each pair start from one opening, colours swapped.
pairs_share_opening() { qbt cutechess.check_pairs_share_opening "$dir/games.jsonl"; }
tag_count() { grep -c "^\[$1 " "$2"; }

A="-engine name=e1 cmd=$E depth=2 -engine name=e2 cmd=$E depth=1"
MM="-maxmoves 12"

# --- cutechess-cli(6): games per encounter = -rounds x -games --------------------
row 4 match $A -each proto=uci tc=40/60 -rounds 2 -games 2 $MM
check "tc=40/60 is TimeControl 40/60" grep -q '^\[TimeControl "40/60"\]' "$dir/games.pgn"
row 6 match $A -rounds 3 -games 2 -repeat $MM
row 6 match $A -games 2 -rounds 3 -repeat $MM
row 4 match $A -games 4 $MM
row 4 match $A -games 1 -rounds 4 $MM
row 4 match $A -games 3 $MM
check "an odd -games is rounded up to whole pairs, with a warning" grep -q "is odd: playing 4" "$tmp/r$n.err"
row 2 match $A -repeat 2 $MM
row 4 match $A -openings file="$BOOK" format=epd order=random -srand 42 -rounds 2 -repeat $MM
check "-repeat: each pair shares its opening, colours swapped" pairs_share_opening
first=$(qbt column "$dir/games.jsonl" opening)
row 4 match $A -openings file="$BOOK" format=epd order=random -srand 42 -rounds 2 -repeat $MM
check "-srand 42 twice: the same openings" test "$(qbt column "$dir/games.jsonl" opening)" = "$first"
row 4 match $A -openings file="$tmp/book.pgn" format=pgn order=sequential plies=4 -rounds 2 -games 2 $MM
check "a PGN book: the first game opens h2e2 h9g7 h0g2" \
    test "$(qbt moves "$dir/games.jsonl" 0 | cut -d' ' -f1-3)" = "h2e2 h9g7 h0g2"
row 2 match $A -each tc=1:00+1 $MM
check "tc=1:00+1 is 60 s + 1 s" grep -q '^\[TimeControl "60+1"\]' "$dir/games.pgn"
row 2 match $A -each tc=40/1:30 $MM
check "tc=40/1:30 is 40 moves in 90 s" grep -q '^\[TimeControl "40/90"\]' "$dir/games.pgn"
row 2 match $A -each tc=40/60+0.6 -debug $MM
check "tc=40/60+0.6: the first go has 60 s, 0.6 s increment, 40 moves to go" \
    grep -q "e1 > go depth 2 wtime 60000 btime 60000 winc 600 binc 600 movestogo 40" "$tmp/r$n.err"
row 2 match $A -each tc=inf $MM
row 2 match $A -maxmoves 10
check "-maxmoves 10: no game beyond 20 plies" max_plies 20
check "-maxmoves 10: drawn by the move limit" field_all reason "max plies"
row 4 match $A -draw movenumber=10 movecount=3 score=20 -resign movecount=3 score=600 -rounds 2 $MM
row 2 match $A -pgnout "$tmp/out.pgn" $MM
check "-pgnout FILE: both games in it" test "$(tag_count Event "$tmp/out.pgn")" -eq 2
check "-pgnout FILE: the games of games.pgn, byte for byte" cmp -s "$tmp/out.pgn" "$dir/games.pgn"
# the book opens h2e2 h9g7 h0g2: in WXF C2.5 (the Red cannon from Red's file 2
# to 5), H8+7 (the Black horse from Black's file 8 forward to 7), H2+3
row 2 match $A -openings file="$tmp/book.pgn" format=pgn plies=4 -pgnout "$tmp/wxf.pgn" notation=wxf $MM
check "-pgnout FILE notation=wxf: the book's moves in WXF" grep -q '^1\. C2\.5 {book} H8+7 {book} 2\. H2+3 {book}' "$tmp/wxf.pgn"
check "-pgnout FILE notation=wxf: Format WXF, the other tags as games.pgn's" \
    qbt cutechess.check_wxf_tags "$tmp/wxf.pgn" "$dir/games.pgn"
"$QIBENCH" match $A -pgnout "$tmp/x.pgn" notation=klingon $MM --results "$tmp" >/dev/null 2>"$tmp/k.err"
st=$?
check "-pgnout notation=klingon: exit 2 ($st), the line names it" sh -c "test $st -eq 2 && grep -q 'unknown notation=klingon' '$tmp/k.err'"
row 2 match $A -pgnout "$tmp/min.pgn" min fi $MM
check "-pgnout FILE min fi: no comments" sh -c "! grep -q '{' '$tmp/min.pgn' && test \$(grep -c '^\[Event ' '$tmp/min.pgn') -eq 2"
row 2 match $A -event "Test event" -site "Home" -pgnout "$tmp/site.pgn" $MM
check "-event and -site in the PGN" sh -c "grep -q '^\[Event \"Test event\"\]' '$tmp/site.pgn' && grep -q '^\[Site \"Home\"\]' '$tmp/site.pgn'"
row 2 match $A -epdout "$tmp/out.epd" $MM
check "-epdout FILE: one final position per game" test "$(lines "$tmp/out.epd")" -eq 2
if [ -x "$FSF" ]; then # the final position, replayed by Fairy-Stockfish from the game's moves
    # games.jsonl writes ICCS (ranks 0-9), Fairy-Stockfish its own coordinates (ranks 1-10)
    moves=$(qbt cutechess.fairy_moves "$dir/games.jsonl" 0)
    fen=$(printf 'setoption name UCI_Variant value xiangqi\nposition startpos moves %s\nd\nquit\n' "$moves" | "$FSF" 2>/dev/null \
          | sed -n 's/^Fen: //p' | cut -d' ' -f1-2)
    check "-epdout: game 1's final position is Fairy-Stockfish's ($fen)" test "$(head -1 "$tmp/out.epd" | cut -d' ' -f1-2)" = "$fen"
else
    skip "-epdout against Fairy-Stockfish: $FSF not installed"
fi
row 2 match $A -wait 20 -recover $MM
row 2 match $A -debug $MM
check "-debug: the engine traffic on stderr" grep -q "e1 > uci" "$tmp/r$n.err"
row 4 match $A -noswap -rounds 2 $MM
check "-noswap: e1 has Red in every game" field_all red e1
row 2 match $A -variant xiangqi -concurrency 2 $MM
row 8 match $A -concurrency 2 -rounds 4 $MM
row 6 match $A -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 -rounds 3 $MM
check "-sprt: the LLR is in summary.json" test -n "$(qbt value "$dir/summary.json" pairings.0.llr)"
row 2 match -engine name=e1 cmd="$E" plies=2 -engine name=e2 cmd="$E" nodes=300 -sprt elo0=0 elo1=5 model=logistic $MM
check "plies=2 (fastchess) is depth 2" test "$(qbt field "$dir/games.jsonl" 0 moves.0.depth)" = 2
row 2 match -engine name=e1 cmd="$E" depth=1 initstr="setoption name Hash value 8" restart=on stderr="$tmp/e1.stderr" \
    -engine name=e2 cmd="$E" depth=1 -debug $MM
check "initstr= is sent after the handshake" grep -q "e1 > setoption name Hash value 8" "$tmp/r$n.err"
check "restart=on: e1 started for each game" test "$(grep -c 'e1 > uci$' "$tmp/r$n.err")" -eq 2
check "restart=off is accepted" "$QIBENCH" match -engine name=x depth=1 restart=off -engine name=y depth=1 -h >/dev/null
check "stderr=FILE: the engine's stderr there" test -e "$tmp/e1.stderr"
row 2 match $A -log file="$tmp/fc.log" level=info $MM
check "fastchess -log file=F level=info: the traffic log" grep -q "e1 > uci" "$tmp/fc.log"
# --- tournaments: -tournament round-robin|gauntlet (fastchess: roundrobin) -----------
T="-engine name=t1 cmd=$E depth=1 -engine name=t2 cmd=$E depth=2 -engine name=t3 cmd=$E nodes=400"
row 6 tournament $T -tournament round-robin -games 2 -rounds 1 $MM
row 6 tournament $T -tournament roundrobin -repeat -ratinginterval 2 $MM
row 4 tournament $T -tournament gauntlet -games 2 $MM
check "gauntlet: t1 in every game" test "$(qbt count "$dir/games.jsonl" red!=t1 black!=t1)" = 0
row 2 match -engine name=e1 cmd="$E" depth=1 -engine name=e2 cmd="$E" depth=1 -openings file="$BOOK" format=epd -rounds 1 $MM
check "fixed depth with openings: no same-game warning" sh -c "! grep -q 'same game' '$tmp/r$n.err'"
row 2 match -engine name=e1 cmd="$E" depth=1 -engine name=e2 cmd="$E" depth=1 $MM
check "fixed depth, no openings: one warning line" test "$(grep -c 'every pair will be the same game; give --openings' "$tmp/r$n.err")" -eq 1
# the fastchess README's example, smaller: -each tc= option.Hash=, -rounds, -repeat, -concurrency
row 4 match -engine cmd="$E" name=Engine1 -engine cmd="$E" name=Engine2 -openings file="$BOOK" format=epd order=random \
    -each tc=60+0.6 nodes=300 option.Hash=8 -rounds 2 -repeat -concurrency 2 $MM

# --- --help for every command: exit 0, its options, an example, exit codes --------
for c in match tournament suite bench stats merge ratings play openings regress; do
    "$QIBENCH" "$c" --help >"$tmp/help" 2>&1
    hrc=$?
    check "$c --help: exit 0" test "$hrc" -eq 0
    check "$c --help: usage, options, example, exit status" sh -c \
        "grep -q '^usage: qibench $c' '$tmp/help' && grep -q '^Options' '$tmp/help' && grep -q '^Example:' '$tmp/help' && grep -q '^Exit status' '$tmp/help'"
    "$QIBENCH" "$c" -h >"$tmp/help2" 2>&1
    check "$c -h is --help" cmp -s "$tmp/help" "$tmp/help2"
done
"$QIBENCH" match --help >"$tmp/help"
for o in -engine -each --openings --rounds --games --repeat --noswap --seed -srand --concurrency --format -tournament \
         --maxmoves --resign --draw --sprt --recover --event --site --wait --pgnout --epdout --debug --ratinginterval \
         initstr= restart= stderr= tc=; do
    check "match --help mentions $o" grep -q -- "$o" "$tmp/help"
done
check "suite --help mentions --playout and --reference" sh -c "'$QIBENCH' suite --help | grep -q -- --playout && '$QIBENCH' suite --help | grep -q -- --reference"
check "qibench --version: one line" test "$("$QIBENCH" --version | grep -c '^qibench ')" -eq 1
check "qibench -version too" test "$("$QIBENCH" -version | grep -c '^qibench ')" -eq 1

# --- exit codes a CI can trust ------------------------------------------------------
# exits STATUS WANT-TEXT ARGS...: the exit status, and WANT-TEXT in stderr.
exits() {
    want=$1 text=$2; shift 2
    (cd "$tmp" && "$QIBENCH" "$@" >"$tmp/x.out" 2>"$tmp/x.err")
    xrc=$?
    check "qibench $*: exit $want (got $xrc)" test "$xrc" -eq "$want"
    check "qibench $*: stderr says '$text' (got: $(tail -c 300 "$tmp/x.err"))" grep -qF -- "$text" "$tmp/x.err"
}
for cmd in match tournament; do
    exits 2 "qibench $cmd: engine 'gone' cannot start: cannot run '/nonexistent/engine'" \
        $cmd -engine name=gone cmd=/nonexistent/engine depth=1 -engine name=e2 cmd="$E" depth=1 -results "$tmp/x" -recover
    check "$cmd: no results folder for an engine that cannot start" test ! -e "$tmp/x"
    exits 2 "engine 'mute' did not complete its handshake: no uciok in 300 ms" \
        $cmd -engine name=mute cmd="$MOCK" arg=--no-uciok depth=1 -engine name=e2 cmd="$E" depth=1 -results "$tmp/x" \
        -handshake-timeout 300
done
exits 2 "qibench suite: engine 'gone' cannot start" suite "$BOOK" -engine name=gone cmd=/nonexistent/engine depth=1 -results "$tmp/x"
check "suite: no results folder for an engine that cannot start" test ! -e "$tmp/x"
exits 3 "every game (2) was abandoned" match -engine name=crash cmd="$MOCK" arg=--crash-on-go arg=1 depth=1 \
    -engine name=e2 cmd="$E" depth=1 -results "$tmp/x" -name all -recover
printf '%s\n' 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;id "a"' \
    'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;id "b"' >"$tmp/two.epd"
exits 3 "2 of 2 searches failed" suite "$tmp/two.epd" -engine name=crash cmd="$MOCK" arg=--crash-on-go arg=1 depth=1 \
    -results "$tmp/x" -name sall
if [ -x "$MAXQI" ]; then # MaxQi has no setboard: every bench position is unsupported
    grep -v '^#' "$BENCH" | grep . | head -3 >"$tmp/three.epd"
    exits 3 "3 of 3 searches failed, 3 of them unsupported: engine 'maxqi' cannot set up the positions" \
        suite "$tmp/three.epd" -engine name=maxqi cmd="$MAXQI" proto=xboard depth=2 -results "$tmp/x" -name maxqi
    check "unsupported: the line says what to do" grep -q "leave it out of the suite, or play it from the start position" "$tmp/x.err"
else
    skip "suite with MaxQi (unsupported positions): $MAXQI not installed"
fi
exits 2 "unknown option -foo (see qibench match --help)" match $A -foo
exits 2 "unknown option -tbpieces: qibench has no tablebase adjudication" match $A -tbpieces 6

# --- README and docs/: the perft divide is real output; make and `make help` agree;
# the examples name files that exist; the option table has every cell filled --------
README=$(abs README.md)
DOCS=$(abs docs)
sed -n '/^\$ bin\/xiangqi-engine perft 3$/,/^Nodes searched/p' "$README" | grep -E '^[a-i][0-9][a-i][0-9]: ' >"$tmp/divide"
"$E" perft 3 >"$tmp/divide.real"
check "README's perft 3 divide lines ($(lines "$tmp/divide")) are the engine's" \
    sh -c "test -s '$tmp/divide' && ! grep -vxF -f '$tmp/divide.real' '$tmp/divide' >/dev/null"
check "README and docs/: no example names book.pgn, ./new-engine or ./old-engine" \
    sh -c "! grep -qE 'file=book\.pgn|\./new-engine|\./old-engine' '$README' '$DOCS'/*.md"
check "make help and docs/testing.md's make row name the same binaries" sh -c "
    grep -E '^all:.*## ' '$(abs Makefile)' | grep -q 'bin/xiangqi-engine, bin/amazons-engine) and bin/qibench' &&
    grep -E '^\| .make. \(.make all.\)' '$DOCS/testing.md' | grep -q 'bin/xiangqi-engine., .bin/amazons-engine.) and .bin/qibench'"
check "docs/cutechess.md's cutechess/fastchess table: every row has four filled cells" \
    qbt cutechess.check_option_table "$DOCS/cutechess.md" 30

report
