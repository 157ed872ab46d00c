/*
 * search.h - the game-independent search library: limits, configuration,
 * the variant registry and the entry point. Compiled once per game with that
 * game's game.h on the include path (nothing here names a game's pieces).
 *
 * Node accounting. The alpha-beta variants: a node is one position visited
 * by a search function, counted once on entry: the root, every interior and
 * leaf position of the main search, and every quiescence position. With
 * quiescence off a depth-0 leaf is one node (its static evaluation).
 * Positions only generated, never entered, are not counted.
 * `random`: one node (the root) per search.
 * `mcts`: a node is one playout, that is one iteration of selection, the
 * expansion of at most one tree node, the simulation and the back-up; so
 * `go nodes N` runs exactly N iterations, and the tree holds at most N + 1
 * nodes. The positions an iteration passes through (tree moves, playout
 * moves, quiescence at the cut-off) and the one-ply evaluations that order
 * moves for expansion are not counted. NPS is playouts per second.
 */
#ifndef SEARCH_H
#define SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "game_contract.h"

#define MAX_PLY 128
#define SEARCH_MAX_DEPTH (MAX_PLY - 1)        /* the deepest `go depth` */
#define SCORE_INF 32000
#define SCORE_MATE 30000                      /* mated at the root: -SCORE_MATE */
#define SCORE_MATE_BOUND (SCORE_MATE - MAX_PLY) /* |score| above this is a mate */
#define SCORE_RULE_WIN 20000                  /* won by a rule (GAME_RULE_WIN: perpetual check) */

/* What `go` asked for. Zero means "not given". Times in milliseconds. */
typedef struct {
    int depth;
    uint64_t nodes;
    int64_t movetime;
    int64_t time[2], inc[2]; /* per side (game_side): [0] the first player, [1] the second */
    int movestogo;
    bool infinite;
    /* A ponder search (`go ponder`), when not NULL: no time limit until
     * *ponderhit (stored by another thread) holds the search_clock_ms() of
     * the ponderhit; the time limits then count from that moment. */
    const _Atomic int64_t *ponderhit;
} SearchLimits;

/* How an MCTS playout ends (the MCTSPlayout option): played on at random
 * to the end of the game (or a ply cap, a draw), or cut off after
 * mcts_cutoff random plies and scored by the evaluation. */
typedef enum { SEARCH_PLAYOUT_EVAL = 0, SEARCH_PLAYOUT_RANDOM = 1 } SearchPlayout;

/* Settings that hold across searches (UCI options). A zeroed tail (seed,
 * playout, cutoff) is valid: seed 0, evaluation playouts cut off at once. */
typedef struct {
    const struct Variant *variant; /* from search_variant_by_name(); NULL = the default */
    int hash_mb;                   /* transposition table size; also the MCTS tree arena's */
    bool quiescence;               /* quiescence search at the leaves (default on) */
    bool tt_exact_draft;           /* table cutoffs only at exactly the same depth */
    uint64_t seed;                 /* random and mcts: mixed with the root position's key */
    SearchPlayout playout;         /* mcts: how a playout ends */
    int mcts_cutoff;               /* mcts, SEARCH_PLAYOUT_EVAL: random plies before the evaluation */
    int mcts_sample;               /* mcts: moves drawn and valued per widening below the root */
    int rules;                     /* the game's rule set: an index of GAME_RULE_SETS (0 = its first) */
    /* Search features (SEARCH_FEATURE_* bits) switched on or off by the
     * options; a feature in neither set is as the variant's preset has it.
     * A zeroed config: the variant's preset. */
    unsigned features_on, features_off;
    /* The engine's own book (engine/book.h; not the search's): OwnBook,
     * BookFile ("" none), BookDepth (plies from the start), BookVariety. */
    bool own_book;
    int book_depth;
    int book_variety;
    char book_file[1024];
    bool ponder; /* the Ponder option: a GUI's setting, told the engine; the search does not read it */
} SearchConfig;

