#!/bin/sh
# e2e_affinity.sh - --use-affinity [CPUS] (fastchess's -use-affinity): each
# game slot's engines pinned to CPUs of their own, as the engines see it
# (the mock's --affinity-report: its Cpus_allowed_list at each start); the
# warning when the concurrency needs more CPUs than listed; a malformed list
# or a CPU out of reach refused with one line, exit 2; --resume keeps the
# choice from run.json, a new --use-affinity replaces it. Match, tournament
# and suite.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}
case $MOCK in /*) ;; *) MOCK=$PWD/$MOCK ;; esac

if [ ! -r /proc/self/status ] || ! grep -q '^Cpus_allowed_list:' /proc/self/status; then
    skip "no /proc/self/status Cpus_allowed_list (not Linux): affinity untested"
    report
    exit 0
fi
ncpu=$(getconf _NPROCESSORS_ONLN)
# engines REPORT: two mocks, each appending its CPUs to REPORT at every start.
engines() {
    echo "-engine cmd=$MOCK name=a arg=--affinity-report arg=$1 -engine cmd=$MOCK name=b arg=--affinity-report arg=$1 -each depth=1"
}
# match NAME REPORT EXTRA...: 8 short games (6 plies) into $tmp/NAME.
match() {
    name=$1 rep=$2; shift 2
    # shellcheck disable=SC2046
    "$QIBENCH" match $(engines "$rep") --maxplies 6 --games 8 --results "$tmp" --name "$name" "$@" \
        >"$tmp/$name.out" 2>"$tmp/$name.err"
}
# starts REPORT LIST: how many engine starts were pinned to exactly LIST.
starts() { grep -cx "affinity=$2" "$1"; }
# slots REPORT: "N0 N1", the starts pinned to CPU 0 and to CPU 1.
slots() { echo "$(starts "$1" 0) $(starts "$1" 1)"; }

# Two games at a time on two CPUs: slot 1's engines on CPU 0, slot 2's on
# CPU 1 (each engine once per slot; the engines' check before the games is
# not pinned), and no warning.
if [ "$ncpu" -ge 2 ]; then
    match two "$tmp/two.rep" --concurrency 2 --use-affinity 0-1
    check "concurrency 2 on 0-1: exit 0" [ $? -eq 0 ]
    check "slot 1's two engines on CPU 0, slot 2's on CPU 1: $(tr '\n' ' ' <"$tmp/two.rep")" \
        [ "$(slots "$tmp/two.rep")" = "2 2" ]
    check "no warning with a CPU a game" sh -c "! grep -q 'warning: --use-affinity' '$tmp/two.err'"
    check "8 games played" [ "$(qbt count "$tmp/two/games.jsonl")" -eq 8 ]
    # The option alone: every CPU qibench may run on (0-1 here, or what it is given), one-dash spelling.
    match alone "$tmp/alone.rep" --concurrency 2 -use-affinity
    check "-use-affinity alone: exit 0" [ $? -eq 0 ]
    check "-use-affinity alone: slots on CPUs 0 and 1" [ "$(slots "$tmp/alone.rep")" = "2 2" ]
    # --resume keeps the choice (run.json's command line); a new list replaces it.
    check "run.json keeps --use-affinity 0-1" grep -q '"--use-affinity","0-1"' "$tmp/two/run.json"
    head -n 4 "$tmp/two/games.jsonl" >"$tmp/four" && cp "$tmp/four" "$tmp/two/games.jsonl"
    : >"$tmp/two.rep"
    "$QIBENCH" match --resume "$tmp/two" >"$tmp/resume.out" 2>&1
    check "--resume: exit 0" [ $? -eq 0 ]
    check "--resume: the slots pinned as before" [ "$(slots "$tmp/two.rep")" = "2 2" ]
    head -n 4 "$tmp/two/games.jsonl" >"$tmp/four" && cp "$tmp/four" "$tmp/two/games.jsonl"
    : >"$tmp/two.rep"
    "$QIBENCH" match --resume "$tmp/two" --use-affinity 1 >"$tmp/resume1.out" 2>&1
    check "--resume --use-affinity 1: exit 0" [ $? -eq 0 ]
    check "--resume --use-affinity 1: every engine on CPU 1" [ "$(starts "$tmp/two.rep" 1)" -eq 4 ]
    check "--resume --use-affinity 1: the warning" grep -q 'warning: --use-affinity 1 is 1 CPU' "$tmp/resume1.out"
    # The option alone after --resume (no list: every CPU) is a run option too.
    head -n 4 "$tmp/two/games.jsonl" >"$tmp/four" && cp "$tmp/four" "$tmp/two/games.jsonl"
    : >"$tmp/two.rep"
    "$QIBENCH" match --resume "$tmp/two" --use-affinity >"$tmp/resume2.out" 2>&1
    check "--resume --use-affinity alone: exit 0 ($(head -n 1 "$tmp/resume2.out"))" [ $? -eq 0 ]
    check "--resume --use-affinity alone: slots on CPUs 0 and 1" [ "$(slots "$tmp/two.rep")" = "2 2" ]
else
    skip "one CPU online: two slots on two CPUs untested"
fi

# Two games at a time on one CPU: one warning line, both slots on CPU 0.
match one "$tmp/one.rep" --concurrency 2 --use-affinity 0
check "concurrency 2 on one CPU: exit 0" [ $? -eq 0 ]
check "one CPU: both slots' engines on CPU 0" [ "$(starts "$tmp/one.rep" 0)" -eq 4 ]
check "one CPU: the warning, one line" [ "$(grep -c 'warning: --use-affinity' "$tmp/one.err")" -eq 1 ]
check "one CPU: the warning says what happens" grep -qx "qibench match: warning: --use-affinity 0 is 1 CPU for \
--concurrency 2: games at a time will share CPUs (each slot pinned to one CPU of the list, in turn)" "$tmp/one.err"

# Refused: a malformed list, a CPU out of reach; one line, exit 2, no results folder.
refuse() { # WHAT WANT LIST
    "$QIBENCH" match $(engines "$tmp/no.rep") --results "$tmp" --name refused --use-affinity "$3" >"$tmp/r.out" 2>"$tmp/r.err"
    rc=$?
    check "$1: exit 2 (got $rc)" [ "$rc" -eq 2 ]
    check "$1: one line: $(cat "$tmp/r.err")" [ "$(lines "$tmp/r.err")" -eq 1 ]
    check "$1: says what: $(cat "$tmp/r.err")" grep -qF "$2" "$tmp/r.err"
    check "$1: no results folder" [ ! -e "$tmp/refused" ]
}
refuse "a malformed list" "qibench match: --use-affinity: bad CPU list '0-x' (expected CPU numbers from 0 to 1023 and \
ranges A-B with A <= B, separated by commas, such as 0-3,6)" 0-x
refuse "a reversed range" "bad CPU list '3-1'" 3-1
refuse "a CPU out of reach" "qibench match: --use-affinity: CPU 1023 is not one qibench may run on" 1023
check "no engine started by a refused run" [ ! -e "$tmp/no.rep" ]

# A suite: two searches at a time (each 200 ms, so both slots get some), one slot a CPU.
if [ "$ncpu" -ge 2 ]; then
    for id in a b c d; do
        echo "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;id \"$id\""
    done >"$tmp/four.epd"
    "$QIBENCH" suite "$tmp/four.epd" -engine cmd="$MOCK" name=m arg=--affinity-report arg="$tmp/s.rep" arg=--slow-go \
        arg=200 depth=1 --results "$tmp" --name s --concurrency 2 --use-affinity 0-1 >"$tmp/s.out" 2>"$tmp/s.err"
    check "suite --concurrency 2 --use-affinity 0-1: exit 0 ($(cat "$tmp/s.err"))" [ $? -eq 0 ]
    check "suite: slot 1's engine on CPU 0, slot 2's on CPU 1: $(tr '\n' ' ' <"$tmp/s.rep")" [ "$(slots "$tmp/s.rep")" = "1 1" ]
fi
"$QIBENCH" suite positions/xiangqi/mates.epd -engine cmd="$MOCK" name=m depth=1 --results "$tmp" --name s1 \
    --concurrency 2 --use-affinity 0 >"$tmp/s1.out" 2>"$tmp/s1.err"
check "suite on one CPU: the warning" grep -qx "qibench suite: warning: --use-affinity 0 is 1 CPU for --concurrency 2: \
searches at a time will share CPUs (each slot pinned to one CPU of the list, in turn)" "$tmp/s1.err"

# A tournament takes it too.
"$QIBENCH" tournament $(engines "$tmp/t.rep") -engine cmd="$MOCK" name=c arg=--affinity-report arg="$tmp/t.rep" \
    --maxplies 6 --results "$tmp" --name t --concurrency 1 --use-affinity 0 >"$tmp/t.out" 2>&1
check "tournament --use-affinity 0: exit 0" [ $? -eq 0 ]
check "tournament: its three engines on CPU 0" [ "$(starts "$tmp/t.rep" 0)" -eq 3 ]

report
