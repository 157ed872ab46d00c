/*
 * xiangqi_explain.c - why a move a person typed is refused, in words: the
 * rule of the piece that forbids it (its shape, the palace, the river, a
 * blocked horse's leg or elephant's eye, a blocked path, a cannon's
 * screen), a general left in check or facing the other, a piece that is
 * not there, or the pieces that match when several do.
 *
 * The rules core says only "no legal move matches"; this file works the
 * reason out from the position with plain file and rank arithmetic, so it
 * needs nothing of the move generator's tables. Descriptive text (WXF,
 * Chinese) is matched, through the core's xq_move_text_filter, against every
 * move the mover's pieces could make by their shape alone.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi/movegen.h"
#include "xiangqi/notation.h"
#include "games/xiangqi_impl.h"

/* Moves of the mover's pieces by shape alone: 16 pieces, 17 targets at most. */
#define SHAPE_MOVES_MAX 320

static const char *const PIECE_NAME[8] = {"", "general", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"};

static const char *const HOW_IT_MOVES[8] = {
    "",
    "the general moves one point along a line",
    "an advisor moves one point diagonally",
    "an elephant moves exactly two points diagonally",
    "a horse moves one point along a line, then one diagonally outwards",
    "a chariot moves along a file or a rank",
    "a cannon moves along a file or a rank",
    "a pawn moves one point forward, or sideways once it has crossed the river",
};

static const char *const SIDE_NAME[2] = {"Red", "Black"};

const char *xq_piece_name(int type) { return type >= 0 && type < 8 ? PIECE_NAME[type] : ""; }

void xq_square_name(int sq, char *out)
{
    out[0] = (char)('a' + SQ_FILE(sq));
    out[1] = (char)('0' + SQ_RANK(sq));
    out[2] = '\0';
}

/* Writes the reason (when why is not NULL); returns true, for `return say(...)`. */
static bool say(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool say(char *why, size_t len, const char *fmt, ...)
{
    if (!why || !len) return true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return true;
}

static int sign(int v) { return (v > 0) - (v < 0); }

/* ------------------------------------------------------------------------ */
/* The pieces' own rules                                                    */
/* ------------------------------------------------------------------------ */

bool xq_in_palace(int sq, int colour)
{
    int f = SQ_FILE(sq), r = colour == RED ? SQ_RANK(sq) : RANKS - 1 - SQ_RANK(sq);
    return f >= 3 && f <= 5 && r <= 2;
}

static bool on_own_side(int sq, int colour) { return colour == RED ? SQ_RANK(sq) <= 4 : SQ_RANK(sq) >= 5; }

/* Does a piece of this kind and colour go from `from` to `to` by its shape? */
static bool has_shape(int kind, int colour, int from, int to)
{
    int df = abs(SQ_FILE(to) - SQ_FILE(from)), dr = SQ_RANK(to) - SQ_RANK(from), adr = abs(dr);
    switch (kind) {
    case GENERAL: return df + adr == 1;
    case ADVISOR: return df == 1 && adr == 1;
    case ELEPHANT: return df == 2 && adr == 2;
    case HORSE: return (df == 1 && adr == 2) || (df == 2 && adr == 1);
    case CHARIOT:
    case CANNON: return (df == 0) != (dr == 0);
    case PAWN: return (df == 0 && dr == (colour == RED ? 1 : -1)) || (dr == 0 && df == 1);
    default: return false;
    }
}

/* The square that blocks a horse (its leg) or an elephant (its eye), or -1. */
static int blocking_point(int kind, int from, int to)
{
    int df = SQ_FILE(to) - SQ_FILE(from), dr = SQ_RANK(to) - SQ_RANK(from);
    if (kind == ELEPHANT) return SQ(SQ_FILE(from) + df / 2, SQ_RANK(from) + dr / 2);
    if (kind != HORSE) return -1;
    return abs(dr) == 2 ? SQ(SQ_FILE(from), SQ_RANK(from) + dr / 2) : SQ(SQ_FILE(from) + df / 2, SQ_RANK(from));
}

/* Pieces strictly between from and to on one line; *first: the nearest. */
static int pieces_between(const Position *pos, int from, int to, int *first)
{
    int step = sign(SQ_RANK(to) - SQ_RANK(from)) * 16 + sign(SQ_FILE(to) - SQ_FILE(from)), n = 0;
    *first = -1;
    for (int s = from + step; s != to; s += step)
        if (pos->board[s] != EMPTY && n++ == 0) *first = s;
    return n;
}

/* A chariot's or cannon's way from `from` to `to`; true with the reason when barred. */
static bool line_refuses(const Position *pos, int kind, int from, int to, char *why, size_t len)
{
    char a[3], b[3], c[3];
    int first, n = pieces_between(pos, from, to, &first);
    bool capture = pos->board[to] != EMPTY;
    xq_square_name(from, a);
    xq_square_name(to, b);
    if (first >= 0) xq_square_name(first, c);
    if (kind == CHARIOT && n > 0) return say(why, len, "the chariot's path is blocked at %s", c);
    if (kind == CANNON && !capture && n > 0)
        return say(why, len, "the cannon's path is blocked at %s (a cannon jumps only to capture)", c);
    if (kind == CANNON && capture && n == 0)
        return say(why, len, "a cannon captures by jumping over one piece, and none stands between %s and %s", a, b);
    if (kind == CANNON && capture && n > 1)
        return say(why, len, "a cannon captures by jumping over exactly one piece, and %d stand between %s and %s", n,
                   a, b);
    return false;
}

/* Why the piece on `from` may not go to `to` by its own rules (checks
 * aside): true with the reason in why (may be NULL), false when it may. */
static bool rule_refuses(const Position *pos, int from, int to, char *why, size_t len)
{
    int piece = pos->board[from], kind = PIECE_TYPE(piece), colour = PIECE_COLOUR(piece), target = pos->board[to];
    char sq[3];
    if (kind == PAWN && (SQ_RANK(to) - SQ_RANK(from)) * (colour == RED ? 1 : -1) < 0)
        return say(why, len, "a pawn never moves back");
    if (!has_shape(kind, colour, from, to)) return say(why, len, "%s", HOW_IT_MOVES[kind]);
    if ((kind == GENERAL || kind == ADVISOR) && !xq_in_palace(to, colour))
        return say(why, len, "the %s may not leave the palace", PIECE_NAME[kind]);
    if (kind == ELEPHANT && !on_own_side(to, colour)) return say(why, len, "an elephant may not cross the river");
    if (kind == PAWN && SQ_RANK(to) == SQ_RANK(from) && on_own_side(from, colour))
        return say(why, len, "a pawn moves sideways only once it has crossed the river");
    xq_square_name(to, sq);
    if (target != EMPTY && PIECE_COLOUR(target) == colour)
        return say(why, len, "%s holds %s's own %s", sq, SIDE_NAME[colour], PIECE_NAME[PIECE_TYPE(target)]);
    int block = blocking_point(kind, from, to);
    if (block >= 0 && pos->board[block] != EMPTY) {
        xq_square_name(block, sq);
        return say(why, len, kind == HORSE ? "the horse's leg is blocked at %s" : "the elephant's eye is blocked at %s",
                   sq);
    }
    return (kind == CHARIOT || kind == CANNON) && line_refuses(pos, kind, from, to, why, len);
}

/* ------------------------------------------------------------------------ */
/* The general                                                              */
/* ------------------------------------------------------------------------ */

static bool generals_face(const Position *pos)
{
    int a = pos->king[RED], b = pos->king[BLACK], first;
    return SQ_FILE(a) == SQ_FILE(b) && pieces_between(pos, a, b, &first) == 0;
}

/* A piece of the other side than us that attacks us's general, or -1. */
static int attacker_of(const Position *pos, int us)
{
    int k = pos->king[us];
    for (int i = 0; i < pos->count[!us]; i++) {
        int s = pos->list[!us][i];
        if (pos->board[s] != EMPTY && PIECE_COLOUR(pos->board[s]) != us && PIECE_TYPE(pos->board[s]) != GENERAL
            && !rule_refuses(pos, s, k, NULL, 0))
            return s;
    }
    return -1;
}

/* Why from-to, which the piece's rules allow, is illegal: what it does to
 * the mover's general. Plays it on the board array and restores it. */
static void check_reason(Position *pos, int from, int to, char *why, size_t len)
{
    int us = PIECE_COLOUR(pos->board[from]);
    uint8_t moved = pos->board[from], captured = pos->board[to], king = pos->king[us];
    pos->board[to] = moved;
    pos->board[from] = EMPTY;
    if (PIECE_TYPE(moved) == GENERAL) pos->king[us] = (uint8_t)to;
    bool facing = generals_face(pos);
    int by = attacker_of(pos, us); /* a piece captured on `to` is off the board here */
    if (by == to) by = -1;
    char sq[3] = "";
    if (by >= 0) xq_square_name(by, sq);
    const char *what = by >= 0 ? PIECE_NAME[PIECE_TYPE(pos->board[by])] : "";
    pos->board[from] = moved;
    pos->board[to] = captured;
    pos->king[us] = king;
    if (facing) say(why, len, "the generals would face each other on the %c file", 'a' + SQ_FILE(pos->king[RED]));
    else if (by >= 0) say(why, len, "the general would be in check from the %s on %s", what, sq);
    else say(why, len, "the general would be in check");
}

/* Why the mover's move m is illegal: the piece's rules, else its general. */
static void move_reason(Position *pos, Move m, char *why, size_t len)
{
    if (!rule_refuses(pos, MOVE_FROM(m), MOVE_TO(m), why, len)) check_reason(pos, MOVE_FROM(m), MOVE_TO(m), why, len);
}

/* ------------------------------------------------------------------------ */
/* Coordinates                                                              */
/* ------------------------------------------------------------------------ */

static void explain_coordinates(Position *pos, Move m, char *err, size_t errlen)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m), piece = pos->board[from];
    char a[3], b[3], why[160];
    xq_square_name(from, a);
    xq_square_name(to, b);
    if (from == to) {
        say(err, errlen, "%s%s: the piece must move to another point", a, b);
    } else if (piece == EMPTY) {
        say(err, errlen, "%s%s: there is no piece on %s", a, b, a);
    } else if (PIECE_COLOUR(piece) != pos->side) {
        say(err, errlen, "%s%s: the %s on %s is %s's, and %s is to move", a, b, PIECE_NAME[PIECE_TYPE(piece)], a,
            SIDE_NAME[PIECE_COLOUR(piece)], SIDE_NAME[pos->side]);
    } else {
        move_reason(pos, m, why, sizeof why);
        say(err, errlen, "%s%s: %s", a, b, why);
    }
}

