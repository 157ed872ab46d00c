#!/bin/sh
# run.sh - runs the Amazons test binaries in $AMZ_DIR and the Amazons shell
# oracle (TEST_JOBS at a time: tests/lib_run.sh), adds up their closing lines
# ("N passed, N failed[, N skipped]") and prints the total last. Exit status
# 0 when nothing failed.
set -u
: "${AMZ_DIR:=build/release/amazons-tests}"
export AMZ_DIR
. tests/lib_run.sh

run_amazons_core
add_test oracle_perft.sh sh tests/amazons/oracle_perft.sh "$AMZ_DIR/amazons_cli"

run_tests
