#!/bin/sh
# e2e_uci.sh - the engine's search protocol end to end: the option list, go
# with every kind of limit, stop / isready / quit / position while a search
# runs, setoption errors, bestmove (none), bench in the loop and on the
# command line (where the bench file is looked for, its errors), and the
# command-line flags. Every engine run is under `timeout`, so a hang fails.
set -u
. "$(dirname "$0")/lib_e2e.sh"
ENGINE=${ENGINE:-bin/xiangqi-engine}
case $ENGINE in /*) engine_abs=$ENGINE ;; *) engine_abs=$(pwd)/$ENGINE ;; esac

# run LINE...: sends the lines, then end of input (which lets a limited search finish).
run() { printf '%s\n' "$@" | timeout 10 "$ENGINE" >"$tmp/out" 2>"$tmp/err"; }
# script LINE...: like run, but a line "sleep S" waits S seconds instead of being sent.
script() {
    for line in "$@"; do
        case $line in "sleep "*) sleep "${line#sleep }" ;; *) printf '%s\n' "$line" ;; esac
    done | timeout 10 "$ENGINE" >"$tmp/out" 2>"$tmp/err"
}
now_ms() { date +%s%N | cut -c1-13; }
count() { grep -c "$1" "$tmp/out"; }
# The moves of the last bestmove line, the first pv move of the last info line.
best() { sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$tmp/out" | tail -n 1; }
last_pv() { grep '^info ' "$tmp/out" | tail -n 1 | sed -n 's/.* pv \([^ ]*\).*/\1/p'; }
# legal POSITION-COMMAND: writes the legal moves of that position to $tmp/legal.
legal() {
    printf '%s\ngo perft 1\n' "$1" | timeout 10 "$ENGINE" 2>/dev/null | sed -n 's/^\([a-i][0-9][a-i][0-9]\): 1$/\1/p' >"$tmp/legal"
}
is_legal() { [ -n "$1" ] && grep -qx "$1" "$tmp/legal"; }
# The number after "Nodes searched  :" in $1.
bench_nodes() { sed -n 's/^Nodes searched  : \([0-9]*\)$/\1/p' "$1"; }
INFO_RE='^info depth [0-9]+ seldepth [0-9]+ score (cp|mate) -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ pv( [a-i][0-9][a-i][0-9])+$'
MATED='R3k4/1R7/9/9/9/9/9/9/9/3K5 b'

# --- uci / ucci: identity and the option list --------------------------------
run uci
check "uci ends with uciok" test "$(tail -n 1 "$tmp/out")" = uciok
check "uci names the engine" grep -qx 'id name qibench-xiangqi' "$tmp/out"
check "uci names an author" grep -q '^id author .' "$tmp/out"
check "Search option is a combo defaulting to modern" \
    grep -q '^option name Search type combo default modern\( var [a-z-]*\)*$' "$tmp/out"
for v in negamax alphabeta alphabeta-hh alphabeta-tt id aspiration pvs negascout mtdf modern random mcts; do
    check "Search option lists $v" grep -q "^option name Search .* var $v\( \|\$\)" "$tmp/out"
