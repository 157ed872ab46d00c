#!/bin/sh
# e2e_play.sh - `qibench play` in a real terminal: tmux runs it in a
# 100x40 pane (its own server socket), send-keys types, capture-pane reads
# the screen. A short game against our engine to checkmate and its PGN
# replayed; two people in all three Xiangqi notations; illegal, ambiguous
# and garbage input (overlong lines, bytes that are not UTF-8, control
# characters) with the prompt back and the position unchanged; undo, hint,
# flip, --ascii; an Amazons game to its end with its SGF, and against a
# scripted mock; two engines to the end with --delay; Ctrl-D. An 80x24
# pane: the whole screen (the header, both back ranks, the prompt) stays
# in view, every score names its side. Ctrl-C at the prompt and while an
# engine thinks (a slow mock, killed) saves the game and exits 130; a
# second Ctrl-C, while the first cannot finish, leaves at once. Skips the
# terminal parts where tmux is missing.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}

# Without a terminal: in qibench play movetime (depth, nodes) says how long
# an engine thinks, and only a clock (tc=) is lost on time. The mock takes
# 120 ms a move: over a movetime of 30 it plays on (to its list's end, where
# its move is illegal); with a clock of 0.1 s it loses on time at once.
slow_play() {
    "$QIBENCH" play -engine name=m "cmd=$MOCK" arg=--slow-go arg=120 "$1" --red m --black m --ascii \
        --results "$tmp/slow" </dev/null >"$tmp/slow.out" 2>&1
}
slow_play movetime=30
check "play: a move over its movetime is not lost on time" test "$(grep -c 'lost on time' "$tmp/slow.out")" -eq 0
check "play: the engine over its movetime plays on" grep -qF "Red forfeits (m: illegal move 'h2e2')" "$tmp/slow.out"
slow_play tc=0.1+0
check "play: a clock is lost on time" grep -qF "Red lost on time: Black wins" "$tmp/slow.out"

# A second Ctrl-C leaves at once when the first cannot finish: here the
# save hangs (the session's game.pgn, after its first game, made a pipe that
# nobody reads, as a save on a stuck disk would). The moves come through a
# pipe held open, so the session waits at its prompt for the Ctrl-C.
mkfifo "$tmp/moves"
exec 3<>"$tmp/moves"
"$QIBENCH" play --red human --black human --ascii --results "$tmp/stuck" <"$tmp/moves" >"$tmp/stuck.out" \
    2>"$tmp/stuck.err" &
stuck=$!
(sleep 20 && kill -KILL "$stuck") 2>/dev/null & # never a hang: killed, the checks fail
dog=$!
printf 'h2e2\nh9g7\nnew\nh2e2\n' >&3
n=0 # until the first game is saved and the second waits for Black's move
until [ -f "$tmp"/stuck/play-*/game.pgn ] && grep -q 'move> $' "$tmp/stuck.out" \
    && grep -q pipe_read "/proc/$stuck/wchan" 2>/dev/null || [ "$n" -ge 100 ]; do
    sleep 0.1
    n=$((n + 1))
done
pgn=$(ls "$tmp"/stuck/play-*/game.pgn)
rm -f "$pgn" && mkfifo "$pgn"
kill -INT "$stuck"
sleep 0.5
check "second Ctrl-C: the first cannot finish (its save hangs)" kill -0 "$stuck"
kill -INT "$stuck"
wait "$stuck"
check "second Ctrl-C: exit 130 at once" test $? -eq 130
kill "$dog" 2>/dev/null
check "second Ctrl-C: the first said what it does" grep -qF "interrupted: saving the game (Ctrl-C again to leave at once)" \
    "$tmp/stuck.err"
check "second Ctrl-C: says it left" grep -qF "interrupted again: left at once" "$tmp/stuck.err"
exec 3>&-

if ! command -v tmux >/dev/null 2>&1; then
    skip "tmux is not installed: the terminal tests of qibench play (.ci/run installs it)"
    report
    exit 0
