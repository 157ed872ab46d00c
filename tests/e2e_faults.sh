#!/bin/sh
# e2e_faults.sh - fault injection through `qibench match`: the scripted mock
# engine (tests/mock_engine.c) misbehaves on command against our engine.
# For every fault: the reason and detail recorded in games.jsonl, the
# opponent scored the win, the engine process reaped; with --recover the run
# completes, without it an engine failure stops the run (exit 3). An engine
# that cannot start or finish its handshake is a setup error before any
# game (exit 2, one line naming it, no results folder). Last, a
# few hundred games against crashing engines: no descriptor leaks, no
# zombies, no engine left running. The runs that wait out a timeout (5 s
# for a readyok, a clock, a slow start) run in the background, each with
# its own name and files, its checks right after its run as in the
# foreground; the results are added in before the last check.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}
ENGINE=${ENGINE:-bin/xiangqi-engine}

# play NAME GAMES RECOVER MOCK-FLAGS [-- QIBENCH-ARGS]: the mock (red in the
# first game, black in the second) against our engine at depth 1. Writes
# $tmp/NAME/games.jsonl; $rc is qibench's exit status, $ms the wall time.
play() {
    name=$1 games=$2 recover=$3; shift 3
    margs="" extra=""
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do margs="$margs arg=$1"; shift; done
    [ $# -gt 0 ] && shift && extra="$*"
    [ "$recover" = yes ] && extra="$extra --recover"
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    timeout 120 "$QIBENCH" match -engine name=mock cmd="$MOCK" $margs arg=--fd-report arg="$tmp/$name.fds" depth=1 \
        -engine name=ns cmd="$ENGINE" depth=1 --games "$games" --results "$tmp" --name "$name" $extra \
        >"$tmp/$name.out" 2>"$tmp/$name.err"
    rc=$?
    ms=$((($(date +%s%N) - start) / 1000000))
}
# field NAME GAME KEY: one field of a game (0-based) of run NAME.
field() { qbt field "$tmp/$1/games.jsonl" "$2" "$3"; }
# all_lost NAME REASON: every game of NAME ended with REASON and a win for ns.
all_lost() {
    test "$(qbt losses "$tmp/$1/games.jsonl" mock "reason=$2")" -eq "$(qbt count "$tmp/$1/games.jsonl")"
}
# ns_won_all NAME: our engine won every game of NAME.
ns_won_all() {
    test "$(qbt losses "$tmp/$1/games.jsonl" mock)" -eq "$(qbt count "$tmp/$1/games.jsonl")"
}
# reaped NAME: no process of that run is left (the fd-report path, under this
# test's own $tmp, is in its command line; own_left cannot tell the runs apart).
reaped() { ! pgrep -f -- "$tmp/$1.fds" >/dev/null; }

# fault NAME REASON DETAIL MOCK-FLAGS...: with --recover two games, both lost
# by the mock with REASON, the first with DETAIL; reaped; exit 0, or 3 when
# both were abandoned (a run in which every game failed is not a success).
fault() {
    fname=$1 reason=$2 detail=$3; shift 3
    play "$fname" 2 yes "$@"
    case $reason in abandoned*) want=3 ;; *) want=0 ;; esac
    check "$fname: --recover: exit $want (got $rc)" test "$rc" -eq "$want"
    check "$fname: --recover: both games played" test "$(lines "$tmp/$fname/games.jsonl")" -eq 2
    check "$fname: both games lost by the mock with '$reason'" all_lost "$fname" "$reason"
    got=$(field "$fname" 0 detail)
    check "$fname: detail '$detail' (got '$got')" test "$got" = "$detail"
    check "$fname: the engine was reaped" reaped "$fname"
}
# stops NAME MOCK-FLAGS...: without --recover an engine failure stops the run after one game, exit 3.
stops() {
    sname=$1; shift
    play "$sname" 4 no "$@"
    check "$sname: without --recover: exit 3 (got $rc)" test "$rc" -eq 3
    check "$sname: without --recover: the run stopped after 1 game" test "$(lines "$tmp/$sname/games.jsonl")" -eq 1
    check "$sname: without --recover: the run says why" grep -q 'engine failure' "$tmp/$sname.err"
    check "$sname: the engine was reaped" reaped "$sname"
}

