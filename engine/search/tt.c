/*
 * tt.c - transposition table.
 */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

#include "search.h"

int tt_init(TT *tt, int mb)
{
    size_t bytes = (size_t)(mb > 0 ? mb : 1) << 20, buckets = 1;
    while (buckets * 2 * 2 * sizeof(TTEntry) <= bytes) buckets *= 2;
    TTEntry *mem = calloc(buckets * 2, sizeof(TTEntry));
    if (!mem) return -1;
    tt->buckets = mem;
    tt->mask = buckets - 1;
    tt->generation = 0;
    return 0;
}

void tt_free(TT *tt)
{
    free(tt->buckets);
    tt->buckets = NULL;
}

void tt_clear(TT *tt)
{
    memset(tt->buckets, 0, (tt->mask + 1) * 2 * sizeof(TTEntry));
    tt->generation = 0;
}

/* Mate scores are stored as distance from this node, read back from the root. */
static int score_to_tt(int score, int ply)
{
    return score > SCORE_MATE_BOUND ? score + ply : score < -SCORE_MATE_BOUND ? score - ply : score;
}

static int score_from_tt(int score, int ply)
{
    return score > SCORE_MATE_BOUND ? score - ply : score < -SCORE_MATE_BOUND ? score + ply : score;
}

bool tt_probe(const TT *tt, uint64_t key, int ply, TTEntry *out)
{
    const TTEntry *bucket = &tt->buckets[(key & tt->mask) * 2];
    for (int i = 0; i < 2; i++)
        if (bucket[i].key == key && bucket[i].bound != BOUND_NONE) {
            *out = bucket[i];
            out->score = (int16_t)score_from_tt(out->score, ply);
            return true;
        }
    return false;
}

void tt_store(TT *tt, uint64_t key, int depth, int score, int bound, GameMove move, int ply)
{
    TTEntry *bucket = &tt->buckets[(key & tt->mask) * 2];
    TTEntry *e = &bucket[1];
    if (bucket[0].bound == BOUND_NONE || bucket[0].generation != tt->generation || depth >= bucket[0].depth)
        e = &bucket[0];
    /* Keep the old best move when the new result has none for this position. */
    if (move == GAME_MOVE_NONE && e->key == key) move = e->move;
    e->key = key;
    e->move = move;
    e->score = (int16_t)score_to_tt(score, ply);
    e->depth = (int8_t)depth;
    e->bound = (uint8_t)bound;
    e->generation = tt->generation;
}
