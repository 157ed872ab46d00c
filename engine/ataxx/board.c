/*
 * board.c - neighbour and Zobrist tables, position text both ways,
 * make/unmake with incremental keys, the game's end, the diagram.
 */
#include "board.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

AtxBB ATX_SINGLES[49];
AtxBB ATX_DOUBLES[49];

static uint64_t zobrist_piece[2][ATX_SQUARES];
static uint64_t zobrist_flip[ATX_SQUARES]; /* zobrist_piece[0][sq] ^ zobrist_piece[1][sq] */
static uint64_t zobrist_gap[ATX_SQUARES];
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

void atx_board_init(void)
{
    uint64_t seed = 0x617461787821ULL; /* "ataxx!" */
    for (int sq = 0; sq < ATX_SQUARES; sq++) {
        AtxBB one = 0, two = 0;
        int f = ATX_SQ_FILE(sq), r = ATX_SQ_RANK(sq);
        for (int df = -2; df <= 2; df++)
            for (int dr = -2; dr <= 2; dr++) {
                int tf = f + df, tr = r + dr;
                if (tf < 0 || tf >= ATX_FILES || tr < 0 || tr >= ATX_RANKS) continue;
                int d = abs(df) > abs(dr) ? abs(df) : abs(dr);
                if (d == 1) one |= atx_bb_of(ATX_SQ(tf, tr));
                if (d == 2) two |= atx_bb_of(ATX_SQ(tf, tr));
            }
        ATX_SINGLES[sq] = one;
        ATX_DOUBLES[sq] = two;
    }
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < ATX_SQUARES; s++) zobrist_piece[c][s] = splitmix64(&seed);
    for (int s = 0; s < ATX_SQUARES; s++) zobrist_gap[s] = splitmix64(&seed);
    for (int s = 0; s < ATX_SQUARES; s++) zobrist_flip[s] = zobrist_piece[0][s] ^ zobrist_piece[1][s];
    zobrist_side = splitmix64(&seed);
}

int atx_square_name(int sq, char *buf)
{
    buf[0] = (char)('a' + ATX_SQ_FILE(sq));
    buf[1] = (char)('1' + ATX_SQ_RANK(sq));
    buf[2] = '\0';
    return 2;
}

int atx_piece_at(const AtxPosition *pos, int sq)
{
    AtxBB b = atx_bb_of(sq);
    if (pos->pieces[ATX_X] & b) return ATX_PIECE_X;
    if (pos->pieces[ATX_O] & b) return ATX_PIECE_O;
    if (pos->gaps & b) return ATX_GAP;
    return ATX_EMPTY;
}

uint64_t atx_pos_compute_key(const AtxPosition *pos)
{
    uint64_t k = pos->side == ATX_O ? zobrist_side : 0;
    for (int c = 0; c < 2; c++)
        for (AtxBB b = pos->pieces[c]; b;) k ^= zobrist_piece[c][atx_bb_pop(&b)];
    for (AtxBB b = pos->gaps; b;) k ^= zobrist_gap[atx_bb_pop(&b)];
    return k;
}

/* ------------------------------------------------------------------------ */
/* Make / unmake                                                            */
/* ------------------------------------------------------------------------ */

bool atx_pos_make(AtxPosition *pos, AtxMove m)
{
    if (pos->ply >= ATX_MAX_PLY) return false;
    const AtxState *cur = &pos->hist[pos->ply];
    AtxState *next = &pos->hist[pos->ply + 1];
    uint64_t key = cur->key ^ zobrist_side;
    int us = pos->side, them = us ^ 1;
    AtxBB flipped = 0;
    uint16_t halfmove = (uint16_t)(cur->halfmove + 1);
    if (!ATX_MOVE_IS_PASS(m)) {
        int from = ATX_MOVE_FROM(m), to = ATX_MOVE_TO(m);
        if (from == to) {
            halfmove = 0;
        } else {
            pos->pieces[us] ^= atx_bb_of(from);
            key ^= zobrist_piece[us][from];
        }
        pos->pieces[us] |= atx_bb_of(to);
        key ^= zobrist_piece[us][to];
        flipped = ATX_SINGLES[to] & pos->pieces[them];
        pos->pieces[them] ^= flipped;
        pos->pieces[us] ^= flipped;
        for (AtxBB b = flipped; b;) key ^= zobrist_flip[atx_bb_pop(&b)];
    }
    next->key = key;
    next->flipped = flipped;
    next->move = m;
    next->halfmove = halfmove;
    pos->side = (uint8_t)them;
    pos->ply++;
    return true;
}

