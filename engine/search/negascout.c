/*
 * negascout.c - NegaScout (Reinefeld 1983) with the transposition table and
 * the history heuristic. Each move after the first is tried with the null
 * window (alpha, alpha + 1); one that fails high inside (alpha, beta) is
 * searched again with the window (t, beta), t being the bound it returned.
 * Reinefeld skips that re-search one ply above the leaves, where a static
 * evaluation is exact whatever the window; a quiescence search is not, so
 * the shortcut is taken only with quiescence off.
 */
#include "algorithms.h"

int search_negascout(SearchCtx *ctx, int alpha, int beta, int depth, int ply)
{
    GameMove list[GAME_MAX_MOVES];
    int score, n;
    NodeState ns;

    /* 1-4. Horizon, node count, rules, table cutoff; the ordered moves. */
    if (node_open(ctx, alpha, beta, depth, ply, &score, list, &n, &ns)) return score;
    alpha = ns.alpha, beta = ns.beta, depth = ns.depth;

    /* 5. Scout window b: the full window first, then (alpha, alpha + 1).
     * With the features: futile moves skipped, late quiet ones searched a
     * ply or two shallower first, at full depth only if they beat alpha. */
    NodeBest nb = node_best_init(alpha);
    bool exact_leaves = depth == 1 && !ctx->quiescence;
    int b = beta;
    for (int i = 0; i < n || node_more_moves(ctx, &ns, list, &n, ply); i++) {
        bool capture = move_is_noisy(ctx, list[i]);
        game_make(ctx->pos, list[i]);
        int r = node_move_plan(ctx, &ns, i, list[i], capture, ply, nb.alpha, &nb.best);
        if (r < 0) {
            game_unmake(ctx->pos);
            continue;
        }
        score = nb.alpha + 1;
        if (r > 0) score = -search_negascout(ctx, -nb.alpha - 1, -nb.alpha, depth - 1 - r, ply + 1);
        if (score > nb.alpha && !ctx->stopped) score = -search_negascout(ctx, -b, -nb.alpha, depth - 1, ply + 1);
        if (i > 0 && score > nb.alpha && score < beta && !exact_leaves && !ctx->stopped)
            score = -search_negascout(ctx, -beta, -score, depth - 1, ply + 1);
        game_unmake(ctx->pos);
        ctx->follow_pv = false;
        if (ctx->stopped) return 0;
        if (node_score(ctx, &nb, list[i], score, beta, depth, ply)) break;
        b = nb.alpha + 1;
    }

    /* 6. Store the result. */
    tt_save(ctx, alpha, beta, depth, ply, nb.best, nb.move);
    return nb.best;
}
