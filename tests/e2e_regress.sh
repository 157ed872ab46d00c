#!/bin/sh
# e2e_regress.sh - `qibench regress` end to end, in a throwaway git repository
# made from the committed tree (git archive HEAD, so what is being edited
# does not matter):
#   1. the unchanged tree against HEAD: identical bench signatures, a speed
#      ratio near 1, and the SPRT accepts H1 (identical engines at fixed
#      nodes play every game pair to exactly 1-1);
#   2. a commit that drops the piece-square tables from the evaluation,
#      against the commit before it: signature changed, SPRT accepts H0,
#      exit status 1;
#   1b. SIGTERM during the match: passed on to it, exit 143, summary.json and
#      regress.json written; an over-long --name is an error;
#   1c. regress.json holds numbers: the match's games, W/D/L (equal to a
#      recount of its games.jsonl), Elo, pentanomial and SPRT LLR/bounds/verdict;
#      --min-speed R: a candidate made slower (a wrapper that burns CPU time
#      before it runs the engine: counted in the bench's CPU time) fails with
#      exit 4 at R=0.9, the unchanged engine passes at R=0.1; --min-speed
#      without two bench runs, or not a number in (0, 10], is exit 2;
#   3. setup errors (bad revision, not a repository, no --base, a base that
#      does not build) exit 2, and a candidate whose bench node count varies
#      exits 3.
# Needs git and make; QIBENCH is the qibench under test.
set -u
. "$(dirname "$0")/lib_e2e.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
QIBENCH=${QIBENCH:-bin/qibench}
case "$QIBENCH" in /*) ;; *) QIBENCH=$root/$QIBENCH ;; esac
# Small and quick: bench depth 4, 1000 nodes a move, a wide SPRT window.
FAST="--bench-depth 4 --bench-runs 3 --nodes 1000 --concurrency 2 --sprt elo0=-100 elo1=0 --results $tmp/results"

if ! command -v git >/dev/null 2>&1 || ! command -v make >/dev/null 2>&1; then
    skip "e2e_regress: needs git and make"
    report
    exit 0
fi

# field RUN KEY...: values from results/RUN/regress.json, on one line.
field() { frun=$1; shift; qbt values "$tmp/results/$frun/regress.json" "$@"; }

repo=$tmp/repo
mkdir "$repo" && git -C "$root" archive HEAD | tar -x -C "$repo" || { bad "could not copy HEAD"; report; exit 1; }
(cd "$repo" && git init -q && git add -A && git -c user.name=test -c user.email=test@example.com commit -qm base) \
    || { bad "could not make the test repository"; report; exit 1; }

# 1. Unchanged (its temporary folder under $tmp/t, to see it removed).
mkdir "$tmp/t"
(cd "$repo" && TMPDIR=$tmp/t "$QIBENCH" regress --base HEAD $FAST --name same >"$tmp/same.out" 2>"$tmp/same.err")
status=$?
check "unchanged: exit 0 (got $status)" [ "$status" -eq 0 ]
check "unchanged: identical signature" grep -q '^  signature: identical, no functional change' "$tmp/same.out"
check "unchanged: same node counts in regress.json" qbt regress.check_same_nodes "$tmp/results/same/regress.json"
ratio=$(field same bench.speed_ratio)
check "unchanged: speed ratio near 1 (got $ratio)" qbt check_between "$tmp/results/same/regress.json" bench.speed_ratio 0.67 1.5
check "unchanged: SPRT accepts H1" grep -q '^verdict: pass (SPRT accepted H1)' "$tmp/same.out"
check "unchanged: Bench: line" grep -q '^Bench: [0-9][0-9]*$' "$tmp/same.out"
check "unchanged: temporary tree removed" [ -z "$(ls -A "$tmp/t")" ]

# 1c. regress.json's numbers (from run 1), against a recount of its match's games.
check "unchanged: regress.json stores the match and SPRT as numbers (= a recount of games.jsonl)" \
    qbt regress.check_match_numbers "$tmp/results/same" -100 0
# five bench runs, not three: the interval of three is wide enough under a neighbouring test
# to reach below 0.1 for the same build (it did once in make test)
(cd "$repo" && "$QIBENCH" regress --base HEAD --no-match --min-speed 0.1 $FAST --bench-runs 5 --name fastenough >"$tmp/fe.out" 2>&1)
status=$?
check "--min-speed 0.1, unchanged: exit 0 (got $status)" [ "$status" -eq 0 ]
check "--min-speed 0.1: speed_ok true, min_speed 0.1" \
    [ "$(field fastenough bench.speed_ok bench.min_speed)" = "True 0.1" ]
check "--min-speed: the interval is printed" grep -q '^  speed 95% interval: \[' "$tmp/fe.out"
# a candidate that burns CPU time in its own process before it runs the engine
printf '#!/bin/sh\ni=0\nwhile [ $i -lt 300000 ]; do i=$((i + 1)); done\nexec "%s" "$@"\n' "$root/bin/xiangqi-engine" \
    >"$tmp/slow-engine"
chmod +x "$tmp/slow-engine"
(cd "$repo" && "$QIBENCH" regress --base HEAD --candidate "$tmp/slow-engine" --no-match --min-speed 0.9 $FAST \
    --name slow >"$tmp/slow.out" 2>&1)
status=$?
check "--min-speed 0.9, a candidate burning CPU before its bench: exit 4 (got $status)" [ "$status" -eq 4 ]
check "too slow: the verdict says so" grep -q '^verdict: pass (bench only); too slow: speed new/base' "$tmp/slow.out"
check "too slow: regress.json exit_status 4, speed_ok false" qbt regress.check_too_slow "$tmp/results/slow/regress.json" 0.9
"$QIBENCH" regress --base HEAD --min-speed 0.9 --bench-runs 1 >/dev/null 2>"$tmp/ms.err"
check "--min-speed with one bench run: exit 2, says why" sh -c "test $? -eq 2 && grep -q 'needs --bench-runs 2' '$tmp/ms.err'"
"$QIBENCH" regress --base HEAD --min-speed fast >/dev/null 2>"$tmp/ms.err"
check "--min-speed fast: exit 2" sh -c "test $? -eq 2 && grep -qF -- \"--min-speed: bad value 'fast'\" '$tmp/ms.err'"

# 1b. The signal contract: SIGTERM sent to regress reaches its qibench match, which kills
# its engines at once and writes what finished; regress exits 128 + 15.
(cd "$repo" && exec "$QIBENCH" regress --base HEAD --bench-depth 2 --bench-runs 1 --nodes 3000 --rounds 500 \
    --concurrency 1 --sprt elo0=-3 elo1=3 --results "$tmp/results" --name sig >"$tmp/sig.out" 2>"$tmp/sig.err") &
pid=$!
n=0
while [ "$n" -lt 600 ] && [ "$(cat "$tmp/results/sig/games.jsonl" 2>/dev/null | wc -l)" -lt 2 ]; do sleep 0.1; n=$((n + 1)); done
kill -TERM "$pid"
wait "$pid"
status=$?
check "regress, SIGTERM during its match: exit 143 (got $status)" [ "$status" -eq 143 ]
check "regress, SIGTERM: the match wrote summary.json, state interrupted" \
    grep -q '"state":"interrupted"' "$tmp/results/sig/summary.json"
check "regress, SIGTERM: regress.json records exit status 143" [ "$(field sig exit_status)" = 143 ]
check "regress, SIGTERM: it still cleaned up after itself" sh -c "! grep -q 'could not remove' '$tmp/sig.err'"
long=$(printf '%130s' '' | tr ' ' n)
"$QIBENCH" regress --base HEAD --name "$long" >/dev/null 2>"$tmp/long.err"
check "regress --name of 130 bytes: exit 2, saying the limit (was: cut to 120)" \
    sh -c "test $? -eq 2 && grep -q 'at most 120' '$tmp/long.err'"

# 2. Weakened: material only, no piece-square tables (the hand tables, and the tuned
# tables of the evaluation term Tuned, which modern uses in their place).
sed -i 's/= VALUES\[type\] + TABLES/= VALUES[type] + 0 * TABLES/' "$repo/engine/xiangqi/eval.c"
sed -i 's/^    if ((terms & EVAL_TERM_TUNED)$/    if (0 \&\& (terms \& EVAL_TERM_TUNED)/' "$repo/engine/xiangqi/eval_terms.c"
if [ "$(grep -c '0 \* TABLES' "$repo/engine/xiangqi/eval.c")" -ne 2 ] \
    || [ "$(grep -c '^    if (0 && (terms & EVAL_TERM_TUNED)$' "$repo/engine/xiangqi/eval_terms.c")" -ne 1 ]; then
    bad "weakening eval.c: the piece-square lines were not found (update this test)"
else
    (cd "$repo" && git -c user.name=test -c user.email=test@example.com commit -qam "no piece-square tables")
    (cd "$repo" && "$QIBENCH" regress --base HEAD~1 $FAST --name weak >"$tmp/weak.out" 2>"$tmp/weak.err")
    status=$?
    check "weakened: exit 1 (got $status)" [ "$status" -eq 1 ]
    check "weakened: signature changed" grep -q '^  signature: changed' "$tmp/weak.out"
    check "weakened: SPRT accepts H0" grep -q '^SPRT (normalized, elo0 -100, elo1 0.*H0$' "$tmp/weak.out"
    check "weakened: verdict" grep -q '^verdict: regression (SPRT accepted H0)' "$tmp/weak.out"
    check "weakened: regress.json" [ "$(field weak match.status exit_status bench.same_signature)" = "1 1 False" ]
    games=$(grep '^new vs base:' "$tmp/weak.out" | sed -E 's/^new vs base: ([0-9]+) games.*/\1/')
    echo "weakened build: H0 after $games games"
