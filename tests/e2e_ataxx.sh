#!/bin/sh
# e2e_ataxx.sh - the harness playing Ataxx (--game ataxx): games between
# scripted UAI engines (tests/mock_engine --uai) with endings worked out by
# hand (no pieces, the board full, the pass, an illegal pass, the ply
# limit) and the position adjudications (--material, --decided: "easy
# fill", refused for a game without them; read back by --resume); the PGN
# as cuteataxx writes it (Black and White, FEN) with Variant ataxx and the
# moves f2, g1e1, 0000; the start positions positions/ataxx/starts.epd and
# the opening book positions/ataxx/openings.epd (every line replays,
# re-scored in part); our engine bin/ataxx-engine against itself (every
# game ended by a rule, with the result the pieces give) and against the
# UAI mock over UAI; kill -9 and --resume, --shard and merge (the same
# games as one run); a play session from stdin (the board with the last
# move and converted pieces marked, moves typed f2 / g1e1 / 0000, a wrong
# move refused, the game saved) and in an 80x24 terminal (tmux); and
# Fairy-Stockfish in WebAssembly over UCI (UCI_Variant ataxx, its FEN and
# P@f2 moves), skipped without node.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}
ENGINE=${ATX_ENGINE:-bin/ataxx-engine}
JS=${ATX_ORACLE_JS:-node_modules/fairy-stockfish-nnue.wasm/uci.js}
STARTS=positions/ataxx/starts.epd

# same A B: the two strings are equal (shows both on failure).
same() { [ "$1" = "$2" ] || { echo "  got '$1', expected '$2'"; return 1; }; }
# mocks NAME FEN LIST [OPTIONS...]: two UAI mocks that both play LIST, 2 games from FEN.
mocks() {
    name=$1 fen=$2 list=$3; shift 3
    printf '%s ;id "%s"\n' "$fen" "$name" >"$tmp/$name.epd"
    "$QIBENCH" match --game ataxx -engine name=m1 "cmd=$MOCK" arg=--uai proto=uai arg=--moves "arg=$list" depth=1 \
        -engine name=m2 "cmd=$MOCK" arg=--uai proto=uai arg=--moves "arg=$list" depth=1 \
        --openings "file=$tmp/$name.epd" format=epd --games 2 --results "$tmp" --name "$name" "$@" \
        >"$tmp/$name.out" 2>&1
}
# results NAME: "RESULT REASON PLIES" of each game, joined by ';'.
results() { qbt results "$tmp/$1/games.jsonl" | tr '\n' ';'; }

# ---- endings by the rules, worked out by hand ------------------------------------------
# x on a1, o on b2: x's b1 converts b2 and White has no pieces.
mocks nopieces "7/7/7/7/7/1o5/x6 x 0 1" b1
check "no pieces: exit 0" test $? -eq 0
check "no pieces: both games 1-0 after 1 ply" same "$(results nopieces)" "1-0 no pieces 1;1-0 no pieces 1;"
check "no pieces: the counts in the detail" same "$(qbt field "$tmp/nopieces/games.jsonl" 0 detail)" "x 3, o 0"
# g5 is the last empty square: x's g5 converts f4 and g4, 27 to 22.
mocks full "xxxxxxx/xxxxxxx/xxxxxx1/xxxxooo/ooooooo/ooooooo/ooooooo x 0 1" g5
check "board full: both games 1-0 after 1 ply, 27 to 22" \
    same "$(results full) $(qbt field "$tmp/full/games.jsonl" 1 detail)" "1-0 board full 1;1-0 board full 1; x 27, o 22"
