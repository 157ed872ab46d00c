/*
 * node.c - the node helpers every algorithm uses (ctx.h): entering a node,
 * the rules, the leaves, the steps before the move loop (table cutoff,
 * pruning, the ordered moves), the plan of each move, the scores and the
 * principal variation, the table's load and store.
 */
#include <math.h>
#include <string.h>

#include "ctx.h"

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
    if (ctx->quiescence) return quiesce_leaf(ctx, alpha, beta, ply);
    if (node_enter(ctx, ply)) return 0;
    return ctx_eval(ctx);
}

/* Reverse futility and futility margins per ply of depth, null-move
 * verification and reduction depths, internal iterative deepening's
 * minimum depth. */
#define RFP_MARGIN 120
#define RFP_MAX_DEPTH 3
#define FUTILITY_MARGIN 150
#define FUTILITY_MAX_DEPTH 3
#define NULL_MIN_DEPTH 2
#define NULL_DEEP 6 /* from here a cutoff is verified */
#define NULL_EVAL_STEP 200
#define IID_MIN_DEPTH 4
#define LMR_MIN_DEPTH 3
#define LMR_MIN_MOVE 3
/* Late move pruning: at depth <= LMP_MAX_DEPTH, quiet moves from index
 * (LMP_BASE + depth * depth) / 2 (0-based) on are skipped, twice as many
 * kept when the evaluation is improving (Stockfish 11's move count pruning). */
#define LMP_MAX_DEPTH 8
#define LMP_BASE 5
/* SEEQuietPrune: at depth <= SEE_QUIET_MAX_DEPTH, a quiet move whose piece
 * the opponent wins more than SEE_QUIET_MARGIN * depth^2 by is skipped. */
#define SEE_QUIET_MAX_DEPTH 4
#define SEE_QUIET_MARGIN 40

/* LMR's reductions in plies, LMR_BASE + ln(depth) ln(moves) / LMR_DIV
 * rounded down (the late move reduction formula of Ethereal and
 * Stockfish), filled once by node_init (from search_new). */
#define LMR_TABLE 64
#define LMR_BASE 0.75
#define LMR_DIV 2.25
static int lmr_table[LMR_TABLE][LMR_TABLE];

void node_init(void)
{
    if (lmr_table[LMR_TABLE - 1][LMR_TABLE - 1] != 0) return;
    for (int d = 1; d < LMR_TABLE; d++)
        for (int m = 1; m < LMR_TABLE; m++) lmr_table[d][m] = (int)(LMR_BASE + log(d) * log(m) / LMR_DIV);
}

/* The plies LMR takes off the first search of move i (0 = the first) at depth, in a node (pv or not). */
static int lmr_reduction(int depth, int i, bool pv)
{
    int r = lmr_table[depth < LMR_TABLE ? depth : LMR_TABLE - 1][i + 1 < LMR_TABLE ? i + 1 : LMR_TABLE - 1] - pv;
    if (r > depth - 2) r = depth - 2; /* the reduced search keeps a ply */
    return r > 1 ? r : 1;
}

static inline bool is_mate_score(int score) { return score > SCORE_MATE_BOUND || score < -SCORE_MATE_BOUND; }

/* Null-move pruning at a non-PV node not in check: returns true with
 * *score when passing still fails high (and the verification, from
 * NULL_DEEP, agrees). */
static bool null_move(SearchCtx *ctx, const NodeState *ns, int ply, int *score)
{
#if GAME_HAS_NULL_MOVE
    int depth = ns->depth, beta = ns->beta;
    if (!feature_on(ctx, SEARCH_FEATURE_NULL_MOVE) || ns->pv || ns->in_check || ply == 0 || ctx->no_null
        || ctx->null_child[ply] || depth < NULL_MIN_DEPTH || ply + 1 >= MAX_PLY - 1 || is_mate_score(beta)
        || ns->eval < beta || !game_null_ok(ctx->pos) || !game_make_null(ctx->pos))
        return false;
    /* R: 3 + depth / 4, a ply more for each NULL_EVAL_STEP the evaluation beats beta by (at most 3). */
    int over = (ns->eval - beta) / NULL_EVAL_STEP;
    int r = 3 + depth / 4 + (over < 3 ? over : 3);
    ctx->null_child[ply + 1] = true;
    int s = -ctx->variant->node(ctx, -beta, -beta + 1, depth - 1 - r, ply + 1);
    ctx->null_child[ply + 1] = false;
    game_unmake_null(ctx->pos);
    if (ctx->stopped) {
        *score = 0;
        return true;
    }
    if (s < beta) return false;
    if (s > SCORE_MATE_BOUND) s = beta; /* a pass proves no mate */
    if (depth >= NULL_DEEP) {
        ctx->no_null++;
        int v = ctx->variant->node(ctx, beta - 1, beta, depth - r, ply);
        ctx->no_null--;
        if (ctx->stopped) s = 0;
        else if (v < beta) return false;
    }
    *score = s;
    return true;
#else
    (void)ctx, (void)ns, (void)ply, (void)score;
    return false;
#endif
}