done
"$ENGINE" --help 2>/dev/null | sed -n '/^Search variants:/,$p' | sed -n 's/^  \([a-z-]*\) .*/\1/p' >"$tmp/help_variants"
sed -n 's/^option name Search .*default [a-z-]*//p' "$tmp/out" | tr ' ' '\n' | grep -v '^var$' | grep . >"$tmp/uci_variants"
check "--help and uci list the same variants in the same order" cmp -s "$tmp/help_variants" "$tmp/uci_variants"
check "Hash option" grep -qx 'option name Hash type spin default 16 min 1 max 4096' "$tmp/out"
check "Quiescence option" grep -qx 'option name Quiescence type check default true' "$tmp/out"
check "TTExactDraft option" grep -qx 'option name TTExactDraft type check default false' "$tmp/out"
check "Threads option" grep -qx 'option name Threads type spin default 1 min 1 max 1' "$tmp/out"
check "Seed option" grep -qx 'option name Seed type spin default 1 min 0 max 2147483647' "$tmp/out"
check "MCTSPlayout option" grep -qx 'option name MCTSPlayout type combo default eval var random var eval' "$tmp/out"
check "MCTSCutoff option" grep -qx 'option name MCTSCutoff type spin default 0 min 0 max 100' "$tmp/out"
check "MCTSSample option" grep -qx 'option name MCTSSample type spin default 64 min 1 max 1024' "$tmp/out"
# The search features: a check option each (on in modern, the default variant),
# and an `info string feature` line saying what it does and whether it is exact.
for f in Killers CheckExtension NullMove LMR Futility ReverseFutility IID SEE QSEEPrune MateDistance LMP \
    HistoryMalus TTFirst CounterMove DeltaPrune SEEQuietPrune QChecks Mobility KingSafety Pawns Phase \
    Endgames KingAttack Tuned Threats; do
    on=true
    case $f in IID | TTFirst | DeltaPrune | QChecks | Pawns | Phase | Threats) on=false ;; esac # not in the preset: no gain measured
    check "$f option ($on in modern)" grep -qx "option name $f type check default $on" "$tmp/out"
    check "$f described" grep -qE "^info string feature $f +(exact|inexact) +[a-z]" "$tmp/out"
done
check "fifteen exact features (seven search features, eight evaluation terms)" \
    test "$(grep -cE '^info string feature [A-Za-z]+ +exact ' "$tmp/out")" -eq 15
run "setoption name Search value negascout" uci
check "negascout: every feature off" test "$(grep -c '^option name .* type check default true$' "$tmp/out")" -eq 1
check "negascout: Quiescence still on" grep -qx 'option name Quiescence type check default true' "$tmp/out"
run "setoption name Search value negascout" "setoption name NullMove value true" uci
check "setoption NullMove true on negascout" grep -qx 'option name NullMove type check default true' "$tmp/out"
run "setoption name NullMove value false" "setoption name Search value modern" uci
check "NullMove false holds whatever Search says after" grep -qx 'option name NullMove type check default false' "$tmp/out"
check "... and modern's other features stay on" grep -qx 'option name LMR type check default true' "$tmp/out"
run "setoption name LMR value maybe"
check "setoption LMR maybe: one error line naming it" grep -q "LMR.*maybe" "$tmp/err"
run ucci
check "ucci ends with ucciok" test "$(tail -n 1 "$tmp/out")" = ucciok
check "ucci lists the options too" grep -q '^option name Search ' "$tmp/out"

# --- go depth: info lines with every field, a legal bestmove -----------------
legal "position startpos"
check "start position has 44 legal moves" test "$(wc -l <"$tmp/legal")" -eq 44
run "position startpos" "go depth 2"
check "go depth 2: one bestmove" test "$(count '^bestmove ')" -eq 1
check "go depth 2: bestmove is legal ($(best))" is_legal "$(best)"
check "go depth 2: info lines for depths 1 and 2" \
    sh -c "grep -q '^info depth 1 ' '$tmp/out' && grep -q '^info depth 2 ' '$tmp/out'"
check "go depth 2: no deeper info line" test "$(grep -c '^info depth [3-9]' "$tmp/out")" -eq 0
check "go depth 2: every info line has all fields" test "$(grep -c '^info ' "$tmp/out")" -eq "$(grep -cE "$INFO_RE" "$tmp/out")"
check "go depth 2: bestmove is the first pv move" test "$(best)" = "$(last_pv)"
check "go depth 2: nothing on stderr" test ! -s "$tmp/err"

# --- go nodes / movetime / clock ---------------------------------------------
run "position startpos" "go nodes 5000"
check "go nodes 5000: legal bestmove ($(best))" is_legal "$(best)"
max_nodes=$(grep '^info ' "$tmp/out" | sed 's/.* nodes \([0-9]*\) .*/\1/' | sort -n | tail -n 1)
check "go nodes 5000: reports iterations (max nodes ${max_nodes:-none})" test -n "$max_nodes"
check "go nodes 5000: node counts within the limit, roughly" test "${max_nodes:-0}" -le 10000
# The final info line reports the whole search (issue 15): exactly the 5000
# nodes searched, the aborted iteration included, at the last completed depth.
last_nodes=$(grep '^info ' "$tmp/out" | tail -n 1 | sed -n 's/.* nodes \([0-9]*\) .*/\1/p')
check "go nodes 5000: the last info line says 5000 nodes (${last_nodes:-none})" test "${last_nodes:-0}" -eq 5000
check "go nodes 5000: the last info line's PV starts with the bestmove, the unfinished iteration's if better" \
    test "$(last_pv)" = "$(best)"
