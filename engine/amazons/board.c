/*
 * board.c - geometry tables, position text both ways, make/unmake with
 * incremental Zobrist keys and line masks, the diagram.
 */
#include "board.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char AMZ_START_TEXT[] = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1";

AmzSquareLines AMZ_SQ_LINES[AMZ_SQUARES];
uint8_t AMZ_LINE_SQ[AMZ_LINES][AMZ_FILES];
AmzSpan AMZ_SPAN[AMZ_FILES][1024];
uint8_t AMZ_REACH[AMZ_FILES][1024];

/* Occupancy of an empty line: the bits past its end are set. */
static uint16_t line_padding[AMZ_LINES];
static uint64_t zobrist_cell[4][AMZ_SQUARES];
static uint64_t zobrist_side;

/* ------------------------------------------------------------------------ */
/* Tables                                                                   */
/* ------------------------------------------------------------------------ */

/* splitmix64: a fixed, portable sequence so keys are the same everywhere. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Records line `line` of kind `kind`: from (f, r) stepping (df, dr). */
static void add_line(int line, int kind, int f, int r, int df, int dr)
{
    int pos = 0;
    for (; f >= 0 && f < AMZ_FILES && r >= 0 && r < AMZ_RANKS; f += df, r += dr, pos++) {
        int sq = AMZ_SQ(f, r);
        AMZ_LINE_SQ[line][pos] = (uint8_t)sq;
        AMZ_SQ_LINES[sq].line[kind] = (uint8_t)line;
        AMZ_SQ_LINES[sq].pos[kind] = (uint8_t)pos;
    }
    line_padding[line] = (uint16_t)(0x3FF & ~((1u << pos) - 1));
    for (; pos < AMZ_FILES; pos++) AMZ_LINE_SQ[line][pos] = 0; /* never reached: padding */
}

static void init_lines(void)
{
    int line = 0;
    for (int r = 0; r < AMZ_RANKS; r++) add_line(line++, 0, 0, r, 1, 0);
    for (int f = 0; f < AMZ_FILES; f++) add_line(line++, 1, f, 0, 0, 1);
    for (int d = -9; d <= 9; d++) add_line(line++, 2, d >= 0 ? d : 0, d >= 0 ? 0 : -d, 1, 1);
    for (int s = 0; s <= 18; s++) add_line(line++, 3, s <= 9 ? s : 9, s <= 9 ? 0 : s - 9, -1, 1);
}

static void init_spans(void)
{
    for (int p = 0; p < AMZ_FILES; p++)
        for (unsigned m = 0; m < 1024; m++) {
            int lo = p, hi = p;
            while (lo > 0 && !((m >> (lo - 1)) & 1)) lo--;
            while (hi < AMZ_FILES - 1 && !((m >> (hi + 1)) & 1)) hi++;
            AMZ_SPAN[p][m] = (AmzSpan){(uint8_t)lo, (uint8_t)hi, (uint8_t)(hi - lo)};
            AMZ_REACH[p][m] = (uint8_t)(hi - lo);
        }
}

void amz_board_init(void)
{
    uint64_t seed = 0x616D617A6F6E73ULL; /* "amazons" */
    init_lines();
    init_spans();
    for (int c = 0; c < 4; c++)
        for (int s = 0; s < AMZ_SQUARES; s++) zobrist_cell[c][s] = splitmix64(&seed);
    zobrist_side = splitmix64(&seed);
}

int amz_square_name(int sq, char *buf)
{
    return sprintf(buf, "%c%d", 'a' + AMZ_SQ_FILE(sq), AMZ_SQ_RANK(sq) + 1);
}

/* ------------------------------------------------------------------------ */
/* Keys and masks                                                           */
/* ------------------------------------------------------------------------ */

uint64_t amz_pos_compute_key(const AmzPosition *pos)
{
    uint64_t key = pos->side == AMZ_BLACK ? zobrist_side : 0;
    for (int s = 0; s < AMZ_SQUARES; s++)
        if (pos->board[s] != AMZ_EMPTY) key ^= zobrist_cell[pos->board[s]][s];
    return key;
}

