#!/bin/sh
# e2e_amazons_engine.sh - bin/amazons-engine's search end to end, the
# variants that are not alpha-beta above all: every variant answers
# `go depth 1` with a legal turn; random is legal, the same for a seed
# (option or --seed flag) and differs between seeds; mcts is the same for a
# seed and a node budget, finds the trapping turn of a small hand-made
# position (scored mate 1), stays legal over the bench positions, keeps
# movetime and obeys stop; MCTSSample; the Seed / MCTSPlayout / MCTSCutoff /
# MCTSSample errors.
# The engine is the one beside ENGINE (the sanitizer build in make test).
set -u
. "$(dirname "$0")/lib_e2e.sh"
ENGINE=${ENGINE:-bin/xiangqi-engine}
AMZ=${AMZ_ENGINE:-$(dirname "$ENGINE")/amazons-engine}

# run LINE...: sends the lines, then end of input (a limited search finishes).
run() { printf '%s\n' "$@" | timeout 60 "$AMZ" >"$tmp/out" 2>"$tmp/err"; }
# script LINE...: like run, but "sleep S" waits instead of being sent.
script() {
    for line in "$@"; do
        case $line in "sleep "*) sleep "${line#sleep }" ;; *) printf '%s\n' "$line" ;; esac
    done | timeout 60 "$AMZ" >"$tmp/out" 2>"$tmp/err"
}
now_ms() { date +%s%N | cut -c1-13; }
best() { sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$tmp/out" | tail -n 1; }
last_info() { grep '^info ' "$tmp/out" | tail -n 1 | sed 's/ nps [0-9]* time [0-9]*//'; }
# legal POSITION-COMMAND: the legal turns of that position into $tmp/legal.
legal() {
    printf '%s\ngo perft 1\n' "$1" | timeout 60 "$AMZ" 2>/dev/null | sed -n 's/^\([a-j0-9,]*\): 1$/\1/p' >"$tmp/legal"
}
is_legal() { [ -n "$1" ] && grep -qxF "$1" "$tmp/legal"; }
# White traps Black's only amazon (a10, its only way out b9) with an arrow on b9.
TRAP='q*8/*9/2*7/10/10/4QQ4/10/10/10/10 w'

check "the amazons engine is there ($AMZ)" test -x "$AMZ"

# --- every variant: go depth 1 ------------------------------------------------
legal "position startpos"
check "start: 2176 legal turns" test "$(wc -l <"$tmp/legal")" -eq 2176
variants=$("$AMZ" --help | sed -n '/^Search variants:/,$p' | awk 'NR > 1 { print $1 }')
check "twelve variants" test "$(echo "$variants" | wc -l)" -eq 12
for v in $variants; do
    run "setoption name Search value $v" "position startpos" "go depth 1"
    check "$v: go depth 1 gives a legal turn ($(best))" is_legal "$(best)"
done

# --- random ------------------------------------------------------------------
run "setoption name Search value random" "setoption name Seed value 5" "position startpos" "go depth 3"
a=$(best)
check "random: legal ($a)" is_legal "$a"
check "random: one info line, depth 1, 1 node, score 0" sh -c "test \$(grep -c '^info ' '$tmp/out') -eq 1 &&
    grep -q '^info depth 1 seldepth 1 score cp 0 nodes 1 ' '$tmp/out'"
run "setoption name Search value random" "setoption name Seed value 5" "position startpos" "go depth 3"
check "random: seed 5 twice, the same turn" test "$(best)" = "$a"
printf 'go depth 1\n' | timeout 60 "$AMZ" --search random --seed 5 >"$tmp/out" 2>"$tmp/err"
check "random: --seed 5 is the option's seed 5" test "$(best)" = "$a"
seen=""
for s in 1 2 3 4 5 6; do
    run "setoption name Search value random" "setoption name Seed value $s" "position startpos" "go depth 1"
    seen="$seen $(best)"
done
check "random: six seeds, more than one turn" test "$(echo "$seen" | tr ' ' '\n' | grep . | sort -u | wc -l)" -gt 1

# --- mcts: the same for a seed and a budget ----------------------------------------
run "setoption name Search value mcts" "setoption name Seed value 3" "position startpos" "go nodes 300"
a=$(best) ai=$(last_info)
check "mcts: go nodes 300 gives a legal turn ($a)" is_legal "$a"
check "mcts: go nodes 300 reports 300 nodes" sh -c "echo '$ai' | grep -q ' nodes 300 '"
run "setoption name Search value mcts" "setoption name Seed value 3" "position startpos" "go nodes 300"
check "mcts: seed 3, nodes 300 twice, the same turn and line" test "$(best) $(last_info)" = "$a $ai"
run "setoption name Search value mcts" "setoption name MCTSPlayout value random" "position startpos" "go nodes 100"
check "mcts, random playouts: a legal turn ($(best))" is_legal "$(best)"
run "setoption name Search value mcts" "setoption name MCTSCutoff value 3" "position startpos" "go nodes 100"
check "mcts, cut off after 3 plies: a legal turn ($(best))" is_legal "$(best)"
# MCTSSample: how many moves a new child below the root is chosen from. The
# tree (its line) differs between 1 and the default, and is the same for
# --mcts-sample 1 as for the option.
run "setoption name Search value mcts" "setoption name Seed value 3" "setoption name MCTSSample value 1" \
    "position startpos" "go nodes 300"
s1=$(last_info)
check "mcts: MCTSSample 1 gives a legal turn ($(best))" is_legal "$(best)"
check "mcts: MCTSSample 1 searches another tree than the default" test "$s1" != "$ai"
s1_flag=$(printf 'setoption name Search value mcts\nsetoption name Seed value 3\nposition startpos\ngo nodes 300\n' \
    | timeout 30 "$AMZ" --mcts-sample 1 | grep '^info ' | tail -n 1 | sed 's/ nps [0-9]* time [0-9]*//')
check "mcts: --mcts-sample 1 is the option's 1" test "$s1_flag" = "$s1"

# --- mcts: the trapping turn ------------------------------------------------------
run "setoption name Search value mcts" "position fen $TRAP" "go nodes 500"
m=$(best)
check "mcts: the trap scored mate 1" grep -q '^info .* score mate 1 ' "$tmp/out"
run "position fen $TRAP moves $m" "go perft 1"
check "mcts: $m leaves Black no legal turn" grep -qx 'Nodes searched: 0' "$tmp/out"
check "mcts: $m accepted as legal" test ! -s "$tmp/err"

# --- mcts: legal over the bench positions ------------------------------------------
grep -v '^#' positions/amazons/bench.epd | sed 's/ *;.*//' | grep . >"$tmp/bench"
n=0 bad_moves=0
while read -r fen; do
    n=$((n + 1))
    legal "position fen $fen"
    run "setoption name Search value mcts" "setoption name Seed value $n" "position fen $fen" "go nodes 60"
    is_legal "$(best)" || { bad_moves=$((bad_moves + 1)); echo "illegal: $fen: $(best)"; }
done <"$tmp/bench"
check "mcts: a legal turn in each of the $n bench positions ($bad_moves not)" test "$n" -ge 10 -a "$bad_moves" -eq 0

# --- mcts: time and stop ----------------------------------------------------------
legal "position startpos"
start=$(now_ms)
run "setoption name Search value mcts" "position startpos" "go movetime 300"
elapsed=$(($(now_ms) - start))
check "mcts: go movetime 300 gives a legal turn ($(best))" is_legal "$(best)"
check "mcts: go movetime 300 answered within 1.5 s (took $elapsed ms)" test "$elapsed" -lt 1500
start=$(now_ms)
script "setoption name Search value mcts" "position startpos" "go infinite" "sleep 0.5" "stop"
elapsed=$(($(now_ms) - start))
check "mcts: go infinite + stop gives a legal turn ($(best))" is_legal "$(best)"
check "mcts: stop answered promptly (took $elapsed ms in all)" test "$elapsed" -lt 1500
check "mcts: info lines while it ran" test "$(grep -c '^info ' "$tmp/out")" -ge 1

# --- option errors ------------------------------------------------------------------
run "setoption name Seed value -1" "setoption name MCTSPlayout value maybe" "setoption name MCTSCutoff value 101" \
    "setoption name Seed value 2147483648" "setoption name MCTSSample value 0" "setoption name MCTSSample value 1025" isready
check "six bad Seed / MCTS values, one stderr line each" test "$(grep -c '^setoption: bad ' "$tmp/err")" -eq 6
check "still answering after them" grep -qx readyok "$tmp/out"
timeout 10 "$AMZ" --mcts-playout sometimes bench 1 >/dev/null 2>"$tmp/err"
rc=$?
check "--mcts-playout with a bad value exits 1 with a reason" sh -c "test $rc -eq 1 && grep -q 'bad MCTSPlayout' '$tmp/err'"

report