depths=$(grep '^info depth' "$tmp/out" | tail -n 2 | cut -d' ' -f3 | tr '\n' ' ')
check "go nodes 5000: the last info line has the last completed depth ($depths)" \
    test "$(echo "$depths" | cut -d' ' -f1)" = "$(echo "$depths" | cut -d' ' -f2)"
for v in negascout modern; do
    run "setoption name Search value $v" "position startpos" "go movetime 200"
    n2=$(grep '^info ' "$tmp/out" | tail -n 2 | sed -n 's/.* nodes \([0-9]*\) .*/\1/p' | tr '\n' ' ')
    prev=$(echo "$n2" | cut -d' ' -f1) final=$(echo "$n2" | cut -d' ' -f2)
    check "$v go movetime 200: the final info line counts the unfinished iteration too ($prev < $final)" \
        test "${prev:-0}" -lt "${final:-0}"
    check "$v go movetime 200: every info line has all fields" \
        test "$(grep -c '^info ' "$tmp/out")" -eq "$(grep -cE "$INFO_RE" "$tmp/out")"
done
# The last info line counts what bench counts: bench over a file holding
# only the start position, against go depth 3 from it.
run "position startpos" "go depth 3"
d3=$(grep '^info ' "$tmp/out" | tail -n 1 | sed -n 's/.* nodes \([0-9]*\) .*/\1/p')
check "go depth 3: one info line per depth, no final repeat" test "$(grep -c '^info ' "$tmp/out")" -eq 3
mkdir -p "$tmp/startpos/xiangqi"
echo 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1' >"$tmp/startpos/xiangqi/bench.epd"
QIBENCH_POSITIONS=$tmp/startpos timeout 20 "$ENGINE" bench 3 >"$tmp/bench1" 2>/dev/null
check "go depth 3 reports the nodes bench 3 counts (${d3:-none} = $(bench_nodes "$tmp/bench1"))" \
    test "${d3:-x}" = "$(bench_nodes "$tmp/bench1")"

start=$(now_ms)
run "position startpos" "go movetime 200"
elapsed=$(($(now_ms) - start))
check "go movetime 200: legal bestmove ($(best))" is_legal "$(best)"
check "go movetime 200: answered within 2 s (took $elapsed ms)" test "$elapsed" -lt 2000

# Every variant honours movetime, the clock, nodes and stop.
for v in negamax alphabeta alphabeta-hh alphabeta-tt id aspiration pvs negascout mtdf modern random mcts; do
    start=$(now_ms)
    run "setoption name Search value $v" "position startpos" "go movetime 300"
    elapsed=$(($(now_ms) - start))
    check "$v: go movetime 300 gives a legal move ($(best))" is_legal "$(best)"
    check "$v: go movetime 300 answered within 1.5 s (took $elapsed ms)" test "$elapsed" -lt 1500
    start=$(now_ms)
    run "setoption name Search value $v" "position startpos" "go wtime 3000 btime 3000"
    elapsed=$(($(now_ms) - start))
    check "$v: go wtime 3000 gives a legal move ($(best))" is_legal "$(best)"
    check "$v: go wtime 3000 uses well under the clock (took $elapsed ms)" test "$elapsed" -lt 1500
    run "setoption name Search value $v" "position startpos" "go nodes 2000"
    check "$v: go nodes 2000 gives a legal move ($(best))" is_legal "$(best)"
    check "$v: go nodes 2000 stays within 2000 nodes" \
        test "$(grep '^info ' "$tmp/out" | tail -n 1 | sed -n 's/.* nodes \([0-9]*\) .*/\1/p')" -le 2000
    start=$(now_ms)
    script "setoption name Search value $v" "position startpos" "go infinite" "sleep 0.3" "stop"
    elapsed=$(($(now_ms) - start))
    check "$v: go infinite + stop gives a legal move ($(best))" is_legal "$(best)"
    check "$v: stop answered promptly (took $elapsed ms)" test "$elapsed" -lt 1500
