/*
 * registry.c - the search features, and the single list of search variants, one {name, description,
 * drive, node search, flags} entry each: the engine's `Search` option, its
 * --search flag, the harness and the README all read it. The last two are
 * not alpha-beta (DRIVE_RANDOM, DRIVE_MCTS: no node search) and not exact
 * (no VARIANT_EXACT: the same-value invariant does not apply to them).
 */
#include <string.h>

#include "algorithms.h"

/* The strongest, used when none is chosen (matches against other engines,
 * qibench play): GAME_DEFAULT_VARIANT, the preset modern unless the game
 * names another (the Amazons: negascout, the preset being measured on
 * Xiangqi only). The game's evaluation terms in the preset:
 * GAME_MODERN_EVAL_FEATURES (none by default: game_contract.h). */
#define DEFAULT_VARIANT GAME_DEFAULT_VARIANT
#define MODERN_EVAL_FEATURES GAME_MODERN_EVAL_FEATURES

/* The features of the preset `modern` (kept by the ablation: README, "Search features"). */
#define MODERN_FEATURES                                                                                       \
    (SEARCH_FEATURE_KILLERS | SEARCH_FEATURE_CHECK_EXT | SEARCH_FEATURE_NULL_MOVE | SEARCH_FEATURE_LMR       \
     | SEARCH_FEATURE_FUTILITY | SEARCH_FEATURE_RFP | SEARCH_FEATURE_SEE                                      \
     | SEARCH_FEATURE_QSEE | SEARCH_FEATURE_MATE_DIST | SEARCH_FEATURE_HIST_MALUS | SEARCH_FEATURE_LMP          \
     | SEARCH_FEATURE_SEE_QUIET | SEARCH_FEATURE_COUNTER | MODERN_EVAL_FEATURES)

static const SearchFeature FEATURES[] = {
    {"Killers", "--killers", SEARCH_FEATURE_KILLERS, true,
     "two killer moves per ply (quiet moves that cut off), tried after the captures"},
    {"CheckExtension", "--check-extension", SEARCH_FEATURE_CHECK_EXT, false,
     "a node whose side to move is in check is searched one ply deeper"},
    {"NullMove", "--null-move", SEARCH_FEATURE_NULL_MOVE, false,
     "null-move pruning (R 3 + depth/4 + (eval - beta)/200, at most 3 more; not in check, not without chariot/horse/cannon; verified from depth 6)"},
    {"LMR", "--lmr", SEARCH_FEATURE_LMR, false,
     "late move reductions: quiet moves from the fourth on searched 0.75 + ln(depth) ln(moves) / 2.25 plies shallower first (a ply less at PV nodes)"},
    {"Futility", "--futility", SEARCH_FEATURE_FUTILITY, false,
     "futility pruning: quiet moves skipped at depth <= 3 when the evaluation + margin cannot reach alpha"},
    {"ReverseFutility", "--reverse-futility", SEARCH_FEATURE_RFP, false,
     "reverse futility: a node at depth <= 3 whose evaluation - margin beats beta returns the evaluation"},
    {"IID", "--iid", SEARCH_FEATURE_IID, true,
     "internal iterative deepening: a PV node at depth >= 4 without a table move searches depth - 2 first"},
    {"SEE", "--see", SEARCH_FEATURE_SEE, true,
     "captures ordered by static exchange evaluation: losing ones after the killers"},
    {"QSEEPrune", "--qsee-prune", SEARCH_FEATURE_QSEE, false,
     "quiescence skips captures that lose material by static exchange evaluation"},
    {"MateDistance", "--mate-distance", SEARCH_FEATURE_MATE_DIST, true,
     "mate-distance pruning: the window narrowed to the mates still possible from this ply"},
    {"LMP", "--lmp", SEARCH_FEATURE_LMP, false,
     "late move pruning: at non-PV nodes of depth <= 3, quiet moves from the (3 + depth^2 + 1)th on are skipped"},
    {"HistoryMalus", "--history-malus", SEARCH_FEATURE_HIST_MALUS, true,
     "history malus and gravity: the quiet moves searched before a quiet cutoff lose what it gains"},
    {"TTFirst", "--tt-first", SEARCH_FEATURE_TT_FIRST, true,
     "off the PV, the table move is searched before the moves are generated (only if it fails to cut off are they)"},
    {"CounterMove", "--counter-move", SEARCH_FEATURE_COUNTER, true,
     "the quiet move that last cut off in reply to the previous move is tried after the killers (and not reduced or pruned)"},
    {"DeltaPrune", "--delta-prune", SEARCH_FEATURE_DELTA, false,
     "quiescence skips a capture when the standing score + its victim + 200 cannot reach alpha"},
    {"SEEQuietPrune", "--see-quiet-prune", SEARCH_FEATURE_SEE_QUIET, false,
     "at non-PV nodes of depth <= 4, a quiet move is skipped when the opponent wins its piece for more than 40 depth^2 by SEE"},
    {"QChecks", "--qchecks", SEARCH_FEATURE_QCHECKS, false,
     "the first ply of quiescence searches the quiet moves that give check too, after the captures"},
#ifdef GAME_EVAL_FEATURES
    GAME_EVAL_FEATURES
#endif
};

