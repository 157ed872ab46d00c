#!/bin/sh
# e2e_suite.sh - `qibench suite` end to end: all twelve variants over the
# bench set at fixed depth (nodes must match the engine's own bench, the
# exact variants' scores must agree), every kind of engine failure from the
# scripted mock engine (each reported as its own kind, the run goes on, no
# process left behind), bad input, and real third-party engines when
# installed (Fairy-Stockfish over UCI with ranks 1-10, MaxQi and Sjaak II
# over xboard).
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
ENGINE=${ENGINE:-bin/xiangqi-engine}
MOCK=${MOCK:-build/release/tests/mock_engine}


# --- the variants over the bench set ------------------------------------
# Each of our engine's variants but mcts (its 113,000 playouts are the next
# part's), the optimised build (FAST_ENGINE) searching: the deep searches
# run optimised, the harness reading them is this build. The exact ones (not
# marked "(not exact)" in --help) must agree on scores. tests/bench.expected
# is the check-only signature, our engine's default (the asian one is
# tests/bench.asian.expected, checked below); --rules check-only is the
# harness's judging.
FAST_ENGINE=${FAST_ENGINE:-$ENGINE}
"$ENGINE" --help | sed -n '/^Search variants:/,$p' | awk 'NR > 1 { print $1 }' >"$tmp/variants"
"$ENGINE" --help | sed -n '/^Search variants:/,$p' | awk 'NR > 1 && !/\(not exact\)$/ { print $1 }' >"$tmp/exact"
engines=""
for v in $(grep -vx mcts "$tmp/variants"); do engines="$engines -engine name=$v option.Search=$v"; done
# shellcheck disable=SC2086 # the engines are words
"$QIBENCH" suite positions/xiangqi/bench.epd $engines -each cmd="$FAST_ENGINE" depth=3 --concurrency 2 --rules check-only \
    --results "$tmp" --name bench >"$tmp/out" 2>"$tmp/err"
check "suite exits 0" test $? -eq 0
J=$tmp/bench/searches.jsonl
check "330 searches logged (11 variants x 30 positions)" test "$(lines "$J")" -eq 330
check "twelve variants, nine exact" test "$(lines "$tmp/variants") $(lines "$tmp/exact")" = "12 9"
check "run.json written" test -s "$tmp/bench/run.json"
check "run.json names the eleven engines" test "$(qbt length "$tmp/bench/run.json" engines)" -eq 11
# Nodes per variant equal `bench 3 VARIANT` (tests/bench.expected, check-only).
while read -r variant depth nodes; do
    got=$(qbt total "$J" nodes engine="$variant")
    check "$variant: suite nodes $got = bench nodes $nodes" test "$got" = "$nodes"
done <<EOF2
$(grep -v '^#' tests/bench.expected | grep -v '^mcts ')
EOF2
check "all exact variants agree on every score at depth 3" qbt suite.exact_agree "$J" 30 $(cat "$tmp/exact")
check "every search ok with a legal best move and iterations" test "$(qbt suite.not_ok "$J")" -eq 0
check "table printed, one row per engine" \
    test "$(grep -cE "^($(grep -vx mcts "$tmp/variants" | paste -sd'|')) " "$tmp/out")" -eq 11
check "progress on stderr" grep -q '^\[330/330\]' "$tmp/err"
check "summary.json: per engine the totals of searches.jsonl (nodes, time, searched, agreement)" \
    qbt suite.check_summary "$tmp/bench/summary.json" "$J" 30

# --- the rule set reaches our engine; mate suite ---------------------------
# Without --rules the harness judges by asian and tells our engine (the one
# beside it) so: mcts's nodes are then those of `--rules asian bench 3 mcts`
# (tests/bench.asian.expected). The optimised qibench, to run the optimised
# engine beside it as its own.
"$(dirname "$FAST_ENGINE")/qibench" suite positions/xiangqi/bench.epd -variant-engines mcts -each depth=3 --concurrency 2 \
    --results "$tmp" --name bench-asian --log "$tmp/asian.log" >/dev/null 2>&1
