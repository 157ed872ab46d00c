#!/bin/sh
# e2e_ratings.sh - `qibench ratings` end to end:
# - on the committed runs of tests/data/ratings/ (a five-engine tournament
#   and a match of one of its engines against a sixth), --json equals
#   tests/ratings_reference.py, which finds the same maximum by another
#   method (Newton-Raphson with the anchor fixed, the covariance from the
#   reduced Hessian), for the average and for an engine as the anchor;
# - a two-engine run: the difference is -400 log10(1/s - 1) of the score
#   (15 of 16 points: 400 log10 15 = 470.44), by awk;
# - the text tables; every malformed input refused in one line naming the
#   file and line (exit 1), usage errors exit 2.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
DATA=tests/data/ratings

ratings() { "$QIBENCH" ratings "$@" >"$tmp/out" 2>"$tmp/err"; }

# same_json A B: the engines (name, games, score, elo, elo_low, elo_high, in
# order), the crosstable and the LOS matrix agree to 1e-6.
same_json() { qbt ratings.check_matches_reference "$1" "$2"; }

# ---- the committed runs against the reference
ratings "$DATA/tournament" "$DATA/match" --json
check "json exit 0" test $? -eq 0
check "json is one line" test "$(lines "$tmp/out")" -eq 1
"$PYTHON" tests/ratings_reference.py "$DATA/tournament" "$DATA/match" >"$tmp/ref"
check "two runs: equal to the reference (average anchor)" same_json "$tmp/out" "$tmp/ref"
check "json keys" qbt ratings.check_json_keys "$tmp/out" 176 6
ratings --anchor alphabeta "$DATA/tournament" "$DATA/match" --json
"$PYTHON" tests/ratings_reference.py --anchor alphabeta "$DATA/tournament" "$DATA/match" >"$tmp/ref"
check "--anchor alphabeta: equal to the reference" same_json "$tmp/out" "$tmp/ref"
check "--anchor: its elo and interval are 0" qbt ratings.check_anchor "$tmp/out" alphabeta
ratings "$DATA/tournament/games.jsonl" --json
"$PYTHON" tests/ratings_reference.py "$DATA/tournament" >"$tmp/ref"
check "a games.jsonl path works as a folder does" same_json "$tmp/out" "$tmp/ref"

# ---- summary.json of a run holds the same ratings: a small tournament played here
# (the committed runs were cut by hand, so merge, which replays every game, refuses
# them), then a merge of it
"$QIBENCH" tournament -variant-engines negascout,alphabeta,pvs -each nodes=300 --rounds 4 \
    --openings file=positions/xiangqi/openings.epd format=epd order=random --seed 5 \
    --results "$tmp" --name played >/dev/null 2>&1
check "a three-engine tournament (exit 0)" test $? -eq 0
"$QIBENCH" merge "$tmp/played" --results "$tmp" --name merged >/dev/null 2>&1
check "merge exit 0" test $? -eq 0
qbt value "$tmp/merged/summary.json" ratings >"$tmp/summary.ratings"
"$PYTHON" tests/ratings_reference.py "$tmp/played" >"$tmp/ref"
check "summary.json ratings: equal to the reference" same_json "$tmp/summary.ratings" "$tmp/ref"

# ---- two engines: the logistic Elo of the score
ratings "$DATA/match" --json
check "two engines: 400 log10(15) apart" qbt ratings.check_two_engines "$tmp/out"
ratings "$DATA/match" --anchor ns-1000
d=$(awk '$2 == "negascout" { print $5 }' "$tmp/out")
want=$(awk 'BEGIN { printf "%+.1f", -400 * log(1 / (15 / 16) - 1) / log(10) }')
check "text: negascout $d over ns-1000, by awk $want" test "$d" = "$want"

