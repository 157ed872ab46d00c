#!/bin/sh
# e2e_tune.sh - bin/xiangqi-tune (README, "Tune the evaluation"): the tables of
# engine/xiangqi/eval_tuned.c come back byte for byte from the committed game
# records with the command written in their header (the optimised tuner of
# FAST_BUILD: the sanitizers would take minutes); scripts/tune_games.py's
# records of a real match are read; bad input is a one-line error naming the
# file and line, exit 2; a file that cannot be read, exit 1.
set -u
. "$(dirname "$0")/lib_e2e.sh"
FAST_BUILD=${FAST_BUILD:-build/release}
case $FAST_BUILD in build/release) TUNE=bin/xiangqi-tune ;; *) TUNE=$FAST_BUILD/bin/xiangqi-tune ;; esac
SAN_TUNE=${BUILD:-build/san-release}/bin/xiangqi-tune
[ -x "$SAN_TUNE" ] || SAN_TUNE=$TUNE

# 1. The committed tables from the committed records.
made=$(sed -n 's/^ \* made by: xiangqi-tune //p' engine/xiangqi/eval_tuned.c)
check "eval_tuned.c says how it was made (${made:-nothing})" test -n "$made"
# shellcheck disable=SC2086 # the arguments as written
"$TUNE" $made -o "$tmp/eval_tuned.c" 2>"$tmp/tune.err"
check "the tuner runs on the committed records (exit $?)" test -s "$tmp/eval_tuned.c"
check "engine/xiangqi/eval_tuned.c comes back byte for byte" cmp -s "$tmp/eval_tuned.c" engine/xiangqi/eval_tuned.c
check "the fit lowers the validation loss" \
    awk '/^hand tables/ { h = $6 } /^tuned tables/ { t = $6 } END { exit !(t + 0 < h + 0) }' "$tmp/tune.err"

# 2. Records of a real game, through tune_games.py (a game of tests/data: its scores kept).
games=tests/data/base/match/games.jsonl
if [ -f "$games" ]; then
    "$PYTHON" scripts/tune_games.py "$games" -o "$tmp/records.txt" 2>"$tmp/py.err"
    check "tune_games.py reads $games" test -s "$tmp/records.txt"
    "$SAN_TUNE" --epochs 5 --valid-every 0 -o "$tmp/small.c" "$tmp/records.txt" 2>"$tmp/small.err"
    check "the tuner reads them (exit $?)" grep -q '^games [1-9]' "$tmp/small.err"
else
    skip "no games.jsonl in tests/data"
fi

# 3. Errors: one line, the file and line, exit 2; an unreadable file, exit 1.
printf '1 %s|h2e2 10\n1 %s|h2e9 10\n' "$(sed -n 's/^#define XQ_START_FEN "\(.*\)"$/\1/p' engine/xiangqi/board.h)" \
    "$(sed -n 's/^#define XQ_START_FEN "\(.*\)"$/\1/p' engine/xiangqi/board.h)" >"$tmp/bad.txt"
"$SAN_TUNE" "$tmp/bad.txt" >"$tmp/out" 2>"$tmp/err"
check "an illegal move: exit 2" test $? -eq 2
check "an illegal move: one line naming the file and line" \
    sh -c "test \$(wc -l <'$tmp/err') -eq 1 && grep -q '$tmp/bad.txt:2: expected a legal ICCS move' '$tmp/err'"
"$SAN_TUNE" "$tmp/missing.txt" >"$tmp/out" 2>"$tmp/err"
check "a missing file: exit 1, named" sh -c "test $? -eq 1 && grep -q 'missing.txt' '$tmp/err'"
"$SAN_TUNE" --lambda 2 "$tmp/bad.txt" >"$tmp/out" 2>"$tmp/err"
check "--lambda 2: exit 2, says the range" sh -c "test $? -eq 2 && grep -q 'lambda.*0 to 1' '$tmp/err'"
"$SAN_TUNE" --terms mobility,speed "$tmp/bad.txt" >"$tmp/out" 2>"$tmp/err"
check "--terms with an unknown term: exit 2, names it" sh -c "test $? -eq 2 && grep -q \"unknown term 'speed'\" '$tmp/err'"
"$SAN_TUNE" >"$tmp/out" 2>"$tmp/err"
check "no records: exit 2" test $? -eq 2
report
