/*
 * mcts.c - the `mcts` variant: UCT with progressive widening over a tree in
 * a fixed arena, seeded random or evaluation cut-off playouts (see mcts.h
 * for the method, its tunables, the score mapping; search.h for what a node
 * is). Deterministic for a seed, a position and a node budget: every random
 * choice comes from one generator seeded with the Seed option mixed with the
 * root's key, and the tree is rebuilt for every search.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms.h"
#include "rng.h"

/* The fewest nodes an arena holds, whatever the Hash option says. */
#define MCTS_MIN_NODES 1024
/* The deepest tree node (room is left for the playout and quiescence plies). */
#define MCTS_MAX_DEPTH (MAX_PLY / 2)
/* Root moves valued between two polls of the clock and the stop flag. */
#define MCTS_ORDER_POLL 64

/* One search: the context, the tree, the generator and the current path. */
typedef struct {
    SearchCtx *ctx;
    MctsTree *tree;
    uint64_t rng;
    uint64_t budget;              /* `go nodes`: iterations, 0 for none */
    uint32_t path[MCTS_MAX_DEPTH + 2]; /* node indexes from the root */
    int seldepth;                 /* the deepest node reached */
} Mcts;

/* ------------------------------------------------------------------------ */
/* The arena                                                                */
/* ------------------------------------------------------------------------ */

int mcts_tree_init(MctsTree *tree, int mb)
{
    size_t cap = ((size_t)mb << 20) / sizeof(MctsNode);
    if (cap < MCTS_MIN_NODES) cap = MCTS_MIN_NODES;
    if (cap > UINT32_MAX) cap = UINT32_MAX;
    MctsNode *nodes = malloc(cap * sizeof *nodes);
    GameMove *root_moves = malloc(GAME_MAX_MOVES * sizeof *root_moves);
    if (!nodes || !root_moves) {
        free(nodes);
        free(root_moves);
        return -1;
    }
    *tree = (MctsTree){nodes, (uint32_t)cap, 0, mb, root_moves};
    return 0;
}

void mcts_tree_free(MctsTree *tree)
{
    free(tree->nodes);
    free(tree->root_moves);
    *tree = (MctsTree){0};
}

/* Adds the child reached by move mv below parent (newest first in the
 * child list); returns its index. The arena must have room. */
static uint32_t tree_add(MctsTree *t, uint32_t parent, GameMove mv, int outcome, int moves)
{
    uint32_t c = t->used++;
    MctsNode *p = &t->nodes[parent];
    t->nodes[c] = (MctsNode){.move = mv, .sibling = p->child, .moves = (uint16_t)moves, .outcome = (uint8_t)outcome};
    p->child = c;
    p->children++;
    return c;
}

/* Is m already a child of node? */
static bool tree_has_child(const MctsTree *t, const MctsNode *node, GameMove m)
{
    for (uint32_t c = node->child; c; c = t->nodes[c].sibling)
        if (t->nodes[c].move == m) return true;
    return false;
}

/* ------------------------------------------------------------------------ */
/* Values of positions                                                      */
/* ------------------------------------------------------------------------ */

/* The leaf value of the current position for its side to move: quiescence
 * (Quiescence on) or the static evaluation. The quiescence nodes are not
 * counted (a node is a playout here). */
static int leaf_value(SearchCtx *ctx, int ply)
{
    if (!ctx->quiescence || ply >= MAX_PLY - 1) return ctx_eval(ctx);
    uint64_t nodes = ctx->nodes;
    int seldepth = ctx->seldepth;
    int v = quiesce(ctx, -SCORE_INF, SCORE_INF, ply);
    ctx->nodes = nodes;
    ctx->seldepth = seldepth;
    return v;
}

/* The one-ply value of the current position (after a candidate move) for
 * its side to move: a rule's verdict, lost without a legal move, else the
 * leaf value. */
static int one_ply_value(SearchCtx *ctx, int ply)
{
    int score;
    if (node_rule(ctx, ply, &score)) return score;
    if (!game_has_moves(ctx->pos)) return score_no_moves(ply);
    return leaf_value(ctx, ply);
}

/* A value from the side to move's view as its win probability. */
static double squash(int v)
{
    if (v > SCORE_MATE_BOUND) return 1.0;
    if (v < -SCORE_MATE_BOUND) return 0.0;
    return 1.0 / (1.0 + exp(-(double)v / MCTS_EVAL_SCALE));
}

/* How the game stands at the current position for its side to move; when
 * it goes on, list[0, *n) gets its legal moves. */
