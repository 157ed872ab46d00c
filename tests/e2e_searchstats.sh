#!/bin/sh
# e2e_searchstats.sh - per-engine search statistics of matches and
# tournaments: summary.json's "search" equals tests/searchstats_reference.py,
# which recounts it from games.jsonl alone (Python's statistics module for
# the means and medians), for
# - a tournament of three engines under a depth, a movetime and a clock
#   limit (seldepth and allot_ms recorded per move: none for depth=, the
#   movetime for movetime=, the clock left for tc=); the three phases on a
#   tournament under depth limits alone, the same on every machine;
# - a time forfeit and a stall of the mock engine (terminations suffered);
# - an old run without seldepth, allot_ms and checksums: merge refuses it;
# and the table printed at the end agrees with it.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}

# same_search RUN: summary.json "search" equals the recount (1e-9 relative).
same_search() {
    "$PYTHON" tests/searchstats_reference.py "$1" >"$1.ref" && qbt searchstats.check_matches_reference "$1/summary.json" "$1.ref"
}

# ---- a time forfeit and a stall: the endings suffered (mostly waits: a 1 s
# clock, then 5 s for a readyok; in the background, beside the tournaments)
forfeits() {
    "$QIBENCH" match -engine name=ns depth=1 -engine name=mock cmd="$MOCK" arg=--stall-after-go arg=2 \
        -each tc=1+0.1 --move-grace 200 --recover --results "$tmp" --name f >"$tmp/f.out" 2>"$tmp/f.err"
    check "forfeits: exit 0" test $? -eq 0
    check "forfeits: summary.json search = the recount" same_search "$tmp/f"
    check "forfeits: the mock lost one on time, one stalled" qbt searchstats.check_endings "$tmp/f/summary.json" mock 1 \
        "abandoned: engine stalled=1" "time forfeit=1"
    check "forfeits: printed" grep -q '^mock: 2 games, 1 time forfeit; games lost by time forfeit 1, abandoned: engine stalled 1$' "$tmp/f.out"
}
background forfeits forfeits

# ---- three limits in one tournament
"$QIBENCH" tournament -engine name=ns option.Search=negascout depth=2 \
    -engine name=ab option.Search=alphabeta movetime=20 timemargin=2000 \
    -engine name=pv option.Search=pvs tc=2+0.05 timemargin=2000 --rounds 1 --maxplies 100 \
    --results "$tmp" --name t >"$tmp/t.out" 2>"$tmp/t.err"
check "tournament exit 0" test $? -eq 0
G=$tmp/t/games.jsonl
check "summary.json search = the recount from games.jsonl" same_search "$tmp/t"
# (a timed search cut before its first iteration reports none: only ns, at
# depth=2, must have one on every move)
check "seldepth: on every move of ns, on most of the others'" qbt searchstats.check_seldepth "$G" ns
check "allot_ms: none at depth=, 20 at movetime=20, the clock left (<= 2000 + increments) at tc=" \
    qbt searchstats.check_allot_ms "$G" ns ab 20 pv $((2000 + 50 * 60))
# (which phases a timed game reaches depends on the machine's speed: a game
# can end in mate before ply 81; the phases are checked on a depth-limited
# tournament, whose games are the same on every machine (each engine
# reaches ply 81 in at least one of its games)
"$QIBENCH" tournament -engine name=ns option.Search=negascout depth=2 \
    -engine name=ab option.Search=alphabeta depth=2 \
    -engine name=pv option.Search=pvs depth=2 --rounds 1 --maxplies 100 \
    --results "$tmp" --name d >"$tmp/d.out" 2>"$tmp/d.err"
check "depth tournament exit 0" test $? -eq 0
check "depth tournament: summary.json search = the recount" same_search "$tmp/d"
for t in t d; do
check "$t: phase moves add up to all" qbt searchstats.check_phases_add_up "$tmp/$t/summary.json"
done
check "all three phases played" qbt searchstats.check_all_phases "$tmp/d/summary.json"
check "printed: the table's header" grep -q '^search statistics (engine moves; time by the harness clock; phases by ply: opening 1-20, middle 21-80, endgame 81-):' "$tmp/t.out"
for e in ns ab pv; do
    want=$(qbt searchstats.printed_all "$tmp/t.ref" "$e")
    got=$(awk -v e="$e" '$1 == e && $2 == "all" { print $3, $4, $5, $8 }' "$tmp/t.out")
    check "printed $e: moves, depth mean and median, nodes/move '$got' = recount '$want'" test "$got" = "$want"
done

# ---- an old run (before seldepth, allot_ms and the checksums) is not merged at all:
# statistics are only ever counted from records that were checked when read back
cp -r tests/data/base/match "$tmp/old"
"$QIBENCH" merge "$tmp/old" --results "$tmp" --name oldm >"$tmp/o.out" 2>"$tmp/o.err"
check "old file: merge refused (exit 2)" test $? -eq 2
check "old file: one line naming run.json and its line" grep -qx "qibench merge: $tmp/old/run.json:1: expected run.json to end with its \"check\" (written by qibench)" "$tmp/o.err"
check "old file: no merged folder" test ! -e "$tmp/oldm"

join_background
report