uint16_t amz_line_mask_from_board(const AmzPosition *pos, int line)
{
    uint16_t mask = line_padding[line];
    for (int p = 0; p < AMZ_FILES; p++)
        if (!((line_padding[line] >> p) & 1) && pos->board[AMZ_LINE_SQ[line][p]] != AMZ_EMPTY)
            mask |= (uint16_t)(1u << p);
    return mask;
}

/* ------------------------------------------------------------------------ */
/* Make / unmake                                                            */
/* ------------------------------------------------------------------------ */

/* Index of the amazon of `side` on sq in pos->amazon[side] (sq must hold one). */
static inline int amazon_slot(const AmzPosition *pos, int side, int sq)
{
    int i = 0;
    while (pos->amazon[side][i] != sq) i++;
    return i;
}

bool amz_pos_make(AmzPosition *pos, AmzMove m)
{
    if (pos->ply >= AMZ_MAX_PLY) return false;
    int from = AMZ_MOVE_FROM(m), to = AMZ_MOVE_TO(m), arrow = AMZ_MOVE_ARROW(m);
    int us = pos->side, piece = us == AMZ_WHITE ? AMZ_WHITE_AMAZON : AMZ_BLACK_AMAZON;
    pos->amazon[us][amazon_slot(pos, us, from)] = (uint8_t)to;
    pos->board[from] = AMZ_EMPTY;
    pos->board[to] = (uint8_t)piece;
    pos->board[arrow] = AMZ_ARROW;
    amz_toggle_occ(pos, from);
    amz_toggle_occ(pos, to);
    amz_toggle_occ(pos, arrow);
    uint64_t key = pos->hist[pos->ply].key ^ zobrist_side;
    key ^= zobrist_cell[piece][from] ^ zobrist_cell[piece][to] ^ zobrist_cell[AMZ_ARROW][arrow];
    pos->ply++;
    pos->hist[pos->ply].key = key;
    pos->hist[pos->ply].move = m;
    pos->side = (uint8_t)(us ^ 1);
    return true;
}

void amz_pos_unmake(AmzPosition *pos)
{
    if (pos->ply == 0) return;
    AmzMove m = pos->hist[pos->ply].move;
    int from = AMZ_MOVE_FROM(m), to = AMZ_MOVE_TO(m), arrow = AMZ_MOVE_ARROW(m);
    int us = pos->side ^ 1;
    pos->ply--;
    pos->side = (uint8_t)us;
    pos->board[arrow] = AMZ_EMPTY;
    pos->board[to] = AMZ_EMPTY;
    pos->board[from] = (uint8_t)(us == AMZ_WHITE ? AMZ_WHITE_AMAZON : AMZ_BLACK_AMAZON);
    amz_toggle_occ(pos, arrow);
    amz_toggle_occ(pos, to);
    amz_toggle_occ(pos, from);
    pos->amazon[us][amazon_slot(pos, us, to)] = (uint8_t)from;
}

/* ------------------------------------------------------------------------ */
/* Position text                                                            */
/* ------------------------------------------------------------------------ */

static int text_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Puts cell c (not empty) on sq; returns -1 when a side has too many amazons. */
static int put_cell(AmzPosition *pos, int sq, int c)
{
    pos->board[sq] = (uint8_t)c;
    if (c == AMZ_ARROW) return 0;
    int side = c == AMZ_WHITE_AMAZON ? AMZ_WHITE : AMZ_BLACK;
    if (pos->count[side] >= AMZ_MAX_AMAZONS) return -1;
    pos->amazon[side][pos->count[side]++] = (uint8_t)sq;
    return 0;
}

