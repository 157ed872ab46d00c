/*
 * negamax.c - plain negamax: every move of every node to full depth, no
 * pruning at all. The window arguments are ignored; leaves are searched
 * with the full window so that the value is exact. The reference every
 * other variant must agree with.
 */
#include "ctx.h"

int search_negamax(SearchCtx *ctx, int alpha, int beta, int depth, int ply)
{
    GameMove list[GAME_MAX_MOVES];
    int score;
    (void)alpha;
    (void)beta;

    /* 1. Horizon: the leaf value over the full window. */
    if (depth <= 0) return node_leaf(ctx, -SCORE_INF, SCORE_INF, ply);

    /* 2. Count the node, then the rules (never at the root). */
    if (node_enter(ctx, ply)) return 0;
    if (ply > 0 && node_rule(ctx, ply, &score)) return score;
    if (ply >= MAX_PLY - 1) return game_eval(ctx->pos);

    /* 3. Every move, in the shared order. */
    int n = game_moves(ctx->pos, list);
    if (n == 0) return score_no_moves(ply);
    order_moves(ctx, list, n, GAME_MOVE_NONE, ply);
    int best = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        game_make(ctx->pos, list[i]);
        score = -search_negamax(ctx, -SCORE_INF, SCORE_INF, depth - 1, ply + 1);
        game_unmake(ctx->pos);
        ctx->follow_pv = false;
        if (ctx->stopped) return 0;
        if (score > best) {
            best = score;
            pv_update(ctx, ply, list[i]);
        }
    }
    return best;
}
