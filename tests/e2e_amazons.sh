#!/bin/sh
# e2e_amazons.sh - the harness playing the Game of the Amazons (--game amazons):
# games between scripted engines (tests/mock_engine --amazons) with endings
# worked out by hand (a side trapped: "no legal turn"; an illegal arrow loses;
# never a draw, not even with --draw adjudication or --maxplies), the PGN
# (Variant "amazons", turns d1-d6/g9), kill -9 and --resume, --shard and merge
# of an Amazons match; the opening book positions/amazons/openings.epd (every
# line replays to its position, named by its turns, re-scored in part); the
# tactics set positions/amazons/tactics.epd (every bm set re-proven by the
# exhaustive solver, which also passes a hand-solved position and rejects a
# wrong bm; a suite run over part of it).
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}
FAST=${FAST_AMZ_ENGINE:-bin/amazons-engine}
AMZ_DIR=${AMZ_DIR:-build/release/amazons-tests}
SOLVE=$AMZ_DIR/amz_solve
BOOK=positions/amazons/openings.epd
TACTICS=positions/amazons/tactics.epd
BOUND=150 # |c1| in cp, as the book's header and scripts/make_amazons_openings.py say

# same A B: the two strings are equal (shows both on failure).
same() { [ "$1" = "$2" ] || { echo "  got '$1', expected '$2'"; return 1; }; }
# mocks NAME LIST [OPTIONS...]: a match of two mocks that both play LIST.
mocks() {
    name=$1 list=$2; shift 2
    "$QIBENCH" match --game amazons -engine name=m1 "cmd=$MOCK" arg=--amazons arg=--moves "arg=$list" depth=1 \
        -engine name=m2 "cmd=$MOCK" arg=--amazons arg=--moves "arg=$list" depth=1 \
        --games 2 --results "$tmp" --name "$name" "$@" >"$tmp/$name.out" 2>&1
}
# results NAME: "RESULT REASON PLIES" of each game, one game a line.
results() { qbt amazons.results "$tmp/$1/games.jsonl"; }

# ---- a side trapped ------------------------------------------------------------
# White a1 with b1 c1 d1 empty, Black j10 with i10 empty; all else arrows.
# a1-b1/a1, j10-i10/j10 (Black's last turn), b1-c1/b1: Black to move has no
# turn and White wins by "no legal turn" after 3 plies, in both games.
TRAP='********1q/**********/**********/**********/**********/**********/**********/**********/**********/Q3****** w - - 0 1'
printf '%s ;id "trap"\n' "$TRAP" >"$tmp/trap.epd"
mocks trap a1-b1/a1,j10-i10/j10,b1-c1/b1 --openings "file=$tmp/trap.epd" format=epd \
    --draw movenumber=0 movecount=1 score=100
check "trap: exit 0" test $? -eq 0
check "trap: both games 1-0 by no legal turn in 3 plies (and not adjudicated drawn)" \
    same "$(results trap | tr '\n' ';')" "1-0 no legal turn 3;1-0 no legal turn 3;"
check "trap: games.jsonl records the turns in d1-d6/g9" \
    same "$(qbt moves "$tmp/trap/games.jsonl" 0)" "a1-b1/a1 j10-i10/j10 b1-c1/b1"
check "trap: PGN Variant amazons" test "$(grep -c '^\[Variant "amazons"\]' "$tmp/trap/games.pgn")" -eq 2
check "trap: PGN Termination" test "$(grep -c '^\[Termination "no legal turn"\]' "$tmp/trap/games.pgn")" -eq 2
check "trap: PGN FEN and SetUp" sh -c "grep -qF '[FEN \"$TRAP\"]' '$tmp/trap/games.pgn' && grep -q '^\[SetUp \"1\"\]' '$tmp/trap/games.pgn'"
check "trap: PGN movetext in d1-d6/g9" grep -q '^1\. a1-b1/a1 {[^}]*} j10-i10/j10 {[^}]*} 2\. b1-c1/b1$' "$tmp/trap/games.pgn"
check "trap: summary counts the ending" grep -q '"no legal turn":2' "$tmp/trap/summary.json"
check "trap: games.sgf written, GM[18], one tree per game (2)" sh -c "grep -q 'GM\[18\]' '$tmp/trap/games.sgf' && test \$(grep -c '^(;FF\[4\]' '$tmp/trap/games.sgf') -eq 2"
check "trap: games.sgf holds the games of games.jsonl, in its order" qbt amazons.sgf_like_jsonl "$tmp/trap"
cp "$tmp/trap/games.sgf" "$tmp/trap.sgf"
rm "$tmp/trap/games.sgf"
"$QIBENCH" match --resume "$tmp/trap" >/dev/null 2>&1
check "trap: games.sgf deleted, --resume rewrites it from games.jsonl byte for byte" cmp -s "$tmp/trap.sgf" "$tmp/trap/games.sgf"

