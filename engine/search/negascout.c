/*
 * negascout.c - NegaScout (Reinefeld 1983) with the transposition table and
 * the history heuristic. Each move after the first is tried with the null
 * window (alpha, alpha + 1); one that fails high inside (alpha, beta) is
 * searched again with the window (t, beta), t being the bound it returned.
 * Reinefeld skips that re-search one ply above the leaves, where a static
 * evaluation is exact whatever the window; a quiescence search is not, so
 * the shortcut is taken only with quiescence off.
 */
#include "ctx.h"

int search_negascout(SearchCtx *ctx, int alpha, int beta, int depth, int ply)
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

    /* 5. Scout window b: the full window first, then (alpha, alpha + 1). */
    int best = -SCORE_INF, b = beta;
    bool exact_leaves = depth == 1 && !ctx->quiescence;
    for (int i = 0; i < n; i++) {
        game_make(ctx->pos, list[i]);
        score = -search_negascout(ctx, -b, -alpha, depth - 1, ply + 1);
        if (i > 0 && score > alpha && score < beta && !exact_leaves && !ctx->stopped)
            score = -search_negascout(ctx, -beta, -score, depth - 1, ply + 1);
        game_unmake(ctx->pos);
        ctx->follow_pv = false;
        if (ctx->stopped) return 0;
        if (score > best) {
            best = score;
            best_move = list[i];
            if (score > alpha) {
                alpha = score;
                pv_update(ctx, ply, list[i]);
            }
        }
        if (alpha >= beta) {
            if (ctx->use_hh && !game_is_capture(ctx->pos, list[i])) history_reward(ctx, list[i], depth);
            break;
        }
        b = alpha + 1;
    }

    /* 6. Store the result. */
    tt_save(ctx, alpha_orig, beta, depth, ply, best, best_move);
    return best;
}
