/*
 * pvs.c - principal variation search: the first move with the full window,
 * the others with a null window around alpha, re-searched with the full
 * window when they beat alpha. Flags as in alphabeta.c (the `pvs` variant
 * itself has no table and no history).
 */
#include "ctx.h"

int search_pvs(SearchCtx *ctx, int alpha, int beta, int depth, int ply)
{
    GameMove list[GAME_MAX_MOVES], tt_move, best_move = GAME_MOVE_NONE;
    int score, alpha_orig = alpha;

    /* 1. Horizon. */
    if (depth <= 0) return node_leaf(ctx, alpha, beta, ply);

    /* 2. Count the node, then the rules (never at the root). */
    if (node_enter(ctx, ply)) return 0;
    if (ply > 0 && node_rule(ctx, ply, &score)) return score;
    if (ply >= MAX_PLY - 1) return game_eval(ctx->pos);

    /* 3. Transposition table cutoff. */
    if (tt_cutoff(ctx, alpha, beta, depth, ply, &score, &tt_move)) return score;

    /* 4. Moves in order. */
    int n = game_moves(ctx->pos, list);
    if (n == 0) return score_no_moves(ply);
    order_moves(ctx, list, n, tt_move, ply);

    /* 5. Full window for the first move, null window for the rest. */
    int best = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        game_make(ctx->pos, list[i]);
        if (i == 0) {
            score = -search_pvs(ctx, -beta, -alpha, depth - 1, ply + 1);
        } else {
            score = -search_pvs(ctx, -alpha - 1, -alpha, depth - 1, ply + 1);
            if (score > alpha && score < beta && !ctx->stopped)
                score = -search_pvs(ctx, -beta, -alpha, depth - 1, ply + 1);
        }
        game_unmake(ctx->pos);
        ctx->follow_pv = false;
        if (ctx->stopped) return 0;
        if (score <= best) continue;
        best = score;
        best_move = list[i];
        if (score <= alpha) continue;
        alpha = score;
        pv_update(ctx, ply, list[i]);
        if (alpha >= beta) {
            if (ctx->use_hh && !game_is_capture(ctx->pos, list[i])) history_reward(ctx, list[i], depth);
            break;
        }
    }

    /* 6. Store the result. */
    tt_save(ctx, alpha_orig, beta, depth, ply, best, best_move);
    return best;
}