done

legal "position startpos moves h2e2"
start=$(now_ms)
run "position startpos moves h2e2" "go wtime 60000 btime 1000 winc 0 binc 100 movestogo 10"
elapsed=$(($(now_ms) - start))
check "go wtime/btime: legal move for Black ($(best))" is_legal "$(best)"
check "go btime 1000: answered within 2 s (took $elapsed ms)" test "$elapsed" -lt 2000

# --- go infinite, stop, isready, position and quit while searching -----------
legal "position startpos"
script "position startpos" "go infinite" "sleep 1" "isready" "sleep 0.5" "stop" "sleep 0.3"
ready_at=$(grep -n '^readyok$' "$tmp/out" | cut -d: -f1)
best_at=$(grep -n '^bestmove ' "$tmp/out" | cut -d: -f1)
check "go infinite: isready answered while searching" test -n "$ready_at"
check "go infinite: bestmove only after stop (readyok line ${ready_at:-?}, bestmove line ${best_at:-?})" \
    test "${ready_at:-0}" -gt 0 -a "${best_at:-0}" -gt "${ready_at:-0}"
check "go infinite + stop: one bestmove" test "$(count '^bestmove ')" -eq 1
check "go infinite + stop: legal bestmove ($(best))" is_legal "$(best)"
check "go infinite: reported iterations" test "$(grep -cE "$INFO_RE" "$tmp/out")" -ge 1

legal "position startpos moves h2e2"
script "position startpos" "go infinite" "sleep 0.3" "position startpos moves h2e2" "go depth 1"
check "position during a search stops it: two bestmoves" test "$(count '^bestmove ')" -eq 2
check "the second search is of the new position ($(best))" is_legal "$(best)"

