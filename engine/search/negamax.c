/*
 * negamax.c - plain negamax: every move of every node to full depth, no
 * pruning at all. The window arguments are ignored; leaves are searched
 * with the full window so that the value is exact. The reference every
 * other variant must agree with.
 */
#include "algorithms.h"

int search_negamax(SearchCtx *ctx, int alpha, int beta, int depth, int ply)
{
    GameMove list[GAME_MAX_MOVES];
    int score, n;
    NodeState ns;
    (void)alpha;
    (void)beta;

    /* 1-4. Horizon, node count, rules; the moves (no table in this variant). */
    if (node_open(ctx, -SCORE_INF, SCORE_INF, depth, ply, &score, list, &n, &ns)) return score;

    /* 5. Every move, none pruned. */
    NodeBest nb = node_best_init(-SCORE_INF);
    for (int i = 0; i < n; i++) {
        game_make(ctx->pos, list[i]);
        score = -search_negamax(ctx, -SCORE_INF, SCORE_INF, depth - 1, ply + 1);
        game_unmake(ctx->pos);
        ctx->follow_pv = false;
        if (ctx->stopped) return 0;
        node_score(ctx, &nb, list[i], score, SCORE_INF, depth, ply);
    }
    return nb.best;
}