static int position_outcome(SearchCtx *ctx, GameMove *list, int *n)
{
    switch (game_rule(ctx->pos, ctx->rules)) {
    case GAME_RULE_DRAW: return MCTS_RULE_DRAW;
    case GAME_RULE_WIN: return MCTS_RULE_WIN;
    case GAME_RULE_LOSS: return MCTS_RULE_LOSS;
    default: break;
    }
    *n = game_moves(ctx->pos, list);
    if (*n > 0) return MCTS_OPEN;
    /* No legal move: the game's verdict (GAME_SCORE_NO_MOVES). */
    int v = score_no_moves(0);
    return v < 0 ? MCTS_MATED : v > 0 ? MCTS_RULE_WIN : MCTS_RULE_DRAW;
}

/* The result of an ended game for the side to move. */
static double outcome_result(int outcome)
{
    return outcome == MCTS_RULE_WIN ? 1.0 : outcome == MCTS_RULE_DRAW ? 0.5 : 0.0;
}

/* Does playing into child end the game at once in the mover's favour? */
static bool is_winning_child(const MctsNode *child)
{
    return child->outcome == MCTS_MATED || child->outcome == MCTS_RULE_LOSS;
}

/* ------------------------------------------------------------------------ */
/* Playout                                                                  */
/* ------------------------------------------------------------------------ */

/* Plays out from the current position (open, its moves list[0, n)) at ply
 * and returns the result for its side to move; the position is restored. */
static double playout(Mcts *m, GameMove *list, int n, int ply)
{
    SearchCtx *ctx = m->ctx;
    bool to_end = ctx->playout == SEARCH_PLAYOUT_RANDOM;
    int limit = to_end ? MCTS_PLAYOUT_PLY_CAP : ctx->mcts_cutoff, made = 0, outcome = MCTS_OPEN;
    double result;
    /* 1. Random moves while the game goes on, up to the limit. */
    while (made < limit && outcome == MCTS_OPEN) {
        if (!game_make(ctx->pos, list[rng_below(&m->rng, n)])) break;
        made++;
        outcome = position_outcome(ctx, list, &n);
    }
    /* 2. The end by the rules, a draw at the ply cap, or the leaf value. */
    if (outcome != MCTS_OPEN)
        result = outcome_result(outcome);
    else
        result = to_end ? 0.5 : squash(leaf_value(ctx, ply + made));
    /* 3. Back to the start, the result for its side to move. */
    for (int i = 0; i < made; i++) game_unmake(ctx->pos);
    return made % 2 ? 1.0 - result : result;
}

/* ------------------------------------------------------------------------ */
/* Selection and expansion                                                  */
/* ------------------------------------------------------------------------ */

/* May node get another child now (progressive widening, room in the arena)? */
static bool can_widen(const MctsTree *t, const MctsNode *node)
{
    if (node->children >= node->moves || t->used >= t->cap) return false;
    return node->children < MCTS_WIDEN_BASE + MCTS_WIDEN_FACTOR * sqrt((double)node->visits);
}

/* The child of node (which has children) to go down to: one that wins at
 * once, else the best by UCB1. */
static uint32_t select_child(const MctsTree *t, const MctsNode *node)
{
    double log_n = log((double)node->visits), best = -1.0;
    uint32_t pick = node->child;
    for (uint32_t c = node->child; c; c = t->nodes[c].sibling) {
        const MctsNode *ch = &t->nodes[c];
        if (is_winning_child(ch)) return c;
        if (ch->visits == 0) return c;
        double u = ch->value / ch->visits + MCTS_EXPLORATION * sqrt(log_n / ch->visits);
        if (u > best) best = u, pick = c;
    }
    return pick;
}

/* The move to add below node (the current position, not the root, at ply):
 * the best by one-ply value of up to MCTSSample moves drawn without
 * replacement from those not yet added. *value gets its one-ply value (for
 * the side to move after it). node must be able to widen. */
static GameMove pick_new_move(Mcts *m, const MctsNode *node, int ply, int *value)
{
    GameMove list[GAME_MAX_MOVES], best = GAME_MOVE_NONE;
    SearchCtx *ctx = m->ctx;
    int left = game_moves(ctx->pos, list), drawn = 0;
    *value = SCORE_INF;
    while (drawn < ctx->mcts_sample && left > 0) {
        int i = rng_below(&m->rng, left);
        GameMove mv = list[i];
        list[i] = list[--left];
        if (tree_has_child(m->tree, node, mv) || !game_make(ctx->pos, mv)) continue;
        int v = one_ply_value(ctx, ply + 1);
        game_unmake(ctx->pos);
        drawn++;
        if (v < *value) *value = v, best = mv;
    }
    return best;
}

/* Adds a child below node (the current position at ply, open and able to
 * widen), makes its move and plays out from it. Returns the result for the
 * side to move after the move and sets *child, or returns -1 when no move
 * could be made (nothing added, the position unchanged). */
