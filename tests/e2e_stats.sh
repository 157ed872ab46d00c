#!/bin/sh
# e2e_stats.sh - `qibench stats` end to end: the text lines carry the values,
# --json is one object with exactly the documented keys (checked with
# python3's json module, which is also told to reject NaN and Infinity), bad
# input exits 2 with one line on stderr, and degenerate input (no games, all
# draws, only wins, zero cells) never prints nan or inf.
# Expected numbers: fastchess app/tests/elo_test.cpp and sprt_test.cpp, and
# scripts/stats_reference.py (see tests/test_stats.c).
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
PYTHON=${PYTHON:-python3}

stats() { "$QIBENCH" stats "$@" >"$tmp/out" 2>"$tmp/err"; }
has() { grep -qxF -- "$1" "$tmp/out"; }

# ---- text output
stats --wdl 136,111,96
check "wdl exit 0" test $? -eq 0
check "wdl games line" has "games: 343"
check "wdl counts line" has "wins: 136, draws: 111, losses: 96"
check "wdl score" has "score: 0.5583"
check "wdl elo (fastchess 40.70 +/- 30.43)" has "elo: 40.70 +/- 30.43 (95%)"
check "wdl los" has "los: 99.57%"
check "wdl draw ratio" has "draw ratio: 32.36%"
check "wdl nelo (fastchess 49.77 +/- 36.77)" has "nelo: 49.77 +/- 36.77 (95%)"
check "no sprt lines without --sprt" test "$(grep -c -e '^llr' -e '^verdict' "$tmp/out")" -eq 0
check "nothing on stderr" test ! -s "$tmp/err"

stats --penta 34,54,63,64,75
check "penta pairs line" has "pairs: 290 (LL 34, LD 54, WL+DD 63, WD 64, WW 75)"
check "penta games" has "games: 580"
check "penta elo (fastchess 55.58 +/- 27.65)" has "elo: 55.58 +/- 27.65 (95%)"
check "penta nelo (fastchess 57.94 +/- 28.28)" has "nelo: 57.94 +/- 28.28 (95%)"
check "penta draw ratio n/a" has "draw ratio: n/a"

stats --penta 127,4883,10712,5150,104 --sprt elo0=-1.75 elo1=0.25
check "sprt settings line" has "sprt: model=normalized elo0=-1.75 elo1=0.25 alpha=0.05 beta=0.05"
check "sprt llr (fastchess 3.01)" has "llr: 3.010 (lower bound -2.944, upper bound 2.944)"
check "sprt verdict H1" has "verdict: H1"
stats --penta 871,26175,55983,26678,821 --sprt elo0=0 elo1=2 model=logistic
check "logistic llr (fastchess -4.98)" has "llr: -4.979 (lower bound -2.944, upper bound 2.944)"
check "logistic verdict H0" has "verdict: H0"
stats --wdl 36433,68692,36027 --sprt elo0=0 elo1=2 alpha=0.05 beta=0.05 model=normalized
check "trinomial llr (fastchess 0.92)" has "llr: 0.923 (lower bound -2.944, upper bound 2.944)"
check "trinomial verdict continue" has "verdict: continue"

# ---- JSON
# json_check FILE CONDITION...: FILE holds one JSON object line with exactly
# the documented keys and no NaN/Infinity, meeting every condition (KEY=VALUE,
# `pairs=` for null; KEY~VALUE+-TOL; KEY>VALUE; see tests/qbt/stats.py).
json_check() { qbt stats.check_json "$@"; }

stats --wdl 136,111,96 --json
check "json wdl values" json_check "$tmp/out" games~343 pairs= wins~136 draws~111 losses~96 \
    elo~40.70246+-1e-4 elo_error~30.42722+-1e-4 nelo~49.76842+-1e-4 nelo_error~36.76845+-1e-4 \
    score~0.5583090+-1e-6 los~0.9956819+-1e-6 draw_ratio~0.3236152+-1e-6 \
    llr= lower_bound= upper_bound= verdict=
stats --penta 332,433,498,333,334 --json
check "json penta values" json_check "$tmp/out" games~3860 pairs~1930 wins= draws= losses= draw_ratio= \
    elo~-8.642667+-1e-5 elo_error~10.334194+-1e-5 los~0.050470067+-1e-8 nelo~-9.172914+-1e-5 \
    nelo_error~10.960459+-1e-5 llr= verdict=
stats --penta 871,26175,55983,26678,821 --json --sprt elo0=0 elo1=2 model=logistic
check "json penta + sprt values" json_check "$tmp/out" pairs~110528 games~221056 llr~-4.978672863+-1e-8 \
    lower_bound~-2.944438979+-1e-8 upper_bound~2.944438979+-1e-8 verdict=H0