/* Reads a run of empty squares at s[*i] into *n; returns -1 unless 1-10. */
static int read_run(const char *s, size_t len, size_t *i, int *n)
{
    long v = 0;
    while (*i < len && isdigit((unsigned char)s[*i]) && v <= AMZ_FILES) v = v * 10 + (s[(*i)++] - '0');
    while (*i < len && isdigit((unsigned char)s[*i])) (*i)++;
    *n = (int)v;
    return v >= 1 && v <= AMZ_FILES ? 0 : -1;
}

/* Checks one finished rank: it must have exactly 10 files. */
static int rank_done(int rank, int file, char *err, size_t errlen)
{
    if (file != AMZ_FILES)
        return text_error(err, errlen, "rank %d has %d files, expected 10", rank + 1, file);
    return 0;
}

/* Parses the board field into pos; returns 0 or -1 with the reason in err. */
static int parse_board(AmzPosition *pos, const char *s, size_t len, char *err, size_t errlen)
{
    int rank = AMZ_RANKS - 1, file = 0, slashes = 0;
    for (size_t i = 0; i < len; i++) slashes += s[i] == '/';
    if (slashes != AMZ_RANKS - 1) return text_error(err, errlen, "%d ranks, expected 10", slashes + 1);
    for (size_t i = 0; i < len;) {
        char ch = s[i];
        if (ch == '/') {
            if (rank_done(rank, file, err, errlen)) return -1;
            rank--, file = 0, i++;
        } else if (isdigit((unsigned char)ch)) {
            int n;
            if (read_run(s, len, &i, &n))
                return text_error(err, errlen, "rank %d: bad empty-square count (1-10)", rank + 1);
            file += n;
        } else {
            int c = ch == 'Q' ? AMZ_WHITE_AMAZON : ch == 'q' ? AMZ_BLACK_AMAZON : ch == '*' ? AMZ_ARROW : 0;
            if (!c) return text_error(err, errlen, "unknown letter '%c' (Q, q, * or a digit)", ch);
            if (file < AMZ_FILES && put_cell(pos, AMZ_SQ(file, rank), c))
                return text_error(err, errlen, "more than 4 %s amazons", c == AMZ_WHITE_AMAZON ? "white" : "black");
            file++, i++;
        }
        if (file > AMZ_FILES) return text_error(err, errlen, "rank %d has more than 10 files", rank + 1);
    }
    return rank_done(rank, file, err, errlen);
}

/* Reads a non-negative decimal field; returns -1 unless it is one. */
static int parse_count(const char *s, size_t len, int *out)
{
    long v = 0;
    if (len == 0 || len > 9) return -1;
    for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)s[i])) return -1;
        v = v * 10 + (s[i] - '0');
    }
    *out = (int)v;
    return 0;
}

/* Splits text into at most 7 space-separated fields; returns their count. */
static int split_fields(const char *text, const char *start[7], size_t len[7])
{
    int n = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
        if (!*p || n == 7) return *p ? n + 1 : n;
        start[n] = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') p++;
        len[n] = (size_t)(p - start[n]);
        n++;
    }
}

/* Fills the derived state (line masks, key, history) from board[] and side. */
static void finish_position(AmzPosition *pos)
{
    for (int l = 0; l < AMZ_LINES; l++) pos->occ[l] = amz_line_mask_from_board(pos, l);
    pos->ply = 0;
    pos->hist[0].key = amz_pos_compute_key(pos);
    pos->hist[0].move = AMZ_MOVE_NONE;
}

/* Reads the side and the two counters (fields 2, 5 and 6). */
static int parse_side_and_counters(AmzPosition *pos, int n, const char *f[7], size_t len[7], char *err,
                                   size_t errlen)
{
    if (n < 2) return text_error(err, errlen, "missing side to move (w or b)");
    if (len[1] != 1 || (f[1][0] != 'w' && f[1][0] != 'b'))
        return text_error(err, errlen, "side to move must be 'w' or 'b', not '%.*s'", (int)len[1], f[1]);
    pos->side = f[1][0] == 'w' ? AMZ_WHITE : AMZ_BLACK;
    if (n > 6) return text_error(err, errlen, "unexpected text after the fullmove number");
    if (n >= 5 && parse_count(f[4], len[4], &pos->halfmove))
        return text_error(err, errlen, "bad halfmove clock '%.*s'", (int)len[4], f[4]);
    if (n >= 6 && (parse_count(f[5], len[5], &pos->fullmove) || pos->fullmove < 1))
        return text_error(err, errlen, "bad fullmove number '%.*s'", (int)len[5], f[5]);
    return 0;
}

