/*
 * registry.c - the single list of search variants: the engine's `Search`
 * option, its --search flag, the harness and the README all read it.
 */
#include <string.h>

#include "ctx.h"

static const Variant LIST[] = {
    {"negamax", "plain negamax: every move to full depth, no pruning"},
    {"alphabeta", "alpha-beta pruning"},
    {"alphabeta-hh", "alpha-beta + history heuristic"},
    {"alphabeta-tt", "alpha-beta + transposition table"},
    {"id", "iterative deepening alpha-beta, previous PV first"},
    {"aspiration", "iterative deepening + aspiration windows"},
    {"pvs", "iterative deepening + aspiration windows + principal variation search"},
    {"negascout", "NegaScout + transposition table + history heuristic, iterative, aspiration (strongest)"},
    {"mtdf", "MTD(f): null-window alpha-beta on the table + history, first guess from the previous iteration"},
};

/* Parallel to LIST: how each variant searches. */
static const VariantImpl IMPL[] = {
    {DRIVE_FIXED, search_negamax, false, false},
    {DRIVE_FIXED, search_alphabeta, false, false},
    {DRIVE_FIXED, search_alphabeta, false, true},
    {DRIVE_FIXED, search_alphabeta, true, false},
    {DRIVE_ITERATIVE, search_alphabeta, false, false},
    {DRIVE_ASPIRATION, search_alphabeta, false, false},
    {DRIVE_ASPIRATION, search_pvs, false, false},
    {DRIVE_ASPIRATION, search_negascout, true, true},
    {DRIVE_MTDF, search_alphabeta, true, true},
};

#define VARIANT_COUNT ((int)(sizeof LIST / sizeof LIST[0]))
#define DEFAULT_VARIANT 7 /* negascout */

_Static_assert(sizeof LIST / sizeof LIST[0] == sizeof IMPL / sizeof IMPL[0], "one IMPL entry per variant");

const Variant *search_variants(int *count)
{
    *count = VARIANT_COUNT;
    return LIST;
}

const Variant *search_variant_by_name(const char *name)
{
    for (int i = 0; i < VARIANT_COUNT; i++)
        if (strcmp(LIST[i].name, name) == 0) return &LIST[i];
    return NULL;
}

const Variant *search_default_variant(void)
{
    return &LIST[DEFAULT_VARIANT];
}

const VariantImpl *variant_impl(const Variant *v)
{
    ptrdiff_t i = v - LIST;
    return i >= 0 && i < VARIANT_COUNT ? &IMPL[i] : &IMPL[DEFAULT_VARIANT];
}