/* One completed iteration (or the final answer). */
typedef struct {
    int depth, seldepth;
    int score;            /* from the side to move's view; see search_mate_in() */
    uint64_t nodes;
    int64_t time_ms;
    GameMove pv[MAX_PLY];
    int pv_len;
} SearchInfo;

/* Called after each completed iteration, from the searching thread. */
typedef void (*SearchReport)(const SearchInfo *info, void *user);

typedef struct Search Search;

struct SearchCtx;

/* How a variant drives its search: the alpha-beta kinds run a node search
 * over depths (one search at the requested depth, iterative deepening, with
 * aspiration windows, MTD(f)); the others are not alpha-beta and have no
 * node search: a random legal move (random.c), Monte-Carlo tree search
 * (mcts.c). */
typedef enum { DRIVE_FIXED, DRIVE_ITERATIVE, DRIVE_ASPIRATION, DRIVE_MTDF, DRIVE_RANDOM, DRIVE_MCTS } SearchDrive;

/*
 * Search features: orthogonal switches read by the shared alpha-beta code
 * (node_open, the move loops of alphabeta, pvs and negascout, quiescence,
 * the move ordering). Each is an engine option (search_features()). The
 * exact ones change only the order of the moves or prune lines that cannot
 * change the root's value: the same-value invariant holds with them on.
 * negamax, random and mcts ignore every feature but the evaluation's.
 *
 * A game may add evaluation terms as features (GAME_EVAL_FEATURES in its
 * game.h, bits from SEARCH_FEATURE_EVAL(1) on): they change the static
 * evaluation, so every variant but random uses them, negamax included, and
 * the same-value invariant holds with them on in every variant alike.
 */
enum {
    SEARCH_FEATURE_KILLERS = 1 << 0,     /* exact: two killer moves per ply */
    SEARCH_FEATURE_CHECK_EXT = 1 << 1,   /* a node in check one ply deeper */
    SEARCH_FEATURE_NULL_MOVE = 1 << 2,   /* null-move pruning, zugzwang guard, verification */
    SEARCH_FEATURE_LMR = 1 << 3,         /* late move reductions */
    SEARCH_FEATURE_FUTILITY = 1 << 4,    /* futility pruning of quiet moves at the frontier */
    SEARCH_FEATURE_RFP = 1 << 5,         /* reverse futility (static null move) */
    SEARCH_FEATURE_IID = 1 << 6,         /* exact: internal iterative deepening without a table move */
    SEARCH_FEATURE_SEE = 1 << 7,         /* exact: captures ordered by static exchange evaluation */
    SEARCH_FEATURE_QSEE = 1 << 8,        /* quiescence skips captures that lose material by SEE */
    SEARCH_FEATURE_MATE_DIST = 1 << 9,   /* exact: mate-distance pruning */
    SEARCH_FEATURE_LMP = 1 << 10,        /* late move pruning: late quiet moves skipped near the leaves */
    SEARCH_FEATURE_HIST_MALUS = 1 << 11, /* exact: history malus for the quiet moves before a cutoff */
    SEARCH_FEATURE_TT_FIRST = 1 << 12,   /* exact: the table move searched before the moves are generated */
    SEARCH_FEATURE_COUNTER = 1 << 13,    /* exact: the counter move (the last cutoff's reply to the last move) */
    SEARCH_FEATURE_DELTA = 1 << 14,      /* delta pruning in quiescence */
    SEARCH_FEATURE_SEE_QUIET = 1 << 15,  /* quiet moves that lose material by SEE pruned near the leaves */
    SEARCH_FEATURE_QCHECKS = 1 << 16,    /* quiescence's first ply also searches the quiet checks */
};
/* The game's evaluation terms: term bits (game_eval_terms) shifted here. */
#define SEARCH_FEATURE_EVAL_SHIFT 20
#define SEARCH_FEATURE_EVAL(terms) ((unsigned)(terms) << SEARCH_FEATURE_EVAL_SHIFT)
#define SEARCH_FEATURE_EVAL_MASK SEARCH_FEATURE_EVAL(0xfffu)