# ---- an illegal arrow loses ------------------------------------------------------
# From the start: d1-d6/g9, then Black's d10-d8/d4 shoots through the amazon
# on d6, and g10-g8/g9 onto the arrow on g9. Black loses by "illegal move".
for case in "d10-d8/d4:through" "g10-g8/g9:onto"; do
    turn=${case%%:*} how=${case#*:}
    mocks "illegal-$how" "d1-d6/g9,$turn"
    check "arrow $how a blocked square ($turn): exit 0" test $? -eq 0
    check "arrow $how a blocked square: Black loses both games by illegal move after 1 ply" \
        same "$(results "illegal-$how" | tr '\n' ';')" "1-0 illegal move 1;1-0 illegal move 1;"
    fairy=$(echo "$turn" | sed 's|\(.*\)-\(.*\)/\(.*\)|\1\2,\2\3|')
    check "arrow $how: the detail names the side and the Fairy text $fairy" \
        grep -q "\"detail\":\"black: m[12]: illegal move '$fairy'\"" "$tmp/illegal-$how/games.jsonl"
done
mocks offboard "d1-d6/g9,d10-d8/d11"
check "an arrow off the board (d10-d8/d11) also loses by illegal move" \
    same "$(results offboard | tr '\n' ';')" "1-0 illegal move 1;1-0 illegal move 1;"

# ---- never a draw ----------------------------------------------------------------------
# Our engine at depth 1 over two book openings, with draw adjudication that
# would end any Xiangqi game at once and a ply cap of 4: every game is still
# won by "no legal turn", longer than 4 plies and at most the 92 plies the
# squares allow.
"$QIBENCH" match --game amazons -engine name=a "cmd=$FAST" depth=1 -engine name=b "cmd=$FAST" depth=1 \
    --openings "file=$BOOK" format=epd --games 4 --concurrency 2 --maxplies 4 \
    --draw movenumber=0 movecount=1 score=100000 --results "$tmp" --name nodraw >"$tmp/nodraw.out" 2>&1
check "no draws: exit 0" test $? -eq 0
check "no draws: 4 games, each won by no legal turn, 5-92 plies" qbt amazons.all_won "$tmp/nodraw/games.jsonl" 4 5 92
check "no draws: no 1/2-1/2 in the PGN" sh -c "! grep -q '1/2-1/2' '$tmp/nodraw/games.pgn'"
check "no draws: the summary's draw ratio is 0" grep -q '"draws":0' "$tmp/nodraw/summary.json"

# ---- kill -9 and --resume, --shard and merge ------------------------------------------
GAMES=12
RUN="--game amazons -engine name=ns cmd=$FAST depth=1 -engine name=ab cmd=$FAST option.Search=alphabeta depth=1 \
--openings file=$BOOK format=epd --games $GAMES"
# games DIR: the games of a run as sorted text (pair, game, White, result, reason, turns).
games() { qbt amazons.games "$1/games.jsonl"; }
# shellcheck disable=SC2086
"$QIBENCH" match $RUN --concurrency 2 --results "$tmp" --name ref >"$tmp/ref.out" 2>&1
check "reference run: exit 0, $GAMES games" sh -c "test $? -eq 0 && test \$(wc -l <'$tmp/ref/games.jsonl') -eq $GAMES"
games "$tmp/ref" >"$tmp/ref.games"
check "reference run: the games start from the book's first openings, in order" \
    qbt amazons.openings_in_order "$tmp/ref/games.jsonl" "$BOOK"
# shellcheck disable=SC2086
"$QIBENCH" match $RUN --concurrency 1 --results "$tmp" --name killed >/dev/null 2>&1 &
kill_when "$tmp/killed/games.jsonl" 2 $!
check "kill -9 after $kept games: some, not all, were recorded" test "$kept" -ge 2 -a "$kept" -lt "$GAMES"
"$QIBENCH" match --resume "$tmp/killed" >/dev/null 2>&1
check "--resume after kill -9: exit 0" test $? -eq 0
games "$tmp/killed" >"$tmp/killed.games"
check "--resume after kill -9: the same games as the uninterrupted run" cmp -s "$tmp/ref.games" "$tmp/killed.games"
check "--resume after kill -9: games.pgn holds every game once" \
    test "$(grep -c '^\[Variant "amazons"\]' "$tmp/killed/games.pgn")" -eq "$GAMES"
check "--resume after kill -9: games.sgf holds every game once, in the order of games.jsonl" qbt amazons.sgf_like_jsonl "$tmp/killed"
for k in 1 2 3; do
    # shellcheck disable=SC2086
    "$QIBENCH" match $RUN --shard "$k/3" --results "$tmp" --name "shard$k" >/dev/null 2>&1
done
check "three shards share the games out" test "$(cat "$tmp"/shard?/games.jsonl | wc -l)" -eq "$GAMES"
"$QIBENCH" merge "$tmp/shard1" "$tmp/shard2" "$tmp/shard3" --results "$tmp" --name merged >"$tmp/merged.out" 2>&1
check "merge: exit 0" test $? -eq 0
games "$tmp/merged" >"$tmp/merged.games"
check "sharded and merged: the same games as unsharded" cmp -s "$tmp/ref.games" "$tmp/merged.games"
check "sharded and merged: the same printed results" test "$(sed -n '/^ns vs/,/^games ended/p' "$tmp/merged.out")" = \
    "$(sed -n '/^ns vs/,/^games ended/p' "$tmp/ref.out")"
check "merged SGF: every game once, in the order of the merged games.jsonl" qbt amazons.sgf_like_jsonl "$tmp/merged"
check "merged PGN: Variant amazons in every game" \
    test "$(grep -c '^\[Variant "amazons"\]' "$tmp/merged/games.pgn")" -eq "$GAMES"
check "merged PGN: the movetext of each game is its turns in games.jsonl, each d1-d6/g9" \
    qbt amazons.pgn_like_jsonl "$tmp/merged/games.pgn" "$tmp/merged/games.jsonl"

# ---- the opening book ----------------------------------------------------------------------
grep -v '^#' "$BOOK" >"$tmp/book.lines"
check "book: at least 50 openings" test "$(lines "$tmp/book.lines")" -ge 50
check "book: every id is its moves, 2-4 turns in d1-d6/g9, ids unique, |c1| <= $BOUND" \
    qbt amazons.book_lines "$tmp/book.lines" "$BOUND"
# Every line replays: qibench (its rules core) plays the moves from the start
# and must reach the line's position text, counters included.
book_replays amazons "$tmp/book.lines" 2-4
# Three lines re-scored as the header says (fixed depth: the same score).
check "book: three lines re-scored at depth 2 give their c1" qbt amazons.rescored "$FAST" "$tmp/book.lines"

# ---- the tactics set ------------------------------------------------------------------------
"$SOLVE" solve >"$tmp/trap.solved" <<EOF
$TRAP
EOF
# By hand: of White's 9 turns only a1-d1/c1 loses (the amazon on d1 is shut in
# and White has no second turn; Black has exactly one).
check "solver: the trap position, 8 of 9 turns win, all but a1-d1/c1" same \
    "$(sed 's/.*;turns=\([0-9]*\);result=\([a-z]*\);winning=\([^;]*\);.*/\1 \2 \3/' "$tmp/trap.solved" |
        tr ' ' '\n' | sort | tr '\n' ' ')" \
    "9 a1-b1/a1 a1-b1/c1 a1-b1/d1 a1-c1/a1 a1-c1/b1 a1-c1/d1 a1-d1/a1 a1-d1/b1 win "
