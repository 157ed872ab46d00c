/*
 * options.h - the engine's UCI options (Search, Hash, Quiescence,
 * TTExactDraft, Threads, UCI_Variant, Seed, MCTSPlayout, MCTSCutoff, and a
 * check option per search feature: Killers, NullMove, ...): their
 * defaults, how `setoption` and the command-line flags set them, and the
 * `option` lines of `uci`.
 * Game-independent: written against search.h (and so game.h) only.
 */
#ifndef ENGINE_OPTIONS_H
#define ENGINE_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "search.h"

#define OPTIONS_HASH_DEFAULT_MB 16
#define OPTIONS_HASH_MIN_MB 1
#define OPTIONS_HASH_MAX_MB 4096
/* Seed (random, mcts): any value from 0 to the largest UCI spin (31 bits). */
#define OPTIONS_SEED_DEFAULT 1
#define OPTIONS_SEED_MAX 2147483647
/* MCTSPlayout and MCTSCutoff (mcts: engine/search/mcts.h), the defaults
 * chosen by measurement (README, "MCTS"); MCTSCutoff in plies. */
#define OPTIONS_PLAYOUT_DEFAULT SEARCH_PLAYOUT_EVAL
#define OPTIONS_CUTOFF_DEFAULT 0
#define OPTIONS_CUTOFF_MAX 100
/* MCTSSample: moves drawn per widening below the root (mcts.h). */
#define OPTIONS_SAMPLE_DEFAULT 64
#define OPTIONS_SAMPLE_MAX 1024

/* BookDepth: the book is asked up to this many plies from the game's
 * start (20: ten moves a side). */
#define OPTIONS_BOOK_DEPTH_DEFAULT 20
#define OPTIONS_BOOK_DEPTH_MAX 500

/* The option defaults: the registry's default variant, 16 MB of hash,
 * quiescence on, TTExactDraft off, seed 1, evaluation playouts cut off
 * after MCTS_DEFAULT_CUTOFF plies. */
SearchConfig options_default_config(void);

/*
 * Sets the option called name (case-insensitive) to value in *config. Check
 * options take true|false|on|off; Search takes a registry name, UCI_Variant
 * only the game's own (GAME_UCI_VARIANT), MCTSPlayout random|eval, all
 * case-insensitive. Returns 0,
 * or -1 leaving *config unchanged and writing a one-line reason (no
 * newline) to err when err is not NULL.
 */
int options_set(SearchConfig *config, const char *name, const char *value, char *err, size_t errlen);

/* Writes one `option name ...` line per option to out, the defaults being
 * the values of *config. */
void options_print(FILE *out, const SearchConfig *config);

/* The search feature whose option has this name, ignoring case, or NULL. */
const SearchFeature *options_find_feature(const char *name);

/* Writes one line per search feature (option, exact or inexact, what it
 * does), each after prefix: the `uci` and --help descriptions. */
void options_print_features(FILE *out, const char *prefix);

/* The registry entry with this name, ignoring case, or NULL. */
const Variant *options_find_variant(const char *name);

#endif
