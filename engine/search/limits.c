/*
 * limits.c - time control: deadlines from movetime or the clock, polling of
 * the stop flag, and the decision to start another iteration.
 */
#include <time.h>

#include "ctx.h"

/* Milliseconds kept back from every clock budget for I/O and start-up. */
#define MOVE_OVERHEAD_MS 30
/* Kept back from a movetime: 1 / GAME_MOVETIME_KEEP_DIV of it, at least
 * 1 ms and at most GAME_MOVETIME_KEEP_MAX_MS (game_contract.h: a fifth, at
 * most 30 ms, unless the game says otherwise; the Amazons, whose clock is
 * polled every 1.6 ms, far more under the sanitizers, keep the default). */
#define MOVETIME_KEEP_DIV GAME_MOVETIME_KEEP_DIV
#define MOVETIME_KEEP_MAX_MS GAME_MOVETIME_KEEP_MAX_MS
/* Moves the remaining clock time is spread over when movestogo is absent. */
#define DEFAULT_MOVES_TO_GO 30
/* A score this much below the previous iteration's makes the search unstable. */
#define UNSTABLE_DROP 30

int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t search_clock_ms(void)
{
    return now_ms();
}

/* Sets the deadlines from the limits, counted from ctx->base_ms. */
static void set_deadlines(SearchCtx *ctx)
{
    const SearchLimits *l = &ctx->limits;
    int side = ctx->side;
    ctx->soft_ms = ctx->hard_ms = -1;
    if (l->infinite) return;
    if (l->movetime > 0) {
        /* Answer within movetime, I/O included: a harness that keeps the
         * time (cutechess, fastchess, qibench) counts any excess as a loss. */
        int64_t keep = l->movetime / MOVETIME_KEEP_DIV;
        int64_t overhead = keep < 1 ? 1 : keep < MOVETIME_KEEP_MAX_MS ? keep : MOVETIME_KEEP_MAX_MS;
        /* And what recent searches overran their deadline by, up to a quarter more. */
        overhead += ctx->late_ms < l->movetime / 4 ? ctx->late_ms : l->movetime / 4;
        ctx->soft_ms = ctx->hard_ms = l->movetime - overhead > 1 ? l->movetime - overhead : 1;
    } else if (l->time[side] > 0) {
        int64_t left = l->time[side], inc = l->inc[side];
        int mtg = l->movestogo > 0 ? l->movestogo : DEFAULT_MOVES_TO_GO;
        int64_t usable = left - MOVE_OVERHEAD_MS > 1 ? left - MOVE_OVERHEAD_MS : 1;
        ctx->soft_ms = usable / mtg + inc * 3 / 4;
        ctx->hard_ms = ctx->soft_ms * 4 < usable / 2 ? ctx->soft_ms * 4 : usable / 2;
        if (ctx->soft_ms > ctx->hard_ms) ctx->soft_ms = ctx->hard_ms;
    }
}

/* On a clock: has a search that has run since_ms thought enough not to
 * start another iteration? Half the soft budget, all of it when unstable. */
static bool thought_enough(const SearchCtx *ctx, int64_t since_ms)
{
    return since_ms >= (ctx->unstable ? ctx->soft_ms : ctx->soft_ms / 2);
}

/* A ponder search: has its ponderhit come? Then the limits start from it,
 * and on a clock the pondering counts as thinking done (Stockfish's stop
 * on ponderhit): if an iteration finished while pondering after as long as
 * the move's budget asks, the search answers at once with it; otherwise it
 * goes on, a new iteration starting by the time since the go, the hard
 * deadline counted from the ponderhit. */
static void check_ponderhit(SearchCtx *ctx)
{
    int64_t hit = atomic_load_explicit(ctx->limits.ponderhit, memory_order_acquire);
    if (!hit) return;
    ctx->pondering = false;
    ctx->base_ms = hit;
    set_deadlines(ctx);
    if (ctx->limits.movetime <= 0 && ctx->soft_ms >= 0 && ctx->iteration_ms > 0 &&
        thought_enough(ctx, ctx->iteration_ms))
        ctx->stopped = true;
}

void limits_start(SearchCtx *ctx, int side)
{
    ctx->start_ms = ctx->base_ms = now_ms();
    ctx->side = side;
    ctx->soft_ms = ctx->hard_ms = -1;
    ctx->unstable = false;
    ctx->iteration_ms = 0;
    ctx->pondering = ctx->limits.ponderhit != NULL;
    if (ctx->pondering) check_ponderhit(ctx); /* it may have come before the search started */
    else set_deadlines(ctx);
}

void limits_finish(SearchCtx *ctx, int64_t elapsed_ms)
{
    if (ctx->limits.movetime <= 0 || ctx->hard_ms < 0) return;
    int64_t late = elapsed_ms - (ctx->base_ms - ctx->start_ms) - ctx->hard_ms, decayed = ctx->late_ms * 3 / 4;
    ctx->late_ms = late > decayed ? late : decayed;
}

void limits_poll(SearchCtx *ctx)
{
    if (ctx->stop && atomic_load_explicit(ctx->stop, memory_order_relaxed)) ctx->stopped = true;
    if (ctx->pondering) check_ponderhit(ctx);
    if (ctx->hard_ms >= 0 && now_ms() - ctx->base_ms >= ctx->hard_ms) ctx->stopped = true;
}

void limits_iteration_done(SearchCtx *ctx, int prev_score, int score)
{
    ctx->unstable = ctx->prev_pv_len > 0 && (ctx->pv[0][0] != ctx->prev_pv[0] || score < prev_score - UNSTABLE_DROP);
    ctx->iteration_ms = now_ms() - ctx->start_ms;
}

bool limits_next_iteration(SearchCtx *ctx, int next_depth)
{
    (void)next_depth;
    if (ctx->pondering) check_ponderhit(ctx); /* which may stop it */
    if (ctx->stopped) return false;
    if (ctx->stop && atomic_load_explicit(ctx->stop, memory_order_relaxed)) return false;
    if (ctx->pondering) return true;
    if (ctx->limits.movetime > 0) return now_ms() - ctx->base_ms < ctx->hard_ms;
    /* With a clock, an iteration started after half the soft budget rarely
     * finishes; after one that changed its mind, the whole budget may go.
     * Counted from the go: a ponder search's pondering was thinking too. */
    if (ctx->soft_ms >= 0) return !thought_enough(ctx, now_ms() - ctx->start_ms);
    return true;
}
