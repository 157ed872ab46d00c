#!/bin/sh
# e2e_amazons_fsf.sh - a real third-party Amazons opponent: Fairy-Stockfish
# compiled to WebAssembly (npm fairy-stockfish-nnue.wasm, run by node; .ci/run
# and `make amazons-npm` install it) against our engine, 10 games from the
# opening book with colours paired. The harness sets UCI_Variant amazons and
# reads Fairy-Stockfish's d1d6,d6g9 turns (the "fairy-stockfish" profile of
# harness/games/amazons.c). Every game must end by the rule (the side to move
# has no legal turn: no forfeit, no illegal move, no time loss), every turn
# must replay legally from the game's start in a second program (amz_solve,
# which also confirms that the last position has no legal turn), and
# Fairy-Stockfish's thinking must be read. Skips with a message without node
# or the package.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
FAST=${FAST_AMZ_ENGINE:-bin/amazons-engine}
AMZ_DIR=${AMZ_DIR:-build/release/amazons-tests}
JS=${AMZ_ORACLE_JS:-node_modules/fairy-stockfish-nnue.wasm/uci.js}
GAMES=10

if ! command -v node >/dev/null 2>&1; then
    skip "node not found (Fairy-Stockfish for Amazons runs on node)"
    report
    exit 0
fi
if [ ! -f "$JS" ]; then
    skip "$JS missing: run 'make amazons-npm' (npm install fairy-stockfish-nnue.wasm)"
    report
    exit 0
fi

# Our engine at depth 1 against Fairy-Stockfish at depth 2: fixed depths, so
# the games do not depend on the machine's speed. node takes 3 s of CPU to
# load the WebAssembly build and answer uciok, over 10 s (the default
# handshake timeout) on a loaded machine: a minute is allowed.
timeout 600 "$QIBENCH" match --game amazons -engine name=ours "cmd=$FAST" depth=1 \
    -engine name=fsf cmd=node arg=--no-experimental-fetch "arg=$JS" depth=2 \
    --openings file=positions/amazons/openings.epd format=epd --games $GAMES --concurrency 2 \
    --handshake-timeout 60000 --log "$tmp/traffic.log" --results "$tmp" --name fsf >"$tmp/fsf.out" 2>"$tmp/fsf.err"
rc=$?
check "ours vs Fairy-Stockfish: exit 0 (got $rc)" test "$rc" -eq 0
check "ours vs Fairy-Stockfish: $GAMES games" test "$(lines "$tmp/fsf/games.jsonl")" -eq $GAMES
bad=$(qbt amazons_fsf.not_by_rule "$tmp/fsf/games.jsonl")
check "every game won by no legal turn${bad:+ (not: $bad)}" test -z "$bad"
check "each engine played White once per pair" qbt amazons_fsf.colours_paired "$tmp/fsf/games.jsonl" $GAMES
echo "ours vs fsf: $(qbt amazons_fsf.played "$tmp/fsf/games.jsonl")"

# Every turn replays in amz_solve (its own parser and move generator), from
# each game's position, and the side to move at the end has no turn.
qbt amazons_fsf.replay_lines "$tmp/fsf/games.jsonl" >"$tmp/replay.in"
"$AMZ_DIR/amz_solve" solve --max-live 0 <"$tmp/replay.in" >"$tmp/replay.out"
check "every turn of every game replays legally" sh -c "! grep -q '^error' '$tmp/replay.out'"
check "every game's last position: the side to move has no legal turn" \
    test "$(grep -c ';turns=0;' "$tmp/replay.out")" -eq $GAMES

# The protocol: UCI_Variant amazons sent, Fairy-Stockfish's turns in its own
# form, its depth and nodes read on each of its moves.
check "the harness set UCI_Variant amazons" grep -q 'setoption name UCI_Variant value amazons' "$tmp/traffic.log"
check "Fairy-Stockfish answered in its form (bestmove d1d6,d6g9)" \
    grep -qE 'bestmove [a-j][0-9]+[a-j][0-9]+,[a-j][0-9]+[a-j][0-9]+' "$tmp/traffic.log"
check "Fairy-Stockfish's thinking read (depth 2 and nodes on every move)" \
    qbt amazons_fsf.thinking_read "$tmp/fsf/games.jsonl" fsf 2
score=$(sed -n 's/^ours vs fsf: .*score \([0-9.]*%\).*/\1/p' "$tmp/fsf.out")
echo "ours (depth 1) vs Fairy-Stockfish (depth 2): $score"

report
