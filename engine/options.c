/*
 * options.c - the UCI options table: one {name, set, print} entry per
 * option, in the order `uci` lists them (see options.h).
 */
#include "options.h"

#include <inttypes.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "book.h"
#include "text.h"

typedef int (*OptionSet)(SearchConfig *config, const char *value, char *err, size_t errlen);
typedef void (*OptionPrint)(FILE *out, const SearchConfig *config);

/* ------------------------------------------------------------------------ */
/* Search                                                                   */
/* ------------------------------------------------------------------------ */

const Variant *options_find_variant(const char *name)
{
    int n;
    const Variant *v = search_variants(&n);
    for (int i = 0; i < n; i++)
        if (strcasecmp(v[i].name, name) == 0) return &v[i];
    return NULL;
}

static int set_search(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    const Variant *v = options_find_variant(value);
    if (!v) {
        char names[512] = "";
        int n;
        const Variant *all = search_variants(&n);
        for (int i = 0; i < n; i++) {
            size_t len = strlen(names);
            snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "", all[i].name);
        }
        return text_fail(err, errlen, "unknown search variant '%s' (expected one of: %s)", value, names);
    }
    config->variant = v;
    return 0;
}

static void print_search(FILE *out, const SearchConfig *config)
{
    int n;
    const Variant *v = search_variants(&n);
    fprintf(out, "option name Search type combo default %s",
            (config->variant ? config->variant : search_default_variant())->name);
    for (int i = 0; i < n; i++) fprintf(out, " var %s", v[i].name);
    fprintf(out, "\n");
}

/* ------------------------------------------------------------------------ */
/* Hash, Quiescence, TTExactDraft, Threads, Ponder, UCI_Variant            */
/* ------------------------------------------------------------------------ */

static int set_hash(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    int64_t mb;
    if (!text_parse_i64(value, OPTIONS_HASH_MIN_MB, OPTIONS_HASH_MAX_MB, &mb))
        return text_fail(err, errlen, "bad Hash value '%s' (expected MB from %d to %d)", value, OPTIONS_HASH_MIN_MB,
                          OPTIONS_HASH_MAX_MB);
    config->hash_mb = (int)mb;
    return 0;
}

static void print_hash(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name Hash type spin default %d min %d max %d\n", config->hash_mb, OPTIONS_HASH_MIN_MB,
            OPTIONS_HASH_MAX_MB);
}

static int set_quiescence(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    if (!text_parse_bool(value, &config->quiescence))
        return text_fail(err, errlen, "bad Quiescence value '%s' (expected true, false, on or off)", value);
    return 0;
}

static void print_quiescence(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name Quiescence type check default %s\n", config->quiescence ? "true" : "false");
}

static int set_tt_exact_draft(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    if (!text_parse_bool(value, &config->tt_exact_draft))
        return text_fail(err, errlen, "bad TTExactDraft value '%s' (expected true, false, on or off)", value);
    return 0;
}

static void print_tt_exact_draft(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name TTExactDraft type check default %s\n", config->tt_exact_draft ? "true" : "false");
}

static int set_threads(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    int64_t n;
    (void)config;
    if (!text_parse_i64(value, 1, 1, &n))
        return text_fail(err, errlen, "bad Threads value '%s' (only 1 is supported)", value);
    return 0;
}

static void print_threads(FILE *out, const SearchConfig *config)
{
    (void)config;
    fprintf(out, "option name Threads type spin default 1 min 1 max 1\n");
}

/* Ponder (UCI's: may the GUI send `go ponder`?): kept and shown; `go
 * ponder` works whatever its value, as in Stockfish. */
static int set_ponder(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    if (!text_parse_bool(value, &config->ponder))
        return text_fail(err, errlen, "bad Ponder value '%s' (expected true, false, on or off)", value);
    return 0;
}

static void print_ponder(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name Ponder type check default %s\n", config->ponder ? "true" : "false");
}

/* One game per binary: the only value is the game's own (what a harness
 * sends when it sees the option, as for Fairy-Stockfish). */
static int set_uci_variant(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    (void)config;
    if (strcasecmp(value, GAME_UCI_VARIANT) != 0)
        return text_fail(err, errlen, "bad UCI_Variant value '%s' (this engine plays only " GAME_UCI_VARIANT ")", value);
    return 0;
}

static void print_uci_variant(FILE *out, const SearchConfig *config)
{
    (void)config;
    fprintf(out, "option name UCI_Variant type combo default " GAME_UCI_VARIANT " var " GAME_UCI_VARIANT "\n");
}

/* ------------------------------------------------------------------------ */
/* Seed, MCTSPlayout, MCTSCutoff, MCTSSample (the random and mcts variants) */
/* ------------------------------------------------------------------------ */

static int set_seed(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    int64_t seed;
    if (!text_parse_i64(value, 0, OPTIONS_SEED_MAX, &seed))
        return text_fail(err, errlen, "bad Seed value '%s' (expected 0 to %" PRId64 ")", value,
                         (int64_t)OPTIONS_SEED_MAX);
    config->seed = (uint64_t)seed;
    return 0;
}