stats --wdl 2400,5000,2000 --json --sprt elo0=0 elo1=5 model=logistic
check "json wdl + sprt H1" json_check "$tmp/out" llr~10.22471923+-1e-7 verdict=H1

# ---- degenerate input: defined values, never nan/inf
for args in "--wdl 0,0,0" "--wdl 0,50,0" "--wdl 10,0,0" "--wdl 0,0,10" "--wdl 9,0,1" \
    "--penta 0,0,0,0,0" "--penta 0,0,0,0,104" "--penta 0,0,30,0,0" "--penta 0,10,30,20,0"; do
    for sprt in "" "--sprt elo0=0 elo1=5" "--sprt elo0=0 elo1=5 model=logistic"; do
        # shellcheck disable=SC2086 # word splitting of the argument lists is wanted
        stats $args $sprt
        check "$args $sprt: exit 0" test $? -eq 0
        check "$args $sprt: no nan/inf in text" test "$(grep -ciE 'nan|inf' "$tmp/out")" -eq 0
        # shellcheck disable=SC2086
        stats $args $sprt --json
        check "$args $sprt --json: valid, no NaN" json_check "$tmp/out"
    done
done
stats --wdl 0,0,0 --json
check "no games: nulls" json_check "$tmp/out" games~0 score= elo= elo_error= los= draw_ratio= nelo= nelo_error=
stats --wdl 1,1,1 --json
check "W = L prints Elo 0, not -0" grep -q '"elo":0,' "$tmp/out"
stats --wdl 0,50,0 --json
check "all draws: elo 0, los 0.5, no nelo" json_check "$tmp/out" elo~0 elo_error~0 los~0.5 draw_ratio~1 nelo=
stats --wdl 10,0,0 --json --sprt elo0=0 elo1=5
check "only wins: no elo, los ~1, sprt continues" json_check "$tmp/out" elo= elo_error= 'los>0.999' score~1 \
    verdict=continue 'llr>0'
stats --penta 0,0,0,0,0 --json --sprt elo0=0 elo1=5
check "no pairs: llr 0, continue" json_check "$tmp/out" pairs~0 games~0 llr~0 verdict=continue

# ---- bad input: exit 2, one line on stderr, nothing on stdout
bad_input() { # bad_input EXPECTED_TEXT ARGS...
    want=$1; shift
    "$QIBENCH" stats "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q '^qibench stats: ' "$tmp/err" && grep -qF -- "$want" "$tmp/err"; then
        return 0
    fi
    echo "  (exit $status; stderr: $(cat "$tmp/err"))"
    return 1
}
check "wdl with two numbers" bad_input "--wdl: expected W,D,L (three whole numbers), got '1,2'" --wdl 1,2
check "wdl negative" bad_input "three whole numbers" --wdl -1,2,3
check "wdl fraction" bad_input "three whole numbers" --wdl 1.5,2,3
check "wdl too large" bad_input "larger than" --wdl 99999999999999999999,1,1
check "penta four numbers" bad_input "five whole numbers" --penta 1,2,3,4
check "no data" bad_input "expected --wdl" --json
check "wdl and penta" bad_input "one of --wdl and --penta" --wdl 1,2,3 --penta 1,2,3,4,5
check "missing value" bad_input "--wdl needs a value" --wdl
check "sprt without bounds" bad_input "elo0=A and elo1=B are required" --wdl 1,2,3 --sprt
check "sprt elo0 > elo1" bad_input "elo0 must be less than elo1" --wdl 1,2,3 --sprt elo0=2 elo1=1
check "sprt bad model" bad_input "model must be normalized or logistic" --wdl 1,2,3 --sprt elo0=0 elo1=2 model=bayes
check "sprt bad number" bad_input "elo1 must be a number" --wdl 1,2,3 --sprt elo0=0 elo1=two
check "sprt alpha 0" bad_input "alpha must be between 0 and 1" --wdl 1,2,3 --sprt elo0=0 elo1=2 alpha=0
check "sprt unknown key" bad_input "expected KEY=VALUE" --wdl 1,2,3 --sprt elo0=0 elo1=2 gamma=1
check "sprt bounds out of range" bad_input "no LLR for these bounds" --penta 1,2,3,2,1 --sprt elo0=0 elo1=1000
check "unknown argument" bad_input "unknown option --frobnicate" --wdl 1,2,3 --frobnicate

"$QIBENCH" help >"$tmp/out" 2>&1
check "help lists stats" grep -q '^  stats --wdl W,D,L' "$tmp/out"

report
[ "$failed" -eq 0 ]