grep -v '^#' "$TACTICS" >"$tmp/tactics.lines"
check "tactics: at least 20 positions" test "$(lines "$tmp/tactics.lines")" -ge 20
"$SOLVE" check "$TACTICS" >"$tmp/check.out" 2>&1
check "tactics: amz_solve check re-proves every bm set ($(tail -n 1 "$tmp/check.out"))" \
    sh -c "grep -q '^$(lines "$tmp/tactics.lines") passed, 0 failed$' '$tmp/check.out'"
# A wrong bm is caught: the first line with two or more winning turns, one
# of them dropped.
qbt amazons.drop_a_winning_turn "$tmp/tactics.lines" >"$tmp/wrong.epd"
"$SOLVE" check "$tmp/wrong.epd" >"$tmp/wrong.out" 2>&1
check "tactics: a bm set missing a winning turn fails the check" grep -q '^0 passed, 1 failed$' "$tmp/wrong.out"
# The suite over the first 10 positions at depth 2: every position searched,
# `solved` exactly when the engine's move is one of bm, and most solved.
head -n 10 "$tmp/tactics.lines" >"$tmp/tactics10.epd"
"$QIBENCH" suite --game amazons "$tmp/tactics10.epd" -engine name=ours "cmd=$FAST" depth=2 \
    --results "$tmp" --name tactics >"$tmp/tactics.out" 2>&1
check "tactics suite: exit 0" test $? -eq 0
check "tactics suite: 10 searches, solved exactly when bestmove is in bm, at least 8 solved" \
    qbt amazons.tactics_solved "$tmp/tactics/searches.jsonl" 10 8
hits=$(qbt count "$tmp/tactics/searches.jsonl" solved=True)
check "tactics suite: the table reports $hits/10 solved" grep -qE "^ours +10 +$hits/10 " "$tmp/tactics.out"

report
