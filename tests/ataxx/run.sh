#!/bin/sh
# run.sh - runs the Ataxx test binaries in $ATX_DIR and the Ataxx shell
# oracle (TEST_JOBS at a time: tests/lib_run.sh), adds up their closing lines
# ("N passed, N failed[, N skipped]") and prints the total last. Exit status
# 0 when nothing failed.
set -u
: "${ATX_DIR:=build/release/ataxx-tests}"
export ATX_DIR
. tests/lib_run.sh

run_core_tests "$ATX_DIR"
add_test atx_oracle_perft.sh sh tests/ataxx/oracle_perft.sh "$ATX_DIR/ataxx_cli"

run_tests