fi
Q=$(cd "$(dirname "$QIBENCH")" && pwd)/$(basename "$QIBENCH")
M=$(cd "$(dirname "$MOCK")" && pwd)/$(basename "$MOCK")
# Each pane has its own tmux server (a server being killed cannot take a new
# session); their sockets live in the scratch folder.
TMUX_TMPDIR=$tmp
export TMUX_TMPDIR
unset TMUX
SOCK=qibench-play-$$-0
panes=0
trap 'tmux -L "$SOCK" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
RES=$tmp/results
START_FEN="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# Red mates in two: b1b8, then Black's only move e9f9, then a7a9.
MATE2="4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1"

T() { tmux -L "$SOCK" "$@"; }
# play_sized COLUMNS LINES ARGS...: a fresh pane that size running qibench
# play ARGS in a UTF-8 locale; when it ends the pane shows EXIT=status (its
# shell outlives a Ctrl-C). play ARGS...: the same, 100x40.
play_sized() {
    T kill-server 2>/dev/null
    panes=$((panes + 1))
    SOCK=qibench-play-$$-$panes
    cols=$1 rows=$2
    shift 2
    {
        echo 'LANG=C.UTF-8; LC_ALL=C.UTF-8; export LANG LC_ALL'
        echo "trap ':' INT"
        printf '"%s" play --results "%s"' "$Q" "$RES"
        for a in "$@"; do printf " '%s'" "$a"; done
        printf '\necho EXIT=$?\nsleep 600\n'
    } >"$tmp/run.sh"
    T -u new-session -d -x "$cols" -y "$rows" "sh '$tmp/run.sh'"
}
play() { play_sized 100 40 "$@"; }
screen() { T capture-pane -p; }
# keys TEXT: types TEXT literally, then Enter.
keys() { T send-keys -l -- "$1"; T send-keys Enter; }
# wait_for TEXT [TENTHS]: until the screen shows TEXT (default 15 s).
wait_for() {
    n=0
    while [ "$n" -lt "${2:-150}" ]; do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1
        n=$((n + 1))
    done
    return 1
}
# see DESCRIPTION TEXT: checks that the screen comes to show TEXT.
see() {
    if wait_for "$2"; then ok; else bad "$1: the screen never showed '$2':"; screen | sed 's/^/    | /'; fi
}
# at_prompt: is the last line on the screen a prompt waiting for input?
at_prompt() { screen | sed '/^ *$/d' | tail -n 1 | grep -qE '> ?$'; }
# typed TEXT: types TEXT and waits for the screen to change and a prompt to
# wait for input again (nothing may hang).
typed() {
    screen >"$tmp/before"
    keys "$1"
    n=0
    while [ "$n" -lt 150 ]; do
        if ! screen | cmp -s - "$tmp/before" && at_prompt; then break; fi
        sleep 0.1
        n=$((n + 1))
    done
    check "the prompt came back after '$(printf '%.40s' "$1")'" test "$n" -lt 150
}
# quit_cleanly: quit, exit status 0 (no sanitizer report either).
quit_cleanly() {
    keys quit
    see "$1: quit" "EXIT=0"
}
latest_run() { ls -d "$RES"/play-* 2>/dev/null | sort | tail -n 1; }

