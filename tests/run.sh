#!/bin/sh
# run.sh - runs every test program and script, adds up their closing lines
# ("N passed, N failed[, N skipped]") and prints the total as the last line.
# Environment: TEST_JOBS (how many tests run at once, default 2: see
# tests/lib_run.sh), BUILD (where the sanitizer-built test binaries are),
# FAST_BUILD (the optimised ones: test_play_* run from there, being long
# self-play), ENGINE (engine binary to test end to end), FAST_ENGINE
# (optimised engine), AMZ_ENGINE and FAST_AMZ_ENGINE (the same for the Game
# of the Amazons). The Amazons rules core's own tests and tools are in
# $BUILD/amazons-tests (mk/amazons.mk).
set -u
: "${BUILD:=build/san-release}" "${FAST_BUILD:=build/release}"
: "${ENGINE:=bin/xiangqi-engine}" "${FAST_ENGINE:=bin/xiangqi-engine}"
: "${AMZ_ENGINE:=bin/amazons-engine}" "${FAST_AMZ_ENGINE:=bin/amazons-engine}"
: "${QIBENCH:=bin/qibench}" "${MOCK:=build/release/tests/mock_engine}"
AMZ_DIR=$BUILD/amazons-tests
export ENGINE FAST_ENGINE AMZ_ENGINE FAST_AMZ_ENGINE QIBENCH MOCK AMZ_DIR
# The longest tests start first, longest first (CPU seconds on this 2-core
# machine, busy: e2e_suite and e2e_bench ~130 each on both cores, e2e_resume
# 67, test_mcts 58, e2e_regress 52, test_search 40, e2e_chase 31,
# oracle_perft ~30, e2e_faults 26 of waits, test_play 18; the rest under
# 25 each): the two lanes then end close together (see tests/lib_run.sh).
# Those whose checks hold a wall clock to tens of milliseconds run alone:
# test_mcts's timed part (a stop obeyed within 30 ms), test_proc (timeouts
# and kills to their milliseconds, "at once" meaning under 50 ms), test_cli
# (a 30 ms sleep).
TEST_FIRST="e2e_suite.sh e2e_bench.sh e2e_resume.sh test_mcts e2e_regress.sh test_search e2e_chase.sh
  oracle_perft.sh e2e_faults.sh e2e_positions.sh e2e_features.sh e2e_formats.sh test_play"
TEST_ALONE="test_mcts:timed test_proc test_cli"
. tests/lib_run.sh

for t in "$BUILD"/tests/test_*; do
    case "$t" in *.o|*.d|*/test_play*) continue ;; esac
    # test_proc drives the mock engine (its path is its argument).
    case "$t" in */test_proc) add_test "$(basename "$t")" "$t" "$MOCK"; continue ;; esac
    # test_mcts: its wall-clock checks apart, to run alone.
    case "$t" in */test_mcts) add_test test_mcts "$t" untimed; add_test test_mcts:timed "$t" timed; continue ;; esac
    [ -x "$t" ] || continue
    add_test "$(basename "$t")" "$t"
done
run_amazons_core
for t in "$FAST_BUILD"/tests/test_play*; do
    case "$t" in *.o|*.d) continue ;; esac
    [ -x "$t" ] || continue
    add_test "$(basename "$t") (-O2)" "$t"
done
for t in tests/e2e_*.sh; do
    [ -f "$t" ] || continue
    add_test "$(basename "$t")" sh "$t"
done

run_tests
