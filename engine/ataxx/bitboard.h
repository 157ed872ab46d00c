/*
 * bitboard.h - Ataxx sets of squares: the 49 squares of the 7x7 board are
 * bits 0-48 of a uint64_t, bit rank * 7 + file (a1 = 0, g1 = 6, a7 = 42,
 * g7 = 48); bits 49-63 are never set. A one-square step is a shift (east +1,
 * north +7, north-east +8, north-west +6) masked by the files a step may not
 * wrap onto. The per-square neighbour tables (ATX_SINGLES, the 8 squares
 * next to a square; ATX_DOUBLES, the 16 squares two steps away) are filled
 * by atx_board_init(). Portable C11; all names prefixed atx_/ATX_.
 */
#ifndef ATX_BITBOARD_H
#define ATX_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t AtxBB;

#define ATX_BB_ALL ((AtxBB)0x1FFFFFFFFFFFFULL)   /* the 49 squares */
#define ATX_BB_FILE_A ((AtxBB)0x0040810204081ULL) /* a1, a2, ..., a7 */
#define ATX_BB_FILE_G (ATX_BB_FILE_A << 6)
#define ATX_BB_NOT_A (ATX_BB_ALL & ~ATX_BB_FILE_A)
#define ATX_BB_NOT_G (ATX_BB_ALL & ~ATX_BB_FILE_G)

/* Neighbour tables (filled by atx_board_init in board.c). */
extern AtxBB ATX_SINGLES[49];
extern AtxBB ATX_DOUBLES[49];

static inline AtxBB atx_bb_of(int sq) { return (AtxBB)1 << sq; }

/* Bits set in x (SWAR where no POPCNT builtin). */
static inline int atx_bb_count(AtxBB x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* Index of the lowest set bit of a non-empty set. */
static inline int atx_bb_lsb(AtxBB x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* Pops and returns the lowest set bit of *x (non-empty). */
static inline int atx_bb_pop(AtxBB *x)
{
    int s = atx_bb_lsb(*x);
    *x &= *x - 1;
    return s;
}

/* Every square next to a square of b (the 8 single-step directions). */
static inline AtxBB atx_bb_singles(AtxBB b)
{
    AtxBB e = (b << 1) & ATX_BB_NOT_A; /* one file east, wrapped onto a removed */
    AtxBB w = (b >> 1) & ATX_BB_NOT_G;
    AtxBB row = b | e | w;
    return ((row << 7) | (row >> 7) | e | w) & ATX_BB_ALL;
}

/* Every square within two steps (king distance <= 2) of a square of b, b's
 * own squares included: the squares a piece of b reaches with a single or
 * a double. */
static inline AtxBB atx_bb_reach(AtxBB b)
{
    AtxBB s = b | atx_bb_singles(b);
    return s | atx_bb_singles(s);
}

#endif
