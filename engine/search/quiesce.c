/*
 * quiesce.c - quiescence search, shared by every variant: noisy moves
 * (captures) only, standing pat on the static evaluation; in check, every
 * evasion and no stand-pat (so mates at the horizon are seen). Fail-soft
 * alpha-beta. A game without noisy moves (GAME_HAS_NOISY 0) stands pat; one
 * without check (GAME_HAS_CHECK 0) never searches evasions.
 */
#include "ctx.h"

/* DeltaPrune: what a capture may gain beyond its victim (position, a recapture missed). */
#define DELTA_MARGIN 200

/* checks: also search the quiet moves that give check (QChecks, first ply). */
static int quiesce_node(SearchCtx *ctx, int alpha, int beta, int ply, bool checks)
{
    /* 1. Count the node; stop if asked. */
    if (node_enter(ctx, ply)) return 0;
#if !GAME_HAS_NOISY && !GAME_HAS_CHECK
    /* Nothing to resolve: the static evaluation. */
    (void)alpha, (void)beta, (void)checks;
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
#if GAME_HAS_QUIET_CHECKS
        /* QChecks: the quiet checks after the captures (order_captures keeps them last). */
        if (checks) n += game_quiet_checks(ctx->pos, list + n);
#endif
    }
#if !GAME_HAS_QUIET_CHECKS
    (void)checks;
#endif

    /* 3. Captures (or evasions), most valuable victim first. DeltaPrune
     * (not in check): a capture whose victim, with DELTA_MARGIN to spare,
     * cannot lift the standing score to alpha is skipped. */
    order_captures(ctx, list, n);
#if GAME_HAS_NOISY
    bool delta = best > -SCORE_INF && feature_on(ctx, SEARCH_FEATURE_DELTA);
#endif
    for (int i = 0; i < n; i++) {
#if GAME_HAS_NOISY
        if (delta && game_is_capture(ctx->pos, list[i])
            && best + game_victim_value(ctx->pos, list[i]) + DELTA_MARGIN <= alpha)
            continue;
#endif
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

int quiesce(SearchCtx *ctx, int alpha, int beta, int ply) { return quiesce_node(ctx, alpha, beta, ply, false); }

int quiesce_leaf(SearchCtx *ctx, int alpha, int beta, int ply)
{
    return quiesce_node(ctx, alpha, beta, ply, feature_on(ctx, SEARCH_FEATURE_QCHECKS));
}