start=$(now_ms)
{ printf 'position startpos\ngo infinite\n'; sleep 0.5; printf 'quit\n'; sleep 3; } |
    { timeout 10 "$ENGINE" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"; now_ms >"$tmp/end"; }
elapsed=$(($(cat "$tmp/end") - start))
check "quit during a search exits 0" test "$(cat "$tmp/rc")" -eq 0
check "quit during a search exits promptly (took $elapsed ms)" test "$elapsed" -lt 2500
check "quit during a search prints a bestmove first" test "$(count '^bestmove ')" -eq 1

# --- no legal move -----------------------------------------------------------
run "position fen $MATED" "go perft 1" "go depth 2"
check "the mated position has no legal move" grep -qx 'Nodes searched: 0' "$tmp/out"
check "no legal move: bestmove (none)" grep -qx 'bestmove (none)' "$tmp/out"
script "position fen $MATED" "go infinite" "sleep 0.3" "stop"
check "no legal move, go infinite + stop: bestmove (none)" grep -qx 'bestmove (none)' "$tmp/out"

# --- errors are reported on stderr and are never fatal -----------------------
run "setoption name Bogus value 1" "setoption name Hash value 99999" "setoption name Search value nope" \
    "setoption name Threads value 2" "setoption name Quiescence value maybe" "setoption name Hash" \
    "setoption name search value PVS" "setoption name HASH value 8" "setoption name quiescence value false" \
    "setoption name Threads value 1" isready uci
check "six setoption errors, one line each" test "$(grep -c '^setoption: ' "$tmp/err")" -eq 6 -a "$(wc -l <"$tmp/err")" -eq 6
check "unknown option named" grep -q "unknown option 'Bogus'" "$tmp/err"
check "bad Hash value named" grep -q "'99999'" "$tmp/err"
check "unknown variant named" grep -q "'nope'" "$tmp/err"
check "still answering after setoption errors" grep -qx readyok "$tmp/out"
check "setoption names are case-insensitive (Search now pvs)" grep -q '^option name Search type combo default pvs ' "$tmp/out"
check "setoption Hash 8 took effect" grep -qx 'option name Hash type spin default 8 min 1 max 4096' "$tmp/out"
check "setoption Quiescence false took effect" grep -qx 'option name Quiescence type check default false' "$tmp/out"

run "go depth x" "go depth 0" "go frobnicate" "go nodes -5" "go movetime" "go perft 0" isready
check "six bad go commands, six stderr lines" test "$(wc -l <"$tmp/err")" -eq 6
check "a bad go argument starts no search" test "$(count '^bestmove ')" -eq 0
check "still answering after bad go commands" grep -qx readyok "$tmp/out"

legal "position startpos"
run "ucinewgame" "setoption name Search value alphabeta" "position startpos" "go depth 2" "go perft 1"
check "setoption Search alphabeta then go: legal bestmove ($(best))" is_legal "$(best)"
check "go perft still works after a search" grep -qx 'Nodes searched: 44' "$tmp/out"

# --- bench -------------------------------------------------------------------
mkdir -p "$tmp/pos/xiangqi" "$tmp/bad/xiangqi" "$tmp/x/bin" "$tmp/x/positions/xiangqi" "$tmp/elsewhere"
cat >"$tmp/pos/xiangqi/bench.epd" <<'EOF'
# three positions for the test
rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 ;id "start"

r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1 ;D1 38
3akab2/9/4b4/p3p3p/2p6/6R2/P3P3P/4B4/4A4/2BAK4 b
EOF
export QIBENCH_POSITIONS="$tmp/pos"
timeout 60 "$ENGINE" bench 2 >"$tmp/bench1" 2>"$tmp/bench1.err"
check "bench exits 0" test $? -eq 0
check "bench prints exactly the three total lines" test "$(wc -l <"$tmp/bench1")" -eq 3
check "bench: Total time line" grep -qE '^Total time \(ms\) : [0-9]+$' "$tmp/bench1"
check "bench: Nodes searched line" grep -qE '^Nodes searched  : [1-9][0-9]*$' "$tmp/bench1"
check "bench: Nodes/second line" grep -qE '^Nodes/second    : [0-9]+$' "$tmp/bench1"
check "bench: one progress line per position on stderr" test "$(grep -c '^position [1-3]/3: nodes [1-9]' "$tmp/bench1.err")" -eq 3
timeout 60 "$ENGINE" bench 2 >"$tmp/bench2" 2>/dev/null
check "bench node count is reproducible" test "$(bench_nodes "$tmp/bench1")" = "$(bench_nodes "$tmp/bench2")"
printf 'bench 2\nisready\n' | timeout 60 "$ENGINE" >"$tmp/bench3" 2>/dev/null
check "bench in the loop gives the same node count" test "$(bench_nodes "$tmp/bench1")" = "$(bench_nodes "$tmp/bench3")"
check "the loop goes on after bench" grep -qx readyok "$tmp/bench3"
timeout 60 "$ENGINE" --search alphabeta --hash 8 bench 2 >"$tmp/bench4" 2>/dev/null
check "--search alphabeta --hash 8 bench 2 exits 0" test $? -eq 0
timeout 60 "$ENGINE" bench 2 alphabeta >"$tmp/bench5" 2>/dev/null
check "bench DEPTH VARIANT equals --search VARIANT bench DEPTH" \
    test -n "$(bench_nodes "$tmp/bench4")" -a "$(bench_nodes "$tmp/bench4")" = "$(bench_nodes "$tmp/bench5")"
timeout 60 "$ENGINE" bench 1 >"$tmp/bench6" 2>/dev/null
check "bench 1 searches fewer nodes than bench 2" test "$(bench_nodes "$tmp/bench6")" -lt "$(bench_nodes "$tmp/bench1")"

printf '# header\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;ok\nrnbakabnr/9 w ;bad\n' \
    >"$tmp/bad/xiangqi/bench.epd"
QIBENCH_POSITIONS="$tmp/bad" timeout 60 "$ENGINE" bench 1 >"$tmp/out" 2>"$tmp/err"
check "malformed bench line exits 1" test $? -eq 1
check "malformed bench line names file and line" grep -q "bad/xiangqi/bench.epd:3:" "$tmp/err"
check "nothing on stdout after a malformed bench file" test ! -s "$tmp/out"

# Without QIBENCH_POSITIONS the file is found next to the executable (../positions/...).
cp "$ENGINE" "$tmp/x/bin/xiangqi-engine"
cp "$tmp/pos/xiangqi/bench.epd" "$tmp/x/positions/xiangqi/bench.epd"
(cd "$tmp/elsewhere" && unset QIBENCH_POSITIONS && timeout 60 "$tmp/x/bin/xiangqi-engine" bench 2 >"$tmp/out" 2>/dev/null)
check "bench file found relative to the executable" test "$(bench_nodes "$tmp/out")" = "$(bench_nodes "$tmp/bench1")"
rm "$tmp/x/positions/xiangqi/bench.epd"
(cd "$tmp/elsewhere" && QIBENCH_POSITIONS="$tmp/nowhere" timeout 60 "$tmp/x/bin/xiangqi-engine" bench 2 >"$tmp/out" 2>"$tmp/err")
check "missing bench file exits 1" test $? -eq 1
check "missing bench file: one line" test "$(wc -l <"$tmp/err")" -eq 1
check "missing bench file: names the paths tried" \
    sh -c "grep -q '$tmp/nowhere/xiangqi/bench.epd' '$tmp/err' && grep -q 'positions/xiangqi/bench.epd' '$tmp/err'"
unset QIBENCH_POSITIONS
timeout 10 "$ENGINE" bench 2 nosuchvariant >"$tmp/out" 2>"$tmp/err"
check "bench with a bad argument exits 1" test $? -eq 1
check "bench with a bad argument says which" grep -q "'nosuchvariant'" "$tmp/err"

# --- command-line flags ------------------------------------------------------
timeout 10 "$ENGINE" --search bogus </dev/null >"$tmp/out" 2>"$tmp/err"
check "--search bogus exits 1" test $? -eq 1
check "--search bogus: one line" test "$(wc -l <"$tmp/err")" -eq 1
check "--search bogus: the message names it" grep -q "'bogus'" "$tmp/err"
check "--search bogus: no protocol output" test ! -s "$tmp/out"
for args in "--hash 0" "--hash x" "--hash" "--quiescence maybe" "--tt-exact-draft" "--frobnicate"; do
    # shellcheck disable=SC2086
    timeout 10 "$ENGINE" $args </dev/null >/dev/null 2>"$tmp/err"
    rc=$?
    check "bad flag '$args' exits 1 (got $rc)" test "$rc" -eq 1
    check "bad flag '$args': one-line message" test "$(wc -l <"$tmp/err")" -eq 1
done
printf 'uci\n' | timeout 10 "$ENGINE" --search pvs --hash 32 --quiescence off --tt-exact-draft=on >"$tmp/out" 2>"$tmp/err"
check "flags: --search pvs" grep -q '^option name Search type combo default pvs ' "$tmp/out"
check "flags: --hash 32" grep -qx 'option name Hash type spin default 32 min 1 max 4096' "$tmp/out"
check "flags: --quiescence off" grep -qx 'option name Quiescence type check default false' "$tmp/out"
check "flags: --tt-exact-draft=on" grep -qx 'option name TTExactDraft type check default true' "$tmp/out"
legal "position startpos"
run_flags() { printf '%s\n' "$@" | timeout 10 "$ENGINE" --search alphabeta --quiescence off >"$tmp/out" 2>"$tmp/err"; }
run_flags "position startpos" "go depth 2"
check "flags then the loop: legal bestmove ($(best))" is_legal "$(best)"
timeout 10 "$ENGINE" --help >"$tmp/out" 2>&1
check "--help exits 0" test $? -eq 0
for word in --search --hash --quiescence --tt-exact-draft perft bench negascout; do
    check "--help mentions $word" grep -q -- "$word" "$tmp/out"
done
timeout 10 "$ENGINE" --hash 8 perft 2 >"$tmp/out" 2>"$tmp/err"
check "flags before perft" grep -qx 'Nodes searched: 1920' "$tmp/out"

report
