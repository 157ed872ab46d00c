#!/bin/sh
# e2e_integrity.sh - results that cannot be silently corrupted: a results
# folder is never written into but by --resume (or --force); every stored
# game is replayed under the rules and carries a checksum, run.json one of
# the configuration; games.pgn is derived from games.jsonl; a full disk
# leaves both files whole; engine options are checked against what the
# engines announce. Each case names the failure it covers.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}

grep -v '^#' positions/xiangqi/bench.epd | head -n 6 >"$tmp/book.epd"
RUN="-engine name=deep depth=2 -engine name=shallow depth=1 --openings file=$tmp/book.epd format=epd"
match() { # NAME EXTRA...
    name=$1; shift
    "$QIBENCH" match $RUN --results "$tmp" --name "$name" "$@"
}
# one_line_error FILE WORDS: FILE is one line and holds WORDS.
one_line_error() { test "$(wc -l <"$1")" -eq 1 && grep -q -- "$2" "$1"; }

# --- a results folder that exists (failure 8) -----------------------------------------
match used --rounds 2 >/dev/null 2>&1
check "a first match finishes (exit 0)" test $? -eq 0
cp "$tmp/used/games.jsonl" "$tmp/used.before"
"$QIBENCH" match -engine name=deep depth=1 -engine name=shallow depth=1 --rounds 1 --results "$tmp" --name used \
    >/dev/null 2>"$tmp/err"
check "a second match with the same --name: exit 2" test $? -eq 2
check "... naming the folder, in one line" one_line_error "$tmp/err" "results folder $tmp/used exists"
check "... and its games.jsonl unchanged" cmp -s "$tmp/used.before" "$tmp/used/games.jsonl"
"$QIBENCH" suite "$tmp/book.epd" -engine name=deep depth=1 --results "$tmp" --name used >/dev/null 2>"$tmp/err"
check "a suite into a match's folder: exit 2, naming it" sh -c "test $? -eq 2 && grep -q 'results folder $tmp/used exists' '$tmp/err'"
check "... run.json still the match's" grep -q '"command":"match"' "$tmp/used/run.json"
for cmd in match suite; do
    # An engine that cannot start: the folder is named first, before any engine starts.
    if [ $cmd = match ]; then set -- -engine name=gone cmd="$tmp/no-such-engine" -engine name=x -each depth=1
    else set -- "$tmp/book.epd" -engine name=gone cmd="$tmp/no-such-engine" depth=1; fi
    "$QIBENCH" $cmd "$@" --results "$tmp" --name used >/dev/null 2>"$tmp/err"
    check "$cmd into a folder that exists, with an engine that cannot start: the folder named first" \
        sh -c "test $? -eq 2 && grep -q 'results folder $tmp/used exists' '$tmp/err'"
done
"$QIBENCH" match --resume "$tmp/used" >/dev/null 2>&1
check "... so --resume still works (exit 0)" test $? -eq 0
"$QIBENCH" match -engine name=deep depth=1 -engine name=shallow depth=1 --rounds 1 --results "$tmp" --name used \
    --force >/dev/null 2>&1
check "--force replaces the folder: exit 0" test $? -eq 0
check "... with the new run's games only (2)" test "$(lines "$tmp/used/games.jsonl")" -eq 2
mkdir -p "$tmp/empty"
"$QIBENCH" match -engine name=deep depth=1 -engine name=shallow depth=1 --rounds 1 --results "$tmp" --name empty \
    >/dev/null 2>&1
check "an empty folder may be used: exit 0" test $? -eq 0