static double expand(Mcts *m, uint32_t node, int ply, uint32_t *child)
{
    GameMove list[GAME_MAX_MOVES];
    SearchCtx *ctx = m->ctx;
    MctsTree *t = m->tree;
    int value = 0, n = 0;
    bool known = node != 0;
    GameMove mv = known ? pick_new_move(m, &t->nodes[node], ply, &value) : t->root_moves[t->nodes[0].children];
    if (mv == GAME_MOVE_NONE || !game_make(ctx->pos, mv)) return -1.0;
    int outcome = position_outcome(ctx, list, &n);
    *child = tree_add(t, node, mv, outcome, n);
    if (outcome != MCTS_OPEN) return outcome_result(outcome);
    if (known && ctx->playout == SEARCH_PLAYOUT_EVAL && ctx->mcts_cutoff == 0) return squash(value);
    return playout(m, list, n, ply + 1);
}

/* Adds result (for the side to move at the end of the path) to every node
 * of the path, each from the view of the side that moved into it. */
static void back_up(MctsTree *t, const uint32_t *path, int depth, double result)
{
    for (int i = depth; i >= 0; i--) {
        MctsNode *nd = &t->nodes[path[i]];
        nd->visits++;
        nd->value += (depth - i) % 2 == 0 ? 1.0 - result : result;
    }
}

/* One iteration: 1. selection, 2. expansion, 3. playout, 4. back-up.
 * Returns false when a stop cut it short (then nothing was backed up). */
static bool iterate_once(Mcts *m)
{
    GameMove list[GAME_MAX_MOVES];
    SearchCtx *ctx = m->ctx;
    MctsTree *t = m->tree;
    uint32_t node = 0, child;
    int depth = 0, n = 0;
    double result = -1.0;
    /* 1. Down by UCB1 through nodes that are open and may not widen. */
    m->path[0] = 0;
    while (t->nodes[node].outcome == MCTS_OPEN && t->nodes[node].child && !can_widen(t, &t->nodes[node])
           && depth < MCTS_MAX_DEPTH) {
        uint32_t c = select_child(t, &t->nodes[node]);
        if (!game_make(ctx->pos, t->nodes[c].move)) break;
        m->path[++depth] = node = c;
    }
    /* 2-3. An ended game scores itself; else a new child and its playout,
     * or (no room or no move to add) a playout from the node itself. */
    const MctsNode *nd = &t->nodes[node];
    if (nd->outcome != MCTS_OPEN) {
        result = outcome_result(nd->outcome);
    } else if (can_widen(t, nd) && depth < MCTS_MAX_DEPTH && (result = expand(m, node, depth, &child)) >= 0.0) {
        m->path[++depth] = child;
    } else {
        n = game_moves(ctx->pos, list);
        result = playout(m, list, n, depth);
    }
    if (depth > m->seldepth) m->seldepth = depth;
    /* 4. Back up the result, and go back to the root. */
    if (!ctx->stopped) back_up(t, m->path, depth, result);
    for (int i = 0; i < depth; i++) game_unmake(ctx->pos);
    return !ctx->stopped;
}

/* ------------------------------------------------------------------------ */
/* The principal line and the answer                                        */
/* ------------------------------------------------------------------------ */

/* The child of node the principal line takes: one that wins at once, else
 * the most visited (ties: the better mean, then the newer). 0 when no child
 * has been visited. */
static uint32_t best_child(const MctsTree *t, const MctsNode *node)
{
    uint32_t pick = 0;
    for (uint32_t c = node->child; c; c = t->nodes[c].sibling) {
        const MctsNode *ch = &t->nodes[c], *b = &t->nodes[pick];
        if (ch->visits == 0) continue;
        if (is_winning_child(ch)) return c;
        if (!pick || ch->visits > b->visits || (ch->visits == b->visits && ch->value > b->value)) pick = c;
    }
    return pick;
}

/* Writes the principal line, the best children visited at least
 * MCTS_PV_MIN_VISITS times each, to pv (room for MAX_PLY); returns its
 * length. *ended tells whether it ends in a finished game. */
static int principal_line(const MctsTree *t, GameMove *pv, bool *ended)
{
    int len = 0;
    uint32_t node = 0, c;
    *ended = false;
    while (len < MAX_PLY && (c = best_child(t, &t->nodes[node])) != 0 && t->nodes[c].visits >= MCTS_PV_MIN_VISITS) {
        pv[len++] = t->nodes[c].move;
        node = c;
        *ended = t->nodes[c].outcome != MCTS_OPEN;
    }
    return len;
}

/* The score of the root's move into child, from the root's side to move's
 * view (mcts.h: mate 1, the rule-win score, or the mean mapped to cp). */
