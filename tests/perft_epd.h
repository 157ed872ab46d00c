/*
 * perft_epd.h - the perft suites' line format, "TEXT ;D1 n ;D2 n ...
 * [;id ...]", read by tests/test_perft.c (Xiangqi),
 * tests/amazons/test_amz_perft.c and tests/ataxx/test_atx_perft.c.
 */
#ifndef PERFT_EPD_H
#define PERFT_EPD_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#endif
