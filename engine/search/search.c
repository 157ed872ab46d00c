/*
 * search.c - the searcher object, the iteration loop shared by all variants
 * (SearchPosition -> driver -> node search -> quiescence, in the layers of
 * weiss and Ethereal), and the node helpers every algorithm uses.
 */
#include <stdlib.h>
#include <string.h>

#include "ctx.h"

/* ------------------------------------------------------------------------ */
/* Node helpers                                                             */
/* ------------------------------------------------------------------------ */

bool node_enter(SearchCtx *ctx, int ply)
{
    if (ctx->stopped) return true;
    ctx->nodes++;
    ctx->pv_len[ply] = ply;
    if (ply > ctx->seldepth) ctx->seldepth = ply;
    if (ctx->limits.nodes && ctx->nodes >= ctx->limits.nodes) ctx->stopped = true;
    if ((ctx->nodes & (POLL_INTERVAL - 1)) == 0) limits_poll(ctx);
    return ctx->stopped;
}

bool node_rule(SearchCtx *ctx, int ply, int *score)
{
    switch (game_rule(ctx->pos, ctx->rules)) {
    case GAME_RULE_DRAW: *score = 0; return true;
    case GAME_RULE_WIN: *score = SCORE_RULE_WIN - ply; return true;
    case GAME_RULE_LOSS: *score = -SCORE_RULE_WIN + ply; return true;
    default: return false;
    }
}

int node_leaf(SearchCtx *ctx, int alpha, int beta, int ply)
{
    if (ctx->quiescence) return quiesce(ctx, alpha, beta, ply);
    if (node_enter(ctx, ply)) return 0;
    return game_eval(ctx->pos);
}

bool node_open(SearchCtx *ctx, int alpha, int beta, int depth, int ply, int *score, GameMove *list, int *n)
{
    GameMove tt_move;
    /* 1. Horizon. */
    if (depth <= 0) {
        *score = node_leaf(ctx, alpha, beta, ply);
        return true;
    }
    /* 2. Count the node, then the rules (never at the root) and the ply limit. */
    if (node_enter(ctx, ply)) {
        *score = 0;
        return true;
    }
    if (ply > 0 && node_rule(ctx, ply, score)) return true;
    if (ply >= MAX_PLY - 1) {
        *score = game_eval(ctx->pos);
        return true;
    }
    /* 3. Transposition table cutoff (variants with a table). */
    if (tt_cutoff(ctx, alpha, beta, depth, ply, score, &tt_move)) return true;
    /* 4. Moves in order: PV move, table move, captures, quiet moves. */
    *n = game_moves(ctx->pos, list);
    if (*n == 0) {
        *score = score_no_moves(ply);
        return true;
    }
    order_moves(ctx, list, *n, tt_move, ply);
    return false;
}

bool node_score(SearchCtx *ctx, NodeBest *nb, GameMove m, int score, int beta, int depth, int ply)
{
    if (score <= nb->best) return false;
    nb->best = score;
    nb->move = m;
    if (score <= nb->alpha) return false;
    nb->alpha = score;
    pv_update(ctx, ply, m);
    if (score < beta) return false;
    if (ctx->use_hh && !move_is_noisy(ctx, m)) history_reward(ctx, m, depth);
    return true;
}

void pv_update(SearchCtx *ctx, int ply, GameMove m)
{
    ctx->pv[ply][ply] = m;
    int len = ply + 1 < MAX_PLY ? ctx->pv_len[ply + 1] : ply + 1;
    for (int i = ply + 1; i < len; i++) ctx->pv[ply][i] = ctx->pv[ply + 1][i];
    ctx->pv_len[ply] = len > ply + 1 ? len : ply + 1;
}

bool tt_cutoff(SearchCtx *ctx, int alpha, int beta, int depth, int ply, int *score, GameMove *tt_move)
{
    TTEntry e;
    *tt_move = GAME_MOVE_NONE;
    if (!ctx->use_tt || !tt_probe(&ctx->tt, game_key(ctx->pos), ply, &e)) return false;
    *tt_move = e.move;
    if (ply == 0 || (ctx->tt_exact_draft ? e.depth != depth : e.depth < depth)) return false;
    if (e.bound == BOUND_EXACT || (e.bound == BOUND_LOWER && e.score >= beta)
        || (e.bound == BOUND_UPPER && e.score <= alpha)) {
        *score = e.score;
        return true;
    }
    return false;
}

void tt_save(SearchCtx *ctx, int alpha_orig, int beta, int depth, int ply, int best, GameMove best_move)
{
    if (!ctx->use_tt || ctx->stopped) return;
    int bound = best <= alpha_orig ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
    tt_store(&ctx->tt, game_key(ctx->pos), depth, best, bound, bound == BOUND_UPPER ? GAME_MOVE_NONE : best_move, ply);
}

void pv_extend_from_table(SearchCtx *ctx)
{
    GameMove list[GAME_MAX_MOVES];
    TTEntry e;
    int len = ctx->pv_len[0], made = 0;
    if (!ctx->use_tt) return;
    for (int i = 0; i < len; i++, made++) game_make(ctx->pos, ctx->pv[0][i]);
    while (len < MAX_PLY - 1 && game_rule(ctx->pos, ctx->rules) == GAME_RULE_NONE
           && tt_probe(&ctx->tt, game_key(ctx->pos), len, &e) && e.move != GAME_MOVE_NONE) {
        int n = game_moves(ctx->pos, list), legal = 0;
        for (int i = 0; i < n && !legal; i++) legal = list[i] == e.move;
        if (!legal) break;
        ctx->pv[0][len++] = e.move;
        game_make(ctx->pos, e.move);
        made++;
    }
    while (made-- > 0) game_unmake(ctx->pos);
    ctx->pv_len[0] = len;
}

/* ------------------------------------------------------------------------ */
/* The searcher                                                             */
/* ------------------------------------------------------------------------ */

Search *search_new(const SearchConfig *config)
{
    Search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    if (tt_init(&s->ctx.tt, config->hash_mb)) {
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
    return 0;
}

void search_clear(Search *s)
{
    tt_clear(&s->ctx.tt);
    memset(s->ctx.history, 0, sizeof s->ctx.history);
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
    limits_start(ctx, game_side(pos));
    tt_new_search(&ctx->tt);
    for (int i = 0; i < GAME_MOVE_INDEXES; i++) ctx->history[i] /= 2;
    int n = game_moves(pos, list);
    if (n == 0) return GAME_MOVE_NONE;
    order_moves(ctx, list, n, GAME_MOVE_NONE, 0);
    return list[0];
}

/* The alpha-beta variants: iterations of increasing depth (one at the
 * requested depth for DRIVE_FIXED) until a limit; info gets the last
 * completed one. */
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
        int score = run_iteration(ctx, depth, prev_score);
        if (ctx->stopped || ctx->pv_len[0] == 0) break; /* an unfinished iteration is thrown away */
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
    return info;
}