static void print_seed(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name Seed type spin default %" PRIu64 " min 0 max %" PRId64 "\n", config->seed,
            (int64_t)OPTIONS_SEED_MAX);
}

static const char *const PLAYOUT_NAMES[] = {[SEARCH_PLAYOUT_EVAL] = "eval", [SEARCH_PLAYOUT_RANDOM] = "random"};

static int set_playout(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    for (int i = 0; i < (int)(sizeof PLAYOUT_NAMES / sizeof PLAYOUT_NAMES[0]); i++)
        if (strcasecmp(value, PLAYOUT_NAMES[i]) == 0) {
            config->playout = (SearchPlayout)i;
            return 0;
        }
    return text_fail(err, errlen, "bad MCTSPlayout value '%s' (expected random or eval)", value);
}

static void print_playout(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name MCTSPlayout type combo default %s var random var eval\n",
            PLAYOUT_NAMES[config->playout]);
}

static int set_cutoff(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    int64_t plies;
    if (!text_parse_i64(value, 0, OPTIONS_CUTOFF_MAX, &plies))
        return text_fail(err, errlen, "bad MCTSCutoff value '%s' (expected plies from 0 to %d)", value,
                         OPTIONS_CUTOFF_MAX);
    config->mcts_cutoff = (int)plies;
    return 0;
}

static void print_cutoff(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name MCTSCutoff type spin default %d min 0 max %d\n", config->mcts_cutoff,
            OPTIONS_CUTOFF_MAX);
}

static int set_sample(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    int64_t moves;
    if (!text_parse_i64(value, 1, OPTIONS_SAMPLE_MAX, &moves))
        return text_fail(err, errlen, "bad MCTSSample value '%s' (expected moves from 1 to %d)", value,
                         OPTIONS_SAMPLE_MAX);
    config->mcts_sample = (int)moves;
    return 0;
}

static void print_sample(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name MCTSSample type spin default %d min 1 max %d\n", config->mcts_sample,
            OPTIONS_SAMPLE_MAX);
}

/* ------------------------------------------------------------------------ */
/* Rules (games with more than one rule set)                                */
/* ------------------------------------------------------------------------ */

static const char *const RULE_SET_NAMES[GAME_RULE_SET_COUNT] = GAME_RULE_SETS;

static int set_rules(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    for (int i = 0; i < GAME_RULE_SET_COUNT; i++)
        if (strcasecmp(value, RULE_SET_NAMES[i]) == 0) {
            config->rules = i;
            return 0;
        }
    char names[256] = "";
    for (int i = 0; i < GAME_RULE_SET_COUNT; i++) {
        size_t len = strlen(names);
        snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "", RULE_SET_NAMES[i]);
    }
    return text_fail(err, errlen, "bad Rules value '%s' (expected one of: %s)", value, names);
}

static void print_rules(FILE *out, const SearchConfig *config)
{
    if (GAME_RULE_SET_COUNT < 2) return; /* nothing to choose */
    fprintf(out, "option name Rules type combo default %s", RULE_SET_NAMES[config->rules]);
    for (int i = 0; i < GAME_RULE_SET_COUNT; i++) fprintf(out, " var %s", RULE_SET_NAMES[i]);
    fprintf(out, "\n");
}

/* ------------------------------------------------------------------------ */
/* The book (engine/book.h): OwnBook, BookFile, BookDepth, BookVariety      */
/* ------------------------------------------------------------------------ */

static int set_own_book(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    if (!text_parse_bool(value, &config->own_book))
        return text_fail(err, errlen, "bad OwnBook value '%s' (expected true, false, on or off)", value);
    return 0;
}

static void print_own_book(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name OwnBook type check default %s\n", config->own_book ? "true" : "false");
}

/* A path, or <empty> for none; the book is checked when it is set. */
static int set_book_file(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    if (strcmp(value, "<empty>") == 0) value = "";
    if (strlen(value) >= sizeof config->book_file) return text_fail(err, errlen, "BookFile: path too long");
    if (value[0]) {
        Book book;
        if (book_open(&book, value, err, errlen) != 0) return -1;
        book_close(&book);
    }
    snprintf(config->book_file, sizeof config->book_file, "%s", value);
    return 0;
}

static void print_book_file(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name BookFile type string default %s\n", config->book_file[0] ? config->book_file : "<empty>");
}

static int set_book_depth(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    int64_t n;
    if (!text_parse_i64(value, 0, OPTIONS_BOOK_DEPTH_MAX, &n))
        return text_fail(err, errlen, "bad BookDepth value '%s' (expected plies from 0 to %d)", value,
                         OPTIONS_BOOK_DEPTH_MAX);
    config->book_depth = (int)n;
    return 0;
}

static void print_book_depth(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name BookDepth type spin default %d min 0 max %d\n", config->book_depth,
            OPTIONS_BOOK_DEPTH_MAX);
}