# --- tampering: every stored game replayed, every line sealed (failures 4, 5, 7) ------------
# reseal FILE: recomputes the check chain of games.jsonl FILE after its run.json, as
# the README defines it (FNV-1a 64 over seed, '\n', the line before ,"check":), so
# that an edit passes the checksums and only the replay under the rules can see it.
reseal() { qbt integrity.reseal "$1"; }
# state DIR: a fingerprint of everything in the folder that a refused resume must leave alone.
state() { cat "$1/run.json" "$1/games.jsonl" "$1/games.pgn" | cksum; }
# refused NAME WHAT WORDS: --resume of $tmp/NAME exits 2 with one line naming WORDS, nothing changed.
refused() {
    before=$(state "$tmp/$1")
    "$QIBENCH" match --resume "$tmp/$1" >/dev/null 2>"$tmp/err"
    st=$?
    check "$2: --resume refuses it (exit 2; was: accepted)" test "$st" -eq 2
    check "$2: one line naming the file and line ($3)" one_line_error "$tmp/err" "$3"
    check "$2: nothing changed" test "$(state "$tmp/$1")" = "$before"
}
match tref --rounds 6 >/dev/null 2>&1
check "a 12-game reference match (exit 0)" test "$(lines "$tmp/tref/games.jsonl")" -eq 12
check "every line of games.jsonl and run.json ends with its check" sh -c "! grep -v '\"check\":\"[0-9a-f]\{16\}\"}\$' '$tmp/tref/games.jsonl' '$tmp/tref/run.json'"
cp "$tmp/tref/games.pgn" "$tmp/tref.pgn"
# fresh NAME: a copy of the reference run to tamper with.
fresh() { rm -rf "$tmp/$1"; cp -r "$tmp/tref" "$tmp/$1"; }
mate=$(grep -n '"result":"1-0","reason":"checkmate"' "$tmp/tref/games.jsonl" | head -n 1 | cut -d: -f1)
check "the reference has a game Red won by mate (line ${mate:-none})" test -n "$mate"
fresh res && sed -i "${mate}s/\"result\":\"1-0\"/\"result\":\"0-1\"/" "$tmp/res/games.jsonl"
refused res "a result edited (1-0 to 0-1)" "games.jsonl:$mate: the checksum does not match"
reseal "$tmp/res/games.jsonl"
refused res "a result edited, checksums recomputed" "games.jsonl:$mate: the result is 0-1 (checkmate), but the rules give 1-0"
fresh ill && sed -i '3s/"move":"[a-i][0-9][a-i][0-9]"/"move":"a0a9"/2' "$tmp/ill/games.jsonl" && reseal "$tmp/ill/games.jsonl"
refused ill "an illegal move written into a game (checksums recomputed)" "games.jsonl:3: ply [0-9]* 'a0a9' is not a legal move"
fresh del && sed -i 5d "$tmp/del/games.jsonl"
refused del "line 5 deleted" "games.jsonl:5: the checksum does not match"
fresh dup && sed -i '7p' "$tmp/dup/games.jsonl"
refused dup "line 7 duplicated" "games.jsonl:8: the checksum does not match"
reseal "$tmp/dup/games.jsonl"
refused dup "line 7 duplicated, checksums recomputed" "games.jsonl:8: pair [0-9]* game [12] is recorded twice"
fresh swap && sed -i '2{h;d};3{G}' "$tmp/swap/games.jsonl"
refused swap "lines 2 and 3 swapped" "games.jsonl:2: the checksum does not match"
fresh depth && sed -i 's/"depth=2"/"depth=3"/' "$tmp/depth/run.json"
check "(run.json holds depth=2)" grep -q '"depth=3"' "$tmp/depth/run.json"
refused depth "run.json edited: depth=2 to depth=3" "run.json:1: the checksum does not match"
fresh cmd && sed -i 's/"command":"match"/"command":"suite"/' "$tmp/cmd/run.json"
refused cmd "run.json edited: \"command\": \"suite\"" "run.json:1: the checksum does not match"
fresh other && cp "$tmp/used/run.json" "$tmp/other/run.json"
refused other "another run's run.json" "games.jsonl:1: the checksum does not match"
# A game lost because an engine did not start has no moves, not even its opening's:
# it is replayed as such (a PGN book: its opening's moves are played in the game).
# The engine starts for the check before the games, not for the first game, then
# again for the second (and for the check of --resume).
printf '[Event "book"]\n[Result "*"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n' >"$tmp/book.pgn"
MOCK_ABS=$(cd "$(dirname "$MOCK")" && pwd)/$(basename "$MOCK")
cat >"$tmp/second-start-fails" <<EOF
#!/bin/sh
n=\$(cat "$tmp/starts" 2>/dev/null || echo 0); n=\$((n + 1)); echo \$n >"$tmp/starts"
[ \$n -eq 2 ] && exit 1
exec "$MOCK_ABS"
EOF
chmod +x "$tmp/second-start-fails"
"$QIBENCH" match -engine name=a depth=1 -engine name=dead "cmd=$tmp/second-start-fails" depth=1 --recover \
    --openings "file=$tmp/book.pgn" format=pgn --rounds 1 --results "$tmp" --name nostart >/dev/null 2>&1