# ---- the text tables
ratings "$DATA/tournament"
check "text exit 0" test $? -eq 0
check "text: header" grep -q '^ratings of 5 engines from 160 games' "$tmp/out"
check "text: five ranked lines" test "$(grep -cE '^ +[1-5]  ' "$tmp/out")" -eq 5
check "text: LOS, crosstable, W/D/L" test "$(grep -cE '^(LOS|crosstable|W/D/L) ' "$tmp/out")" -eq 3
n=$(awk '/^crosstable/ { t = 1; getline; next } t && $1 == "negascout" { print $3; exit }' "$tmp/out")
want=$(qbt ratings.score "$DATA/tournament/games.jsonl" negascout alphabeta)
check "crosstable negascout-alphabeta $n = $want (recounted)" test "$n" = "$want"
check "nothing on stderr" test ! -s "$tmp/err"

# ---- bad input: one line naming file and line, exit 2
good=$(head -n 1 "$DATA/match/games.jsonl")
printf '%s\n%s\n{"red":"a","black":"b","result":"1-0",}\n' "$good" "$good" >"$tmp/bad.jsonl"
ratings "$tmp/bad.jsonl"
check "malformed line: exit 2, an input error (was 1)" test $? -eq 2
check "malformed line: names file and line" grep -q "^qibench ratings: $tmp/bad.jsonl:3: expected a game as one JSON object" "$tmp/err"
check "malformed line: one line, no output" test "$(lines "$tmp/err")" -eq 1 -a ! -s "$tmp/out"
printf '%s\n{"red":"a","black":"b","result":"2-0"}\n' "$good" >"$tmp/bad.jsonl"
ratings "$tmp/bad.jsonl"
check "bad result named" grep -q "bad.jsonl:2: expected \"result\" \"1-0\", \"0-1\" or \"1/2-1/2\", got '2-0'" "$tmp/err"
printf '%s\n%s' "$good" "$good" >"$tmp/bad.jsonl"
ratings "$tmp/bad.jsonl"
check "torn last line refused" grep -q "bad.jsonl:2: expected a line end" "$tmp/err"
mkdir "$tmp/empty"
ratings "$tmp/empty"
check "a folder without games.jsonl: exit 2, an input error (was 1)" test $? -eq 2
check "... says cannot read" grep -q "cannot read $tmp/empty/games.jsonl" "$tmp/err"
printf '{"red":"a","black":"b","result":"1-0"}\n{"red":"b","black":"a","result":"0-1"}\n' >"$tmp/lopsided.jsonl"
ratings "$tmp/lopsided.jsonl"
check "no maximum: exit 2, an input error (was 1)" test $? -eq 2
check "no maximum: says who scored nothing" grep -q "b scored no point in 2 games" "$tmp/err"
ratings "$DATA/match" --anchor nobody
check "unknown anchor: exit 2 (was 1), named" sh -c "test $? -eq 2 && grep -q 'anchor nobody: no engine of that name' '$tmp/err'"
ratings
check "no folder: exit 2" test $? -eq 2
ratings "$DATA/match" --bogus
check "unknown option: exit 2" test $? -eq 2
ratings "$DATA/match" --anchor
check "--anchor without a name: exit 2" test $? -eq 2

# ---- the summaries at every --ratinginterval come from tallies in memory: games.jsonl
# is opened once to append and read once at the end (the count of abandoned games),
# not twice a tick (strace, when there is one; LeakSanitizer cannot run under
# ptrace, so a sanitizer build is traced without it)
if command -v strace >/dev/null 2>&1; then
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -e trace=openat -o "$tmp/trace" "$QIBENCH" match -engine name=a depth=1 -engine name=b depth=1 \
        --rounds 6 --ratinginterval 2 --openings file=positions/xiangqi/openings.epd format=epd order=random \
        --seed 1 --results "$tmp" --name ticks >/dev/null 2>&1
    check "--ratinginterval 2: the run exit 0" test $? -eq 0
    check "--ratinginterval 2: summary.json rated the 12 games" test "$(qbt value "$tmp/ticks/summary.json" ratings.games)" = 12
    check "--ratinginterval 2: games.jsonl read once in the run (not at each of its 5 ticks)" \
        test "$(grep -c 'ticks/games.jsonl", O_RDONLY' "$tmp/trace")" -eq 1
else
    skip "strace not found: the reads of games.jsonl are not counted"
fi

report
