/*
 * testhelp.h - the smallest test framework that works: CHECK counts a check,
 * prints the failing ones to stderr, and TEST_REPORT prints the line the
 * runner adds up ("N passed, N failed") and returns the exit status.
 */
#ifndef TESTHELP_H
#define TESTHELP_H

#include <stdio.h>

static int test_passed, test_failed;

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (cond) {                                                         \
            test_passed++;                                                  \
        } else {                                                            \
            test_failed++;                                                  \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);            \
            fprintf(stderr, __VA_ARGS__);                                   \
            fputc('\n', stderr);                                            \
        }                                                                   \
    } while (0)

#define TEST_REPORT() (printf("%d passed, %d failed\n", test_passed, test_failed), test_failed ? 1 : 0)

#endif