fi

# 3. Errors.
(cd "$repo" && "$QIBENCH" regress --base no-such-revision $FAST >"$tmp/bad.out" 2>"$tmp/bad.err")
status=$?
check "bad revision: exit 2 (got $status)" [ "$status" -eq 2 ]
check "bad revision: says so" grep -q 'regress: --base no-such-revision is not a commit' "$tmp/bad.err"
mkdir "$tmp/plain"
"$QIBENCH" regress --base HEAD --repo "$tmp/plain" >/dev/null 2>"$tmp/plain.err"
status=$?
check "not a repository: exit 2 (got $status)" [ "$status" -eq 2 ]
check "not a repository: says so" grep -q "regress: $tmp/plain is not inside a git repository" "$tmp/plain.err"
"$QIBENCH" regress --nodes 10 >/dev/null 2>"$tmp/nobase.err"
status=$?
check "no --base: exit 2 (got $status)" [ "$status" -eq 2 ]
# A candidate whose node count differs from run to run (its pid).
cat >"$tmp/random-engine" <<'EOF'
#!/bin/sh
printf 'Total time (ms) : 5\nNodes searched  : %s\nNodes/second    : 1\n' "$$"
EOF
chmod +x "$tmp/random-engine"
(cd "$repo" && "$QIBENCH" regress --base HEAD --candidate "$tmp/random-engine" --no-match $FAST --name random \
    >"$tmp/random.out" 2>"$tmp/random.err")
status=$?
check "varying bench: exit 3 (got $status)" [ "$status" -eq 3 ]
check "varying bench: says so" grep -q 'regress: new bench is not deterministic' "$tmp/random.err"
# A base revision that does not build (last: it leaves the repository broken).
echo '#error deliberately broken' >>"$repo/engine/xiangqi/eval.c"
(cd "$repo" && git -c user.name=test -c user.email=test@example.com commit -qam broken)
(cd "$repo" && "$QIBENCH" regress --base HEAD --candidate "$tmp/random-engine" $FAST --name broken \
    >"$tmp/broken.out" 2>"$tmp/broken.err")
status=$?
check "base does not build: exit 2 (got $status)" [ "$status" -eq 2 ]
check "base does not build: says so" grep -q 'regress: building base [0-9a-f]* failed' "$tmp/broken.err"
check "base does not build: shows the compiler's error" grep -q 'deliberately broken' "$tmp/broken.err"

report
