/*
 * driver.c - the searcher object (search.h) and the iteration loop shared by
 * all variants (SearchPosition -> driver -> node search -> quiescence, in
 * the layers of weiss and Ethereal). It reaches the algorithms through
 * algorithms.h and the registry, never their node helpers' internals.
 */
#include <stdlib.h>
#include <string.h>

#include "algorithms.h"

struct Search {
    SearchCtx ctx;
    SearchConfig config;
    int tt_mb;
};

Search *search_new(const SearchConfig *config)
{
    node_init();
    Search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->ctx.eval_cache = calloc(EVAL_CACHE, sizeof *s->ctx.eval_cache);
    if (!s->ctx.eval_cache) {
        free(s);
        return NULL;
    }
    if (tt_init(&s->ctx.tt, config->hash_mb)) {
        free(s->ctx.eval_cache);
        free(s);
        return NULL;
    }
    s->tt_mb = config->hash_mb;
    if (search_configure(s, config)) {
        search_free(s);
        return NULL;
    }
    return s;
}

void search_free(Search *s)
{
    if (!s) return;
    tt_free(&s->ctx.tt);
    mcts_tree_free(&s->ctx.tree);
    free(s->ctx.eval_cache);
    free(s);
}

/* The MCTS arena while the variant is mcts (Hash MB), none otherwise. */
static int configure_tree(MctsTree *tree, const Variant *v, int mb)
{
    if (v->drive != DRIVE_MCTS) {
        mcts_tree_free(tree);
        return 0;
    }
    if (tree->nodes && tree->mb == mb) return 0;
    MctsTree fresh = {0};
    if (mcts_tree_init(&fresh, mb)) return -1;
    mcts_tree_free(tree);
    *tree = fresh;
    return 0;
}

int search_configure(Search *s, const SearchConfig *config)
{
    const Variant *v = config->variant ? config->variant : search_default_variant();
    if (configure_tree(&s->ctx.tree, v, config->hash_mb)) return -1;
    if (config->hash_mb != s->tt_mb) {
        TT fresh;
        if (tt_init(&fresh, config->hash_mb)) return -1;
        tt_free(&s->ctx.tt);
        s->ctx.tt = fresh;
        s->tt_mb = config->hash_mb;
    }
    s->config = *config;
    s->ctx.variant = v;
    s->ctx.use_tt = (v->flags & VARIANT_TT) != 0;
    s->ctx.use_hh = (v->flags & VARIANT_HH) != 0;
    s->ctx.quiescence = config->quiescence;
    s->ctx.tt_exact_draft = config->tt_exact_draft;
    s->ctx.seed = config->seed;
    s->ctx.playout = config->playout;
    s->ctx.mcts_cutoff = config->mcts_cutoff;
    s->ctx.mcts_sample = config->mcts_sample > 0 ? config->mcts_sample : 1; /* 0: a config that left it out */
    s->ctx.rules = config->rules;
    unsigned features = search_effective_features(config);
    if (features != s->ctx.features) memset(s->ctx.eval_cache, 0, EVAL_CACHE * sizeof *s->ctx.eval_cache);
    s->ctx.features = features;
    return 0;
}

void search_clear(Search *s)
{
    tt_clear(&s->ctx.tt);
    memset(s->ctx.history, 0, sizeof s->ctx.history);
    memset(s->ctx.counter, 0, sizeof s->ctx.counter);
}

int search_mate_in(int score)
{
    if (score > SCORE_MATE_BOUND) return (SCORE_MATE - score + 1) / 2;
    if (score < -SCORE_MATE_BOUND) return -(SCORE_MATE + score) / 2;
    return 0;
}

/* Runs the variant's driver for one iteration. */
static int run_iteration(SearchCtx *ctx, int depth, int prev_score)
{
    switch (ctx->variant->drive) {
    case DRIVE_ASPIRATION: return drive_aspiration(ctx, depth, prev_score);
    case DRIVE_MTDF: return drive_mtdf(ctx, depth, prev_score);
    default: return drive_full_window(ctx, depth, prev_score);
    }
}

/* Copies the finished iteration into info and the previous-PV buffer. */
static void record_iteration(SearchCtx *ctx, SearchInfo *info, int depth, int score)
{
    if (ctx->pv_len[0] < depth) pv_extend_from_table(ctx);
    info->depth = depth;
    info->seldepth = ctx->seldepth;
    info->score = score;
    info->pv_len = ctx->pv_len[0];
    memcpy(info->pv, ctx->pv[0], (size_t)info->pv_len * sizeof(GameMove));
    memcpy(ctx->prev_pv, ctx->pv[0], (size_t)info->pv_len * sizeof(GameMove));
    ctx->prev_pv_len = info->pv_len;
    info->nodes = ctx->nodes;
    info->time_ms = now_ms() - ctx->start_ms;
}

