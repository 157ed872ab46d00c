/*
 * registry.c - the single list of search variants, one {name, description,
 * drive, node search, flags} entry each: the engine's `Search` option, its
 * --search flag, the harness and the README all read it. The last two are
 * not alpha-beta (DRIVE_RANDOM, DRIVE_MCTS: no node search) and not exact
 * (no VARIANT_EXACT: the same-value invariant does not apply to them).
 */
#include <string.h>

#include "ctx.h"

/* The strongest, used when none is chosen. */
#define DEFAULT_VARIANT "negascout"

static const Variant VARIANTS[] = {
    {"negamax", "plain negamax: every move to full depth, no pruning", DRIVE_FIXED, search_negamax, VARIANT_EXACT},
    {"alphabeta", "alpha-beta pruning", DRIVE_FIXED, search_alphabeta, VARIANT_EXACT},
    {"alphabeta-hh", "alpha-beta + history heuristic", DRIVE_FIXED, search_alphabeta, VARIANT_EXACT | VARIANT_HH},
    {"alphabeta-tt", "alpha-beta + transposition table", DRIVE_FIXED, search_alphabeta, VARIANT_EXACT | VARIANT_TT},
    {"id", "iterative deepening alpha-beta, previous PV first", DRIVE_ITERATIVE, search_alphabeta, VARIANT_EXACT},
    {"aspiration", "iterative deepening + aspiration windows", DRIVE_ASPIRATION, search_alphabeta, VARIANT_EXACT},
    {"pvs", "iterative deepening + aspiration windows + principal variation search", DRIVE_ASPIRATION, search_pvs,
     VARIANT_EXACT},
    {"negascout", "NegaScout + transposition table + history heuristic, iterative, aspiration (strongest)",
     DRIVE_ASPIRATION, search_negascout, VARIANT_EXACT | VARIANT_TT | VARIANT_HH},
    {"mtdf", "MTD(f): null-window alpha-beta on the table + history, first guess from the previous iteration",
     DRIVE_MTDF, search_alphabeta, VARIANT_EXACT | VARIANT_TT | VARIANT_HH},
    {"random", "a uniformly random legal move, from the Seed option (the baseline)", DRIVE_RANDOM, NULL, 0},
    {"mcts", "Monte-Carlo tree search: UCT with progressive widening, playouts by MCTSPlayout / MCTSCutoff",
     DRIVE_MCTS, NULL, 0},
};

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
