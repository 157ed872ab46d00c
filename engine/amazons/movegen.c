/*
 * movegen.c - turn generation and counting over the line masks of board.h.
 *
 * While the turns of an amazon are produced, the amazon is "lifted": its
 * bit is cleared from its four lines, so that the destinations are the
 * runs around its square and every arrow run from a destination already
 * includes the vacated square.
 */
#include "movegen.h"

/* The run of line kind k through sq under the current masks. */
static inline AmzSpan span_of(const AmzPosition *pos, int sq, int k)
{
    const AmzSquareLines *sl = &AMZ_SQ_LINES[sq];
    return AMZ_SPAN[sl->pos[k]][pos->occ[sl->line[k]]];
}

/* Appends the turns from-to/arrow for every arrow square seen from to. */
static int gen_arrows(const AmzPosition *pos, int from, int to, AmzMove *list, int n)
{
    const AmzSquareLines *tl = &AMZ_SQ_LINES[to];
    AmzMove base = AMZ_MOVE(from, to, 0);
    for (int k = 0; k < AMZ_LINE_KINDS; k++) {
        const uint8_t *line = AMZ_LINE_SQ[tl->line[k]];
        AmzSpan sp = AMZ_SPAN[tl->pos[k]][pos->occ[tl->line[k]]];
        for (int p = sp.lo; p <= sp.hi; p++)
            if (p != tl->pos[k]) list[n++] = base | ((AmzMove)line[p] << 14);
    }
    return n;
}

/* Appends every turn of the amazon on from (lifted by the caller). */
static int gen_amazon(const AmzPosition *pos, int from, AmzMove *list, int n)
{
    const AmzSquareLines *fl = &AMZ_SQ_LINES[from];
    for (int k = 0; k < AMZ_LINE_KINDS; k++) {
        const uint8_t *line = AMZ_LINE_SQ[fl->line[k]];
        AmzSpan sp = AMZ_SPAN[fl->pos[k]][pos->occ[fl->line[k]]];
        for (int p = sp.lo; p <= sp.hi; p++)
            if (p != fl->pos[k]) n = gen_arrows(pos, from, line[p], list, n);
    }
    return n;
}

int amz_gen_moves(AmzPosition *pos, AmzMove *list)
{
    int n = 0, us = pos->side;
    for (int i = 0; i < pos->count[us]; i++) {
        int from = pos->amazon[us][i];
        amz_toggle_occ(pos, from);
        n = gen_amazon(pos, from, list, n);
        amz_toggle_occ(pos, from);
    }
    return n;
}

/* Squares a queen on sq reaches: four look-ups in the one-byte table. */
static inline int reach_of(const AmzPosition *pos, int sq)
{
    const AmzSquareLines *sl = &AMZ_SQ_LINES[sq];
    return AMZ_REACH[sl->pos[0]][pos->occ[sl->line[0]]] + AMZ_REACH[sl->pos[1]][pos->occ[sl->line[1]]]
           + AMZ_REACH[sl->pos[2]][pos->occ[sl->line[2]]] + AMZ_REACH[sl->pos[3]][pos->occ[sl->line[3]]];
}

/*
 * Turns of the lifted amazon on from: for each destination, the squares a
 * queen there reaches (the vacated square among them).
 */
static int count_amazon(const AmzPosition *pos, int from)
{
    const AmzSquareLines *fl = &AMZ_SQ_LINES[from];
    int total = 0;
    for (int k = 0; k < AMZ_LINE_KINDS; k++) {
        const uint8_t *line = AMZ_LINE_SQ[fl->line[k]];
        AmzSpan sp = AMZ_SPAN[fl->pos[k]][pos->occ[fl->line[k]]];
        for (int p = sp.lo; p < fl->pos[k]; p++) total += reach_of(pos, line[p]);
        for (int p = fl->pos[k] + 1; p <= sp.hi; p++) total += reach_of(pos, line[p]);
    }
    return total;
}

int amz_count_moves(AmzPosition *pos)
{
    int n = 0, us = pos->side;
    for (int i = 0; i < pos->count[us]; i++) {
        int from = pos->amazon[us][i];
        amz_toggle_occ(pos, from);
        n += count_amazon(pos, from);
        amz_toggle_occ(pos, from);
    }
    return n;
}

/* The line kind joining squares a and b, or -1 when they share none. */
static int common_kind(int a, int b)
{
    for (int k = 0; k < AMZ_LINE_KINDS; k++)
        if (AMZ_SQ_LINES[a].line[k] == AMZ_SQ_LINES[b].line[k]) return k;
    return -1;
}

/* Does a queen on a reach b (a != b) under the current masks? */
static bool reaches(const AmzPosition *pos, int a, int b)
{
    int k = common_kind(a, b);
    if (k < 0) return false;
    AmzSpan sp = span_of(pos, a, k);
    int p = AMZ_SQ_LINES[b].pos[k];
    return p >= sp.lo && p <= sp.hi;
}

bool amz_move_is_legal(AmzPosition *pos, AmzMove m)
{
    int from = AMZ_MOVE_FROM(m), to = AMZ_MOVE_TO(m), arrow = AMZ_MOVE_ARROW(m);
    int piece = pos->side == AMZ_WHITE ? AMZ_WHITE_AMAZON : AMZ_BLACK_AMAZON;
    if ((m >> 21) || from >= AMZ_SQUARES || to >= AMZ_SQUARES || arrow >= AMZ_SQUARES) return false;
    if (pos->board[from] != piece || from == to || arrow == to) return false;
    amz_toggle_occ(pos, from);
    bool legal = reaches(pos, from, to) && reaches(pos, to, arrow);
    amz_toggle_occ(pos, from);
    return legal;
}

uint64_t amz_perft(AmzPosition *pos, int depth)
{
    if (depth <= 0) return 1;
    if (depth == 1) return (uint64_t)amz_count_moves(pos);
    AmzMove list[AMZ_MAX_MOVES];
    int n = amz_gen_moves(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        amz_pos_make(pos, list[i]);
        total += amz_perft(pos, depth - 1);
        amz_pos_unmake(pos);
    }
    return total;
}