static const Variant VARIANTS[] = {
    {"negamax", "plain negamax: every move to full depth, no pruning", DRIVE_FIXED, search_negamax, VARIANT_EXACT, 0},
    {"alphabeta", "alpha-beta pruning", DRIVE_FIXED, search_alphabeta, VARIANT_EXACT, 0},
    {"alphabeta-hh", "alpha-beta + history heuristic", DRIVE_FIXED, search_alphabeta, VARIANT_EXACT | VARIANT_HH, 0},
    {"alphabeta-tt", "alpha-beta + transposition table", DRIVE_FIXED, search_alphabeta, VARIANT_EXACT | VARIANT_TT, 0},
    {"id", "iterative deepening alpha-beta, previous PV first", DRIVE_ITERATIVE, search_alphabeta, VARIANT_EXACT, 0},
    {"aspiration", "iterative deepening + aspiration windows", DRIVE_ASPIRATION, search_alphabeta, VARIANT_EXACT, 0},
    {"pvs", "iterative deepening + aspiration windows + principal variation search", DRIVE_ASPIRATION, search_pvs,
     VARIANT_EXACT, 0},
    {"negascout",
     "NegaScout + transposition table + history heuristic, iterative, aspiration (the strongest exact variant)",
     DRIVE_ASPIRATION, search_negascout, VARIANT_EXACT | VARIANT_TT | VARIANT_HH, 0},
    {"mtdf", "MTD(f): null-window alpha-beta on the table + history, first guess from the previous iteration",
     DRIVE_MTDF, search_alphabeta, VARIANT_EXACT | VARIANT_TT | VARIANT_HH, 0},
    {"modern", "the preset: negascout + the search features that measured as gains (README, \"Search features\")",
     DRIVE_ASPIRATION, search_negascout, VARIANT_TT | VARIANT_HH, MODERN_FEATURES},
    {"random", "a uniformly random legal move, from the Seed option (the baseline)", DRIVE_RANDOM, NULL, 0, 0},
    {"mcts", "Monte-Carlo tree search: UCT with progressive widening, playouts by MCTSPlayout / MCTSCutoff",
     DRIVE_MCTS, NULL, 0, 0},
};

#define FEATURE_COUNT ((int)(sizeof FEATURES / sizeof FEATURES[0]))

const SearchFeature *search_features(int *count)
{
    *count = FEATURE_COUNT;
    return FEATURES;
}

unsigned search_effective_features(const SearchConfig *config)
{
    const Variant *v = config->variant ? config->variant : search_default_variant();
    if (v->drive == DRIVE_RANDOM) return 0;
    unsigned on = (v->features | config->features_on) & ~config->features_off;
    if (v->drive == DRIVE_MCTS || v->node == search_negamax) return on & SEARCH_FEATURE_EVAL_MASK;
    return on;
}

int search_static_eval(const SearchConfig *config, const GamePosition *pos)
{
    return eval_with_features(pos, search_effective_features(config));
}

#define VARIANT_COUNT ((int)(sizeof VARIANTS / sizeof VARIANTS[0]))

const Variant *search_variants(int *count)
{
    *count = VARIANT_COUNT;
    return VARIANTS;
}

const Variant *search_variant_by_name(const char *name)
{
    for (int i = 0; i < VARIANT_COUNT; i++)
        if (strcmp(VARIANTS[i].name, name) == 0) return &VARIANTS[i];
    return NULL;
}

const Variant *search_default_variant(void)
{
    return search_variant_by_name(DEFAULT_VARIANT);
}
