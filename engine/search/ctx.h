/*
 * ctx.h - the state one search owns, and the helpers every algorithm shares
 * (node entry, rules, leaves, principal variation, move ordering, history:
 * node.c, order.c, quiesce.c, limits.c). Private to engine/search/; the
 * algorithms themselves are declared in algorithms.h.
 */
#ifndef SEARCH_CTX_H
#define SEARCH_CTX_H

#include "game_contract.h" /* first: the game's game.h, checked, with its defaults */
#include "mcts.h"
#include "search.h"
#include "tt.h"

/* How often (in nodes, a power of two) the clock and the stop flag are
 * polled: every 1.6 ms in Amazons (80k nodes/s, where 1024 nodes took 13 ms
 * and made a 100 ms move late), every 30 us in Xiangqi; a poll costs a
 * clock read. */
#define POLL_INTERVAL 128
/* History scores are halved when one passes this. */
#define HISTORY_MAX (1 << 24)
/* With HistoryMalus, history scores stay inside +-HISTORY_GRAVITY. */
#define HISTORY_GRAVITY (1 << 14)

typedef struct SearchCtx SearchCtx;

struct SearchCtx {
    GamePosition *pos;
    TT tt;
    const Variant *variant;    /* never NULL */
    bool use_tt, use_hh, quiescence, tt_exact_draft;

    /* Counters of the current search. */
    uint64_t nodes;
    int seldepth;
    bool stopped;
    atomic_bool *stop;
    SearchLimits limits;
    int64_t start_ms, soft_ms, hard_ms; /* hard_ms < 0: no time limit */
    int64_t base_ms;          /* the time limits count from here: start_ms, or a ponder search's ponderhit */
    bool pondering;           /* a ponder search before its ponderhit: no time limit yet */
    int side;                 /* the side to move at the root (its clock) */
    /* How far past its own deadline a recent movetime search answered (the
     * worst of the last few, decaying by a quarter a search): kept back
     * from the next movetime, so that a busy machine's delays are paid by
     * the engine's thinking, not by a time forfeit (limits.c). */
    int64_t late_ms;
    /* Did the last completed iteration change the best move, or score it
     * clearly worse than the one before? Then a clock search may start
     * another iteration up to its whole soft budget, not half (limits.c). */
    bool unstable;
    /* When the last completed iteration ended, counted from start_ms (0: none yet). */
    int64_t iteration_ms;

    /* Principal variation: triangular table, and the previous iteration's. */
    GameMove pv[MAX_PLY][MAX_PLY];
    int pv_len[MAX_PLY];
    GameMove prev_pv[MAX_PLY];
    int prev_pv_len;
    bool follow_pv;
    /* The root's last alpha raise in the current iteration: a move searched
     * to the end that beat all before it (kept if the iteration is stopped). */
    GameMove root_pv[MAX_PLY];
    int root_pv_len, root_score;

    int history[GAME_MOVE_INDEXES];

    /* Search features (SEARCH_FEATURE_*) in use, and their state. */
    unsigned features;
    GameMove killers[MAX_PLY][2];
    GameMove counter[GAME_MOVE_INDEXES]; /* CounterMove: by the index of the move answered */
    bool null_child[MAX_PLY]; /* this ply was reached by a null move */
    int static_eval[MAX_PLY]; /* LMP: each ply's static evaluation on the current path (SCORE_INF: none) */
    int no_null;              /* > 0: inside a null-move verification search */

    /* random and mcts: the Seed option; mcts: its playouts and its tree. */
    uint64_t seed;
    SearchPlayout playout;
    int mcts_cutoff;
    int mcts_sample;
    MctsTree tree;

    int rules; /* the rule set the search scores rule endings by (game_rule) */

    /* The static evaluations already computed, by the position's key (the
     * evaluation depends on the position alone): EVAL_CACHE entries,
     * allocated by search_new, cleared when the features change. */
    struct EvalCacheEntry *eval_cache;
};

/* One remembered evaluation: the full key, and the score from the side to move's view. */
#define EVAL_CACHE (1u << 16)
struct EvalCacheEntry {
    uint64_t key;
    int32_t score;
    bool full;
};

static inline bool feature_on(const SearchCtx *ctx, unsigned bit) { return (ctx->features & bit) != 0; }

/* CounterMove's entry for the move that led to this position (the quiet
 * move that last cut off in reply to it), or NULL: off, at the root, after
 * a pass, or in a game that does not tell its last move. */
