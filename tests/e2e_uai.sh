#!/bin/sh
# e2e_uai.sh - the engine client over UAI (proto=uai), against the mock
# engine speaking UAI (tests/mock_engine --uai: it answers `uai` with
# `uaiok` and `uci` not at all): the handshake, `uainewgame` before every
# game, position lines as in UCI, and the clocks the UAI way round (the
# first player's time as btime / binc, the second's as wtime / winc: the
# same time-odds match over UCI sends them the other way), depth / nodes /
# movetime limits, a bare score (no cp) read, the protocol's name in
# run.json, a UAI engine refused by the UCI client (no uciok), and proto=
# errors naming uai. The game is the default one: the protocol does not
# depend on it.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}

# same A B: the two strings are equal (shows both on failure).
same() { [ "$1" = "$2" ] || { echo "  got '$1', expected '$2'"; return 1; }; }
# odds NAME PROTO [MOCK-ARG]: two mocks, a on 10+0.1 and b on 20+0.2, 2 games of 4 plies.
odds() {
    name=$1 proto=$2 marg=${3:-}
    "$QIBENCH" match -engine name=a "cmd=$MOCK" ${marg:+"arg=$marg"} "proto=$proto" tc=10+0.1 \
        -engine name=b "cmd=$MOCK" ${marg:+"arg=$marg"} "proto=$proto" tc=20+0.2 \
        --games 2 --maxplies 4 --log "$tmp/$name.log" --results "$tmp" --name "$name" >"$tmp/$name.out" 2>&1
}
# first_go LOG ENGINE: the first go line ENGINE was sent.
first_go() { sed -n "s/^[0-9:.]* $2 > \\(go .*\\)/\\1/p" "$1" | head -n 1; }

# ---- the handshake, new games, the clocks -------------------------------------------
odds uai uai --uai
check "uai match: exit 0" test $? -eq 0
check "uai match: 2 games of 4 plies" same "$(qbt count "$tmp/uai/games.jsonl" plies=4)" 2
check "handshake: uai sent to each engine, uaiok read" \
    test "$(grep -c '^[0-9:.]* [ab] > uai$' "$tmp/uai.log")" -eq 2 -a "$(grep -c '^[0-9:.]* [ab] < uaiok$' "$tmp/uai.log")" -eq 2
check "handshake: no uci sent" sh -c "! grep -q '> uci' '$tmp/uai.log'"
check "handshake: no UCI_Variant set (the mock offers none)" sh -c "! grep -q 'UCI_Variant' '$tmp/uai.log'"
check "uainewgame before each game, to each engine (4), and no ucinewgame" \
    sh -c "test \$(grep -c '> uainewgame\$' '$tmp/uai.log') -eq 4 && ! grep -q ucinewgame '$tmp/uai.log'"
check "isready answered by readyok" grep -q '^[0-9:.]* a < readyok$' "$tmp/uai.log"
check "position lines as in UCI (position fen F moves M)" \
    grep -qE '^[0-9:.]* b > position fen [^ ]+ [a-z] .* moves [a-z0-9]+$' "$tmp/uai.log"
# a (10+0.1) moves first in game 1: its clock is btime / binc.
check "UAI clocks: the first player's time as btime, the second's as wtime" \
    same "$(first_go "$tmp/uai.log" a)" "go wtime 20000 btime 10000 winc 200 binc 100"
odds uci uci
check "uci match: exit 0" test $? -eq 0
check "UCI clocks (the same match over UCI): the first player's time as wtime" \
    same "$(first_go "$tmp/uci.log" a)" "go wtime 10000 btime 20000 winc 100 binc 200"
check "run.json names the protocol uai" grep -q '"proto":"uai"' "$tmp/uai/run.json"
check "run.json names the protocol uci" grep -q '"proto":"uci"' "$tmp/uci/run.json"
"$QIBENCH" match --resume "$tmp/uai" >"$tmp/resume.out" 2>&1
check "--resume of the finished uai run: exit 0, nothing more played" \
    sh -c "test $? -eq 0 && test \$(wc -l <'$tmp/uai/games.jsonl') -eq 2"

# ---- limits --------------------------------------------------------------------
"$QIBENCH" match -engine name=d "cmd=$MOCK" arg=--uai proto=uai depth=3 \
    -engine name=n "cmd=$MOCK" arg=--uai proto=uai nodes=500 --games 2 --maxplies 2 \
    --log "$tmp/limits.log" --results "$tmp" --name limits >"$tmp/limits.out" 2>&1
check "limits: exit 0" test $? -eq 0
check "go depth 3" same "$(first_go "$tmp/limits.log" d)" "go depth 3"
check "go nodes 500" same "$(first_go "$tmp/limits.log" n)" "go nodes 500"
"$QIBENCH" match -engine name=m "cmd=$MOCK" arg=--uai proto=uai movetime=50 \
    -engine name=m2 "cmd=$MOCK" arg=--uai proto=uai movetime=50 --games 2 --maxplies 2 \
    --log "$tmp/mt.log" --results "$tmp" --name mt >"$tmp/mt.out" 2>&1
check "go movetime 50" same "$(first_go "$tmp/mt.log" m)" "go movetime 50"

# A bare score ("score 7", as libataxx's UAI engines write it) read as centipawns.
"$QIBENCH" match -engine name=s "cmd=$MOCK" arg=--uai arg=--bare-score proto=uai depth=1 \
    -engine name=s2 "cmd=$MOCK" arg=--uai arg=--bare-score proto=uai depth=1 --games 2 --maxplies 2 \
    --results "$tmp" --name bare >"$tmp/bare.out" 2>&1
check "bare scores: exit 0" test $? -eq 0
check "bare scores: read as 7 cp at depth 1 (both moves of both games)" \
    same "$(qbt count "$tmp/bare/games.jsonl" moves.0.cp=7 moves.0.depth=1 moves.1.cp=7)" 2

# ---- failures ------------------------------------------------------------------
# The UAI mock under the UCI client: `uci` goes unanswered.
"$QIBENCH" match -engine name=u "cmd=$MOCK" arg=--uai -engine name=v "cmd=$MOCK" arg=--uai -each depth=1 \
    --handshake-timeout 500 --games 2 --results "$tmp" --name wrong >"$tmp/wrong.out" 2>&1
rc=$?
check "a UAI engine under proto=uci: refused at start (exit $rc)" test "$rc" -ne 0
check "... the error says no uciok" grep -q 'no uciok' "$tmp/wrong.out"
# The UCI mock under proto=uai: `uai` goes unanswered.
"$QIBENCH" match -engine name=u "cmd=$MOCK" proto=uai -engine name=v "cmd=$MOCK" proto=uai -each depth=1 \
    --handshake-timeout 500 --games 2 --results "$tmp" --name wrong2 >"$tmp/wrong2.out" 2>&1
rc=$?
check "a UCI engine under proto=uai: refused at start (exit $rc)" test "$rc" -ne 0
check "... the error says no uaiok" grep -q 'no uaiok' "$tmp/wrong2.out"
"$QIBENCH" match -engine "cmd=$MOCK" proto=uia -engine "cmd=$MOCK" --games 1 --results "$tmp" --name bad >"$tmp/bad.out" 2>&1
rc=$?
check "proto=uia: a usage error (exit $rc)" test "$rc" -eq 2
check "... naming the protocols there are" grep -q "unknown protocol 'uia' (expected uci, uai or xboard)" "$tmp/bad.out"

report
