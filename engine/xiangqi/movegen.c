/*
 * movegen.c - pseudo-legal generation from precomputed square tables, then a
 * legality filter that plays the move on the board array alone and asks
 * whether the mover's general is attacked (which includes the facing rule).
 */
#include "movegen.h"

#include <string.h>

/* Targets from each square, 0-terminated. Horse and elephant entries come
 * with the square that blocks them (leg / eye) in the parallel array. */
static uint8_t general_to[256][5];
static uint8_t advisor_to[256][5];
static uint8_t elephant_to[256][5], elephant_eye[256][5];
static uint8_t horse_to[256][9], horse_leg[256][9];
static uint8_t pawn_to[2][256][4];
/* Squares on the same file or rank as a general's square, or next to it
 * diagonally: the only places from which a move can uncover an attack. */
static uint8_t near_line[256][256];

static bool in_palace_sq(int s, int c)
{
    int f = SQ_FILE(s), r = c == RED ? SQ_RANK(s) : RANKS - 1 - SQ_RANK(s);
    return xq_sq_on_board(s) && f >= 3 && f <= 5 && r <= 2;
}

static bool own_half(int s, int c)
{
    return xq_sq_on_board(s) && (c == RED ? SQ_RANK(s) <= 4 : SQ_RANK(s) >= 5);
}

