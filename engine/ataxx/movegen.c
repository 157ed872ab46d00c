/*
 * movegen.c - legal moves, their count, the legality test and perft.
 */
#include "movegen.h"

int atx_gen_moves(const AtxPosition *pos, AtxMove *list)
{
    if (atx_game_over(pos)) return 0;
    AtxBB us = pos->pieces[pos->side], empty = atx_empty(pos);
    int n = 0;
    for (AtxBB t = atx_bb_singles(us) & empty; t;) list[n++] = ATX_MOVE_SINGLE(atx_bb_pop(&t));
    for (AtxBB f = us; f;) {
        int from = atx_bb_pop(&f);
        for (AtxBB t = ATX_DOUBLES[from] & empty; t;) list[n++] = ATX_MOVE_DOUBLE(from, atx_bb_pop(&t));
    }
    if (n == 0) list[n++] = ATX_MOVE_PASS;
    return n;
}

/* Singles and doubles of the side owning `us` (not the pass). */
static inline int count_plain(AtxBB us, AtxBB empty)
{
    int n = atx_bb_count(atx_bb_singles(us) & empty);
    for (AtxBB f = us; f;) n += atx_bb_count(ATX_DOUBLES[atx_bb_pop(&f)] & empty);
    return n;
}

int atx_count_moves(const AtxPosition *pos)
{
    if (atx_game_over(pos)) return 0;
    int n = count_plain(pos->pieces[pos->side], atx_empty(pos));
    return n ? n : 1;
}

bool atx_move_is_legal(const AtxPosition *pos, AtxMove m)
{
    if (atx_game_over(pos)) return false;
    if (ATX_MOVE_IS_PASS(m)) return !atx_can_move(pos);
    if ((m & ~(ATX_MOVE_FLAG | 0xFFFu)) || !(m & ATX_MOVE_FLAG)) return false;
    int from = ATX_MOVE_FROM(m), to = ATX_MOVE_TO(m);
    if (from >= ATX_SQUARES || to >= ATX_SQUARES) return false;
    if (!(atx_empty(pos) & atx_bb_of(to))) return false;
    AtxBB us = pos->pieces[pos->side];
    if (from == to) return (ATX_SINGLES[to] & us) != 0;
    return (us & atx_bb_of(from)) && (ATX_DOUBLES[from] & atx_bb_of(to));
}

/*
 * Perft on bitboards alone (copy-make, no keys, no history): `us` is the
 * side to move's pieces, `them` the other's, `hm` the halfmove clock.
 * Mirrors atx_game_over and atx_gen_moves.
 */
static uint64_t perft_bb(AtxBB us, AtxBB them, AtxBB gaps, int hm, int depth)
{
    if (!us || !them || hm >= ATX_HALFMOVE_LIMIT) return 0;
    AtxBB empty = ATX_BB_ALL & ~(us | them | gaps);
    if (!(atx_bb_reach(us | them) & empty)) return 0;
    if (depth == 1) {
        int n = count_plain(us, empty);
        return n ? (uint64_t)n : 1;
    }
    uint64_t nodes = 0;
    AtxBB singles = atx_bb_singles(us) & empty;
    int any = singles != 0;
    for (AtxBB t = singles; t;) {
        int to = atx_bb_pop(&t);
        AtxBB flip = ATX_SINGLES[to] & them;
        nodes += perft_bb(them ^ flip, us | flip | atx_bb_of(to), gaps, 0, depth - 1);
    }
    for (AtxBB f = us; f;) {
        int from = atx_bb_pop(&f);
        AtxBB dests = ATX_DOUBLES[from] & empty;
        if (dests) any = 1;
        for (; dests;) {
            int to = atx_bb_pop(&dests);
            AtxBB flip = ATX_SINGLES[to] & them;
            nodes += perft_bb(them ^ flip, (us ^ atx_bb_of(from)) | flip | atx_bb_of(to), gaps, hm + 1, depth - 1);
        }
    }
    if (!any) nodes = perft_bb(them, us, gaps, hm + 1, depth - 1); /* the pass */
    return nodes;
}

uint64_t atx_perft(const AtxPosition *pos, int depth)
{
    if (depth <= 0) return 1;
    return perft_bb(pos->pieces[pos->side], pos->pieces[pos->side ^ 1], pos->gaps, atx_halfmove(pos), depth);
}