static int set_book_variety(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    if (strcasecmp(value, "best") == 0) config->book_variety = BOOK_VARIETY_BEST;
    else if (strcasecmp(value, "weighted") == 0) config->book_variety = BOOK_VARIETY_WEIGHTED;
    else return text_fail(err, errlen, "bad BookVariety value '%s' (expected best or weighted)", value);
    return 0;
}

static void print_book_variety(FILE *out, const SearchConfig *config)
{
    fprintf(out, "option name BookVariety type combo default %s var best var weighted\n",
            config->book_variety == BOOK_VARIETY_WEIGHTED ? "weighted" : "best");
}

/* ------------------------------------------------------------------------ */
/* The table                                                                */
/* ------------------------------------------------------------------------ */

static const struct {
    const char *name;
    OptionSet set;
    OptionPrint print;
} OPTIONS[] = {
    {"Search", set_search, print_search},
    {"Hash", set_hash, print_hash},
    {"Quiescence", set_quiescence, print_quiescence},
    {"TTExactDraft", set_tt_exact_draft, print_tt_exact_draft},
    {"Threads", set_threads, print_threads},
    {"Ponder", set_ponder, print_ponder},
    {"UCI_Variant", set_uci_variant, print_uci_variant},
    {"Seed", set_seed, print_seed},
    {"MCTSPlayout", set_playout, print_playout},
    {"MCTSCutoff", set_cutoff, print_cutoff},
    {"MCTSSample", set_sample, print_sample},
    {"Rules", set_rules, print_rules},
    {"OwnBook", set_own_book, print_own_book},
    {"BookFile", set_book_file, print_book_file},
    {"BookDepth", set_book_depth, print_book_depth},
    {"BookVariety", set_book_variety, print_book_variety},
};
#define OPTION_COUNT (sizeof OPTIONS / sizeof OPTIONS[0])

SearchConfig options_default_config(void)
{
    return (SearchConfig){.variant = search_default_variant(),
                          .hash_mb = OPTIONS_HASH_DEFAULT_MB,
                          .quiescence = true,
                          .tt_exact_draft = false,
                          .seed = OPTIONS_SEED_DEFAULT,
                          .playout = OPTIONS_PLAYOUT_DEFAULT,
                          .mcts_cutoff = OPTIONS_CUTOFF_DEFAULT,
                          .mcts_sample = OPTIONS_SAMPLE_DEFAULT,
                          .rules = GAME_RULE_SET_DEFAULT,
                          .own_book = false,
                          .book_depth = OPTIONS_BOOK_DEPTH_DEFAULT,
                          .book_variety = BOOK_VARIETY_BEST};
}

/* ------------------------------------------------------------------------ */
/* The search features (search_features(): Killers, NullMove, ...)          */
/* ------------------------------------------------------------------------ */

const SearchFeature *options_find_feature(const char *name)
{
    int n;
    const SearchFeature *f = search_features(&n);
    for (int i = 0; i < n; i++)
        if (strcasecmp(f[i].option, name) == 0) return &f[i];
    return NULL;
}

/* A feature's check option: on or off whatever the variant's preset says. */
static int set_feature(SearchConfig *config, const SearchFeature *f, const char *value, char *err, size_t errlen)
{
    bool on;
    if (!text_parse_bool(value, &on))
        return text_fail(err, errlen, "bad %s value '%s' (expected true, false, on or off)", f->option, value);
    config->features_on = on ? config->features_on | f->bit : config->features_on & ~f->bit;
    config->features_off = on ? config->features_off & ~f->bit : config->features_off | f->bit;
    return 0;
}

int options_set(SearchConfig *config, const char *name, const char *value, char *err, size_t errlen)
{
    size_t i;
    for (i = 0; i < OPTION_COUNT && strcasecmp(OPTIONS[i].name, name) != 0; i++) {}
    const SearchFeature *f = i == OPTION_COUNT ? options_find_feature(name) : NULL;
    if (f) {
        if (!*value) return text_fail(err, errlen, "option '%s' needs a value", f->option);
        SearchConfig next = *config;
        if (set_feature(&next, f, value, err, errlen)) return -1;
        *config = next;
        return 0;
    }
    if (i == OPTION_COUNT) return text_fail(err, errlen, "unknown option '%s'", name);
    if (!*value) return text_fail(err, errlen, "option '%s' needs a value", OPTIONS[i].name);
    SearchConfig next = *config;
    if (OPTIONS[i].set(&next, value, err, errlen)) return -1;
    *config = next;
    return 0;
}

void options_print(FILE *out, const SearchConfig *config)
{
    for (size_t i = 0; i < OPTION_COUNT; i++) OPTIONS[i].print(out, config);
    int n;
    const SearchFeature *f = search_features(&n);
    unsigned on = search_effective_features(config);
    for (int i = 0; i < n; i++)
        fprintf(out, "option name %s type check default %s\n", f[i].option, on & f[i].bit ? "true" : "false");
}

void options_print_features(FILE *out, const char *prefix)
{
    int n;
    const SearchFeature *f = search_features(&n);
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%-16s %-7s %s\n", prefix, f[i].option, f[i].exact ? "exact" : "inexact", f[i].description);
}
