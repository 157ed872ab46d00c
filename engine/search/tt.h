/*
 * tt.h - the transposition table: buckets of two entries, one kept for the
 * deepest result (replaced by a deeper or equal draft, or by anything when
 * it is from an older search) and one always replaced.
 */
#ifndef SEARCH_TT_H
#define SEARCH_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game_contract.h"

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

typedef struct {
    uint64_t key;
    GameMove move;
    int16_t score; /* mate scores relative to this node, see tt_store */
    int8_t depth;
    uint8_t bound;
    uint8_t generation;
} TTEntry;

typedef struct {
    TTEntry *buckets; /* pairs: [2i] depth-preferred, [2i+1] always-replace */
    size_t mask;      /* number of buckets - 1 (a power of two) */
    uint8_t generation;
} TT;

/* Allocates about mb megabytes (at least one bucket). Returns 0 or -1. */
int tt_init(TT *tt, int mb);
void tt_free(TT *tt);
void tt_clear(TT *tt);

/* Starts a new search: older entries become preferred victims. */
static inline void tt_new_search(TT *tt) { tt->generation++; }

/* The entry for key, or NULL. Its score is already adjusted to ply. */
bool tt_probe(const TT *tt, uint64_t key, int ply, TTEntry *out);

/* Stores a result; mate scores are made relative to this node from ply. */
void tt_store(TT *tt, uint64_t key, int depth, int score, int bound, GameMove move, int ply);

#endif
