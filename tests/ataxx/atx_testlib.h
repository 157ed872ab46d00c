/*
 * atx_testlib.h - what the Ataxx unit tests share: a seeded random number
 * sequence, random play from a position, and a full-state comparison.
 */
#ifndef ATX_TESTLIB_H
#define ATX_TESTLIB_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "movegen.h"

/* xorshift64*: the same sequence on every machine for a seed (not 0). */
static inline uint64_t atx_test_random(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1DULL;
}

/* Plays up to `plies` random legal moves on pos (fewer when the game ends);
 * returns how many were played. */
static inline int atx_test_play_random(AtxPosition *pos, int plies, uint64_t *state)
{
    AtxMove list[ATX_MAX_MOVES];
    int played = 0;
    for (; played < plies; played++) {
        int n = atx_gen_moves(pos, list);
        if (n == 0) break;
        if (!atx_pos_make(pos, list[atx_test_random(state) % (uint64_t)n])) break;
    }
    return played;
}

/* Same board, side, ply, clock and key? */
static inline bool atx_test_same(const AtxPosition *a, const AtxPosition *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] && a->gaps == b->gaps && a->side == b->side
           && a->ply == b->ply && atx_halfmove(a) == atx_halfmove(b) && atx_pos_key(a) == atx_pos_key(b);
}

#endif
