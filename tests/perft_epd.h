/*
 * perft_epd.h - the perft suites' line format, "TEXT ;D1 n ;D2 n ...
 * [;id ...]", and the loop over a suite's lines, for tests/test_perft.c
 * (Xiangqi), tests/amazons/test_amz_perft.c and tests/ataxx/test_atx_perft.c.
 * perft_epd_run counts with testhelp.h's CHECK.
 */
#ifndef PERFT_EPD_H
#define PERFT_EPD_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testhelp.h"

/* Parses one line: the position text into text, the counts into
 * expected[1 .. max_depths - 1]; returns the deepest depth, or -1 on a
 * malformed line (no ';', a depth out of range, an unreadable count). */
static inline int perft_epd_parse_line(char *line, char *text, size_t textlen, unsigned long long *expected,
                                       int max_depths)
{
    char *semi = strchr(line, ';');
    if (!semi) return -1;
    *semi = '\0';
    snprintf(text, textlen, "%s", line);
    int deepest = 0;
    for (char *field = semi + 1; field; field = strchr(field, ';') ? strchr(field, ';') + 1 : NULL) {
        while (*field == ' ') field++;
        if (field[0] != 'D') continue;
        char *end;
        long depth = strtol(field + 1, &end, 10);
        errno = 0;
        unsigned long long count = strtoull(end, &end, 10);
        if (depth < 1 || depth >= max_depths || errno) return -1;
        expected[depth] = count;
        if (depth > deepest) deepest = (int)depth;
    }
    return deepest;
}

/* One position line of a suite, as perft_epd_run hands it over. */
typedef struct {
    const char *path;
    int lineno;
    const char *text;                   /* the position's text */
    int deepest;                        /* expected[1 .. deepest] are the counts */
    const unsigned long long *expected;
} PerftLine;

/* Reads the suite at path, one CHECK per line that it is well formed, and
 * hands each position line (counts up to depth max_depths - 1) to check, which sets its position (a CHECK of
 * its own), checks the counts it can afford and returns how many depths it
 * checked (-1 when the position could not be set). Prints the closing
 * "perft: N positions, N depths checked" line and fails when path holds
 * fewer than min_positions. Returns 0, or 1 (after a message naming `who`)
 * when path cannot be opened. */
static inline int perft_epd_run(const char *who, const char *path, int max_depths, int min_positions,
                                unsigned long long budget, int (*check)(const PerftLine *line, unsigned long long budget))
{
    enum { PERFT_EPD_DEPTHS = 32 };
    if (max_depths > PERFT_EPD_DEPTHS) max_depths = PERFT_EPD_DEPTHS;
    char line[512], text[512];
    int lineno = 0, positions = 0, depths = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open %s: %s\n", who, path, strerror(errno));
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        unsigned long long expected[PERFT_EPD_DEPTHS] = {0};
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        int deepest = perft_epd_parse_line(line, text, sizeof text, expected, max_depths);
        CHECK(deepest > 0, "%s:%d: expected 'TEXT ;D1 n ...'", path, lineno);
        if (deepest <= 0) continue;
        PerftLine l = {path, lineno, text, deepest, expected};
        int n = check(&l, budget);
        if (n < 0) continue;
        positions++;
        depths += n;
    }
    fclose(f);
    CHECK(positions >= min_positions, "%s holds %d positions", path, positions);
    printf("perft: %d positions, %d depths checked (budget %llu leaves)\n", positions, depths, budget);
    return 0;
}

#endif
