/*
 * fuzz_epd.c - libFuzzer target for the EPD line reader (epd_parse_line).
 *
 * Each line of the input (cut at NUL bytes, which a file reader rejects
 * anyway), and the whole input as one line, is read. Rules checked:
 *   - the result is 1 (entry), 0 (blank or comment) or -1 (error);
 *   - an error is one NUL-terminated line of printable ASCII and valid
 *     UTF-8 (what formats/epd.c promises), also when err is short;
 *   - an entry's FEN parses and is in xq_pos_to_fen's form; its bm and am
 *     moves are legal there; its numbers are in range, its result one of
 *     the three, and its id NUL-terminated UTF-8 without control characters.
 * File reading (epd_load) is exercised by fuzz_openings.c (EPD books).
 * A broken rule calls abort(), which libFuzzer (or fuzz/driver.c) reports.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "board.h"
#include "formats/epd.h"
#include "games/game.h" /* not engine/xiangqi/game.h, first on the path */
#include "eval.h"
#include "movegen.h"

/* epd_parse_line refuses lines over 4095 bytes; a little past that is enough. */
#define FUZZ_EPD_MAX_INPUT 8192


static Position pos;

static void fail(const char *what, const char *line)
{
    fprintf(stderr, "fuzz_epd: %s\n  line: '%.300s'\n", what, line);
    abort();
}

/* Is s (NUL-terminated) valid UTF-8 without control characters? */
static bool is_clean_text(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p, n = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                                       : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (n == 0 || c < 0x20 || c == 0x7F) return false;
        if (n >= 2) {
            unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
            unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
            if (p[1] < lo || p[1] > hi) return false;
            for (unsigned i = 2; i < n; i++)
                if (p[i] < 0x80 || p[i] > 0xBF) return false;
        }
        p += n;
    }
    return true;
}

static bool is_in(const Move *moves, int n, Move m)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == m) return true;
    return false;
}

/* The moves of an entry are legal in its position. */
static void check_moves(const MoveCode *moves, int n, const char *line)
{
    Move list[MAX_MOVES];
    int legal = xq_gen_legal(&pos, list);
    if (n < 0 || n > EPD_MAX_MOVES) fail("a move count out of range", line);
    for (int i = 0; i < n; i++)
        if (!is_in(list, legal, moves[i])) fail("an entry holds an illegal move", line);
}

/* What an accepted line must have produced. */
static void check_entry(const EpdEntry *e, const char *line)
{
    char err[160], fen[160];
    if (!memchr(e->fen, '\0', sizeof e->fen)) fail("fen not NUL-terminated", line);
    if (xq_pos_from_fen(&pos, e->fen, err, sizeof err) != 0) fail("the entry's FEN does not parse", line);
    xq_pos_to_fen(&pos, fen, sizeof fen);
    if (strcmp(fen, e->fen) != 0) fail("the entry's FEN is not in xq_pos_to_fen's form", line);
    check_moves(e->bm, e->nbm, line);
    check_moves(e->am, e->nam, line);
    if (e->dm < 0 || e->dm > 100 || e->within < 0 || e->within > 1000) fail("dm or within out of range", line);
    if (strcmp(e->result, "") != 0 && strcmp(e->result, "1-0") != 0 && strcmp(e->result, "0-1") != 0
        && strcmp(e->result, "1/2-1/2") != 0)
        fail("an unknown result", line);
    if (!memchr(e->id, '\0', sizeof e->id) || !is_clean_text(e->id)) fail("a broken id", line);
    if (e->line != 0) fail("line set by epd_parse_line", line);
}

/* Reads one line with a full err and with a short one (errlen bytes). */
static void check_line(const char *line, size_t errlen)
{
    char err[512];
    EpdEntry e;
    memset(err, 0x55, sizeof err);
    int rc = epd_parse_line(game_default(), line, &e, err, sizeof err);
    if (rc < -1 || rc > 1) fail("a result other than -1, 0 or 1", line);
    if (rc == -1 && (!memchr(err, '\0', sizeof err) || err[0] == '\0' || !is_clean_text(err)))
        fail("an error that is not one clean line", line);
    if (rc == 1) check_entry(&e, line);

    char *small = malloc(errlen + 1);
    if (!small) abort();
    memset(small, 0x55, errlen + 1);
    int again = epd_parse_line(game_default(), line, &e, small, errlen);
    if (again != rc) fail("the result depends on errlen", line);
    if (small[errlen] != 0x55) fail("wrote past errlen", line);
    if (rc == -1 && errlen > 0 && (!memchr(small, '\0', errlen) || !is_clean_text(small)))
        fail("a cut error that is not clean", line);
    free(small);
    if (epd_parse_line(game_default(), line, &e, NULL, 0) != rc) fail("the result depends on err being NULL", line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init_tables();
    if (size > FUZZ_EPD_MAX_INPUT) return 0;
    char *text = malloc(size + 1);
    if (!text) abort();
    memcpy(text, data, size);
    text[size] = '\0';
    size_t errlen = size % 48;
    check_line(text, errlen);
    for (char *line = text; line < text + size;) {
        char *end = line;
        while (end < text + size && *end != '\n' && *end != '\0') end++;
        *end = '\0';
        if (line != text || end != text + size) check_line(line, errlen);
        line = end + 1;
    }
    free(text);
    return 0;
}