int amz_pos_from_text(AmzPosition *pos, const char *text, char *err, size_t errlen)
{
    const char *f[7];
    size_t len[7];
    if (!text) return text_error(err, errlen, "no position text");
    memset(pos, 0, offsetof(AmzPosition, hist));
    pos->fullmove = 1;
    int n = split_fields(text, f, len);
    if (n == 0) return text_error(err, errlen, "empty position text");
    if (parse_board(pos, f[0], len[0], err, errlen)) return -1;
    if (parse_side_and_counters(pos, n, f, len, err, errlen)) return -1;
    for (int side = 0; side < 2; side++)
        if (pos->count[side] == 0)
            return text_error(err, errlen, "%s has no amazon (1-4 each)", side == AMZ_WHITE ? "white" : "black");
    finish_position(pos);
    return 0;
}

/* Appends one rank of the board field at out; returns the new end. */
static char *write_rank(const AmzPosition *pos, int rank, char *out)
{
    static const char CELL_CHAR[4] = {'.', 'Q', 'q', '*'};
    int empty = 0;
    for (int f = 0; f < AMZ_FILES; f++) {
        int c = pos->board[AMZ_SQ(f, rank)];
        if (c == AMZ_EMPTY) {
            empty++;
            continue;
        }
        if (empty) out += sprintf(out, "%d", empty);
        empty = 0;
        *out++ = CELL_CHAR[c];
    }
    if (empty) out += sprintf(out, "%d", empty);
    return out;
}

void amz_pos_to_text(const AmzPosition *pos, char *buf, size_t buflen)
{
    char tmp[AMZ_POS_TEXT_MAX + 32], *out = tmp;
    for (int r = AMZ_RANKS - 1; r >= 0; r--) {
        out = write_rank(pos, r, out);
        if (r) *out++ = '/';
    }
    int black = pos->side == AMZ_BLACK;
    /* The root's side decides when the fullmove number goes up (after Black). */
    int root_black = (pos->ply & 1) ? !black : black;
    int fullmove = pos->fullmove + (pos->ply + root_black) / 2;
    sprintf(out, " %c - - %d %d", black ? 'b' : 'w', pos->halfmove + pos->ply, fullmove);
    if (buflen) snprintf(buf, buflen, "%s", tmp);
}

/* ------------------------------------------------------------------------ */
/* Diagram                                                                  */
/* ------------------------------------------------------------------------ */

void amz_pos_print(const AmzPosition *pos, char *buf, size_t buflen)
{
    static const char CELL_CHAR[4] = {'.', 'Q', 'q', '*'};
    char tmp[1024], *out = tmp;
    for (int r = AMZ_RANKS - 1; r >= 0; r--) {
        out += sprintf(out, "%2d ", r + 1);
        for (int f = 0; f < AMZ_FILES; f++) {
            *out++ = ' ';
            *out++ = CELL_CHAR[pos->board[AMZ_SQ(f, r)]];
        }
        *out++ = '\n';
    }
    out += sprintf(out, "    a b c d e f g h i j\n");
    char text[AMZ_POS_TEXT_MAX];
    amz_pos_to_text(pos, text, sizeof text);
    sprintf(out, "%s to move\nFen: %s\nKey: %016llX\n", pos->side == AMZ_WHITE ? "White" : "Black", text,
            (unsigned long long)amz_pos_key(pos));
    if (buflen) snprintf(buf, buflen, "%s", tmp);
}
