/*
 * bitboard.h - sets of squares as 110-bit boards for the evaluation's
 * breadth-first searches: bit r * 11 + f is the square on file f, rank r,
 * and bit r * 11 + 10 of every rank is a guard that is never in a set of
 * empty squares. A one-square step is then a shift (east +1, north +11,
 * north-east +12, north-west +10), and a step off the board's east or west
 * edge lands on a guard, a step off its north or south edge beyond bit 109
 * or below bit 0, so masking with the empty squares keeps every step on
 * the board. Two 64-bit words, portable C11.
 */
#ifndef AMZ_BITBOARD_H
#define AMZ_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

#define AMZ_BB_STRIDE 11
#define AMZ_BB_BITS (AMZ_BB_STRIDE * AMZ_RANKS)

typedef struct {
    uint64_t lo, hi; /* bits 0-63, bits 64-109 */
} AmzBB;

static inline int amz_bb_bit(int sq) { return AMZ_SQ_RANK(sq) * AMZ_BB_STRIDE + AMZ_SQ_FILE(sq); }
static inline int amz_bb_square(int bit) { return AMZ_SQ(bit % AMZ_BB_STRIDE, bit / AMZ_BB_STRIDE); }

static inline AmzBB amz_bb_and(AmzBB a, AmzBB b) { return (AmzBB){a.lo & b.lo, a.hi & b.hi}; }
static inline AmzBB amz_bb_or(AmzBB a, AmzBB b) { return (AmzBB){a.lo | b.lo, a.hi | b.hi}; }
static inline AmzBB amz_bb_andnot(AmzBB a, AmzBB b) { return (AmzBB){a.lo & ~b.lo, a.hi & ~b.hi}; }
static inline bool amz_bb_any(AmzBB a) { return (a.lo | a.hi) != 0; }
/* Bits set in x (SWAR: no call to a library routine on CPUs without POPCNT). */
static inline int amz_bb_popcount64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline int amz_bb_count(AmzBB a) { return amz_bb_popcount64(a.lo) + amz_bb_popcount64(a.hi); }

static inline void amz_bb_set(AmzBB *a, int bit)
{
    if (bit < 64) a->lo |= 1ULL << bit;
    else a->hi |= 1ULL << (bit - 64);
}

/* a shifted by n bits, 0 < n < 64: towards higher bits for n > 0, lower for n < 0. */
static inline AmzBB amz_bb_shift(AmzBB a, int n)
{
    if (n > 0) return (AmzBB){a.lo << n, (a.hi << n) | (a.lo >> (64 - n))};
    n = -n;
    return (AmzBB){(a.lo >> n) | (a.hi << (64 - n)), a.hi >> n};
}

/* The eight one-square steps, as shifts. */
static const int AMZ_BB_STEPS[8] = {1, -1, AMZ_BB_STRIDE, -AMZ_BB_STRIDE, AMZ_BB_STRIDE + 1, AMZ_BB_STRIDE - 1,
                                    -AMZ_BB_STRIDE + 1, -AMZ_BB_STRIDE - 1};

/* The empty squares of pos, a rank at a time from the rank lines' occupancy
 * masks (board.c: line r is rank r, bit f of its mask file f). */
static inline AmzBB amz_bb_empty(const AmzPosition *pos)
{
    AmzBB e = {0, 0};
    for (int r = 0; r < AMZ_RANKS; r++) {
        uint64_t row = ~(uint64_t)pos->occ[r] & 0x3FF;
        int at = r * AMZ_BB_STRIDE;
        if (at < 64) e.lo |= row << at;
        if (at + AMZ_FILES > 64) e.hi |= at >= 64 ? row << (at - 64) : row >> (64 - at);
    }
    return e;
}

/* The squares of side's amazons. */
static inline AmzBB amz_bb_amazons(const AmzPosition *pos, int side)
{
    AmzBB a = {0, 0};
    for (int i = 0; i < pos->count[side]; i++) amz_bb_set(&a, amz_bb_bit(pos->amazon[side][i]));
    return a;
}

#endif