/* ------------------------------------------------------------------------ */
/* Descriptive text (WXF, Chinese)                                          */
/* ------------------------------------------------------------------------ */

/* Every move of the mover's pieces by shape alone (blockers and own pieces included). */
static int shape_moves(const Position *pos, Move *list)
{
    int us = pos->side, n = 0;
    for (int i = 0; i < pos->count[us]; i++) {
        int from = pos->list[us][i], kind = PIECE_TYPE(pos->board[from]);
        for (int f = 0; f < FILES; f++)
            for (int r = 0; r < RANKS; r++)
                if (n < SHAPE_MOVES_MAX && has_shape(kind, us, from, SQ(f, r))) list[n++] = MOVE(from, SQ(f, r));
    }
    return n;
}

/* The mover's file number of a square: 1 on its right. */
static int mover_file(int colour, int sq) { return colour == RED ? FILES - SQ_FILE(sq) : SQ_FILE(sq) + 1; }

/* Nothing the text describes exists: which piece is missing. */
static void explain_missing(const Position *pos, const char *text, Notation n, char *err, size_t errlen)
{
    int kind = 0, file = 0, total = 0, on_file = 0, stacked = 0, us = pos->side;
    xq_move_text_piece(text, n, &kind, &file);
    for (int i = 0; i < pos->count[us]; i++) {
        int s = pos->list[us][i], same = 0;
        if (PIECE_TYPE(pos->board[s]) != kind) continue;
        total++;
        on_file += mover_file(us, s) == file;
        for (int r = 0; r < RANKS; r++) same += pos->board[SQ(SQ_FILE(s), r)] == pos->board[s];
        stacked |= same >= 2;
    }
    const char *name = PIECE_NAME[kind], *side = SIDE_NAME[us];
    if (total == 0) say(err, errlen, "%s has no %s", side, name);
    else if (file > 0 && on_file == 0) say(err, errlen, "%s has no %s on file %d", side, name, file);
    else if (file == 0 && !stacked) say(err, errlen, "front / rear needs two %s %ss on one file", side, name);
    else say(err, errlen, "no %s %s can move like that: %s", side, name, HOW_IT_MOVES[kind]);
}