check "(a game forfeited at start-up, from an opening with moves, has 0 plies)" grep -q '"plies":0' "$tmp/nostart/games.jsonl"
"$QIBENCH" match --resume "$tmp/nostart" >/dev/null 2>"$tmp/err"
check "such a game is accepted on --resume (exit 0)" test $? -eq 0

# --- games.pgn is derived from games.jsonl (failure 5) -------------------------------------
fresh nopgn && rm "$tmp/nopgn/games.pgn"
"$QIBENCH" match --resume "$tmp/nopgn" >/dev/null 2>"$tmp/err"
check "games.pgn deleted: --resume exits 0" test $? -eq 0
check "games.pgn deleted: rewritten from games.jsonl, byte for byte the one written as the games were played" \
    cmp -s "$tmp/tref.pgn" "$tmp/nopgn/games.pgn"
fresh cutpgn && head -c 3000 "$tmp/tref.pgn" >"$tmp/cutpgn/games.pgn"
"$QIBENCH" match --resume "$tmp/cutpgn" >/dev/null 2>&1
check "games.pgn truncated: rewritten whole (was: 8 of 20 games kept forever)" cmp -s "$tmp/tref.pgn" "$tmp/cutpgn/games.pgn"
fresh more && "$QIBENCH" match --resume "$tmp/more" >/dev/null 2>&1
check "a finished run resumed: nothing changed" cmp -s "$tmp/tref.pgn" "$tmp/more/games.pgn"

# --- engine options checked against the engine's announcements (failure 9) -------------------
# opt_refused OPTION WORDS: a match with OPTION for engine a exits 2, one line with WORDS, no folder.
opt_refused() {
    rm -rf "$tmp/opt"
    "$QIBENCH" match -engine name=a "$1" depth=1 -engine name=b depth=1 --results "$tmp" --name opt >/dev/null 2>"$tmp/err"
    st=$?
    check "$1: exit 2 before any game (was: the default engine played)" test "$st" -eq 2
    check "$1: one line saying what is wrong ($2)" one_line_error "$tmp/err" "$2"
    check "$1: no results folder made" test ! -e "$tmp/opt"
}
opt_refused option.Serch=alphabeta "engine 'a' has no option 'Serch': did you mean Search? (it announced: Search, Hash"
opt_refused option.Search=alphbeta "option.Search=alphbeta: expected one of negamax, alphabeta,"
opt_refused option.Hash=0 "option.Hash=0: expected a whole number from 1 to 4096"
opt_refused option.Quiescence=maybe "option.Quiescence=maybe: expected true or false"
"$QIBENCH" suite "$tmp/book.epd" -engine name=a option.Serch=pvs depth=1 --results "$tmp" --name optsuite >/dev/null 2>"$tmp/err"
check "suite, option.Serch=pvs: exit 2, one line" sh -c "test $? -eq 2 && test \$(wc -l <'$tmp/err') -eq 1 && grep -q \"no option 'Serch'\" '$tmp/err'"
"$QIBENCH" match -engine name=a depth=1 -engine name=m "cmd=$MOCK" depth=1 -each option.Search=alphabeta --rounds 1 \
    --results "$tmp" --name eachopt --log "$tmp/eachopt.log" >/dev/null 2>"$tmp/err"
