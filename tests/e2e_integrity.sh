#!/bin/sh
# e2e_integrity.sh - results that cannot be silently corrupted: a results
# folder is never written into but by --resume (or --force); every stored
# game is replayed under the rules and carries a checksum, run.json one of
# the configuration; games.pgn is derived from games.jsonl; a full disk
# leaves both files whole; engine options are checked against what the
# engines announce. Each case names the failure it covers.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}

grep -v '^#' positions/xiangqi/bench.epd | head -n 6 >"$tmp/book.epd"
RUN="-engine name=deep depth=2 -engine name=shallow depth=1 --openings file=$tmp/book.epd format=epd"
match() { # NAME EXTRA...
    name=$1; shift
    "$QIBENCH" match $RUN --results "$tmp" --name "$name" "$@"
}
# one_line_error FILE WORDS: FILE is one line and holds WORDS.
one_line_error() { test "$(wc -l <"$1")" -eq 1 && grep -q -- "$2" "$1"; }

# --- a results folder that exists (failure 8) -----------------------------------------
match used --rounds 2 >/dev/null 2>&1
check "a first match finishes (exit 0)" test $? -eq 0
cp "$tmp/used/games.jsonl" "$tmp/used.before"
"$QIBENCH" match -engine name=deep depth=1 -engine name=shallow depth=1 --rounds 1 --results "$tmp" --name used \
    >/dev/null 2>"$tmp/err"
check "a second match with the same --name: exit 2" test $? -eq 2
check "... naming the folder, in one line" one_line_error "$tmp/err" "results folder $tmp/used exists"
check "... and its games.jsonl unchanged" cmp -s "$tmp/used.before" "$tmp/used/games.jsonl"
"$QIBENCH" suite "$tmp/book.epd" -engine name=deep depth=1 --results "$tmp" --name used >/dev/null 2>"$tmp/err"
check "a suite into a match's folder: exit 2, naming it" sh -c "test $? -eq 2 && grep -q 'results folder $tmp/used exists' '$tmp/err'"
check "... run.json still the match's" grep -q '"command":"match"' "$tmp/used/run.json"
"$QIBENCH" match --resume "$tmp/used" >/dev/null 2>&1
check "... so --resume still works (exit 0)" test $? -eq 0
"$QIBENCH" match -engine name=deep depth=1 -engine name=shallow depth=1 --rounds 1 --results "$tmp" --name used \
    --force >/dev/null 2>&1
check "--force replaces the folder: exit 0" test $? -eq 0
check "... with the new run's games only (2)" test "$(lines "$tmp/used/games.jsonl")" -eq 2
mkdir -p "$tmp/empty"
"$QIBENCH" match -engine name=deep depth=1 -engine name=shallow depth=1 --rounds 1 --results "$tmp" --name empty \
    >/dev/null 2>&1
check "an empty folder may be used: exit 0" test $? -eq 0
report