want=$(awk '$1 == "mcts" { print $3 }' tests/bench.asian.expected)
got=$(qbt total "$tmp/bench-asian/searches.jsonl" nodes)
check "default rules: mcts suite nodes $got = asian bench nodes $want" test "$got" = "$want"
check "default rules: our engine was told Rules asian" grep -q '> setoption name Rules value asian' "$tmp/asian.log"
check "run.json records the rule set" test "$(qbt value "$tmp/bench-asian/run.json" rules)" = asian

"$QIBENCH" suite positions/xiangqi/mates.epd -engine name=ns option.Search=negascout depth=6 --results "$tmp" --name mates >"$tmp/out" 2>"$tmp/err"
check "mates: 26/26 solved at depth 6" grep -qE '^ns +26 +26/26 ' "$tmp/out"

# --- failures, each its own kind --------------------------------------------
printf '%s\n' 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;id "a"' \
    'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;id "b"' \
    'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;id "c"' >"$tmp/three.epd"
fault() { # fault NAME EXPECTED-STATUS MOCK-ARGS...
    name=$1 want=$2; shift 2
    args=""
    for a in "$@"; do args="$args arg=$a"; done
    # shellcheck disable=SC2086
    timeout 60 "$QIBENCH" suite "$tmp/three.epd" -engine name=$name cmd=$MOCK $args depth=1 \
        --results "$tmp" --name "$name" --handshake-timeout 1000 --ready-timeout 1000 --move-grace 1000 --search-timeout 2000 \
        >"$tmp/$name.out" 2>"$tmp/$name.err"
    frc=$?
    check "$name: the run completes, exit 3 for the failed search (got $frc)" test $frc -eq 3
    check "$name: stderr says 1 of 3 searches failed" grep -q "1 of 3 searches failed" "$tmp/$name.err"
    F=$tmp/$name/searches.jsonl
    check "$name: three searches logged" test "$(lines "$F")" -eq 3
    check "$name: reported as '$want'" test "$(qbt field "$F" 1 status)" = "$want"
    check "$name: the search after it is ok again" test "$(qbt field "$F" 2 status)" = ok
}
fault crash disconnect --crash-on-go 2
fault exit disconnect --exit-on-go 2
fault stall stall --stall-after-go 2
fault illegal "illegal move" --illegal 2
fault garbage "unparseable move" --garbage 2
check "no mock engine of this run left running" test "$(own_left mock_engine)" -eq 0

