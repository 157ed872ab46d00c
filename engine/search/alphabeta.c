/*
 * alphabeta.c - fail-soft alpha-beta. The variant flags add the history
 * heuristic (alphabeta-hh) or the transposition table (alphabeta-tt); the
 * iterative-deepening drivers (id, aspiration) and MTD(f) call it too.
 */
#include "ctx.h"

int search_alphabeta(SearchCtx *ctx, int alpha, int beta, int depth, int ply)
{
    GameMove list[GAME_MAX_MOVES], tt_move, best_move = GAME_MOVE_NONE;
    int score, alpha_orig = alpha;

    /* 1. Horizon. */
    if (depth <= 0) return node_leaf(ctx, alpha, beta, ply);

    /* 2. Count the node, then the rules (never at the root). */
    if (node_enter(ctx, ply)) return 0;
    if (ply > 0 && node_rule(ctx, ply, &score)) return score;
    if (ply >= MAX_PLY - 1) return game_eval(ctx->pos);

    /* 3. Transposition table cutoff (when the variant has a table). */
    if (tt_cutoff(ctx, alpha, beta, depth, ply, &score, &tt_move)) return score;

    /* 4. Moves in order: table move, PV move, captures, quiet moves. */
    int n = game_moves(ctx->pos, list);
    if (n == 0) return score_no_moves(ply);
    order_moves(ctx, list, n, tt_move, ply);

    /* 5. Search them; a move that reaches beta ends the node. */
    int best = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        game_make(ctx->pos, list[i]);
        score = -search_alphabeta(ctx, -beta, -alpha, depth - 1, ply + 1);
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