static int child_score(const MctsNode *child)
{
    if (child->outcome == MCTS_MATED) return SCORE_MATE - 1;
    if (child->outcome == MCTS_RULE_LOSS) return SCORE_RULE_WIN - 1;
    double q = child->value / child->visits;
    if (q < MCTS_Q_CLAMP) q = MCTS_Q_CLAMP;
    if (q > 1.0 - MCTS_Q_CLAMP) q = 1.0 - MCTS_Q_CLAMP;
    return (int)lround(MCTS_EVAL_SCALE * log(q / (1.0 - q)));
}

/* Fills info from the tree: the principal line (at least the best root
 * move, or the first in expansion order before any visit), its length as
 * depth, the score, the counters. */
static void fill_info(const Mcts *m, SearchInfo *info)
{
    const MctsTree *t = m->tree;
    bool ended;
    uint32_t best = best_child(t, &t->nodes[0]);
    info->pv_len = principal_line(t, info->pv, &ended);
    if (info->pv_len == 0) {
        info->pv[0] = best ? t->nodes[best].move : t->root_moves[0];
        info->pv_len = 1;
    }
    info->depth = info->pv_len;
    info->seldepth = m->seldepth;
    info->score = best ? child_score(&t->nodes[best]) : 0;
    info->nodes = m->ctx->nodes;
    info->time_ms = now_ms() - m->ctx->start_ms;
}

/* ------------------------------------------------------------------------ */
/* The search                                                               */
/* ------------------------------------------------------------------------ */

/* Sets up the root (the current position, its n moves list[0, n)) and
 * orders its moves for expansion, best one-ply value first (the clock and
 * stop are polled: unvalued moves go last). */
static void root_init(Mcts *m, const GameMove *list, int n)
{
    int keys[GAME_MAX_MOVES];
    SearchCtx *ctx = m->ctx;
    MctsTree *t = m->tree;
    t->used = 1;
    t->nodes[0] = (MctsNode){.move = GAME_MOVE_NONE, .moves = (uint16_t)n, .outcome = MCTS_OPEN};
    memcpy(t->root_moves, list, (size_t)n * sizeof *list);
    for (int i = 0; i < n; i++) {
        if (i % MCTS_ORDER_POLL == 0) limits_poll(ctx);
        keys[i] = -SCORE_INF;
        if (ctx->stopped || !game_make(ctx->pos, list[i])) continue;
        keys[i] = -one_ply_value(ctx, 1);
        game_unmake(ctx->pos);
    }
    order_sort_by_keys(t->root_moves, keys, n);
}

/* Should the search end before another iteration? A stop, the node budget,
 * the time (the soft limit: MCTS can stop at any moment), a depth reached
 * (or a line that ends the game), or, with a depth limit, a full arena. */
static bool is_done(Mcts *m, int line_len, bool ended)
{
    SearchCtx *ctx = m->ctx;
    if (m->budget && ctx->nodes >= m->budget) return true;
    limits_poll(ctx);
    if (ctx->stopped) return true;
    if (ctx->soft_ms >= 0 && now_ms() - ctx->base_ms >= ctx->soft_ms) return true;
    int depth = ctx->limits.depth;
    return depth > 0 && (line_len >= depth || (line_len > 0 && ended) || m->tree->used >= m->tree->cap);
}

void mcts_run(SearchCtx *ctx, SearchInfo *info, SearchReport report, void *user)
{
    GameMove list[GAME_MAX_MOVES], line[MAX_PLY];
    Mcts m = {.ctx = ctx, .tree = &ctx->tree, .budget = ctx->limits.nodes};
    int n = game_moves(ctx->pos, list), reported = 0, len = 0;
    bool ended = false;
    if (!m.tree->nodes || n == 0) return;

    /* 1. A fresh tree; the budget counts iterations (quiescence inside the
     * playouts must not stop the search by its node count). */
    ctx->limits.nodes = 0;
    m.rng = rng_seed(ctx->seed, game_key(ctx->pos));
    root_init(&m, list, n);

    /* 2. Iterations until a limit; an `info` line each time the principal
     * line grows. */
    while (!is_done(&m, len, ended) && iterate_once(&m)) {
        ctx->nodes++;
        len = principal_line(m.tree, line, &ended);
        if (len > reported && report) {
            fill_info(&m, info);
            report(info, user);
        }
        if (len > reported) reported = len;
    }

    /* 3. The answer, reported once more if anything changed. */
    ctx->limits.nodes = m.budget;
    uint64_t last = reported ? info->nodes : UINT64_MAX;
    fill_info(&m, info);
    if (report && info->nodes != last) report(info, user);
}
