/*
 * alphabeta.c - fail-soft alpha-beta. The variant flags add the history
 * heuristic (alphabeta-hh) or the transposition table (alphabeta-tt); the
 * iterative-deepening drivers (id, aspiration) and MTD(f) call it too.
 */
#include "algorithms.h"

int search_alphabeta(SearchCtx *ctx, int alpha, int beta, int depth, int ply)
{
    GameMove list[GAME_MAX_MOVES];
    int score, n;
    NodeState ns;

    /* 1-4. Horizon, node count, rules, table cutoff; the ordered moves. */
    if (node_open(ctx, alpha, beta, depth, ply, &score, list, &n, &ns)) return score;
    alpha = ns.alpha, beta = ns.beta, depth = ns.depth;

    /* 5. Search them; a move that reaches beta ends the node. With the
     * features: futile moves skipped, late quiet ones searched shallower
     * with a null window first. */
    NodeBest nb = node_best_init(alpha);
    for (int i = 0; i < n || node_more_moves(ctx, &ns, list, &n, ply); i++) {
        bool capture = move_is_noisy(ctx, list[i]);
        game_make(ctx->pos, list[i]);
        int r = node_move_plan(ctx, &ns, i, list[i], capture, ply, nb.alpha, &nb.best);
        if (r < 0) {
            game_unmake(ctx->pos);
            continue;
        }
        score = nb.alpha + 1;
        if (r > 0) score = -search_alphabeta(ctx, -nb.alpha - 1, -nb.alpha, depth - 1 - r, ply + 1);
        if (score > nb.alpha && !ctx->stopped) score = -search_alphabeta(ctx, -beta, -nb.alpha, depth - 1, ply + 1);
        game_unmake(ctx->pos);
        ctx->follow_pv = false;
        if (ctx->stopped) return 0;
        if (node_score(ctx, &nb, list[i], score, beta, depth, ply)) break;
    }

    /* 6. Store the result. */
    tt_save(ctx, alpha, beta, depth, ply, nb.best, nb.move);
    return nb.best;
}