/* Prepares the counters of a new search; returns the first move to fall back on. */
static GameMove start_search(SearchCtx *ctx, GamePosition *pos, const SearchLimits *limits, atomic_bool *stop)
{
    GameMove list[GAME_MAX_MOVES];
    ctx->pos = pos;
    ctx->limits = *limits;
    ctx->stop = stop;
    ctx->nodes = 0;
    ctx->seldepth = 0;
    ctx->stopped = false;
    ctx->prev_pv_len = 0;
    ctx->follow_pv = false;
    ctx->no_null = 0;
    memset(ctx->killers, 0, sizeof ctx->killers);
    memset(ctx->null_child, 0, sizeof ctx->null_child);
    limits_start(ctx, game_side(pos));
    tt_new_search(&ctx->tt);
    for (int i = 0; i < GAME_MOVE_INDEXES; i++) ctx->history[i] /= 2;
    int n = game_moves(pos, list);
    if (n == 0) return GAME_MOVE_NONE;
    order_moves(ctx, list, n, GAME_MOVE_NONE, 0);
    return list[0];
}

/* A stopped iteration's root move that beat the previous iteration's best
 * (searched to the end with a score above alpha, so better than all the
 * moves before it, the previous best first) replaces it in info, with its
 * score and line (Stockfish's: the unfinished iteration is not all lost).
 * Only for the drivers that search the previous best first with a real
 * window: iterative deepening and aspiration (not MTD(f)'s null windows). */
static void keep_partial_iteration(SearchCtx *ctx, SearchInfo *info)
{
    if (ctx->variant->drive != DRIVE_ITERATIVE && ctx->variant->drive != DRIVE_ASPIRATION) return;
    if (ctx->root_pv_len == 0 || info->depth == 0 || ctx->root_pv[0] == info->pv[0]) return;
    info->score = ctx->root_score;
    info->pv_len = ctx->root_pv_len;
    memcpy(info->pv, ctx->root_pv, (size_t)info->pv_len * sizeof(GameMove));
}

/* The alpha-beta variants: iterations of increasing depth (one at the
 * requested depth for DRIVE_FIXED) until a limit; info gets the last
 * completed one (or a stopped one's better root move: keep_partial_iteration). */
static void iterate(Search *s, SearchInfo *info, SearchReport report, void *user)
{
    SearchCtx *ctx = &s->ctx;
    bool fixed = ctx->variant->drive == DRIVE_FIXED;
    int last = ctx->limits.depth > 0 ? ctx->limits.depth : MAX_PLY - 2;
    int first = fixed && ctx->limits.depth > 0 ? ctx->limits.depth : 1, prev_score = 0;
    for (int depth = first; depth <= last; depth++) {
        if (depth > first && !limits_next_iteration(ctx, depth)) break;
        if (fixed && depth > first) search_clear(s); /* each depth from scratch */
        ctx->seldepth = 0;
        ctx->follow_pv = !fixed && ctx->prev_pv_len > 0;
        ctx->root_pv_len = 0;
        int score = run_iteration(ctx, depth, prev_score);
        if (ctx->stopped) {
            keep_partial_iteration(ctx, info);
            break;
        }
        if (ctx->pv_len[0] == 0) break;
        limits_iteration_done(ctx, prev_score, score);
        prev_score = score;
        record_iteration(ctx, info, depth, score);
        if (report) report(info, user);
    }
}

SearchInfo search_run(Search *s, GamePosition *pos, const SearchLimits *limits, atomic_bool *stop,
                      SearchReport report, void *user)
{
    SearchCtx *ctx = &s->ctx;
    SearchInfo info;
    memset(&info, 0, sizeof info);
    info.pv[0] = start_search(ctx, pos, limits, stop);
    if (info.pv[0] == GAME_MOVE_NONE) {
        info.score = score_no_moves(0);
        return info;
    }
    info.pv_len = 1;
    switch (ctx->variant->drive) {
    case DRIVE_RANDOM: random_run(ctx, &info, report, user); break;
    case DRIVE_MCTS: mcts_run(ctx, &info, report, user); break;
    default: iterate(s, &info, report, user); break;
    }
    info.nodes = ctx->nodes;
    info.time_ms = now_ms() - ctx->start_ms;
    limits_finish(ctx, info.time_ms);
    return info;
}
