/*
 * main.c - bin/<game>-engine (GAME_ENGINE_BIN): option flags, then the
 * protocol loop or one command from argv. Game-independent.
 *
 *   GAME-engine [--search NAME] [--hash MB] [--quiescence on|off]
 *               [--tt-exact-draft on|off] [--seed N] [--mcts-playout random|eval]
 *               [--mcts-cutoff PLIES] [--killers on|off ... (the search features)]
 *               [perft N [FEN] | bench [DEPTH] [VARIANT]]
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "book.h"
#include "options.h"
#include "uci.h"

/* Each flag sets the UCI option of the same meaning. */
static const struct {
    const char *flag, *option, *meta, *help;
} FLAGS[] = {
    {"--search", "Search", "NAME", "search variant, one of those listed below"},
    {"--hash", "Hash", "MB", "transposition table size in MB, 1 to 4096 (default: 16); mcts: its tree's too"},
    {"--quiescence", "Quiescence", "on|off", "quiescence search at the leaves (default: on)"},
    {"--tt-exact-draft", "TTExactDraft", "on|off", "table cutoffs only at exactly the same depth (default: off)"},
    {"--seed", "Seed", "N", "random and mcts: the seed, 0 to 2147483647 (default: 1)"},
    {"--mcts-playout", "MCTSPlayout", "random|eval", "mcts: playouts to the end, or cut off (default: eval)"},
    {"--mcts-cutoff", "MCTSCutoff", "PLIES", "mcts, eval playouts: random plies before the evaluation (default: 0)"},
    {"--mcts-sample", "MCTSSample", "MOVES", "mcts: moves drawn and valued per new child below the root (default: 64)"},
    {"--rules", "Rules", "NAME", "Xiangqi: the rule set the search scores repetitions by (see README)"},
};
#define FLAG_COUNT (int)(sizeof FLAGS / sizeof FLAGS[0])

/* Prints the flags, the commands and the registry's variants to out; the
 * variants that are not minimax-exact are marked "(not exact)". */
static void usage(FILE *out)
{
    int n;
    const Variant *v = search_variants(&n);
    fprintf(out, "usage: " GAME_ENGINE_BIN " [FLAGS] [COMMAND]\n\nFlags:\n");
    for (int i = 0; i < FLAG_COUNT; i++) {
        char flag[64];
        snprintf(flag, sizeof flag, "%s %s", FLAGS[i].flag, FLAGS[i].meta);
        fprintf(out, "  %-26s %s\n", flag, FLAGS[i].help);
    }
    fprintf(out, "  %-26s this text\n", "--help");
    int nf;
    const SearchFeature *feat = search_features(&nf);
    fprintf(out, "\nSearch features (flag on|off, the UCI check option of the same name; default: the\n"
                 "variant's preset, all off but in modern; exact ones keep negamax's value):\n");
    for (int i = 0; i < nf; i++) {
        char flag[64];
        snprintf(flag, sizeof flag, "%s on|off", feat[i].flag);
        fprintf(out, "  %-26s %s (%s, %s)\n", flag, feat[i].description, feat[i].option,
                feat[i].exact ? "exact" : "not exact");
    }
    fprintf(out, "\nCommands:\n");
    fprintf(out, "  %-26s UCI / UCCI / UAI protocol loop on standard input\n", "(none)");
    fprintf(out, "  %-26s perft divide of FEN (default: the start position)\n", "perft DEPTH [FEN]");
    fprintf(out, "  %-26s search the bench positions (default depth 4), print the totals\n",
            "bench [DEPTH] [VARIANT]");
    fprintf(out, "  %-26s build an opening book from PGN games\n", "book build ... -o BOOK");
    fprintf(out, "  %-26s the book's moves of a position\n", "book probe FEN [--book F]");
    fprintf(out, "\nSearch variants:\n");
    for (int i = 0; i < n; i++) {
        const char *mark = &v[i] == search_default_variant() ? " (default)" : "";
        const char *inexact = variant_is_exact(&v[i]) ? "" : " (not exact)";
        fprintf(out, "  %-26s %s%s%s\n", v[i].name, v[i].description, mark, inexact);
    }
}

/*
 * Applies the flags at the front of argv to *config. Returns the index of the
 * first argument that is not a flag, 0 after --help, or -1 after a one-line
 * error. A flag's value follows it (`--hash 64`) or an equals sign (`--hash=64`).
 */
static int parse_flags(int argc, char **argv, SearchConfig *config)
{
    int i = 1;
    char err[640];
    while (i < argc && strncmp(argv[i], "--", 2) == 0) {
        if (strcmp(argv[i], "--help") == 0) return usage(stdout), 0;
        size_t len = strcspn(argv[i], "=");
        int f;
        for (f = 0; f < FLAG_COUNT && (strlen(FLAGS[f].flag) != len || strncmp(FLAGS[f].flag, argv[i], len)); f++) {}
        const SearchFeature *feature = NULL;
        if (f == FLAG_COUNT) {
            int nf;
            const SearchFeature *all = search_features(&nf);
            for (int k = 0; k < nf && !feature; k++)
                if (strlen(all[k].flag) == len && strncmp(all[k].flag, argv[i], len) == 0) feature = &all[k];
        }
        if (f == FLAG_COUNT && !feature) {
            fprintf(stderr, GAME_ENGINE_BIN ": unknown flag '%.*s' (see --help)\n", (int)len, argv[i]);
            return -1;
        }
        const char *value = argv[i][len] == '=' ? argv[i] + len + 1 : (i + 1 < argc ? argv[++i] : NULL);
        const char *flag = feature ? feature->flag : FLAGS[f].flag;
        if (!value) {
            fprintf(stderr, GAME_ENGINE_BIN ": %s needs a value (%s)\n", flag, feature ? "on|off" : FLAGS[f].meta);
            return -1;
        }
        if (options_set(config, feature ? feature->option : FLAGS[f].option, value, err, sizeof err)) {
            fprintf(stderr, GAME_ENGINE_BIN ": %s: %s\n", flag, err);
            return -1;
        }
        i++;
    }
    return i;
}

int main(int argc, char **argv)
{
    game_init();
    SearchConfig config = options_default_config();
    int first = parse_flags(argc, argv, &config);
    if (first <= 0) return first == 0 ? 0 : 1;
    if (first < argc && strcmp(argv[first], "book") == 0) return book_command_line(argc - first, argv + first);
    if (first < argc) return bench_command_line(&config, argc - first, argv + first);
    return uci_loop(&config, stdin, stdout);
}