# setup_fails NAME WHY MOCK-FLAGS... [-- ARGS]: with and without --recover, exit 2
# before any game: one stderr line "qibench match: engine 'mock' WHY", no
# results folder, the engine reaped.
setup_fails() {
    fname=$1 why=$2; shift 2
    for recover in yes no; do
        play "$fname" 2 "$recover" "$@"
        check "$fname (recover=$recover): a setup error, exit 2 (got $rc)" test "$rc" -eq 2
        check "$fname (recover=$recover): one line: engine 'mock' $why" \
            sh -c "test \$(wc -l <'$tmp/$fname.err') -eq 1 && grep -qF \"qibench match: engine 'mock' $why\" '$tmp/$fname.err'"
        check "$fname (recover=$recover): no game, no results folder" test ! -e "$tmp/$fname"
        check "$fname (recover=$recover): the engine was reaped" reaped "$fname"
    done
}

# --- the engine dies or never gets ready ---------------------------------------------
setup_fails startcrash "cannot start: exited during start-up (signal 11 (SIGSEGV))" --crash-at-startup
setup_fails startexit "cannot start: exited during start-up (exit 1)" --exit-at-startup
fault midcrash "abandoned: engine crashed" "red: mock: disconnected (signal 11 (SIGSEGV))" --crash-mid-search 1
stops midcrash1 --crash-mid-search 1
fault signal "abandoned: engine crashed" "red: mock: disconnected (signal 9 (SIGKILL))" --signal-on-go 1 --signal 9
fault signal15 "abandoned: engine crashed" "red: mock: disconnected (signal 15 (SIGTERM))" --signal-on-go 1 --signal 15
fault closed "abandoned: engine crashed" "red: mock: disconnected (closed its output, still running)" --close-stdout 1
stops closed1 --close-stdout 1
# No readyok at the new game's isready: the engine forfeits that game as stalled.
background noready fault noready "abandoned: engine stalled" "red: mock: no readyok in 5000 ms (before the game)" --no-readyok 2
# No readyok at start-up (the handshake's isready): it never starts.
background noready1 setup_fails noready1 "did not complete its handshake: no readyok in 5000 ms" --no-readyok 1

# --- slow start: within the handshake timeout it plays; beyond it, a stall -------------
slow_start() {
    play slow 2 yes --slow-start 1500
    check "slow start (1.5 s) within the 10 s handshake: the mock moved" test "$(field slow 0 plies)" -gt 1
    check "slow start within the handshake: no start failure" qbt faults.no_start_failure "$tmp/slow/games.jsonl"
}
background slow slow_start
background slowfail setup_fails slowfail "did not complete its handshake: no uciok in 300 ms" --slow-start 1500 -- --handshake-timeout 300

# --- bad moves: lost by 'illegal move'; not an engine failure, so the run goes on -----
fault illegal "illegal move" "red: mock: illegal move 'a0a9'" --illegal 1
fault garbage "illegal move" "red: mock: unparseable move 'zz99'" --garbage 1
fault none "illegal move" "red: mock: bestmove (none) with 44 legal moves" --none 1
play illegal1 2 no --illegal 1
check "illegal move without --recover: the run goes on (exit 0, 2 games)" \
    test "$rc" -eq 0 -a "$(lines "$tmp/illegal1/games.jsonl")" -eq 2

# --- noise the harness must survive: the fault move is played, the game goes on --------
for noise in overlong flood; do
    play "$noise" 2 no "--$noise" 1
    check "$noise: exit 0" test "$rc" -eq 0
    check "$noise: the move after the noise was played (h2e2)" \
        test "$(field "$noise" 0 moves.0.move)" = h2e2
    check "$noise: the game went on past it" test "$(field "$noise" 0 plies)" -gt 2
    check "$noise: no crash or stall recorded" test "$(qbt prefixed "$tmp/$noise/games.jsonl" reason abandoned)" -eq 0
done

# --- a move time and its default grace (10 ms + a quarter of the move time: 22 ms at st=0.05) ---
# (st= from -each beside the engines' depth=1: the move time is the limit that
# is timed.) A mock 10 ms over its 50 ms plays on; one
# taking twice its time loses on time, the message naming the limit, the time
# taken, the grace and timemargin=.
play graced 2 no --slow-go 60 -- -each st=0.05
check "graced: 10 ms over st=0.05 is within the default grace: no time forfeit" \
    test "$(qbt count "$tmp/graced/games.jsonl" "reason=time forfeit")" -eq 0
play overrun 2 yes --slow-go 100 -- -each st=0.05
check "overrun: twice its move time loses on time, every game" all_lost overrun "time forfeit"
qbt column "$tmp/overrun/games.jsonl" detail >"$tmp/overrun.details"
check "overrun: the forfeit names the limit, the time, the grace and timemargin=" \
    grep -qE '^(red|black): lost on time: [0-9]+ ms for a move of 50 ms, past its grace of 22 ms( and [0-9]+ ms the machine held it back)? \(timemargin=MS sets the grace\)$' "$tmp/overrun.details"

