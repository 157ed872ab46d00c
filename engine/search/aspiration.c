/*
 * aspiration.c - aspiration windows: from depth ASPIRATION_MIN_DEPTH on,
 * search a window of +-ASPIRATION_DELTA around the previous iteration's
 * score; on a fail low or high widen that side (doubling the step) and
 * search again, until the score falls inside the window.
 */
#include "algorithms.h"

#define ASPIRATION_DELTA 50
#define ASPIRATION_MIN_DEPTH 2
/* Past this step the window opens fully on the failing side. */
#define ASPIRATION_MAX_DELTA 1000

int drive_aspiration(SearchCtx *ctx, int depth, int prev_score)
{
    if (depth < ASPIRATION_MIN_DEPTH || prev_score > SCORE_MATE_BOUND || prev_score < -SCORE_MATE_BOUND)
        return ctx->variant->node(ctx, -SCORE_INF, SCORE_INF, depth, 0);
    int delta = ASPIRATION_DELTA;
    int alpha = prev_score - delta, beta = prev_score + delta;
    for (;;) {
        bool follow = ctx->follow_pv;
        int score = ctx->variant->node(ctx, alpha, beta, depth, 0);
        if (ctx->stopped) return 0;
        if (score > alpha && score < beta) return score;
        delta *= 2;
        if (score <= alpha)
            alpha = delta > ASPIRATION_MAX_DELTA ? -SCORE_INF : score - delta;
        else
            beta = delta > ASPIRATION_MAX_DELTA ? SCORE_INF : score + delta;
        ctx->follow_pv = follow; /* the re-search follows the same PV */
    }
}