void atx_pos_unmake(AtxPosition *pos)
{
    if (pos->ply == 0) return;
    const AtxState *st = &pos->hist[pos->ply];
    AtxMove m = st->move;
    int us = pos->side ^ 1, them = pos->side;
    if (!ATX_MOVE_IS_PASS(m)) {
        int from = ATX_MOVE_FROM(m), to = ATX_MOVE_TO(m);
        pos->pieces[us] ^= st->flipped;
        pos->pieces[them] ^= st->flipped;
        pos->pieces[us] ^= atx_bb_of(to);
        if (from != to) pos->pieces[us] |= atx_bb_of(from);
    }
    pos->side = (uint8_t)us;
    pos->ply--;
}

/* ------------------------------------------------------------------------ */
/* The game's end                                                           */
/* ------------------------------------------------------------------------ */

bool atx_game_over(const AtxPosition *pos)
{
    if (!pos->pieces[ATX_X] || !pos->pieces[ATX_O]) return true;
    if (pos->hist[pos->ply].halfmove >= ATX_HALFMOVE_LIMIT) return true;
    return !(atx_bb_reach(pos->pieces[ATX_X] | pos->pieces[ATX_O]) & atx_empty(pos));
}

int atx_repetitions(const AtxPosition *pos)
{
    const AtxState *cur = &pos->hist[pos->ply];
    int back = cur->halfmove < pos->ply ? cur->halfmove : pos->ply;
    int n = 0;
    for (int i = 2; i <= back; i += 2)
        if (pos->hist[pos->ply - i].key == cur->key) n++;
    return n;
}

AtxEnd atx_end_reason(const AtxPosition *pos, bool repetition)
{
    if (!pos->pieces[ATX_X] || !pos->pieces[ATX_O]) return ATX_END_NO_PIECES;
    if (!(atx_bb_reach(pos->pieces[ATX_X] | pos->pieces[ATX_O]) & atx_empty(pos))) return ATX_END_NO_MOVES;
    if (pos->hist[pos->ply].halfmove >= ATX_HALFMOVE_LIMIT) return ATX_END_HALFMOVE;
    if (repetition && atx_repetitions(pos) >= 2) return ATX_END_REPETITION;
    return ATX_END_NONE;
}

AtxResult atx_result(const AtxPosition *pos, bool repetition)
{
    switch (atx_end_reason(pos, repetition)) {
    case ATX_END_NONE:
        return ATX_RESULT_NONE;
    case ATX_END_NO_PIECES:
    case ATX_END_NO_MOVES: {
        int s = atx_score(pos);
        return s > 0 ? ATX_RESULT_X_WINS : s < 0 ? ATX_RESULT_O_WINS : ATX_RESULT_DRAW;
    }
    default:
        return ATX_RESULT_DRAW;
    }
}

/* ------------------------------------------------------------------------ */
/* Position text                                                            */
/* ------------------------------------------------------------------------ */

int atx_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Splits text at white space into at most 8 fields; returns their number
 * (9 when there are more). */
static int split_fields(const char *text, const char *start[8], size_t len[8])
{
    int n = 0;
    const char *p = text;
    for (;;) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p) return n;
        if (n == 8) return 9;
        start[n] = p;
        while (*p && !isspace((unsigned char)*p)) p++;
        len[n] = (size_t)(p - start[n]);
        n++;
    }
}

static int parse_board(AtxPosition *pos, const char *s, size_t len, char *err, size_t errlen)
{
    int rank = ATX_RANKS - 1, file = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '/') {
            if (file != ATX_FILES) return atx_error(err, errlen, "rank %d has %d squares, not 7", rank + 1, file);
            if (rank == 0) return atx_error(err, errlen, "more than 7 ranks");
            rank--;
            file = 0;
            continue;
        }
        if (c >= '1' && c <= '7') {
            file += c - '0';
            if (file > ATX_FILES) return atx_error(err, errlen, "rank %d has more than 7 squares", rank + 1);
            continue;
        }
        if (file >= ATX_FILES) return atx_error(err, errlen, "rank %d has more than 7 squares", rank + 1);
        AtxBB b = atx_bb_of(ATX_SQ(file, rank));
        switch (c) {
        case 'x': case 'X': case 'P': pos->pieces[ATX_X] |= b; break;
        case 'o': case 'O': case 'p': pos->pieces[ATX_O] |= b; break;
        case '-': case '*': pos->gaps |= b; break;
        default: return atx_error(err, errlen, "unexpected '%c' in the board", c);
        }
        file++;
    }
    if (rank != 0) return atx_error(err, errlen, "%d ranks, not 7", ATX_RANKS - rank);
    if (file != ATX_FILES) return atx_error(err, errlen, "rank 1 has %d squares, not 7", file);
    return 0;
}

/* A decimal count of at most 6 digits; -1 when the field is not one. */
static long parse_count(const char *s, size_t len)
{
    if (len == 0 || len > 6) return -1;
    long v = 0;
    for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)s[i])) return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