void xq_movegen_init(void)
{
    static const int ORTHO[4] = {16, -16, 1, -1};
    static const int DIAG[4] = {17, 15, -15, -17};
    static const int HORSE_STEP[8] = {33, 31, 18, 14, -14, -18, -31, -33};
    static const int HORSE_LEG[8] = {16, 16, 1, -1, 1, -1, -16, -16};

    memset(general_to, 0, sizeof general_to);
    memset(advisor_to, 0, sizeof advisor_to);
    memset(elephant_to, 0, sizeof elephant_to);
    memset(horse_to, 0, sizeof horse_to);
    memset(pawn_to, 0, sizeof pawn_to);
    for (int s = 0; s < 256; s++) {
        if (!xq_sq_on_board(s)) continue;
        int n = 0;
        for (int c = RED; c <= BLACK; c++)
            if (in_palace_sq(s, c))
                for (int d = 0; d < 4; d++)
                    if (in_palace_sq(s + ORTHO[d], c)) general_to[s][n++] = (uint8_t)(s + ORTHO[d]);
        n = 0;
        for (int c = RED; c <= BLACK; c++)
            if (in_palace_sq(s, c))
                for (int d = 0; d < 4; d++)
                    if (in_palace_sq(s + DIAG[d], c)) advisor_to[s][n++] = (uint8_t)(s + DIAG[d]);
        n = 0;
        for (int c = RED; c <= BLACK; c++)
            if (own_half(s, c))
                for (int d = 0; d < 4; d++)
                    if (own_half(s + 2 * DIAG[d], c)) {
                        elephant_to[s][n] = (uint8_t)(s + 2 * DIAG[d]);
                        elephant_eye[s][n++] = (uint8_t)(s + DIAG[d]);
                    }
        n = 0;
        for (int d = 0; d < 8; d++)
            if (xq_sq_on_board(s + HORSE_STEP[d])) {
                horse_to[s][n] = (uint8_t)(s + HORSE_STEP[d]);
                horse_leg[s][n++] = (uint8_t)(s + HORSE_LEG[d]);
            }
        for (int c = RED; c <= BLACK; c++) {
            int fwd = c == RED ? 16 : -16;
            n = 0;
            if (xq_sq_on_board(s + fwd)) pawn_to[c][s][n++] = (uint8_t)(s + fwd);
            if (!own_half(s, c)) {
                if (xq_sq_on_board(s - 1)) pawn_to[c][s][n++] = (uint8_t)(s - 1);
                if (xq_sq_on_board(s + 1)) pawn_to[c][s][n++] = (uint8_t)(s + 1);
            }
        }
        for (int t = 0; t < 256; t++) {
            int df = SQ_FILE(t) - SQ_FILE(s), dr = SQ_RANK(t) - SQ_RANK(s);
            near_line[s][t] = xq_sq_on_board(t) && (df == 0 || dr == 0 || (df * df == 1 && dr * dr == 1));
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Pseudo-legal generation                                                  */
/* ------------------------------------------------------------------------ */

/* Appends the moves of the piece on `from` (of either side) to list; only captures if asked. */
static int gen_piece(const Position *pos, int from, Move *list, int n, bool captures_only)
{
    const uint8_t *b = pos->board;
    int piece = b[from], us = PIECE_COLOUR(piece);
    const uint8_t *to, *block;

/* A target is fine when empty (unless only captures) or held by the enemy. */
#define TARGET_OK(t) (b[t] == EMPTY ? !captures_only : PIECE_COLOUR(b[t]) != us)
    switch (PIECE_TYPE(piece)) {
    case GENERAL:
        for (to = general_to[from]; *to; to++)
            if (TARGET_OK(*to)) list[n++] = MOVE(from, *to);
        break;
    case ADVISOR:
        for (to = advisor_to[from]; *to; to++)
            if (TARGET_OK(*to)) list[n++] = MOVE(from, *to);
        break;
    case ELEPHANT:
        for (to = elephant_to[from], block = elephant_eye[from]; *to; to++, block++)
            if (b[*block] == EMPTY && TARGET_OK(*to)) list[n++] = MOVE(from, *to);
        break;
    case HORSE:
        for (to = horse_to[from], block = horse_leg[from]; *to; to++, block++)
            if (b[*block] == EMPTY && TARGET_OK(*to)) list[n++] = MOVE(from, *to);
        break;
    case PAWN:
        for (to = pawn_to[us][from]; *to; to++)
            if (TARGET_OK(*to)) list[n++] = MOVE(from, *to);
        break;
    case CHARIOT:
        for (int d = 0; d < 4; d++) {
            static const int DIRS[4] = {16, -16, 1, -1};
            int step = DIRS[d], s = from + step;
            for (; b[s] == EMPTY; s += step)
                if (!captures_only) list[n++] = MOVE(from, s);
            if (b[s] != OFF && PIECE_COLOUR(b[s]) != us) list[n++] = MOVE(from, s);
        }
        break;
    case CANNON:
        for (int d = 0; d < 4; d++) {
            static const int DIRS[4] = {16, -16, 1, -1};
            int step = DIRS[d], s = from + step;
            for (; b[s] == EMPTY; s += step)
                if (!captures_only) list[n++] = MOVE(from, s);
            if (b[s] == OFF) continue;
            for (s += step; b[s] == EMPTY; s += step) {}
            if (b[s] != OFF && PIECE_COLOUR(b[s]) != us) list[n++] = MOVE(from, s);
        }
        break;
    }
#undef TARGET_OK
    return n;
}

int xq_gen_piece_moves(const Position *pos, int from, Move *list) { return gen_piece(pos, from, list, 0, false); }

static int gen_pseudo(const Position *pos, Move *list, bool captures_only)
{
    int us = pos->side, n = 0;
    for (int i = 0; i < pos->count[us]; i++) n = gen_piece(pos, pos->list[us][i], list, n, captures_only);
    return n;
}

/* ------------------------------------------------------------------------ */
/* Legality                                                                 */
/* ------------------------------------------------------------------------ */

/* Plays m on the board array only and tests the mover's general; with
 * check, also whether the enemy's is attacked then (set only when safe). */
static bool board_test(Position *pos, Move m, bool *check)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m), us = pos->side;
    uint8_t piece = pos->board[from], captured = pos->board[to];
    uint8_t king = pos->king[us];
    pos->board[to] = piece;
    pos->board[from] = EMPTY;
    if (PIECE_TYPE(piece) == GENERAL) pos->king[us] = (uint8_t)to;
    bool safe = !xq_pos_general_attacked(pos, us);
    if (check && safe) *check = xq_pos_general_attacked(pos, us ^ 1);
    pos->board[from] = piece;
    pos->board[to] = captured;
    pos->king[us] = king;
    return safe;
}

/* Does m keep the mover's general safe? */
static bool leaves_general_safe(Position *pos, Move m) { return board_test(pos, m, NULL); }

/*
 * Keeps the legal moves of list[0..n) in place and returns how many. When the
 * side is not in check, a move by another piece than the general that neither
 * leaves the general's lines or diagonal neighbours nor lands on its lines
 * cannot expose it, so only the others are tested.
 */
static int filter_legal(Position *pos, Move *list, int n)
{
    int us = pos->side, k = pos->king[us], kept = 0;
    const uint8_t *near = near_line[k];
    if (pos_in_check(pos)) {
        for (int i = 0; i < n; i++)
            if (leaves_general_safe(pos, list[i])) list[kept++] = list[i];
        return kept;
    }
    int kf = SQ_FILE(k), kr = SQ_RANK(k);
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        int from = MOVE_FROM(m), to = MOVE_TO(m);
        bool risky = near[from] || from == k || SQ_FILE(to) == kf || SQ_RANK(to) == kr;
        if (!risky || leaves_general_safe(pos, m)) list[kept++] = m;
    }
    return kept;
}

