/*
 * mtdf.c - MTD(f) (Plaat et al. 1996): a sequence of null-window alpha-beta
 * searches with the transposition table as memory, each moving a bound on
 * the minimax value, starting from the previous iteration's score, until
 * the lower and upper bounds meet. The best move is the root move of the
 * last search that failed high; the rest of the PV is read from the table.
 */
#include "algorithms.h"

int drive_mtdf(SearchCtx *ctx, int depth, int prev_score)
{
    int lower = -SCORE_INF, upper = SCORE_INF, g = prev_score;
    GameMove best = ctx->prev_pv_len > 0 ? ctx->prev_pv[0] : GAME_MOVE_NONE;
    bool follow = ctx->follow_pv;
    while (lower < upper) {
        int beta = g == lower ? g + 1 : g;
        ctx->follow_pv = follow;
        g = search_alphabeta(ctx, beta - 1, beta, depth, 0);
        if (ctx->stopped) return 0;
        if (g < beta) {
            upper = g;
        } else {
            lower = g;
            best = ctx->pv[0][0]; /* set by the root when it failed high */
        }
    }
    ctx->pv[0][0] = best;
    ctx->pv_len[0] = best != GAME_MOVE_NONE;
    pv_extend_from_table(ctx);
    return g;
}