check "-each option.Search for an engine without it: warned" grep -q "warning: engine 'm' has no option Search" "$tmp/err"
check "... the run goes on (2 games)" test "$(lines "$tmp/eachopt/games.jsonl")" -eq 2
check "... the option sent to the engine that has it, not to the mock" sh -c \
    "grep -q ' a > setoption name Search value alphabeta' '$tmp/eachopt.log' && ! grep -q ' m > setoption name Search' '$tmp/eachopt.log'"

# --- failure 10: BOM, error messages, over-long values ----------------------------------------
printf '\357\273\277' >"$tmp/bom.epd" && cat "$tmp/book.epd" >>"$tmp/bom.epd"
"$QIBENCH" suite "$tmp/bom.epd" -engine name=e depth=1 --results "$tmp" --name bomsuite >/dev/null 2>"$tmp/err"
check "an EPD suite with a UTF-8 BOM is read (exit 0; was: unknown piece letter)" test $? -eq 0
"$QIBENCH" match -engine name=a depth=1 -engine name=b depth=1 --openings "file=$tmp/bom.epd" format=epd \
    --results "$tmp" --name bombook >/dev/null 2>&1
check "an EPD opening book with a BOM is read (exit 0)" test $? -eq 0
printf '\357\273\277screen | Central cannon | h2e2 h9g7\n' >"$tmp/bom.txt"
"$QIBENCH" openings "$tmp/bom.txt" -o "$tmp/bom-out.epd" >/dev/null 2>&1
check "an openings list with a BOM is read (exit 0), the BOM not taken into its first id" \
    sh -c "test $? -eq 0 && grep -q ';id \"screen\"' '$tmp/bom-out.epd'"
long=$(printf '%300s' '' | tr ' ' x)
"$QIBENCH" match -engine name=a "arg=$long" depth=1 -engine name=b depth=1 --results "$tmp" --name long >/dev/null 2>"$tmp/err"
check "arg= of 300 bytes: exit 2 (was: cut to 255 bytes silently)" test $? -eq 2
check "... one line saying how long it may be" one_line_error "$tmp/err" "arg: the value is 300 bytes long, at most 255"
"$QIBENCH" match -engine name=a "option.Hash=$long" depth=1 -engine name=b depth=1 --results "$tmp" --name long2 \
    >/dev/null 2>"$tmp/err"
check "option.Hash= of 300 bytes: exit 2, one line" sh -c "test $? -eq 2 && test \$(wc -l <'$tmp/err') -eq 1"
check "... and no results folder was made" test ! -e "$tmp/long2"
if [ "$(id -u)" -ne 0 ]; then
    fresh ro && rm "$tmp/ro/games.pgn" && chmod a-w "$tmp/ro"
    "$QIBENCH" match --resume "$tmp/ro" >/dev/null 2>"$tmp/err"
    check "resume in a read-only folder: exit 2, naming the write that failed (was: 'cannot read')" \
        sh -c "test $? -eq 2 && grep -q 'cannot create $tmp/ro/games.pgn.tmp' '$tmp/err' && ! grep -q 'cannot read' '$tmp/err'"
    chmod u+w "$tmp/ro"
else # root may write anywhere: a folder in the way makes the write fail instead
    fresh ro && rm "$tmp/ro/games.pgn" && mkdir "$tmp/ro/games.pgn.tmp"
    "$QIBENCH" match --resume "$tmp/ro" >/dev/null 2>"$tmp/err"
    check "resume where games.pgn cannot be written: exit 2, naming the write that failed" \
        sh -c "test $? -eq 2 && grep -q 'cannot create $tmp/ro/games.pgn.tmp' '$tmp/err' && ! grep -q 'cannot read' '$tmp/err'"
fi
report