/* 3b. Reverse futility and null move, at non-PV nodes not in check (LMP:
 * the evaluation at every node not in check, for improving). Returns true
 * with *score when the node is pruned. */
static bool node_prune(SearchCtx *ctx, NodeState *ns, int ply, int *score)
{
    if (!ns->in_check && ply > 0
        && ((!ns->pv && (ctx->features & (SEARCH_FEATURE_RFP | SEARCH_FEATURE_NULL_MOVE | SEARCH_FEATURE_FUTILITY)))
            || feature_on(ctx, SEARCH_FEATURE_LMP)))
        ns->eval = ctx_eval(ctx);
    ctx->static_eval[ply] = ns->eval;
    if (ply >= 2 && ns->eval != SCORE_INF && ctx->static_eval[ply - 2] != SCORE_INF)
        ns->improving = ns->eval > ctx->static_eval[ply - 2];
    if (!ns->pv && ns->eval != SCORE_INF && feature_on(ctx, SEARCH_FEATURE_RFP) && ns->depth <= RFP_MAX_DEPTH
        && !is_mate_score(ns->beta) && ns->eval - RFP_MARGIN * ns->depth >= ns->beta) {
        *score = ns->eval;
        return true;
    }
    return ns->eval != SCORE_INF && null_move(ctx, ns, ply, score);
}

/* 3c. Internal iterative deepening: a PV node without a move to try first
 * searches depth - 2 for one. Returns true (*score 0) when that stopped. */
static bool node_iid(SearchCtx *ctx, NodeState *ns, int ply, int *score)
{
    if (!feature_on(ctx, SEARCH_FEATURE_IID) || ns->tt_move != GAME_MOVE_NONE || !ns->pv || ns->depth < IID_MIN_DEPTH
        || ctx->follow_pv)
        return false;
    ctx->variant->node(ctx, ns->alpha, ns->beta, ns->depth - 2, ply);
    if (ctx->stopped) {
        *score = 0;
        return true;
    }
    if (ctx->pv_len[ply] > ply) ns->tt_move = ctx->pv[ply][ply];
    ctx->pv_len[ply] = ply;
    return false;
}

/* 4. Moves in order: PV move, table move, captures, killers, quiet moves.
 * TTFirst: off the PV, a legal table move first, alone (node_more_moves
 * generates the others if it does not cut off). Returns true with *score
 * when there is no legal move. */
static bool node_first_moves(SearchCtx *ctx, NodeState *ns, int ply, int *score, GameMove *list, int *n)
{
#if GAME_HAS_MOVE_LEGAL
    if (feature_on(ctx, SEARCH_FEATURE_TT_FIRST) && ns->tt_move != GAME_MOVE_NONE && !ctx->follow_pv
        && game_move_legal(ctx->pos, ns->tt_move)) {
        list[0] = ns->tt_move;
        *n = 1;
        ns->pending = true;
        return false;
    }
#endif
    *n = game_moves(ctx->pos, list);
    if (*n == 0) {
        *score = score_no_moves(ply);
        return true;
    }
    order_moves(ctx, list, *n, ns->tt_move, ply);
    return false;
}

bool node_open(SearchCtx *ctx, int alpha, int beta, int depth, int ply, int *score, GameMove *list, int *n,
               NodeState *ns)
{
    GameMove tt_move;
    bool in_check = false;
#if GAME_HAS_CHECK
    in_check = game_in_check(ctx->pos);
    /* 0. Check extension, not at the root (bounded: at most half the ply limit deep). */
    if (in_check && ply > 0 && feature_on(ctx, SEARCH_FEATURE_CHECK_EXT) && ply < MAX_PLY / 2) depth++;
#endif
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
        *score = ctx_eval(ctx);
        return true;
    }
    /* 2b. Mate-distance pruning: no score beyond mating or being mated from here. */
    if (ply > 0 && feature_on(ctx, SEARCH_FEATURE_MATE_DIST)) {
        if (alpha < -SCORE_MATE + ply) alpha = -SCORE_MATE + ply;
        if (beta > SCORE_MATE - ply - 1) beta = SCORE_MATE - ply - 1;
        if (alpha >= beta) {
            *score = alpha;
            return true;
        }
    }
    /* 3. Transposition table cutoff (variants with a table). */
    if (tt_cutoff(ctx, alpha, beta, depth, ply, score, &tt_move)) return true;
    *ns = (NodeState){alpha, beta, depth, SCORE_INF, beta - alpha > 1, in_check, true, tt_move, counter_move(ctx), false};
    /* 3b, 3c, 4. */
    return node_prune(ctx, ns, ply, score) || node_iid(ctx, ns, ply, score)
           || node_first_moves(ctx, ns, ply, score, list, n);
}