# --- a short game against our engine, to checkmate --------------------------
rm -rf "$RES"
play --fen "$MATE2" -engine depth=3
see "mate: the board" "Red to move>"
see "mate: Chinese pieces" "俥"
keys b1b8
see "mate: the engine's only reply" "e9f9"
keys a7a9
see "mate: the ending in words" "Black is checkmated: Red wins"
see "mate: saved" "saved in $RES/play-"
keys fen
see "mate: fen at the game-over prompt" "R4k3/1R7/9/9/9/9/9/9/9/3K5 b"
quit_cleanly "mate"
run=$(latest_run)
check "mate: a results folder" test -n "$run"
check "mate: game.pgn" test -f "$run/game.pgn"
check "mate: PGN result 1-0" grep -qF '[Result "1-0"]' "$run/game.pgn"
check "mate: PGN termination" grep -qF '[Termination "checkmate"]' "$run/game.pgn"
check "mate: PGN players" grep -qF '[Black "xiangqi-engine"]' "$run/game.pgn"
check "mate: PGN moves" grep -qE '^1\. B1-B8 \{[^}]*\} E9-F9 \{[^}]*\} 2\. A7-A9' "$run/game.pgn"
check "mate: no SGF for Xiangqi" test ! -e "$run/game.sgf"
# The saved game replays to the same position (piped: no terminal, ASCII).
printf 'fen\nquit\n' | "$Q" play --pgn "$run/game.pgn" --red human --black human --results "$RES" >"$tmp/replay" 2>&1
check "replay: exit 0" test $? -eq 0
check "replay: the same position" grep -qF "R4k3/1R7/9/9/9/9/9/9/9/3K5 b" "$tmp/replay"
check "replay: the ending announced again" grep -qF "Black is checkmated: Red wins" "$tmp/replay"
check "replay: no colour off a terminal" sh -c "! grep -q \"\$(printf '\\033')\" '$tmp/replay'"
check "replay: ASCII off a terminal" sh -c "! grep -qF '俥' '$tmp/replay'"
check "replay: nothing saved for a game only replayed" test "$(ls -d "$RES"/play-* | wc -l)" -eq 1

# --- two people, every notation ---------------------------------------------
play --red human --black human
see "hvh: prompt" "Red to move>"
typed h2e2
typed "马8进7"
typed "H2+3"
typed "炮2平5"
see "hvh: the moves in ICCS" "1. h2e2  h9g7"
see "hvh: the moves in ICCS" "2. h0g2  b7e7"
typed "notation chinese"
see "hvh: the moves in Chinese" "1. 炮二平五  马8进7"
typed "notation wxf"
see "hvh: the moves in WXF" "2. H2+3  C2.5"
typed "傌八進九"
see "hvh: traditional Chinese read" "H8+9"
typed "save $tmp/saved.pgn"
see "hvh: save FILE" "saved the game so far in $tmp/saved.pgn (PGN)"
tr '\n' ' ' <"$tmp/saved.pgn" | grep -qE ' 1\. H2-E2 .* H9-G7 .* 2\. H0-G2 .* B7-E7 .* 3\. B0-A2 '
check "hvh: the saved file holds the moves" test $? -eq 0
typed hint
see "hvh: a hint from our own engine" "hint: "
typed undo
typed fen
see "hvh: undo takes back one move between two people" \
    "rnbakab1r/9/4c1nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w"
typed flip
see "hvh: flipped, Black's files at the bottom" "9   8   7   6   5   4   3   2   1   Black"
screen | head -n 1 | grep -qF "一  二  三  四  五  六  七  八  九   Red"
check "hvh: flipped, Red's files on top from Red's right" test $? -eq 0
quit_cleanly "hvh"
check "hvh: the unfinished game saved" grep -qF '[Result "*"]' "$(latest_run)/game.pgn"

# --- refused input -----------------------------------------------------------
TANDEM="3k5/9/9/9/R8/9/9/9/R8/4K4 w - - 0 1"
play --fen "$TANDEM" --red human --black human
see "refuse: prompt" "Red to move>"
typed "R9+1"
see "refuse: ambiguous" "several pieces match: the chariot on a5 (a5a6) and the chariot on a1 (a1a2)"
typed a1b2
see "refuse: the rule" "illegal: a1b2: a chariot moves along a file or a rank"
typed a5a0
see "refuse: a blocked path" "illegal: a5a0: the chariot's path is blocked at a1"
typed "moves a1"
see "refuse: moves PREFIX" "legal moves starting 'a1'"
typed hello
see "refuse: garbage" "'hello' is not a move or a command (type help)"
long=$(printf '%0300d' 0)
typed "$long"
see "refuse: a line too long" "line too long (at most 255 bytes): ignored"
T send-keys -H ff fe 80 41 0d
sleep 0.5
see "refuse: bytes that are not UTF-8" "'???A' is not a move or a command"
T send-keys -H 01 02 1b 5b 32 4a 0d
sleep 0.5
typed "   "
typed fen
see "refuse: the position is unchanged" "${TANDEM% - - 0 1}"
check "refuse: nothing was played" sh -c "! tmux -L '$SOCK' capture-pane -p | grep -qF '1. '"
T send-keys C-d
see "refuse: Ctrl-D ends cleanly" "EXIT=0"