/* Several legal moves match: which pieces, and how to tell them apart. */
static void explain_several(const Position *pos, const Move *list, int count, char *err, size_t errlen)
{
    char moves[160] = "", a[3], b[3];
    for (int i = 0; i < count && i < 4; i++) {
        xq_square_name(MOVE_FROM(list[i]), a);
        xq_square_name(MOVE_TO(list[i]), b);
        snprintf(moves + strlen(moves), sizeof moves - strlen(moves), "%sthe %s on %s (%s%s)",
                 i == 0 ? "" : i + 1 == count ? " and " : ", ", PIECE_NAME[PIECE_TYPE(pos->board[MOVE_FROM(list[i])])],
                 a, a, b);
    }
    say(err, errlen,
        "several pieces match: %s%s; name one by its file, or by front / rear (WXF + / -, Chinese 前 / 后)",
        moves, count > 4 ? ", ..." : "");
}

static void explain_descriptive(Position *pos, const char *text, Notation n, char *err, size_t errlen)
{
    Move legal[MAX_MOVES], cands[SHAPE_MOVES_MAX];
    char why[160], a[3], b[3];
    int nl = xq_move_text_filter(pos, text, n, legal, xq_gen_legal(pos, legal));
    if (nl >= 2) {
        explain_several(pos, legal, nl, err, errlen);
        return;
    }
    int kept = xq_move_text_filter(pos, text, n, cands, shape_moves(pos, cands));
    if (kept <= 0) {
        explain_missing(pos, text, n, err, errlen);
        return;
    }
    size_t used = 0;
    for (int i = 0; i < kept && i < 2 && used + 1 < errlen; i++) {
        move_reason(pos, cands[i], why, sizeof why);
        xq_square_name(MOVE_FROM(cands[i]), a);
        xq_square_name(MOVE_TO(cands[i]), b);
        used += (size_t)snprintf(err + used, errlen - used, "%s%s%s: %s", i ? "; " : "", a, b, why);
    }
}

void xq_explain(Position *pos, const char *text, int notation, char *err, size_t errlen)
{
    static const Notation ORDER[3] = {NOTATION_ICCS, NOTATION_WXF, NOTATION_CHINESE};
    Move m;
    for (int i = 0; i < 3 && notation < 0; i++)
        if (xq_move_read_coordinates(text, ORDER[i], &m) || xq_move_text_filter(pos, text, ORDER[i], NULL, 0) >= 0)
            notation = (int)ORDER[i];
    if (notation == NOTATION_ICCS || notation == NOTATION_FAIRY) {
        if (xq_move_read_coordinates(text, (Notation)notation, &m)) explain_coordinates(pos, m, err, errlen);
    } else if (notation == NOTATION_WXF || notation == NOTATION_CHINESE) {
        explain_descriptive(pos, text, (Notation)notation, err, errlen);
    }
}