check "board full: the summary counts the ending" grep -q '"board full":2' "$tmp/full/summary.json"
# x on a1 shut in by o: it passes (0000), o fills d1, x passes again, o d2; the ply limit.
SHUT="7/7/7/7/ooo4/ooo4/xoo4 x 0 1"
mocks pass "$SHUT" 0000,d1,0000,d2 --maxplies 4
check "the pass: both games drawn by the ply limit after 4 plies" same "$(results pass)" "1/2-1/2 max plies 4;1/2-1/2 max plies 4;"
check "the pass recorded as 0000" same "$(qbt moves "$tmp/pass/games.jsonl" 0)" "0000 d1 0000 d2"
check "the pass in the PGN movetext" grep -q '^1\. 0000 {[^}]*} d1 {[^}]*} 2\. 0000' "$tmp/pass/games.pgn"
# A pass while a move exists, and a jump of three squares: illegal.
mocks badpass "x5o/7/7/7/7/7/o5x x 0 1" 0000
check "0000 with moves to play: 0-1 by illegal move, 0 plies" same "$(results badpass)" "0-1 illegal move 0;0-1 illegal move 0;"
check "... the detail names the side and the move" \
    grep -q '"detail":"black: m[12]: illegal move '"'"'0000'"'"'"' "$tmp/badpass/games.jsonl"
mocks far "x5o/7/7/7/7/7/o5x x 0 1" f2,a1a4
check "a1a4 (three squares): 1-0 by illegal move after 1 ply" same "$(results far)" "1-0 illegal move 1;1-0 illegal move 1;"

# ---- position adjudication ---------------------------------------------------------------
mocks decided "$SHUT" 0000,d1,0000,d2 --maxplies 4 --decided
check "--decided: easy fill, White wins before Black's pass (0 plies)" \
    same "$(results decided)" "0-1 adjudication: decided 0;0-1 adjudication: decided 0;"
check "--decided: the detail says why" same "$(qbt field "$tmp/decided/games.jsonl" 0 detail)" \
    "black: adjudicated lost: easy fill: Black must pass, White fills the board (8 to 1, 40 empty)"
mocks easyfill "$SHUT" 0000,d1,0000,d2 --maxplies 4 -easyfill
check "-easyfill (cuteataxx's name) is --decided" \
    same "$(results easyfill)" "0-1 adjudication: decided 0;0-1 adjudication: decided 0;"
AHEAD="x5o/7/7/7/7/7/xxx3o x 0 1" # Black 4, White 2, Black to move
mocks material2 "$AHEAD" b2,f1 --maxplies 2 --material 2
check "--material 2: Black, to move 2 pieces ahead, wins at once" \
    same "$(results material2)" "1-0 adjudication: material 0;1-0 adjudication: material 0;"
check "--material 2: the detail" same "$(qbt field "$tmp/material2/games.jsonl" 0 detail)" \
    "white: adjudicated lost: 2 pieces behind"
mocks material3 "$AHEAD" b2,f1 --maxplies 2 --material 3
check "--material 3: not reached (White to move is behind, Black only 2 ahead again): the ply limit" \
    same "$(results material3)" "1/2-1/2 max plies 2;1/2-1/2 max plies 2;"
mocks gamelength "x5o/7/7/7/7/7/o5x x 0 1" f2,b2,e3,c3 -gamelength 1
check "-gamelength 1 (cuteataxx's name) is --maxmoves 1: 2 plies" \
    same "$(results gamelength)" "1/2-1/2 max plies 2;1/2-1/2 max plies 2;"
"$QIBENCH" match -engine name=a "cmd=$MOCK" -engine name=b "cmd=$MOCK" -each depth=1 --material 3 \
    --results "$tmp" --name xqmat >"$tmp/xqmat.out" 2>&1
check "--material for a game without a material count: refused (exit 2)" \
    sh -c "test $? -eq 2 && grep -q 'the game xiangqi counts no material' '$tmp/xqmat.out'"

"$QIBENCH" match --resume "$tmp/decided" >"$tmp/decided.resume" 2>&1
check "--resume of a run with adjudicated games: they read back (exit 0, nothing replayed)" \
    sh -c "test $? -eq 0 && test \$(wc -l <'$tmp/decided/games.jsonl') -eq 2"

# ---- PGN ---------------------------------------------------------------------------------
for run in nopieces full pass decided material2; do
    check "$run: the PGN holds the games with cuteataxx's tags and the record's moves" \
        qbt ataxx.pgn_like_jsonl "$tmp/$run/games.pgn" "$tmp/$run/games.jsonl"
done
check "PGN: Black is the first player, White the second" \
    sh -c "grep -q '^\[Black \"m1\"\]' '$tmp/full/games.pgn' && grep -q '^\[White \"m2\"\]' '$tmp/full/games.pgn'"

