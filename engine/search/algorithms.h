/*
 * algorithms.h - the search algorithms (one file each), the variants that
 * are not alpha-beta, and the one-iteration drivers: what the registry
 * (registry.c) and the searcher (driver.c) call. The algorithms use the
 * node helpers of ctx.h and nothing of the searcher's.
 */
#ifndef SEARCH_ALGORITHMS_H
#define SEARCH_ALGORITHMS_H

#include "ctx.h"

/* ---- one file per algorithm ---- */
int search_negamax(SearchCtx *ctx, int alpha, int beta, int depth, int ply);
int search_alphabeta(SearchCtx *ctx, int alpha, int beta, int depth, int ply);
int search_pvs(SearchCtx *ctx, int alpha, int beta, int depth, int ply);
int search_negascout(SearchCtx *ctx, int alpha, int beta, int depth, int ply);

/* ---- the variants that are not alpha-beta: fill *info (its pv[0] holds a
 * legal move on entry, the fallback) and report as they go ---- */
void random_run(SearchCtx *ctx, SearchInfo *info, SearchReport report, void *user);
void mcts_run(SearchCtx *ctx, SearchInfo *info, SearchReport report, void *user);

/* ---- drivers: return the score of one full iteration at depth ---- */
int drive_full_window(SearchCtx *ctx, int depth, int prev_score);
int drive_aspiration(SearchCtx *ctx, int depth, int prev_score);
int drive_mtdf(SearchCtx *ctx, int depth, int prev_score);

#endif