static inline GameMove *counter_slot(SearchCtx *ctx)
{
#if GAME_HAS_LAST_MOVE
    if (!feature_on(ctx, SEARCH_FEATURE_COUNTER)) return NULL;
    GameMove prev = game_last_move(ctx->pos);
    return prev == GAME_MOVE_NONE ? NULL : &ctx->counter[game_move_index(prev)];
#else
    (void)ctx;
    return NULL;
#endif
}

/* The counter move here, or GAME_MOVE_NONE (counter_slot). */
static inline GameMove counter_move(SearchCtx *ctx)
{
    const GameMove *slot = counter_slot(ctx);
    return slot ? *slot : GAME_MOVE_NONE;
}

/* The static evaluation of pos with the evaluation terms among features (if the game has any). */
static inline int eval_with_features(const GamePosition *pos, unsigned features)
{
#ifdef GAME_EVAL_FEATURES
    return game_eval_terms(pos, (features & SEARCH_FEATURE_EVAL_MASK) >> SEARCH_FEATURE_EVAL_SHIFT);
#else
    (void)features;
    return game_eval(pos);
#endif
}

/* The static evaluation, with the evaluation terms this search has on
 * (from the cache when this position's is there). */
static inline int ctx_eval(const SearchCtx *ctx)
{
    uint64_t key = game_key(ctx->pos);
    struct EvalCacheEntry *e = &ctx->eval_cache[key & (EVAL_CACHE - 1)];
    if (e->full && e->key == key) return e->score;
    int score = eval_with_features(ctx->pos, ctx->features);
    e->key = key, e->score = score, e->full = true;
    return score;
}

/* Is m noisy (a capture: searched by quiescence, never rewarded by the
 * history)? Always false in a game without noisy moves. */
static inline bool move_is_noisy(const SearchCtx *ctx, GameMove m)
{
#if GAME_HAS_NOISY
    return game_is_capture(ctx->pos, m);
#else
    (void)ctx, (void)m;
    return false;
#endif
}

#if GAME_HAS_NOISY
/* The static exchange value of the capture m, or 0 when the attacker is
 * worth no more than the victim (such a capture never loses material, and
 * the exchange is not worked out): negative when m loses material. */
static inline int capture_exchange(GamePosition *pos, GameMove m)
{
    return game_attacker_value(pos, m) > game_victim_value(pos, m) ? game_see(pos, m) : 0;
}
#endif

/* ---- node.c: shared node helpers ---- */

/* Fills the late move reductions' table (once; again is harmless). */
void node_init(void);

/* Counts the node, updates seldepth and the PV length, and polls the limits.
 * Returns true when the search must stop (the caller returns 0 at once). */
bool node_enter(SearchCtx *ctx, int ply);

/* Applies the rules at a non-root node: returns true with *score set when
 * the position is decided by them (repetition, no-capture limit, material). */
bool node_rule(SearchCtx *ctx, int ply, int *score);

/* The value of a depth-0 node: quiescence search, or the static evaluation. */
int node_leaf(SearchCtx *ctx, int alpha, int beta, int ply);

/* Score of a position without legal moves, for the side to move: the
 * game's (GAME_SCORE_NO_MOVES: a loss in Xiangqi and the Amazons). */
static inline int score_no_moves(int ply) { return GAME_SCORE_NO_MOVES(ply); }

/* What node_open learnt about a node that the move loop uses: its window
 * (narrowed by mate-distance pruning), depth (extended in check), whether
 * it is a PV node (window wider than one), in check, its static evaluation
 * (SCORE_INF when not computed) and its table move. */
typedef struct {
    int alpha, beta, depth, eval;
    bool pv, in_check;
    bool improving; /* LMP: the evaluation is above the one two plies up (or either is unknown) */
    GameMove tt_move, counter; /* counter: CounterMove's move here (counter_move) */
    bool pending; /* TTFirst: list holds the table move alone, the others not generated yet */
} NodeState;

/*
 * Steps 1-4 of every node of the main search: the check extension, the
 * horizon (quiescence or evaluation), counting and stopping, the rules, the
 * ply limit, mate-distance pruning, the table cutoff, reverse futility,
 * null-move pruning, internal iterative deepening, and the ordered moves
 * (the features as ctx->features has them). Returns true when the node is
 * decided (its value in *score); otherwise list[0..*n) holds the moves to
 * search and *ns the node's state (ns->alpha, ns->beta, ns->depth replace
 * the caller's).
 */
bool node_open(SearchCtx *ctx, int alpha, int beta, int depth, int ply, int *score, GameMove *list, int *n,
               NodeState *ns);

/* The loop's test past the end of list[0..*n): with TTFirst, the table
 * move alone was in it; generates and orders the other moves into
 * list[1..*n) and returns true if there are any (once: false after). */