int xq_gen_legal(Position *pos, Move *list)
{
    return filter_legal(pos, list, gen_pseudo(pos, list, false));
}

int xq_gen_captures(Position *pos, Move *list)
{
    return filter_legal(pos, list, gen_pseudo(pos, list, true));
}

int xq_gen_captures_to(Position *pos, int to, Move *list)
{
    int us = pos->side, n = 0, target = pos->board[to];
    if (target == EMPTY || target == OFF || PIECE_COLOUR(target) == us) return 0;
    int tf = SQ_FILE(to), tr = SQ_RANK(to);
    for (int i = 0; i < pos->count[us]; i++) {
        int from = pos->list[us][i], type = PIECE_TYPE(pos->board[from]);
        int df = SQ_FILE(from) - tf, dr = SQ_RANK(from) - tr;
        df = df < 0 ? -df : df, dr = dr < 0 ? -dr : dr;
        /* Only a piece in reach can capture there: chariots and cannons on
         * its file or rank, the others within two files and two ranks. */
        bool reach = type == CHARIOT || type == CANNON ? df == 0 || dr == 0 : df <= 2 && dr <= 2;
        if (!reach) continue;
        Move moves[GEN_PIECE_MAX];
        int k = gen_piece(pos, from, moves, 0, true);
        for (int j = 0; j < k; j++)
            if (MOVE_TO(moves[j]) == to) {
                list[n++] = moves[j];
                break;
            }
    }
    return filter_legal(pos, list, n);
}

int xq_gen_quiet_checks(Position *pos, Move *list)
{
    int n = gen_pseudo(pos, list, false), kept = 0, ek = pos->king[pos->side ^ 1];
    int ef = SQ_FILE(ek), er = SQ_RANK(ek);
    const uint8_t *near = near_line[ek];
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        int from = MOVE_FROM(m), to = MOVE_TO(m);
        if (pos->board[to] != EMPTY) continue;
        /* A check needs the piece to land on the general's lines or a horse's
         * distance from it, or to leave its lines or diagonal neighbours
         * (a screen, a blocker or a horse's leg). */
        int df = SQ_FILE(to) - ef, dr = SQ_RANK(to) - er;
        df = df < 0 ? -df : df, dr = dr < 0 ? -dr : dr;
        bool maybe = near[from] || df == 0 || dr == 0 || (df == 1 && dr == 2) || (df == 2 && dr == 1);
        bool check = false;
        if (maybe && board_test(pos, m, &check) && check) list[kept++] = m;
    }
    return kept;
}

int xq_count_legal(Position *pos)
{
    Move list[MAX_MOVES];
    return xq_gen_legal(pos, list);
}

bool xq_move_is_legal(Position *pos, Move m)
{
    int from = MOVE_FROM(m), piece = pos->board[from];
    if (piece == EMPTY || piece == OFF || PIECE_COLOUR(piece) != pos->side) return false;
    Move moves[GEN_PIECE_MAX];
    int n = gen_piece(pos, from, moves, 0, false);
    for (int i = 0; i < n; i++)
        if (moves[i] == m) return leaves_general_safe(pos, m);
    return false;
}

uint64_t xq_perft(Position *pos, int depth)
{
    if (depth <= 0) return 1;
    Move list[MAX_MOVES];
    int n = xq_gen_legal(pos, list);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        xq_pos_make_move(pos, list[i]);
        total += xq_perft(pos, depth - 1);
        xq_pos_unmake_move(pos);
    }
    return total;
}
