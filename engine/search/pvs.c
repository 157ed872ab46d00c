/*
 * pvs.c - principal variation search: the first move with the full window,
 * the others with a null window around alpha, re-searched with the full
 * window when they beat alpha. Flags as in alphabeta.c (the `pvs` variant
 * itself has no table and no history).
 */
#include "algorithms.h"

int search_pvs(SearchCtx *ctx, int alpha, int beta, int depth, int ply)
{
    GameMove list[GAME_MAX_MOVES];
    int score, n;
    NodeState ns;

    /* 1-4. Horizon, node count, rules, table cutoff; the ordered moves. */
    if (node_open(ctx, alpha, beta, depth, ply, &score, list, &n, &ns)) return score;
    alpha = ns.alpha, beta = ns.beta, depth = ns.depth;

    /* 5. Full window for the first move, null window for the rest (with
     * the features: futile moves skipped, late quiet ones reduced first). */
    NodeBest nb = node_best_init(alpha);
    for (int i = 0; i < n || node_more_moves(ctx, &ns, list, &n, ply); i++) {
        int a = nb.alpha;
        bool capture = move_is_noisy(ctx, list[i]);
        game_make(ctx->pos, list[i]);
        int r = node_move_plan(ctx, &ns, i, list[i], capture, ply, a, &nb.best);
        if (r < 0) {
            game_unmake(ctx->pos);
            continue;
        }
        if (i == 0) {
            score = -search_pvs(ctx, -beta, -a, depth - 1, ply + 1);
        } else {
            score = a + 1;
            if (r > 0) score = -search_pvs(ctx, -a - 1, -a, depth - 1 - r, ply + 1);
            if (score > a && !ctx->stopped) score = -search_pvs(ctx, -a - 1, -a, depth - 1, ply + 1);
            if (score > a && score < beta && !ctx->stopped) score = -search_pvs(ctx, -beta, -a, depth - 1, ply + 1);
        }
        game_unmake(ctx->pos);
        ctx->follow_pv = false;
        if (ctx->stopped) return 0;
        if (node_score(ctx, &nb, list[i], score, beta, depth, ply)) break;
    }

    /* 6. Store the result. */
    tt_save(ctx, alpha, beta, depth, ply, nb.best, nb.move);
    return nb.best;
}
