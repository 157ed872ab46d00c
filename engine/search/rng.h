/*
 * rng.h - the seeded random numbers of the random and mcts variants:
 * SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014), the same sequence on every machine for a seed.
 * The state is the caller's (no global). Private to engine/search/.
 */
#ifndef SEARCH_RNG_H
#define SEARCH_RNG_H

#include <stdint.h>

/* The next 64 random bits; advances *state. */
static inline uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A state from a seed and a position's key: one seed gives unrelated
 * sequences in different positions, and the same one in the same position. */
static inline uint64_t rng_seed(uint64_t seed, uint64_t key)
{
    uint64_t state = seed;
    return rng_next(&state) ^ key;
}

/* A number in [0, n), n >= 1 (the modulo bias is below n / 2^64). */
static inline int rng_below(uint64_t *state, int n) { return (int)(rng_next(state) % (uint64_t)n); }

#endif