# ---- the start positions --------------------------------------------------------------------
check "starts.epd: ten positions, x to move, two pieces a side, symmetric" same "$(qbt ataxx.starts "$STARTS")" 10
check "starts.epd: the first is the standard start" \
    same "$(grep -v '^#' "$STARTS" | head -n 1 | cut -d';' -f1)" "x5o/7/7/7/7/7/o5x x 0 1 "

# The book of balanced short openings (scripts/make_ataxx_openings.py made it).
BOOK=positions/ataxx/openings.epd
grep -v '^#' "$BOOK" >"$tmp/book.lines"
check "book: 40 openings, id = moves, 2-4 moves, |c1| <= 100, three re-scored alike" \
    same "$(qbt ataxx.book "$tmp/book.lines" "$ENGINE" 100)" 40
book_replays ataxx "$tmp/book.lines" 2-4

# ---- our engine: against itself, against the UAI mock over UAI -----------------------------
"$QIBENCH" match --game ataxx -engine name=d2 "cmd=$ENGINE" depth=2 -engine name=d1 "cmd=$ENGINE" depth=1 \
    --openings "file=$STARTS" format=epd --games 10 --concurrency 2 --results "$tmp" --name self >"$tmp/self.out" 2>&1
check "ours against itself: exit 0, 10 games" sh -c "test $? -eq 0 && test \$(wc -l <'$tmp/self/games.jsonl') -eq 10"
bad=$(qbt ataxx.by_rule "$tmp/self/games.jsonl" | tr '\n' ';')
check "ours against itself: every game ended by a rule, scored by the pieces${bad:+ (not: $bad)}" test -z "$bad"
check "ours against itself: five starts of starts.epd, a pair each" \
    same "$(qbt distinct "$tmp/self/games.jsonl" fen)" 5
check "ours against itself: the PGN holds the games" qbt ataxx.pgn_like_jsonl "$tmp/self/games.pgn" "$tmp/self/games.jsonl"
# Over UAI: the mock plays f2 as Black and b2 as White, legal whatever our engine played first.
"$QIBENCH" match --game ataxx -engine name=ours "cmd=$ENGINE" proto=uai depth=1 \
    -engine name=mock "cmd=$MOCK" arg=--uai proto=uai arg=--moves arg=f2,b2 depth=1 --maxplies 2 \
    --log "$tmp/uai.log" --results "$tmp" --name vsmock >"$tmp/vsmock.out" 2>&1
check "ours against the UAI mock: exit 0" test $? -eq 0
check "ours against the UAI mock: both games to the ply limit" \
    same "$(qbt count "$tmp/vsmock/games.jsonl" reason='max plies' plies=2)" 2
check "ours over UAI: uai answered by uaiok, uainewgame before each game" \
    sh -c "grep -q '^[0-9:.]* ours > uai\$' '$tmp/uai.log' && grep -q '^[0-9:.]* ours < uaiok\$' '$tmp/uai.log' \
           && test \$(grep -c '^[0-9:.]* ours > uainewgame\$' '$tmp/uai.log') -eq 2"
check "ours over UAI: its moves read (one each game)" test "$(grep -c '^[0-9:.]* ours < bestmove ' "$tmp/uai.log")" -eq 2

# ---- kill -9 and --resume ----------------------------------------------------------------------
GAMES=10
RUN="--game ataxx -engine name=d2 cmd=$ENGINE depth=2 -engine name=d1 cmd=$ENGINE depth=1 \
--openings file=$STARTS format=epd --games $GAMES"
# shellcheck disable=SC2086
"$QIBENCH" match $RUN --concurrency 1 --results "$tmp" --name killed --wait 150 >/dev/null 2>&1 &
kill_when "$tmp/killed/games.jsonl" 2 $!
check "kill -9 after $kept games: some, not all, were recorded" test "$kept" -ge 2 -a "$kept" -lt "$GAMES"
"$QIBENCH" match --resume "$tmp/killed" >/dev/null 2>&1
check "--resume after kill -9: exit 0" test $? -eq 0
qbt ataxx.games "$tmp/killed/games.jsonl" >"$tmp/killed.games"
qbt ataxx.games "$tmp/self/games.jsonl" >"$tmp/self.games"
check "--resume after kill -9: the same games as the uninterrupted run" cmp -s "$tmp/self.games" "$tmp/killed.games"
check "--resume after kill -9: games.pgn holds every game once" \
    qbt ataxx.pgn_like_jsonl "$tmp/killed/games.pgn" "$tmp/killed/games.jsonl"

