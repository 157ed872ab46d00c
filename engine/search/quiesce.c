/*
 * quiesce.c - quiescence search, shared by every variant: noisy moves
 * (captures) only, standing pat on the static evaluation; in check, every
 * evasion and no stand-pat (so mates at the horizon are seen). Fail-soft
 * alpha-beta. A game without noisy moves (GAME_HAS_NOISY 0) stands pat; one
 * without check (GAME_HAS_CHECK 0) never searches evasions.
 */
#include "ctx.h"

int quiesce(SearchCtx *ctx, int alpha, int beta, int ply)
{
    /* 1. Count the node; stop if asked. */
    if (node_enter(ctx, ply)) return 0;
#if !GAME_HAS_NOISY && !GAME_HAS_CHECK
    /* Nothing to resolve: the static evaluation. */
    (void)alpha, (void)beta;
    return ctx_eval(ctx);
#else
    GameMove list[GAME_MAX_MOVES];
    int best, n = 0;
    if (ply >= MAX_PLY - 1) return ctx_eval(ctx);

    /* 2. Stand pat, unless in check: then all evasions, and mate if none. */
#if GAME_HAS_CHECK
    if (game_in_check(ctx->pos)) {
        n = game_moves(ctx->pos, list);
        if (n == 0) return score_no_moves(ply);
        best = -SCORE_INF;
    } else
#endif
    {
        best = ctx_eval(ctx);
        if (best >= beta) return best;
        if (best > alpha) alpha = best;
#if GAME_HAS_NOISY
        n = game_captures(ctx->pos, list);
        /* QSEEPrune: drop the captures that lose material by SEE. */
        if (feature_on(ctx, SEARCH_FEATURE_QSEE)) {
            int kept = 0;
            for (int i = 0; i < n; i++)
                if (capture_exchange(ctx->pos, list[i]) >= 0) list[kept++] = list[i];
            n = kept;
        }
#endif
    }

    /* 3. Captures (or evasions), most valuable victim first. */
    order_captures(ctx, list, n);
    for (int i = 0; i < n; i++) {
        game_make(ctx->pos, list[i]);
        int score = -quiesce(ctx, -beta, -alpha, ply + 1);
        game_unmake(ctx->pos);
        if (ctx->stopped) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
#endif
}
