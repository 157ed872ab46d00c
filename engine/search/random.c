/*
 * random.c - the `random` variant, the baseline every other variant should
 * beat: a uniformly random legal move. The draw is seeded with the Seed
 * option mixed with the position's key, so that a seed and a sequence of
 * positions always give the same moves, and different positions of one game
 * do not repeat one pattern. One node (the root); one `info` line at depth 1
 * with score 0.
 */
#include "algorithms.h"
#include "rng.h"

void random_run(SearchCtx *ctx, SearchInfo *info, SearchReport report, void *user)
{
    GameMove list[GAME_MAX_MOVES];

    /* 1. The root is the only node. */
    ctx->nodes = 1;
    ctx->seldepth = 1;

    /* 2. One of the legal moves (there is at least one: search_run checked). */
    int n = game_moves(ctx->pos, list);
    if (n == 0) return;
    uint64_t rng = rng_seed(ctx->seed, game_key(ctx->pos));
    info->pv[0] = list[rng_below(&rng, n)];
    info->pv_len = 1;

    /* 3. Report it as one iteration. */
    info->depth = info->seldepth = 1;
    info->score = 0;
    info->nodes = ctx->nodes;
    info->time_ms = now_ms() - ctx->start_ms;
    if (report) report(info, user);
}
