/*
 * notation.c - turn text: writing both forms, and a tolerant parser that
 * says why a turn is refused.
 */
#include "notation.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "movegen.h"

void amz_move_to_canonical(AmzMove m, char *buf)
{
    buf += amz_square_name(AMZ_MOVE_FROM(m), buf);
    *buf++ = '-';
    buf += amz_square_name(AMZ_MOVE_TO(m), buf);
    *buf++ = '/';
    amz_square_name(AMZ_MOVE_ARROW(m), buf);
}

void amz_move_to_fairy(AmzMove m, char *buf)
{
    buf += amz_square_name(AMZ_MOVE_FROM(m), buf);
    buf += amz_square_name(AMZ_MOVE_TO(m), buf);
    *buf++ = ',';
    buf += amz_square_name(AMZ_MOVE_TO(m), buf);
    amz_square_name(AMZ_MOVE_ARROW(m), buf);
}

static int parse_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ------------------------------------------------------------------------ */
/* Squares out of the text                                                  */
/* ------------------------------------------------------------------------ */

/* Characters that may stand between squares. */
static bool is_separator(char c)
{
    return c == '-' || c == '/' || c == ',' || c == '(' || c == ')' || isspace((unsigned char)c);
}

/* Reads one square at *s (a letter, then digits), advancing *s; returns the
 * square or -1 with the reason in err. */
static int read_square(const char **s, char *err, size_t errlen)
{
    const char *p = *s;
    int file = tolower((unsigned char)*p++) - 'a', rank = 0, digits = 0;
    while (isdigit((unsigned char)*p)) {
        if (digits < 3) rank = rank * 10 + (*p - '0');
        digits++, p++;
    }
    int shown = (int)(p - *s);
    *s = p;
    if (digits == 0) return parse_error(err, errlen, "'%.*s' is not a square (a1-j10)", shown, p - shown);
    if (file >= AMZ_FILES || digits > 2 || rank < 1 || rank > AMZ_RANKS)
        return parse_error(err, errlen, "square %.*s is off the board (files a-j, ranks 1-10)", shown, p - shown);
    return AMZ_SQ(file, rank - 1);
}

/* Splits text into squares: 3 (from, to, arrow) or 4 (Fairy: from, to,
 * to, arrow). Returns how many, or -1 with the reason in err. */
static int read_squares(const char *text, int sq[4], char *err, size_t errlen)
{
    int n = 0;
    for (const char *s = text; *s;) {
        if (is_separator(*s)) {
            s++;
        } else if (isalpha((unsigned char)*s)) {
            if (n == 4) return parse_error(err, errlen, "too many squares in '%s'", text);
            if ((sq[n++] = read_square(&s, err, errlen)) < 0) return -1;
        } else {
            return parse_error(err, errlen, "unexpected character '%c' in '%s'", *s, text);
        }
    }
    if (n == 0) return parse_error(err, errlen, "empty move text");
    if (n < 3) return parse_error(err, errlen, "'%s' has no arrow square (from-to/arrow)", text);
    return n;
}

/* ------------------------------------------------------------------------ */
/* The rules, with reasons                                                  */
/* ------------------------------------------------------------------------ */

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

/* Are a and b on one rank, file or diagonal? */
static bool aligned(int a, int b)
{
    int df = AMZ_SQ_FILE(b) - AMZ_SQ_FILE(a), dr = AMZ_SQ_RANK(b) - AMZ_SQ_RANK(a);
    return df == 0 || dr == 0 || df == dr || df == -dr;
}

/* The first square after a on the way to b (b included) that is not empty,
 * treating `vacant` as empty; -1 when the way is clear. */
static int first_blocker(const AmzPosition *pos, int a, int b, int vacant)
{
    int df = sign(AMZ_SQ_FILE(b) - AMZ_SQ_FILE(a)), dr = sign(AMZ_SQ_RANK(b) - AMZ_SQ_RANK(a));
    int step = dr * AMZ_FILES + df;
    for (int s = a + step;; s += step) {
        if (s != vacant && pos->board[s] != AMZ_EMPTY) return s;
        if (s == b) return -1;
    }
}

/* Checks one leg (the move a-b, or the shot from a to b); 0 or -1 + reason. */
static int check_leg(const AmzPosition *pos, const char *what, int a, int b, int vacant, char *err,
                     size_t errlen)
{
    char na[4], nb[4], nc[4];
    amz_square_name(a, na);
    amz_square_name(b, nb);
    if (!aligned(a, b)) return parse_error(err, errlen, "%s %s-%s is not along a queen line", what, na, nb);
    int block = first_blocker(pos, a, b, vacant);
    if (block < 0) return 0;
    amz_square_name(block, nc);
    if (block == b) return parse_error(err, errlen, "%s %s-%s lands on an occupied square", what, na, nb);
    return parse_error(err, errlen, "%s %s-%s passes through the occupied square %s", what, na, nb, nc);
}

/* Checks from-to/arrow in pos with reasons; 0 when legal. */
static int check_turn(const AmzPosition *pos, int from, int to, int arrow, char *err, size_t errlen)
{
    char nf[4], nt[4];
    int piece = pos->side == AMZ_WHITE ? AMZ_WHITE_AMAZON : AMZ_BLACK_AMAZON;
    const char *side = pos->side == AMZ_WHITE ? "white" : "black";
    amz_square_name(from, nf);
    amz_square_name(to, nt);
    if (pos->board[from] != piece) return parse_error(err, errlen, "no %s amazon on %s (%s to move)", side, nf, side);
    if (from == to) return parse_error(err, errlen, "zero-length move %s-%s", nf, nt);
    if (check_leg(pos, "the move", from, to, -1, err, errlen)) return -1;
    if (arrow == to) return parse_error(err, errlen, "the arrow cannot land on the destination %s", nt);
    return check_leg(pos, "the arrow", to, arrow, from, err, errlen);
}

int amz_move_parse(const AmzPosition *pos, const char *text, AmzMove *out, char *err, size_t errlen)
{
    int sq[4];
    int n = read_squares(text, sq, err, errlen);
    if (n < 0) return -1;
    if (n == 4 && sq[2] != sq[1]) {
        char nt[4], ns[4];
        amz_square_name(sq[1], nt);
        amz_square_name(sq[2], ns);
        return parse_error(err, errlen, "the arrow must be shot from the destination %s, not from %s", nt, ns);
    }
    int from = sq[0], to = sq[1], arrow = sq[n - 1];
    if (check_turn(pos, from, to, arrow, err, errlen)) return -1;
    *out = AMZ_MOVE(from, to, arrow);
    return 0;
}