# --- undo, hint, flip, human as Black, --ascii --------------------------------
play --black human -engine depth=2
see "black: the engine moves first" "Black to move>"
screen | head -n 1 | grep -qF "九   Red"
check "black: Black at the bottom, Red's files on top" test $? -eq 0
typed hint
see "black: hint" "hint: "
typed undo
see "black: nothing of Black's to undo" "nothing to undo"
typed a6a5
see "black: the engine replied" "  2. "
typed undo
typed fen
see "black: undo took back a full move: Black to move again" " b - - "
check "black: one move left in the list" sh -c "! tmux -L '$SOCK' capture-pane -p | grep -qF '  2. '"
typed resign
see "black: resigning" "Black resigns: Red wins"
quit_cleanly "black"
check "black: resignation saved" grep -qF '[Termination "resignation"]' "$(latest_run)/game.pgn"

play --ascii -engine depth=1
see "ascii: the board" "R--H--E--A--K--A--E--H--R"
check "ascii: no Chinese characters" sh -c "! tmux -L '$SOCK' capture-pane -p | grep -qF '車'"
check "ascii: no box drawing" sh -c "! tmux -L '$SOCK' capture-pane -p | grep -qF '│'"
T capture-pane -e -p >"$tmp/ascii.txt"
check "ascii: no colour" sh -c "! grep -q \"\$(printf '\\033')\" '$tmp/ascii.txt'"
typed h2e2
screen | grep -qE '\[[A-Za-z]\]'
check "ascii: the last move marked" test $? -eq 0
quit_cleanly "ascii"

# --- Amazons -----------------------------------------------------------------
# White's one amazon has four turns; after any, Black's is walled in.
WALL="**********"
END="*********q/$WALL/$WALL/$WALL/$WALL/$WALL/$WALL/1*********/1*********/Q********* w - - 0 1"
play --game amazons --white human --black human --fen "$END"
see "amazons: prompt" "White to move>"
typed "a1-a3/a1"
see "amazons: ends in words" "Black has no legal turn: White wins"
keys new
see "amazons: a new game from the same start" "White to move>"
quit_cleanly "amazons"
run=$(latest_run)
check "amazons: PGN" grep -qF '[Variant "amazons"]' "$run/game.pgn"
check "amazons: SGF" test -f "$run/game.sgf"
check "amazons: SGF game, result and move" grep -qF 'GM[18]' "$run/game.sgf"
check "amazons: SGF result" grep -qF 'RE[W+]' "$run/game.sgf"
check "amazons: SGF move a1-a3/a1" grep -qF ';W[aaacaa]' "$run/game.sgf"
check "amazons: one game saved (the new one had no moves)" test "$(grep -c '^\[Event' "$run/game.pgn")" -eq 1

play --game amazons --white human --black mock -engine name=mock cmd="$M" arg=--moves arg="x,d10-d7/d8" depth=1
see "amazons mock: prompt" "White to move>"
see "amazons mock: the board" "♛"
typed "d2-d6/g9"
see "amazons mock: a refused turn" "illegal: no white amazon on d2"
typed "d1-d6/g9"
see "amazons mock: the mock's turn" "d10-d7/d8"
typed "a4-a5/b5"
see "amazons mock: an illegal turn from the engine loses" "Black forfeits"
quit_cleanly "amazons mock"
own=$(dirname "$Q")/amazons-engine
if [ -x "$own" ]; then
    play --game amazons -engine depth=1
    see "amazons engine: prompt" "White to move>"
    typed "d1-d6/g9"
    see "amazons engine: it replied" "1. d1-d6/g9"
    quit_cleanly "amazons engine"
else
    skip "no $own yet: Amazons human against our engine"
fi