for k in 1 2; do
    # shellcheck disable=SC2086
    "$QIBENCH" match $RUN --shard "$k/2" --results "$tmp" --name "shard$k" >/dev/null 2>&1
done
"$QIBENCH" merge "$tmp/shard1" "$tmp/shard2" --results "$tmp" --name merged >"$tmp/merged.out" 2>&1
check "--shard 1/2, 2/2 and merge: exit 0" test $? -eq 0
qbt ataxx.games "$tmp/merged/games.jsonl" >"$tmp/merged.games"
check "sharded and merged: the same games as unsharded" cmp -s "$tmp/self.games" "$tmp/merged.games"

# ---- a play session from stdin ----------------------------------------------------------------
printf 'f2\nb2\ng1g4\nzz9\n0000\ng1e1\nquit\n' |
    timeout 20 "$QIBENCH" play --game ataxx --black human --white human --results "$tmp/play" >"$tmp/play.out" 2>&1
check "play: exit 0" test $? -eq 0
check "play: f2 marked on the board ([x])" grep -qF '   2 | .  .  .  .  . [x] . | 2' "$tmp/play.out"
check "play: g1e1 marked, from (.) and to [x]" grep -qF '   1 | o  .  .  . [x] . (.)| 1' "$tmp/play.out"
check "play: a jump of three refused with the rule" grep -qF 'illegal: g1g4: g4 is more than two squares from g1' "$tmp/play.out"
check "play: a pass with a move to play refused" grep -qF 'illegal: 0000: a pass, but the side to move has a move' "$tmp/play.out"
check "play: text that is no move refused" grep -qF "'zz9' is not a move or a command" "$tmp/play.out"
check "play: every line of the board and its panel within 80 columns" \
    sh -c "! grep -v 'to move> ' '$tmp/play.out' | awk 'length(\$0) > 80' | grep -q ."