# An engine that cannot start or never completes its handshake is a setup
# error before any search: exit 2, one line naming it, no results folder.
# setup_error NAME WHY ENGINE-KEYS... [-- OPTIONS]
setup_error() {
    sname=$1 why=$2; shift 2
    keys="" extra=""
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do keys="$keys $1"; shift; done
    [ $# -gt 0 ] && shift && extra="$*"
    # shellcheck disable=SC2086
    timeout 60 "$QIBENCH" suite "$tmp/three.epd" -engine name="$sname" $keys depth=1 --results "$tmp" --name "$sname" \
        $extra >/dev/null 2>"$tmp/$sname.err"
    src=$?
    check "$sname: exit 2 (got $src)" test "$src" -eq 2
    check "$sname: one line: engine '$sname' $why" \
        sh -c "test \$(wc -l <'$tmp/$sname.err') -eq 1 && grep -qF \"qibench suite: engine '$sname' $why\" '$tmp/$sname.err'"
    check "$sname: no results folder" test ! -e "$tmp/$sname"
}
setup_error nouci "did not complete its handshake: no uciok in 500 ms" cmd="$MOCK" arg=--no-uciok -- --handshake-timeout 500
setup_error dies "cannot start: exited during start-up (exit 1)" cmd="$MOCK" arg=--exit-at-startup
setup_error none "cannot start: cannot run '/nonexistent/engine'" cmd=/nonexistent/engine
timeout 60 "$QIBENCH" suite "$tmp/three.epd" -engine name=slow cmd="$MOCK" arg=--slow-start arg=300 depth=1 \
    --results "$tmp" --name slow --handshake-timeout 3000 >/dev/null 2>&1
check "slow start within the timeout: ok" test "$(qbt field "$tmp/slow/searches.jsonl" 0 status)" = ok
timeout 60 "$QIBENCH" suite "$tmp/three.epd" -engine name=fairy cmd="$MOCK" arg=--fairy depth=1 notation=fairy \
    --results "$tmp" --name fairy --log "$tmp/traffic.log" >/dev/null 2>&1
check "notation=fairy: h3e3 read as h2e2" test "$(qbt field "$tmp/fairy/searches.jsonl" 0 bestmove)" = h2e2
check "traffic log has both directions with timestamps" sh -c \
    "grep -qE '^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3} fairy > uci' '$tmp/traffic.log' && grep -q 'fairy < uciok' '$tmp/traffic.log'"

# --- playouts ----------------------------------------------------------------
cat >"$tmp/play.epd" <<'EOF2'
9/9/5k3/3R5/6bC1/9/9/3A5/9/3K1A3 w ;result 1-0 ;within 2 ;id "mate-in-2"
4k4/4a4/9/9/9/9/9/9/4A4/3K5 w ;result 1/2-1/2 ;within 5 ;id "bare-draw"
4k4/4a4/9/9/9/9/9/9/4A4/3K5 w ;result 1-0 ;within 3 ;id "no-win"
rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;id "no-result"
EOF2
"$QIBENCH" suite "$tmp/play.epd" --playout -engine name=ns depth=4 -engine name=def option.Search=alphabeta depth=2 \
    --defender def --results "$tmp" --name play >"$tmp/out" 2>"$tmp/err"
check "playout run: exit 1 (one playout not reached)" test $? -eq 1
P=$tmp/play/playouts.jsonl
check "three playouts (the position without a result is skipped; the defender is not tested)" test "$(lines "$P")" -eq 3
check "mate in 2 played out to 1-0 by checkmate or stalemate in 3 plies" test "$(qbt suite.playout "$P" mate-in-2 result plies passed defender)" = "1-0 3 True def"
check "bare generals and advisors: draw by insufficient material, passed" test "$(qbt suite.playout "$P" bare-draw result reason passed)" = "1/2-1/2 insufficient material True"
check "a win expected where none exists fails" test "$(qbt suite.playout "$P" no-win passed)" = False
check "playout table: 2 of 3 passed, 1 not reached, 0 engine failed, 0 unplayed" grep -qE '^ns +3 +2 +1 +0 +0$' "$tmp/out"
check "playouts.jsonl: outcome passed / not reached per line" test "$(qbt suite.outcomes "$P")" = "passed passed not reached"
check "summary.json: passed 2, not_reached 1, failed (engine) 0, unplayed 0" test "$(qbt values "$tmp/play/summary.json" engines.0.name engines.0.playouts engines.0.passed engines.0.not_reached engines.0.failed engines.0.unplayed)" = "ns 3 2 1 0 0"
check "the exit status is explained on stderr" \
    grep -q '^qibench suite: 1 of 3 playouts not passed (1 not reached, 0 engine failed)$' "$tmp/err"
grep 'mate-in-2' "$tmp/play.epd" >"$tmp/play1.epd"
"$QIBENCH" suite "$tmp/play1.epd" --playout -engine name=ns depth=4 --results "$tmp" --name play1 >"$tmp/out" 2>&1
check "playouts all passed: exit 0" test $? -eq 0
timeout 60 "$QIBENCH" suite "$tmp/play1.epd" --playout -engine name=crash cmd="$MOCK" arg=--crash-on-go arg=1 depth=1 \
    --results "$tmp" --name playcrash >"$tmp/out" 2>&1
check "a playout whose engine crashed: exit 3 (a failure, as a crashed search), counted as engine failed" \
    sh -c "test $? -eq 3 && grep -qE '^crash +1 +0 +0 +1 +0\$' '$tmp/out'"
check "... its outcome in playouts.jsonl is 'engine failed'" \
    test "$(qbt field "$tmp/playcrash/playouts.jsonl" 0 outcome)" = "engine failed"

# --- Ctrl-C part way, then --resume -------------------------------------------
# Two engines over twelve positions at a fixed depth (a search is then
# reproducible): once uninterrupted; once stopped by one SIGINT (the search
# in progress finishes) once a few searches are written. The positions never
# searched are "unsearched", not failed, in the table and summary.json, and
# stderr says --resume makes them; --resume searches each of them once and
# its totals are the uninterrupted run's.
grep -v '^#' positions/xiangqi/bench.epd | head -n 12 >"$tmp/twelve.epd"
R="-variant-engines alphabeta,pvs -each cmd=$FAST_ENGINE depth=5"
# shellcheck disable=SC2086 # the engines are words
"$QIBENCH" suite "$tmp/twelve.epd" $R --results "$tmp" --name whole >/dev/null 2>&1
check "uninterrupted suite: exit 0, 24 searches" sh -c "test $? -eq 0 && test \$(wc -l <'$tmp/whole/searches.jsonl') -eq 24"
# shellcheck disable=SC2086
"$QIBENCH" suite "$tmp/twelve.epd" $R --results "$tmp" --name cut >"$tmp/cut.out" 2>"$tmp/cut.err" &
pid=$!
while [ "$(cat "$tmp/cut/searches.jsonl" 2>/dev/null | wc -l)" -lt 2 ] && kill -0 "$pid" 2>/dev/null; do sleep 0.02; done
"$QIBENCH" suite --resume "$tmp/cut" >/dev/null 2>"$tmp/busy.err"
check "--resume of a suite still running: exit 2, one line naming its process" sh -c \
    "test $? -eq 2 && test \$(wc -l <'$tmp/busy.err') -eq 1 && grep -q 'is being written by process $pid' '$tmp/busy.err'"
kill -INT "$pid"
wait "$pid"
check "Ctrl-C part way: exit 130" test $? -eq 130
n=$(lines "$tmp/cut/searches.jsonl")
left=$((24 - n))
check "Ctrl-C part way: some searches made, some not ($n of 24)" test "$n" -ge 2 -a "$left" -ge 1
check "Ctrl-C part way: summary.json says interrupted, $n searched, 0 failed, $left unsearched (was: failed $left)" \
    test "$(qbt suite.counts "$tmp/cut/summary.json")" = "interrupted $n 0 $left"
check "Ctrl-C part way: the table's failed and unsearched columns say 0 and $left" test \
    "$(awk '/^(alphabeta|pvs) / { f += $(NF - 1); u += $NF } END { print f, u }' "$tmp/cut.out")" = "0 $left"
check "Ctrl-C part way: stderr says how many are left and that --resume makes them" \
    grep -q "^qibench suite: $left of 24 searches not made: qibench suite --resume $tmp/cut makes them$" "$tmp/cut.err"
check "Ctrl-C part way: no 'searches failed' line" sh -c "! grep -q 'searches failed' '$tmp/cut.err'"
cp -R "$tmp/cut" "$tmp/torn" # for the torn line below
"$QIBENCH" suite --resume "$tmp/cut" --concurrency 2 >"$tmp/resume.out" 2>"$tmp/resume.err"
check "--resume: exit 0" test $? -eq 0
check "--resume: says what it read back" \
    grep -q "^qibench suite: resuming $tmp/cut: $n of 24 searches read back, $left to make$" "$tmp/resume.err"
check "--resume: only the $left left were searched (progress from [$((n + 1))/24])" \
    sh -c "test \$(grep -c '^\[' '$tmp/resume.err') -eq $left && grep -q '^\[$((n + 1))/24\]' '$tmp/resume.err'"
check "--resume: each search once, the same as the uninterrupted run's" \
    qbt suite.same_searches "$tmp/whole/searches.jsonl" "$tmp/cut/searches.jsonl"
check "--resume: summary.json finished, 24 searched, 0 failed, 0 unsearched" \
    test "$(qbt suite.counts "$tmp/cut/summary.json")" = "finished 24 0 0"
check "--resume: the totals are the uninterrupted run's (counts, nodes, EBF, agreement, per depth)" \
    qbt suite.same_totals "$tmp/whole/summary.json" "$tmp/cut/summary.json"
check "--resume: the run.json is the run's own, unchanged" cmp -s "$tmp/torn/run.json" "$tmp/cut/run.json"
# A torn last line (a write cut short by a kill): cut off, searched again.
head -c 100 "$tmp/whole/searches.jsonl" >>"$tmp/torn/searches.jsonl"
"$QIBENCH" suite --resume "$tmp/torn" >/dev/null 2>"$tmp/torn.err"
check "--resume of a torn last line: exit 0, the line discarded and said so" sh -c \
    "test $? -eq 0 && grep -q '^qibench suite: $tmp/torn/searches.jsonl:$((n + 1)): discarded a torn last line' '$tmp/torn.err'"
check "--resume of a torn last line: each search once, the uninterrupted run's" \
    qbt suite.same_searches "$tmp/whole/searches.jsonl" "$tmp/torn/searches.jsonl"
# What --resume refuses: each one line, exit 2, nothing written.
# refuse_resume WHAT MESSAGE ARGS...
refuse_resume() {
    what=$1 msg=$2; shift 2
    "$QIBENCH" suite "$@" >/dev/null 2>"$tmp/refused.err"
    rrc=$?
    check "--resume $what: exit 2 (got $rrc), one line: $msg" sh -c \
        "test $rrc -eq 2 && test \$(wc -l <'$tmp/refused.err') -eq 1 && grep -qF -- \"$msg\" '$tmp/refused.err'"
}
cp "$tmp/whole/searches.jsonl" "$tmp/whole.before"
refuse_resume "of a finished suite" "qibench suite: $tmp/whole is finished: its 24 searches are all in" --resume "$tmp/whole"
check "--resume of a finished suite: searches.jsonl unchanged" cmp -s "$tmp/whole.before" "$tmp/whole/searches.jsonl"
"$QIBENCH" match -engine name=a depth=1 -engine name=b option.Search=alphabeta depth=1 --results "$tmp" --name amatch \
    >/dev/null 2>&1
refuse_resume "of a match folder" "qibench suite: $tmp/amatch is a match run, not a suite (use qibench match --resume)" \
    --resume "$tmp/amatch"
refuse_resume "with a run's own option (--name)" "qibench suite: with --resume only run options (--concurrency, --use-affinity, --log, \
--debug, --handshake-timeout, --ready-timeout, --move-grace, --search-timeout) may be given, not '--name'" \
    --resume "$tmp/cut" --name other
refuse_resume "with a run's own option (-each depth=5)" "may be given, not '-each'" --resume "$tmp/cut" -each depth=5
refuse_resume "with a suite file" "not '$tmp/twelve.epd'" "$tmp/twelve.epd" --resume "$tmp/cut"
refuse_resume "without a folder" "qibench suite: --resume needs the run's folder" --resume
refuse_resume "of no run" "$tmp/nothing/run.json" --resume "$tmp/nothing"
cp -R "$tmp/whole" "$tmp/edited" && sed -i '3s/"engine":"[a-z]*"/"engine":"nosuch"/' "$tmp/edited/searches.jsonl"
cp "$tmp/edited/searches.jsonl" "$tmp/edited.before"
refuse_resume "of an edited line" "$tmp/edited/searches.jsonl:3: 'nosuch' is not an engine of this run" --resume "$tmp/edited"
check "--resume of an edited line: searches.jsonl unchanged" cmp -s "$tmp/edited.before" "$tmp/edited/searches.jsonl"
"$QIBENCH" suite "$tmp/twelve.epd" -engine name=x depth=1 --results "$tmp" --name cut >/dev/null 2>"$tmp/exists.err"
check "a new suite into a suite's folder: exit 2, one line suggesting --resume, --force and --name (suite's own)" \
    grep -qF "results folder $tmp/cut exists: go on with --resume $tmp/cut, or give --force to replace it, or another --name" \
    "$tmp/exists.err"
"$QIBENCH" merge "$tmp/amatch" --results "$tmp" --name whole >/dev/null 2>"$tmp/exists.err"
check "merge into a folder that exists: exit 2, no --resume suggested (merge has none)" sh -c "test $? -eq 2 && \
    grep -qF 'results folder $tmp/whole exists: give --force to replace it, or another --name' '$tmp/exists.err'"
# Playouts: the same, over playouts.jsonl.
cp -R "$tmp/play" "$tmp/play-cut" && sed -i '$d' "$tmp/play-cut/playouts.jsonl"
"$QIBENCH" suite --resume "$tmp/play-cut" >"$tmp/out" 2>"$tmp/err"
check "playouts --resume: exit 1 as the whole run (one not reached), one playout made" \
    sh -c "test $? -eq 1 && test \$(grep -c '^\[' '$tmp/err') -eq 1"
check "playouts --resume: the uninterrupted run's playouts, each once" \
    qbt suite.same_playouts "$tmp/play/playouts.jsonl" "$tmp/play-cut/playouts.jsonl"
check "playouts --resume: the table over all three" grep -qE '^ns +3 +2 +1 +0 +0$' "$tmp/out"

# --- qibench bench ---------------------------------------------------------
"$QIBENCH" bench -variant-engines alphabeta,negascout --expect tests/bench.expected --json "$tmp/bench.json" >"$tmp/out" 2>"$tmp/err"
check "qibench bench --expect: signatures match" test $? -eq 0
check "qibench bench: two ok rows" test "$(grep -c ' ok$' "$tmp/out")" -eq 2
check "qibench bench: JSON written" grep -q '"engine":"negascout"' "$tmp/bench.json"
printf 'alphabeta 3 1\n' >"$tmp/wrong.expected"
"$QIBENCH" bench -variant-engines alphabeta --expect "$tmp/wrong.expected" >/dev/null 2>"$tmp/err"
check "qibench bench: a changed signature exits 1" test $? -eq 1
check "qibench bench: names the variant" grep -q '^qibench bench: alphabeta: ' "$tmp/err"

# --- bad input ---------------------------------------------------------------
printf 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;id "x"\nnot a fen ;id "y"\n' >"$tmp/bad.epd"
"$QIBENCH" suite "$tmp/bad.epd" --results "$tmp" >"$tmp/out" 2>"$tmp/err"
check "bad EPD exits 2" test $? -eq 2
check "bad EPD: one line naming file and line" sh -c "test \$(wc -l <'$tmp/err') -eq 1 && grep -q 'bad.epd:2' '$tmp/err'"
"$QIBENCH" suite "$tmp/three.epd" -engine name=x bogus=1 >/dev/null 2>"$tmp/err"
check "bad engine key exits 2 with a message" grep -q "unknown key 'bogus'" "$tmp/err"
"$QIBENCH" suite "$tmp/three.epd" -variant-engines nosuch >/dev/null 2>"$tmp/err"
check "unknown variant named" grep -q "'nosuch'" "$tmp/err"
# A full disk (RLIMIT_FSIZE: writes past 10 KB fail; SIGXFSZ ignored): a clean stop.
(trap '' XFSZ; ulimit -f 20; exec "$QIBENCH" suite positions/xiangqi/bench.epd -variant-engines all -each depth=2 \
    --results "$tmp" --name full >"$tmp/out" 2>"$tmp/err")
check "full disk: exit 3" test $? -eq 3
check "full disk: one line says the results cannot be written, and the run stops" sh -c \
    "test \$(grep -c 'cannot write the results in .*: stopping' '$tmp/err') -eq 1 && test \$(grep -c '^\[' '$tmp/err') -lt 100"
"$QIBENCH" frobnicate >/dev/null 2>"$tmp/err"
check "unknown command exits 2" test $? -eq 2

# --- real third-party engines ------------------------------------------------
FSF=/usr/games/fairy-stockfish
if [ -x "$FSF" ]; then
    timeout 120 "$QIBENCH" suite positions/xiangqi/mates.epd -engine name=fsf cmd=$FSF depth=8 \
        --results "$tmp" --name fsf >"$tmp/out" 2>"$tmp/err"
    check "Fairy-Stockfish (UCI, ranks 1-10): every search ok" test "$(qbt count "$tmp/fsf/searches.jsonl" status!=ok)" -eq 0
    check "Fairy-Stockfish solves the mates it was used to make" grep -qE '^fsf +26 +2[4-6]/26 ' "$tmp/out"
else
    skip "Fairy-Stockfish not installed"
fi
for xb in maxqi sjaakii; do
    if [ -x /usr/games/$xb ]; then
        head -n 1 "$tmp/three.epd" >"$tmp/start.epd"
        timeout 120 "$QIBENCH" suite "$tmp/start.epd" -engine name=$xb cmd=/usr/games/$xb proto=xboard depth=4 \
            --results "$tmp" --name $xb >"$tmp/out" 2>"$tmp/err"
        check "$xb (xboard): a legal move from the start position" test "$(qbt field "$tmp/$xb/searches.jsonl" 0 status)" = ok
    else
        skip "$xb not installed"
    fi
done

report