# --- 80x24: everything in view, every score names its side -------------------
play_sized 80 24 -engine depth=2
see "80x24: prompt" "Red to move>"
typed h2e2
see "80x24: the engine's score names its side" "for Black"
typed h0g2
typed b0c2
typed hint
see "80x24: the hint's score names its side" "for Red at depth"
# The pane is 24 lines: its first shows the header, then Black's back rank;
# Red's is there too, and the hint and the prompt below.
screen >"$tmp/small"
check "80x24: the header on the first line" sh -c "head -n 1 '$tmp/small' | grep -qF 'qibench play: xiangqi'"
check "80x24: Black's back rank" grep -q '^ 9  [^ ]' "$tmp/small"
check "80x24: Red's back rank" grep -q '^ 0  ' "$tmp/small"
check "80x24: the moves beside the board" grep -qF '1. h2e2' "$tmp/small"
check "80x24: the prompt" sh -c "sed '/^ *\$/d' '$tmp/small' | tail -n 1 | grep -qF 'Red to move>'"
quit_cleanly "80x24"
check "80x24: saved" grep -qF '1. H2-E2' "$(latest_run)/game.pgn"

# --- Ctrl-C saves like quit and exits 130 ----------------------------------------
before=$(latest_run)
play --red human --black human
see "ctrl-c prompt: prompt" "Red to move>"
typed h2e2
typed h9g7
T send-keys C-c
see "ctrl-c prompt: exit 130" "EXIT=130"
see "ctrl-c prompt: what it does" "interrupted: saving the game"
see "ctrl-c prompt: says where" "game 1 saved in $RES/play-"
run=$(latest_run)
check "ctrl-c prompt: a new results folder" test "$run" != "$before"
check "ctrl-c prompt: the game saved" grep -qE '^1\. H2-E2 .*H9-G7' "$run/game.pgn"
check "ctrl-c prompt: unfinished" grep -qF '[Result "*"]' "$run/game.pgn"

SLOW=$((60000 + $$ % 1000))
before=$(latest_run)
# depth=1: the harness waits for the search as long as it takes (a minute here).
play --red human --black m -engine name=m "cmd=$M" arg=--slow-go arg=$SLOW depth=1
see "ctrl-c thinking: prompt" "Red to move>"
keys h2e2
see "ctrl-c thinking: the engine thinks" "(thinking)"
sleep 0.3
T send-keys C-c
if wait_for "EXIT=130" 50; then ok; else bad "ctrl-c thinking: no exit 130 within 5 s (the engine not stopped)"; fi
see "ctrl-c thinking: says where" "game 1 saved in $RES/play-"
check "ctrl-c thinking: the engine is gone" test "$(own_left mock_engine)" -eq 0
run=$(latest_run)
check "ctrl-c thinking: a new results folder" test "$run" != "$before"
check "ctrl-c thinking: the move before it saved" grep -qE '^1\. H2-E2' "$run/game.pgn"
check "ctrl-c thinking: unfinished, no forfeit" sh -c "grep -qF '[Result \"*\"]' '$run/game.pgn' \
    && ! grep -qi 'crash' '$run/game.pgn'"

# --- two engines to watch ------------------------------------------------------
"$Q" play --red a --black b -engine name=a depth=2 -engine name=b depth=2 --delay 10 \
    --fen "4k4/1R7/R8/9/9/9/9/9/9/3K5 w" \
    --results "$RES" </dev/null >"$tmp/watch" 2>&1
check "watch: exit 0" test $? -eq 0
check "watch: to the end" grep -qF "Black is checkmated: Red wins" "$tmp/watch"
check "watch: saved" grep -qF '[White "a"]' "$(latest_run)/game.pgn"

# --- bad command lines ----------------------------------------------------------
"$Q" play --white human </dev/null >/dev/null 2>"$tmp/err"
check "usage: --white is not a Xiangqi side" sh -c "[ $? -eq 2 ] && grep -qF 'sides are --red and --black' '$tmp/err'"
"$Q" play --red nobody </dev/null >/dev/null 2>"$tmp/err"
check "usage: an unknown engine" sh -c "[ $? -eq 2 ] && grep -qF \"no engine named 'nobody'\" '$tmp/err'"
"$Q" play --fen "not a position" --red human --black human </dev/null >/dev/null 2>"$tmp/err"
check "usage: a bad FEN" sh -c "[ $? -eq 2 ] && grep -qF 'bad position' '$tmp/err'"

report