int atx_pos_from_text(AtxPosition *pos, const char *text, char *err, size_t errlen)
{
    const char *f[8];
    size_t len[8];
    if (!text) return atx_error(err, errlen, "no position text");
    int n = split_fields(text, f, len);
    if (n == 1 && len[0] == 8 && memcmp(f[0], "startpos", 8) == 0) return atx_pos_from_text(pos, ATX_START_TEXT, err, errlen);
    if (n == 0) return atx_error(err, errlen, "empty position text");
    if (n > 8) return atx_error(err, errlen, "too many fields in the position text");
    if (n < 2) return atx_error(err, errlen, "no side to move after the board");
    memset(pos, 0, offsetof(AtxPosition, hist));
    pos->hist[0] = (AtxState){0, 0, ATX_MOVE_NONE, 0};
    if (parse_board(pos, f[0], len[0], err, errlen) < 0) return -1;
    if (len[1] != 1) return atx_error(err, errlen, "side to move '%.*s': x, o, w or b", (int)len[1], f[1]);
    switch (f[1][0]) {
    case 'x': case 'X': case 'w': case 'W': pos->side = ATX_X; break;
    case 'o': case 'O': case 'b': case 'B': pos->side = ATX_O; break;
    default: return atx_error(err, errlen, "side to move '%c': x, o, w or b", f[1][0]);
    }
    int i = 2;
    while (i < n && len[i] == 1 && f[i][0] == '-') i++; /* FSF: castling, en passant */
    long halfmove = 0, fullmove = 1;
    if (i < n) {
        halfmove = parse_count(f[i], len[i]);
        if (halfmove < 0 || halfmove > 60000) return atx_error(err, errlen, "halfmove clock '%.*s'", (int)len[i], f[i]);
        i++;
    }
    if (i < n) {
        fullmove = parse_count(f[i], len[i]);
        if (fullmove < 0) return atx_error(err, errlen, "fullmove number '%.*s'", (int)len[i], f[i]);
        if (fullmove == 0) fullmove = 1;
        i++;
    }
    if (i < n) return atx_error(err, errlen, "unexpected '%.*s' after the move counters", (int)len[i], f[i]);
    pos->fullmove = (int)fullmove;
    pos->ply = 0;
    pos->hist[0].halfmove = (uint16_t)halfmove;
    pos->hist[0].key = atx_pos_compute_key(pos);
    return 0;
}

/* Writes the board with the given characters for x, o and a gap. */
static size_t write_board(const AtxPosition *pos, const char cell[4], char *out)
{
    size_t k = 0;
    for (int r = ATX_RANKS - 1; r >= 0; r--) {
        int run = 0;
        for (int fl = 0; fl < ATX_FILES; fl++) {
            int c = atx_piece_at(pos, ATX_SQ(fl, r));
            if (c == ATX_EMPTY) {
                run++;
                continue;
            }
            if (run) out[k++] = (char)('0' + run);
            run = 0;
            out[k++] = cell[c];
        }
        if (run) out[k++] = (char)('0' + run);
        if (r) out[k++] = '/';
    }
    out[k] = '\0';
    return k;
}

void atx_pos_to_text(const AtxPosition *pos, char *buf, size_t buflen)
{
    static const char CELL[4] = {'.', 'x', 'o', '-'};
    char board[64];
    write_board(pos, CELL, board);
    snprintf(buf, buflen, "%s %c %d %d", board, pos->side == ATX_X ? 'x' : 'o', atx_halfmove(pos), atx_fullmove(pos));
}

void atx_pos_to_text_fsf(const AtxPosition *pos, char *buf, size_t buflen)
{
    static const char CELL[4] = {'.', 'P', 'p', '*'};
    char board[64];
    write_board(pos, CELL, board);
    snprintf(buf, buflen, "%s %c %d %d", board, pos->side == ATX_X ? 'w' : 'b', atx_halfmove(pos), atx_fullmove(pos));
}

void atx_pos_print(const AtxPosition *pos, char *buf, size_t buflen)
{
    static const char CELL[4] = {'.', 'x', 'o', '-'};
    char tmp[512];
    size_t k = 0;
    for (int r = ATX_RANKS - 1; r >= 0; r--) {
        tmp[k++] = (char)('1' + r);
        tmp[k++] = ' ';
        for (int fl = 0; fl < ATX_FILES; fl++) {
            tmp[k++] = ' ';
            tmp[k++] = CELL[atx_piece_at(pos, ATX_SQ(fl, r))];
        }
        tmp[k++] = '\n';
    }
    k += (size_t)snprintf(tmp + k, sizeof tmp - k, "   a b c d e f g\n%c to move, x %d o %d, halfmove %d\n",
                          pos->side == ATX_X ? 'x' : 'o', atx_bb_count(pos->pieces[ATX_X]),
                          atx_bb_count(pos->pieces[ATX_O]), atx_halfmove(pos));
    snprintf(buf, buflen, "%s", tmp);
}