/* One feature: its option name, command-line flag, bit, whether it keeps
 * the same-value invariant, and a one-line description. */
typedef struct {
    const char *option, *flag;
    unsigned bit;
    bool exact;
    const char *description;
} SearchFeature;

/* The features, in order; *count receives their number. */
const SearchFeature *search_features(int *count);

/* The features a search with this configuration uses: the variant's preset
 * with the config's switches applied (none for random; only the evaluation's
 * for negamax and mcts). */
unsigned search_effective_features(const SearchConfig *config);

/* The static evaluation of pos (side to move's view) with the evaluation
 * terms this configuration uses. */
int search_static_eval(const SearchConfig *config, const GamePosition *pos);

/* Variant flags. */
enum {
    VARIANT_TT = 1 << 0,    /* uses the transposition table */
    VARIANT_HH = 1 << 1,    /* uses the history heuristic */
    VARIANT_EXACT = 1 << 2, /* minimax-exact: negamax's root score at fixed depth (with TTExactDraft) */
};

/* A node search: the score of the position within (alpha, beta). */
typedef int (*SearchNodeFn)(struct SearchCtx *ctx, int alpha, int beta, int depth, int ply);

/* One entry of the registry, the single list of variants: its name and
 * description, then how it searches (drive and node are read by
 * engine/search/ only; node is NULL for DRIVE_RANDOM and DRIVE_MCTS). */
typedef struct Variant {
    const char *name;
    const char *description;
    SearchDrive drive;
    SearchNodeFn node;
    unsigned flags; /* VARIANT_* */
    unsigned features; /* SEARCH_FEATURE_* on by default (the preset's) */
} Variant;

/* Is v minimax-exact (VARIANT_EXACT)? The same-value invariant holds for these only. */
static inline bool variant_is_exact(const Variant *v) { return (v->flags & VARIANT_EXACT) != 0; }

/* The registry, in order; *count receives the number of variants. */
const Variant *search_variants(int *count);

/* The variant with exactly this name, or NULL. */
const Variant *search_variant_by_name(const char *name);

/* The default variant (the strongest): "modern", or the game's
 * GAME_DEFAULT_VARIANT (the Amazons: "negascout"). */
const Variant *search_default_variant(void);

/*
 * Creates a searcher with its transposition table (config->hash_mb MB).
 * Returns NULL when memory runs out. Free with search_free (NULL is a no-op).
 */
Search *search_new(const SearchConfig *config);
void search_free(Search *s);

/* Applies a new configuration (variant, flags; the table is resized if the
 * size changed). Returns 0, or -1 when the new table cannot be allocated
 * (the old one is kept). */
int search_configure(Search *s, const SearchConfig *config);

/* Forgets everything learnt: clears the table and the history (ucinewgame). */
void search_clear(Search *s);

/*
 * Searches pos (restored on return) within limits. `stop` (may be NULL) is
 * polled; setting it ends the search, which then answers from the last
 * completed iteration (or the unfinished one's better root move:
 * driver.c, keep_partial_iteration). report (may be NULL) is called per iteration.
 * Returns the final info; info->pv[0] is the best move (GAME_MOVE_NONE when
 * there is no legal move) and is always legal.
 */
SearchInfo search_run(Search *s, GamePosition *pos, const SearchLimits *limits, atomic_bool *stop,
                      SearchReport report, void *user);

/* The monotonic clock (ms) the time limits count on (ponderhit's time). */
int64_t search_clock_ms(void);

/* Moves to mate from the side to move's view: N > 0 mates in N moves,
 * N < 0 is mated in -N, 0 when score is not a mate score. */
int search_mate_in(int score);

#endif