bool node_more_moves(SearchCtx *ctx, NodeState *ns, GameMove *list, int *n, int ply)
{
    if (!ns->pending || ctx->stopped) return false;
    ns->pending = false;
    GameMove all[GAME_MAX_MOVES];
    int total = game_moves(ctx->pos, all), k = 1;
    for (int i = 0; i < total; i++)
        if (all[i] != list[0]) list[k++] = all[i];
    order_moves(ctx, list + 1, k - 1, GAME_MOVE_NONE, ply);
    *n = k;
    return k > 1;
}

int node_move_plan(SearchCtx *ctx, const NodeState *ns, int i, GameMove m, bool capture, int ply, int alpha,
                   int *best)
{
    if (i == 0 || capture || ns->in_check
        || !(ctx->features & (SEARCH_FEATURE_FUTILITY | SEARCH_FEATURE_LMR | SEARCH_FEATURE_LMP | SEARCH_FEATURE_SEE_QUIET)))
        return 0;
#if GAME_HAS_CHECK
    if (game_in_check(ctx->pos)) return 0; /* the move gives check */
#endif
    if (m == ctx->killers[ply][0] || m == ctx->killers[ply][1] || m == ns->counter) return 0;
    int depth = ns->depth;
    if (feature_on(ctx, SEARCH_FEATURE_FUTILITY) && !ns->pv && depth <= FUTILITY_MAX_DEPTH && ns->eval != SCORE_INF
        && !is_mate_score(alpha) && ns->eval + FUTILITY_MARGIN * depth <= alpha) {
        if (*best < ns->eval + FUTILITY_MARGIN * depth) *best = ns->eval + FUTILITY_MARGIN * depth;
        return -1;
    }
    if (feature_on(ctx, SEARCH_FEATURE_LMP) && !ns->pv && depth <= LMP_MAX_DEPTH && *best > -SCORE_MATE_BOUND
        && i >= (LMP_BASE + depth * depth) * (1 + ns->improving) / 2)
        return -1;
#if GAME_HAS_NOISY
    /* SEEQuietPrune: the moved piece can be won for more than SEE_QUIET_MARGIN * depth^2. */
    if (feature_on(ctx, SEARCH_FEATURE_SEE_QUIET) && !ns->pv && depth <= SEE_QUIET_MAX_DEPTH
        && *best > -SCORE_MATE_BOUND && game_moved_piece_loss(ctx->pos, m) > SEE_QUIET_MARGIN * depth * depth)
        return -1;
#endif
    if (feature_on(ctx, SEARCH_FEATURE_LMR) && depth >= LMR_MIN_DEPTH && i >= LMR_MIN_MOVE)
        return lmr_reduction(depth, i, ns->pv);
    return 0;
}

/* HistoryMalus: remembers the quiet move m, searched without a cutoff. */
static inline void remember_quiet(SearchCtx *ctx, NodeBest *nb, GameMove m)
{
    if (feature_on(ctx, SEARCH_FEATURE_HIST_MALUS) && nb->quiets_len < NODE_QUIETS && !move_is_noisy(ctx, m))
        nb->quiets[nb->quiets_len++] = m;
}

bool node_score(SearchCtx *ctx, NodeBest *nb, GameMove m, int score, int beta, int depth, int ply)
{
    if (score < beta) remember_quiet(ctx, nb, m);
    if (score <= nb->best) return false;
    nb->best = score;
    nb->move = m;
    if (score <= nb->alpha) return false;
    nb->alpha = score;
    pv_update(ctx, ply, m);
    if (ply == 0) {
        ctx->root_pv_len = ctx->pv_len[0];
        ctx->root_score = score;
        memcpy(ctx->root_pv, ctx->pv[0], (size_t)ctx->root_pv_len * sizeof(GameMove));
    }
    if (score < beta) return false;
    if (!move_is_noisy(ctx, m)) {
        if (ctx->use_hh) {
            if (feature_on(ctx, SEARCH_FEATURE_HIST_MALUS)) history_update(ctx, m, nb->quiets, nb->quiets_len, depth);
            else history_reward(ctx, m, depth);
        }
        GameMove *counter = counter_slot(ctx);
        if (counter) *counter = m;
        if (feature_on(ctx, SEARCH_FEATURE_KILLERS) && ctx->killers[ply][0] != m) {
            ctx->killers[ply][1] = ctx->killers[ply][0];
            ctx->killers[ply][0] = m;
        }
    }
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