# --- hangs: a clock runs out; the engine is then found unresponsive and replaced --------
# (--move-grace 200: the flag falls 0.2 s after the clock; between games
# `stop` + isready gets no readyok in 5 s: that game is forfeited as stalled.)
# hangs NAME MOCK-FLAGS...
hangs() {
    hname=$1; shift
    play "$hname" 2 yes "$@" -- -each tc=1+0.1 --move-grace 200
    check "$hname: exit 0 with --recover (got $rc)" test "$rc" -eq 0
    check "$hname: game 1 lost on time" test "$(field "$hname" 0 reason)" = "time forfeit"
    check "$hname: game 1 detail says why" test "$(field "$hname" 0 detail)" = "red: mock: no answer in time"
    check "$hname: game 2 forfeited by the unresponsive engine" test "$(field "$hname" 1 reason)" = "abandoned: engine stalled"
    check "$hname: game 2 detail" test "$(field "$hname" 1 detail)" = "black: mock: no readyok in 5000 ms (before the game)"
    check "$hname: ns won both" ns_won_all "$hname"
    check "$hname: reaped" reaped "$hname"
}
background hang hangs hang --stall-after-go 1
background floodforever hangs floodforever --flood-forever 1
hang_stops() {
    play hang1 4 no --stall-after-go 1 -- -each tc=1+0.1 --move-grace 200
    check "hang without --recover: the time loss does not stop the run, the stall after it does (exit 3, 2 games)" \
        test "$rc" -eq 3 -a "$(lines "$tmp/hang1/games.jsonl")" -eq 2
}
background hang1 hang_stops

# --- quit ignored (and SIGTERM too): the engine must be killed ------------------------
deaf() {
    play deaf 2 yes --ignore-quit --stall-after-go 1 -- -each tc=1+0.1 --move-grace 200
    check "ignores quit and SIGTERM: exit 0" test "$rc" -eq 0
    check "ignores quit: both games recorded" test "$(lines "$tmp/deaf/games.jsonl")" -eq 2
    check "ignores quit: killed and reaped" reaped deaf
    check "ignores quit: the run took the quit and SIGTERM graces (>= 2 s, took $ms ms)" test "$ms" -ge 2000
}
background deaf deaf

# --- hundreds of games against crashing engines: no leaks, no zombies -----------------
# The mock crashes (SIGSEGV) at its 2nd search, or closes its output, in
# every game; each start appends the harness's descriptor count and its
# unreaped children to the report.
play many 200 yes --crash-on-go 2
check "200 games, all recorded" test "$(lines "$tmp/many/games.jsonl")" -eq 200
check "200 games, every one abandoned: exit 3 (got $rc)" test "$rc" -eq 3
check "200 games, every one abandoned: says so" grep -q "every game (200) was abandoned" "$tmp/many.err"
check "every game lost by the crashing mock" ns_won_all many
check "200 games: the mock was restarted for each (>= 200 starts, got $(lines "$tmp/many.fds"))" \
    test "$(lines "$tmp/many.fds")" -ge 200
# fds_steady FILE: the harness's descriptor count at each start after the
# first two (the check before the games and the first game's; our engine is
# running from then on) varies by at most one (the exec-status pipe may
# still be open), and is positive.
fds_steady() { qbt faults.fds_steady "$1"; }
# no_harness_fds FILE: no engine inherited a descriptor of a file the run
# wrote (results folder, stderr logs: all under $tmp).
no_harness_fds() { ! grep -q "inherited=.*$tmp" "$1"; }
check "200 games: the harness's descriptors did not grow ($(sed -n '2p;$p' "$tmp/many.fds" | cut -d' ' -f2 | tr '\n' ' '))" \
    fds_steady "$tmp/many.fds"
check "200 games: no engine inherited a descriptor of the run's files ($(sed -n '1s/.*inherited=//p' "$tmp/many.fds"))" \
    no_harness_fds "$tmp/many.fds"
check "200 games: no zombie child at any start" test "$(grep -vc ' zombies=0 ' "$tmp/many.fds")" -eq 0
play many2 30 yes --close-stdout 2
check "30 games, output closed: all recorded" test "$(lines "$tmp/many2/games.jsonl")" -eq 30
check "30 games, output closed: descriptors did not grow" fds_steady "$tmp/many2.fds"
check "30 games, output closed: no zombies" test "$(grep -vc ' zombies=0 ' "$tmp/many2.fds")" -eq 0
join_background
check "no engine of any run left running" test "$(own_left mock_engine)" -eq 0

report