bool node_more_moves(SearchCtx *ctx, NodeState *ns, GameMove *list, int *n, int ply);

/* Futility and late move reductions, for move i (just made; capture: was
 * it one) of a node: returns -1 when the move is pruned (then *best is
 * raised to the futility bound), else the plies to reduce its first search by. */
int node_move_plan(SearchCtx *ctx, const NodeState *ns, int i, GameMove m, bool capture, int ply, int alpha,
                   int *best);

/* The quiet moves of a node the history malus remembers (the first ones searched). */
#define NODE_QUIETS 32

/* The best score, move and raised alpha of a node while its moves are
 * searched, and (HistoryMalus) the quiet moves searched without a cutoff. */
typedef struct {
    int best, alpha;
    GameMove move;
    int quiets_len;
    GameMove quiets[NODE_QUIETS];
} NodeBest;

static inline NodeBest node_best_init(int alpha)
{
    NodeBest nb;
    nb.best = -SCORE_INF, nb.alpha = alpha, nb.move = GAME_MOVE_NONE, nb.quiets_len = 0;
    return nb;
}

/* Takes a child's score: a new best, a raised alpha (and the PV), and at a
 * cutoff (score >= beta) the history reward of a quiet move. Returns true at
 * the cutoff. */
bool node_score(SearchCtx *ctx, NodeBest *nb, GameMove m, int score, int beta, int depth, int ply);

/* Makes move m the head of ply's PV, followed by the child's PV. */
void pv_update(SearchCtx *ctx, int ply, GameMove m);

/* Extends ctx->pv[0] past its end with the table's moves (legal, no rule
 * ending, no repetition of the walk), for variants with a table. */
void pv_extend_from_table(SearchCtx *ctx);

/* Table cutoff: returns true with *score when the entry decides the node,
 * and sets *tt_move to the entry's move either way (if any). */
bool tt_cutoff(SearchCtx *ctx, int alpha, int beta, int depth, int ply, int *score, GameMove *tt_move);

/* Stores a node's result with its bound derived from the window. */
void tt_save(SearchCtx *ctx, int alpha_orig, int beta, int depth, int ply, int best, GameMove best_move);

/* ---- order.c ---- */

/* Sorts list[0..n) for searching: the table move, the previous PV move,
 * captures by most valuable victim / least valuable attacker, then quiet
 * moves by history (if the variant uses it) or in generation order. */
void order_moves(SearchCtx *ctx, GameMove *list, int n, GameMove tt_move, int ply);

/* Sorts captures (or check evasions) by MVV/LVA for quiescence; a no-op
 * without noisy moves. */
void order_captures(const SearchCtx *ctx, GameMove *list, int n);

/* Stable sort of list[0, n) (n <= GAME_MAX_MOVES) by keys, descending:
 * ties keep their order. O(n log n). keys is left in an unspecified order. */
void order_sort_by_keys(GameMove *list, int *keys, int n);

/* Records a quiet move that caused a cutoff at this depth. */
void history_reward(SearchCtx *ctx, GameMove m, int depth);

/* HistoryMalus: the quiet move m cut off at this depth after the quiet
 * moves tried[0..n) did not; m gains what they lose, each entry moving
 * towards +-HISTORY_GRAVITY by a share of the bonus (history gravity). */
void history_update(SearchCtx *ctx, GameMove m, const GameMove *tried, int n, int depth);

/* ---- quiesce.c ---- */
int quiesce(SearchCtx *ctx, int alpha, int beta, int ply);
/* The quiescence search of a main search's leaf: with QChecks, its first
 * ply searches the quiet checks too. */
int quiesce_leaf(SearchCtx *ctx, int alpha, int beta, int ply);

/* ---- limits.c ---- */
int64_t now_ms(void);
/* Sets soft/hard deadlines from the limits for the side to move. */
void limits_start(SearchCtx *ctx, int side);
/* After a search of elapsed_ms: with a movetime, notes how late it answered
 * against its deadline (late_ms), kept back from the next movetime. */
void limits_finish(SearchCtx *ctx, int64_t elapsed_ms);
/* Polls stop flag, node limit and hard deadline; sets ctx->stopped. */
void limits_poll(SearchCtx *ctx);
/* Notes a completed iteration (its PV in pv[0], score) against the one
 * before (prev_pv, prev_score; none when prev_pv_len is 0), for
 * limits_next_iteration: called before prev_pv takes the new PV. */
void limits_iteration_done(SearchCtx *ctx, int prev_score, int score);
/* Should the driver start another iteration? */
bool limits_next_iteration(SearchCtx *ctx, int next_depth);

#endif
