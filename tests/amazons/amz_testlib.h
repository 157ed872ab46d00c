/*
 * amz_testlib.h - what the Amazons unit tests share: a seeded random number
 * sequence and random play from a position.
 */
#ifndef AMZ_TESTLIB_H
#define AMZ_TESTLIB_H

#include <stdint.h>

#include "board.h"
#include "movegen.h"

/* xorshift64*: the same sequence on every machine for a seed (not 0). */
static inline uint64_t amz_test_random(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1DULL;
}

/* Plays up to `plies` random legal turns on pos (fewer when a side has no
 * turn left); returns how many were played. */
static inline int amz_test_play_random(AmzPosition *pos, int plies, uint64_t *state)
{
    static AmzMove list[AMZ_MAX_MOVES];
    int played = 0;
    for (; played < plies; played++) {
        int n = amz_gen_moves(pos, list);
        if (n == 0) break;
        amz_pos_make(pos, list[amz_test_random(state) % (uint64_t)n]);
    }
    return played;
}

#endif
