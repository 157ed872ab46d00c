#!/bin/sh
# run.sh [LANE] - runs the tests of a lane (tests/lib_run.sh runs them, two
# at a time, and adds up their closing lines "N passed, N failed[, N
# skipped]"; the total is the last line):
#
#   check   what to run after every edit (make check, about a minute): the
#           optimised build's unit tests (the shallow perft of every game's
#           rules among them), every bench signature (e2e_bench), the
#           repetition verdicts (test_repetition) and e2e_smoke (a match, a
#           resume, a suite, a play session).
#   test    everything (make test, the default): the unit tests and the
#           Amazons and Ataxx cores under ASan+UBSan (BUILD), but the deep searches
#           and self-play (test_search, test_mcts, test_play) from the
#           optimised build (FAST_BUILD); every e2e_*.sh with the sanitizer
#           build's qibench, engines and mock (their deep searches use
#           FAST_ENGINE); then the oracle lane.
#   oracle  the live comparisons with Fairy-Stockfish in WebAssembly (make
#           test-oracle): the Amazons and Ataxx move generators' divides and the chase
#           verdicts of tests/chase_cases.txt. They skip, saying so, without
#           node or node_modules/fairy-stockfish-nnue.wasm.
#
# Environment: BUILD, FAST_BUILD (the two trees' build folders), ENGINE,
# FAST_ENGINE, AMZ_ENGINE, FAST_AMZ_ENGINE, ATX_ENGINE, QIBENCH, MOCK (the binaries the
# e2e scripts drive), T (only the tests of these names), TEST_JOBS.
set -u
lane=${1:-test}
: "${BUILD:=build/san-release}" "${FAST_BUILD:=build/release}"
: "${ENGINE:=bin/xiangqi-engine}" "${FAST_ENGINE:=bin/xiangqi-engine}"
: "${AMZ_ENGINE:=bin/amazons-engine}" "${FAST_AMZ_ENGINE:=bin/amazons-engine}" "${ATX_ENGINE:=bin/ataxx-engine}"
: "${QIBENCH:=bin/qibench}" "${MOCK:=build/release/tests/mock_engine}"
AMZ_DIR=$BUILD/amazons-tests
ATX_DIR=$BUILD/ataxx-tests
export ENGINE FAST_ENGINE AMZ_ENGINE FAST_AMZ_ENGINE ATX_ENGINE QIBENCH MOCK AMZ_DIR ATX_DIR
# The deep searches and self-play: from FAST_BUILD in every lane.
DEEP="test_search test_mcts test_play"
# Those whose checks hold a wall clock to tens of milliseconds run alone:
# test_mcts:timed (a stop obeyed within 30 ms), test_proc (timeouts and
# kills to their milliseconds), test_cli (a 30 ms sleep).
TEST_ALONE="test_mcts:timed test_proc test_cli"
. tests/lib_run.sh

# unit_tests DIR: the unit tests of the tree DIR, but DEEP; then DEEP from FAST_BUILD.
unit_tests() {
    for t in "$1"/tests/test_*; do
        case "$t" in *.o|*.d) continue ;; esac
        [ -x "$t" ] || continue
        n=$(basename "$t")
        case " $DEEP " in *" $n "*) continue ;; esac
        case "$n" in
        test_proc) add_test "$n" "$t" "$MOCK" ;; # it drives the mock engine
        *) add_test "$n" "$t" ;;
        esac
    done
    add_test test_search "$FAST_BUILD/tests/test_search"
    add_test test_mcts "$FAST_BUILD/tests/test_mcts" untimed
    add_test test_mcts:timed "$FAST_BUILD/tests/test_mcts" timed
    add_test test_play "$FAST_BUILD/tests/test_play"
}

oracle_tests() {
    add_test oracle_perft.sh sh tests/amazons/oracle_perft.sh "$AMZ_DIR/amazons_cli"
    add_test atx_oracle_perft.sh env ATX_ORACLE_STRIDE=5 sh tests/ataxx/oracle_perft.sh "$ATX_DIR/ataxx_cli"
    add_test e2e_chase_oracle.sh sh tests/e2e_chase_oracle.sh
}

case $lane in
check)
    # The longest first: e2e_bench's two lanes beside the unit tests.
    TEST_FIRST="e2e_bench.sh test_search test_mcts"
    unit_tests "$FAST_BUILD"
    run_amazons_core
    run_core_tests "$ATX_DIR"
    add_test e2e_bench.sh sh tests/e2e_bench.sh
    add_test e2e_smoke.sh sh tests/e2e_smoke.sh
    ;;
test)
    # The longest first, so that the two lanes end together.
    TEST_FIRST="e2e_resume.sh e2e_bench.sh e2e_regress.sh e2e_tune.sh e2e_suite.sh test_search test_mcts oracle_perft.sh atx_oracle_perft.sh"
    unit_tests "$BUILD"
    run_amazons_core
    run_core_tests "$ATX_DIR"
    for t in tests/e2e_*.sh; do
        case "$t" in */e2e_chase_oracle.sh) continue ;; esac
        add_test "$(basename "$t")" sh "$t"
    done
    oracle_tests
    ;;
oracle)
    oracle_tests
    ;;
*)
    echo "usage: tests/run.sh [check|test|oracle]" >&2
    exit 2
    ;;
esac

run_tests
