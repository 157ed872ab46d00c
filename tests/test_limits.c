/*
 * test_limits.c - the search's time limits (engine/search/limits.c):
 *  - a clock search never plans past half of the clock it was given (less
 *    the overhead kept back), with or without increment and movestogo, so
 *    a run of searches cannot lose on time by its own plan (on a clock of
 *    31 ms or less it answers at once); its soft budget is within its hard one;
 *  - a movetime search plans within the movetime;
 *  - an iteration that changed the best move, or scored clearly worse than
 *    the one before, lets the next start until the whole soft budget; a
 *    steady one only until half of it;
 *  - a ponder search on a clock counts its pondering as thinking done: at
 *    its ponderhit it answers at once when an iteration finished after
 *    half its budget had gone, and goes on otherwise; before the
 *    ponderhit nothing stops it.
 */
#include <string.h>

#include "ctx.h"
#include "testhelp.h"

static SearchCtx ctx;

static void start(int64_t time, int64_t inc, int movestogo, int64_t movetime)
{
    memset(&ctx.limits, 0, sizeof ctx.limits);
    ctx.limits.time[0] = time;
    ctx.limits.inc[0] = inc;
    ctx.limits.movestogo = movestogo;
    ctx.limits.movetime = movetime;
    ctx.late_ms = 0;
    limits_start(&ctx, 0);
}

static void test_clock_budgets(void)
{
    static const int64_t times[] = {1, 2, 31, 32, 50, 100, 999, 1000, 4000, 10000, 60000, 600000, 10800000};
    static const int64_t incs[] = {0, 1, 40, 100, 1000, 5000};
    static const int mtgs[] = {0, 1, 2, 10, 40};
    int bad = 0, cases = 0;
    for (size_t t = 0; t < sizeof times / sizeof *times; t++)
        for (size_t i = 0; i < sizeof incs / sizeof *incs; i++)
            for (size_t m = 0; m < sizeof mtgs / sizeof *mtgs; m++) {
                int64_t time = times[t], usable = time - 30 > 1 ? time - 30 : 1;
                int64_t half = usable / 2; /* 0 on a clock of 31 ms or less: answer at once */
                start(time, incs[i], mtgs[m], 0);
                cases++;
                if (ctx.hard_ms > half || ctx.soft_ms < 0 || ctx.soft_ms > ctx.hard_ms) {
                    if (bad++ < 5)
                        fprintf(stderr, "clock %lld inc %lld movestogo %d: soft %lld hard %lld (half %lld)\n",
                                (long long)time, (long long)incs[i], mtgs[m], (long long)ctx.soft_ms,
                                (long long)ctx.hard_ms, (long long)half);
                }
            }
    CHECK(bad == 0, "clock budgets within half the usable clock, 0 <= soft <= hard: %d of %d cases wrong", bad, cases);
    /* Hand-worked: 10 s + 0.1 s, no movestogo: (10000 - 30) / 30 + 100 * 3 / 4 = 332 + 75. */
    start(10000, 100, 0, 0);
    CHECK(ctx.soft_ms == 407 && ctx.hard_ms == 1628, "10+0.1: soft %lld (407), hard %lld (1628)",
          (long long)ctx.soft_ms, (long long)ctx.hard_ms);
    start(0, 0, 0, 0);
    CHECK(ctx.hard_ms < 0, "no clock, no movetime: no limit (hard %lld)", (long long)ctx.hard_ms);
}

static void test_movetime_budgets(void)
{
    int bad = 0;
    for (int64_t mt = 1; mt <= 5000; mt += mt < 100 ? 1 : 97) {
        start(0, 0, 0, mt);
        if (ctx.hard_ms < 1 || ctx.hard_ms > mt || ctx.soft_ms != ctx.hard_ms) bad++;
    }
    CHECK(bad == 0, "movetime budgets within the movetime: %d wrong", bad);
}

/* An iteration that found move (ctx.pv[0][0]) after one that found prev
 * (GAME_MOVE_NONE: none before it). */
static void iteration_done(GameMove prev, int prev_score, GameMove move, int score)
{
    ctx.prev_pv[0] = prev;
    ctx.prev_pv_len = prev != GAME_MOVE_NONE;
    ctx.pv[0][0] = move;
    limits_iteration_done(&ctx, prev_score, score);
}

static void test_instability(void)
{
    const GameMove a = 11, b = 12;
    iteration_done(GAME_MOVE_NONE, 0, a, 0);
    CHECK(!ctx.unstable, "the first iteration is not unstable");
    iteration_done(a, 50, a, 40);
    CHECK(!ctx.unstable, "same move, 10 cp worse: steady");
    iteration_done(a, 50, a, 80);
    CHECK(!ctx.unstable, "same move, better: steady");
    iteration_done(a, 50, b, 50);
    CHECK(ctx.unstable, "a new best move: unstable");
    iteration_done(a, 50, a, 10);
    CHECK(ctx.unstable, "same move, 40 cp worse: unstable");

    /* 10 minutes on the clock: soft is 20 s; pretend three quarters of it went. */
    start(600000, 0, 0, 0);
    int64_t soft = ctx.soft_ms;
    ctx.start_ms = ctx.base_ms = now_ms() - soft * 3 / 4;
    ctx.unstable = false;
    CHECK(!limits_next_iteration(&ctx, 10), "steady, 3/4 of soft gone: no new iteration");
    ctx.unstable = true;
    CHECK(limits_next_iteration(&ctx, 10), "unstable, 3/4 of soft gone: a new iteration");
    ctx.start_ms = ctx.base_ms = now_ms() - soft / 4;
    ctx.unstable = false;
    CHECK(limits_next_iteration(&ctx, 10), "steady, 1/4 of soft gone: a new iteration");
    ctx.start_ms = ctx.base_ms = now_ms() - soft - 1000;
    ctx.unstable = true;
    CHECK(!limits_next_iteration(&ctx, 10), "unstable, all of soft gone: no new iteration");
}

static void test_ponderhit(void)
{
    static _Atomic int64_t hit;
    /* 10 minutes on the clock, soft 20 s: an iteration done 2 s, then 16 s, into the pondering. */
    for (int late = 0; late < 2; late++) {
        memset(&ctx.limits, 0, sizeof ctx.limits);
        ctx.limits.time[0] = 600000;
        ctx.limits.ponderhit = &hit;
        hit = 0;
        ctx.stopped = false;
        ctx.stop = NULL;
        limits_start(&ctx, 0);
        CHECK(ctx.pondering && ctx.hard_ms < 0, "pondering: no time limit before the ponderhit");
        ctx.start_ms = now_ms() - (late ? 16000 : 2000);
        iteration_done(GAME_MOVE_NONE, 0, 11, 0);
        limits_poll(&ctx);
        CHECK(!ctx.stopped && limits_next_iteration(&ctx, 5), "pondering: no stop, the next iteration starts");
        hit = now_ms();
        limits_poll(&ctx);
        CHECK(!ctx.pondering && ctx.hard_ms > 0 && ctx.base_ms == hit, "the ponderhit starts the clock");
        if (late)
            CHECK(ctx.stopped && !limits_next_iteration(&ctx, 6),
                  "iteration done 16 s into pondering, budget 20 s: answer at the ponderhit");
        else
            CHECK(!ctx.stopped && limits_next_iteration(&ctx, 6),
                  "iteration done 2 s into pondering, budget 20 s: go on after the ponderhit");
    }
    ctx.limits.ponderhit = NULL;
}

int main(void)
{
    test_clock_budgets();
    test_movetime_budgets();
    test_instability();
    test_ponderhit();
    return TEST_REPORT();
}