pgn=$(ls "$tmp"/play/*/game.pgn 2>/dev/null | head -n 1)
check "play: the game saved with its moves" sh -c "test -f '$pgn' && grep -q '^1\. f2 {[^}]*} b2 {[^}]*} 2\. g1e1 {[^}]*} \*\$' '$pgn'"
check "play: the saved game's tags" sh -c "grep -q '^\[Variant \"ataxx\"\]' '$pgn' && grep -qF '[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]' '$pgn'"
# x's b1 converts o's last piece: the game ends, said in words, converted piece marked.
printf 'b1\nquit\n' | timeout 20 "$QIBENCH" play --game ataxx --black human --white human --fen "7/7/7/7/7/1o5/x6 x 0 1" \
    --results "$tmp/play" >"$tmp/play2.out" 2>&1
check "play: the ending in words" grep -qF 'a side has no pieces (x 3, o 0): Black wins' "$tmp/play2.out"
check "play: the converted piece marked <x>" grep -qF '   2 | . <x> .  .  .  .  . | 2' "$tmp/play2.out"

# A person (Black, the default) against our engine (White): it answers over UCI, its thinking shown.
printf 'f2\nquit\n' | timeout 30 "$QIBENCH" play --game ataxx -engine "cmd=$ENGINE" depth=2 --results "$tmp/play" \
    >"$tmp/play3.out" 2>&1
check "play against our engine: it answered f2 (moves 1. f2 and its reply)" \
    grep -qE ' 1\. f2  ([a-g][1-7]){1,2}$' "$tmp/play3.out"
check "play against our engine: its depth and score for White shown" grep -qE 'depth 2, score [-+][0-9.]+ for White' "$tmp/play3.out"

# In a terminal of 80x24 (tmux, UTF-8): the whole board, its key and the prompt fit.
if command -v tmux >/dev/null 2>&1; then
    Q=$(cd "$(dirname "$QIBENCH")" && pwd)/$(basename "$QIBENCH")
    TMUX_TMPDIR=$tmp
    export TMUX_TMPDIR
    unset TMUX
    SOCK=qibench-ataxx-$$
    trap 'tmux -L "$SOCK" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
    printf 'LANG=C.UTF-8; LC_ALL=C.UTF-8; export LANG LC_ALL\n"%s" play --game ataxx --black human --white human --results "%s"\nsleep 600\n' \
        "$Q" "$tmp/play" >"$tmp/run.sh"
    tmux -L "$SOCK" -u new-session -d -x 80 -y 24 "sh '$tmp/run.sh'"
    seen() { n=0; while [ $n -lt 100 ]; do tmux -L "$SOCK" capture-pane -p | grep -qF -- "$1" && return 0; sleep 0.1; n=$((n + 1)); done; return 1; }
    seen "Black to move>"
    tmux -L "$SOCK" send-keys -l f2
    tmux -L "$SOCK" send-keys Enter
    check "80x24: White to move after f2" seen "White to move>"
    tmux -L "$SOCK" capture-pane -p >"$tmp/screen"
    check "80x24: rank 7 to rank 1, the files, the key and the prompt all on the screen" \
        sh -c "grep -qF '7 │ ●  ·  ·  ·  ·  ·  ○ │ 7' '$tmp/screen' && grep -qF '1 │ ○  ·  ·  ·  ·  ·  ● │ 1' '$tmp/screen' \
               && grep -qF '● Black  ○ White  ▒ gap' '$tmp/screen' && grep -q 'a  b  c  d  e  f  g' '$tmp/screen' \
               && grep -q 'White to move>' '$tmp/screen'"
    tmux -L "$SOCK" send-keys -l quit
    tmux -L "$SOCK" send-keys Enter
    tmux -L "$SOCK" kill-server 2>/dev/null
else
    skip "tmux is not installed: the 80x24 terminal check of qibench play --game ataxx"
fi

# ---- Fairy-Stockfish in WebAssembly, over UCI -------------------------------------------------
if ! command -v node >/dev/null 2>&1; then
    skip "node not found (Fairy-Stockfish for Ataxx runs on node)"
elif [ ! -f "$JS" ]; then
    skip "$JS missing: run 'make amazons-npm' (npm install fairy-stockfish-nnue.wasm)"
else
    # Fixed depths; node takes seconds to load the WebAssembly build: a minute is allowed.
    timeout 600 "$QIBENCH" match --game ataxx -engine name=ours "cmd=$ENGINE" depth=2 \
        -engine name=fsf cmd=node arg=--no-experimental-fetch "arg=$JS" depth=2 \
        --openings "file=$STARTS" format=epd --games 4 --handshake-timeout 60000 --log "$tmp/fsf.log" \
        --results "$tmp" --name fsf >"$tmp/fsf.out" 2>&1
    rc=$?
    check "ours against Fairy-Stockfish: exit 0 (got $rc), 4 games" \
        sh -c "test $rc -eq 0 && test \$(wc -l <'$tmp/fsf/games.jsonl') -eq 4"
    bad=$(qbt ataxx.by_rule "$tmp/fsf/games.jsonl" | tr '\n' ';')
    check "ours against Fairy-Stockfish: every game ended by a rule${bad:+ (not: $bad)}" test -z "$bad"
    check "the harness set UCI_Variant ataxx" grep -q 'fsf > setoption name UCI_Variant value ataxx' "$tmp/fsf.log"
    check "Fairy-Stockfish got its own FEN (P, p, w)" grep -q 'fsf > position fen P5p/7/7/7/7/7/p5P w 0 1' "$tmp/fsf.log"
    check "Fairy-Stockfish's singles read as drops (bestmove P@..)" grep -qE 'fsf < bestmove P@[a-g][1-7]' "$tmp/fsf.log"
    moves=$(qbt moves "$tmp/fsf/games.jsonl" 0)
    check "Fairy-Stockfish's moves recorded in UAI text ($(echo "$moves" | cut -d' ' -f1-4) ...)" \
        sh -c "echo '$moves' | grep -qE '^[a-g][1-7]' && ! echo '$moves' | grep -q '@'"
    echo "ours (depth 2) vs Fairy-Stockfish (depth 2): $(sed -n 's/^ours vs fsf: //p' "$tmp/fsf.out")"
fi

report
