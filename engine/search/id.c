/*
 * id.c - one iteration with the full window. Iterative deepening itself is
 * the loop in driver.c (search_run), which feeds the previous iteration's
 * principal variation back into move ordering for the ID variants; the
 * fixed-depth variants run this once at the requested depth.
 */
#include "algorithms.h"

int drive_full_window(SearchCtx *ctx, int depth, int prev_score)
{
    (void)prev_score;
    return ctx->variant->node(ctx, -SCORE_INF, SCORE_INF, depth, 0);
}
