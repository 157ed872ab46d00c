#!/bin/sh
# run.sh - runs the Amazons test binaries in $AMZ_DIR and the Amazons shell
# tests, adds up their closing lines ("N passed, N failed[, N skipped]") and
# prints the total last. Exit status 0 when nothing failed.
set -u
: "${AMZ_DIR:=build/release/amazons-tests}"
export AMZ_DIR
. tests/lib_run.sh

for t in "$AMZ_DIR"/test_*; do
    case "$t" in *.o|*.d) continue ;; esac
    [ -x "$t" ] || continue
    run_one "$(basename "$t")" "$t"
done
for t in tests/amazons/oracle_*.sh; do
    [ -f "$t" ] || continue
    run_one "$(basename "$t")" sh "$t" "$AMZ_DIR/amazons_cli"
done

run_total
