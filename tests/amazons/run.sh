#!/bin/sh
# run.sh - runs the Amazons test binaries in $AMZ_DIR and the Amazons shell
# tests, adds up their closing lines ("N passed, N failed[, N skipped]") and
# prints the total last. Exit status 0 when nothing failed.
set -u
: "${AMZ_DIR:=build/release/amazons-tests}"
export AMZ_DIR
passed=0 failed=0 skipped=0
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT

run_one() {
    name=$1; shift
    timeout "${TEST_TIMEOUT:-600}" "$@" >"$log" 2>&1
    status=$?
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        cat "$log"
        printf '%-24s CRASHED (exit %s)\n' "$name" "$status"
        failed=$((failed + 1))
        return
    fi
    p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
    s=$(echo "$line" | sed -nE 's/.*, ([0-9]+) skipped.*/\1/p')
    [ -n "$s" ] || s=0
    if [ "$f" -gt 0 ] || [ "$status" -ne 0 ]; then
        grep -v -E '^[0-9]+ passed, [0-9]+ failed' "$log" | head -n 40
        [ "$f" -gt 0 ] || f=1
    fi
    grep -E '^SKIP' "$log"
    printf '%-24s %s\n' "$name" "$line"
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

for t in "$AMZ_DIR"/test_*; do
    case "$t" in *.o|*.d) continue ;; esac
    [ -x "$t" ] || continue
    run_one "$(basename "$t")" "$t"
done
for t in tests/amazons/oracle_*.sh; do
    [ -f "$t" ] || continue
    run_one "$(basename "$t")" sh "$t" "$AMZ_DIR/amazons_cli"
done

if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
