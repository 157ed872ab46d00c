/*
 * main.c - bin/qibench: subcommands, git style. One {name, handler, help}
 * table; main only looks the command up and dispatches (and prints help).
 * Each command parses its own arguments in its own file.
 */
#include <stdio.h>
#include <string.h>

#include "bench/bench_cmd.h"
#include "cli/cli.h"
#include "cli/cliopt.h"
#include "cli/spec.h"
#include "games/game.h"
#include "match/match_cmd.h"
#include "formats/openings_cmd.h"
#include "play/play.h"
#include "stats/ratings_cmd.h"
#include "regress/regress.h"
#include "stats/stats_cmd.h"
#include "suite/suite_cmd.h"
#include "players/variants.h"
#include "util/util.h"
#include "version.h" /* generated: QIBENCH_VERSION (Makefile) */


#define HELP_COLUMN 35 /* where a command's help starts in `qibench help` */

typedef struct {
    const char *name;                      /* the word after qibench */
    int (*handler)(int argc, char **argv); /* argv[0] is the command's name; returns the exit status */
    const char *help; /* one line (a second after '\n' if needed); NULL: not listed by help */
} Command;

static int help_command(int argc, char **argv);
static int version_command(int argc, char **argv);
static int markdown_command(int argc, char **argv);

static const Command COMMANDS[] = {
    {"suite", suite_command, "search every position of an EPD suite with every engine"},
    {"bench", bench_command, "the engine's own bench per variant (default: all variants);\n"
                             "--expect checks the node counts against \"variant depth nodes\" lines"},
    {"stats", stats_command, "score, Elo +- 95% error, LOS, draw ratio, normalized Elo and\n"
                             "the GSPRT (LLR, bounds, verdict) for given counts"},
    {"match", match_command, "paired games between two engines (--resume DIR: go on with an\ninterrupted run)"},
    {"tournament", match_command, "every pairing of the engines: --format round-robin (default),\n"
                                  "gauntlet, knockout or swiss"},
    {"merge", merge_command, "combine the shards (--shard K/N) of one run"},
    {"ratings", ratings_command, "one maximum-likelihood Elo list (95% intervals, LOS, crosstable)\n"
                                 "from the games of finished runs"},
    {"play", play_command, "a game in the terminal, human or engine per side"},
    {"openings", openings_command, "named move lists (ID | NAME | MOVES) -> EPD opening book"},
    {"regress", regress_command, "the working tree's engine against REV's: bench, SPRT match"},
    {"help", help_command, "this text; help COMMAND: the command's options (= COMMAND --help)"},
    {"--help", help_command, NULL},
    {"--version", version_command, NULL},
    {"-version", version_command, NULL},
    {"version", version_command, NULL},
    {"-h", help_command, NULL},
    {"-help", help_command, NULL},
    {"help-markdown", markdown_command, NULL}, /* docs/cli.md (make docs-cli) */
};

/* "  SYNOPSIS   HELP": the synopsis from the command's option table (or
 * its name), the help from HELP_COLUMN, on a line of its own after a
 * synopsis that reaches that far. */
static void put_command(FILE *f, const Command *c)
{
    const CliCommand *t = cli_command(c->name);
    const char *synopsis = t ? t->synopsis : c->name;
    int width = 2 + (int)strlen(synopsis);
    fprintf(f, "  %s", synopsis);
    if (width < HELP_COLUMN) fprintf(f, "%*s", HELP_COLUMN - width, "");
    else fprintf(f, "\n%*s", HELP_COLUMN, "");
    cli_put_indented(f, c->help, HELP_COLUMN);
    fputc('\n', f);
}

/* Our engine's search variants, as it lists them (the harness links no search code). */
static void print_variants(FILE *f)
{
    char own[1024], err[512];
    VariantList v;
    cli_own_engine_path(game_default(), own, sizeof own);
    if (variants_of_engine(own, 10000, &v, err, sizeof err)) fprintf(f, " (%s)", err);
    for (int i = 0; i < v.count; i++) fprintf(f, "%s%s", i ? ", " : " ", v.name[i]);
    fprintf(f, "\n");
}

/* The games, each with the notations its engines may write (notation=),
 * its rule sets (--rules, the default first), what --nocapture and
 * --material count and the rule of --decided. */
static void print_games(FILE *f)
{
    fprintf(f, "\nGames: --game NAME or -variant NAME (suite, bench, match, tournament, play, openings, regress)\n");
    for (int i = 0; i < game_count(); i++) {
        const Game *g = game_at(i);
        fprintf(f, "  %-10s %s against %s; notation=", g->name, g->side_name[0], g->side_name[1]);
        for (int n = 0, first = 1; n < g->notation_count; n++)
            if (g->notations[n].protocol) fprintf(f, "%s%s", first ? "" : "|", g->notations[n].name), first = 0;
        fprintf(f, "|auto");
        for (int r = 0; g->rule_sets && g->rule_sets[r]; r++) fprintf(f, "%s%s", r ? "|" : "; --rules ", g->rule_sets[r]);
        if (g->limit_rule) fprintf(f, "; --nocapture counts %s", g->limit_rule);
        if (g->material) fprintf(f, "; --material counts %s", g->material_unit);
        if (g->decided) fprintf(f, "; --decided: %s", g->decided_rule);
        fprintf(f, "%s\n", g == game_default() ? " (the default game)" : "");
    }
}

/* The engine keys, from their table (cli/spec.h), a few to a line. */
static void print_engine_keys(FILE *f)
{
    int width = 10;
    fprintf(f, "\nEngines (as in cutechess-cli / fastchess):\n  -engine");
    for (int k = 0; k < spec_key_count(); k++) {
        const SpecKeyInfo *key = spec_key_at(k);
        int n = (int)(strlen(key->key) + strlen(key->arg) + 4);
        if (width + n > 92) fprintf(f, "\n         "), width = 10;
        width += fprintf(f, " [%s=%s]", key->key, key->arg);
    }
    fprintf(f, "\n  -each KEY=VALUE...                settings for every engine\n"
               "  -variant-engines LIST|all         our engine once per search variant\n"
               "  (no engine: our engine for the game, bin/GAME-engine, with its default variant)\n");
}

static void usage(FILE *f)
{
    fprintf(f, "usage: qibench COMMAND [ARGS]    (qibench COMMAND --help: its options; qibench --version)\n\n"
               "Commands:\n");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        if (COMMANDS[i].help) put_command(f, &COMMANDS[i]);
    print_engine_keys(f);
    fprintf(f, "\nEvery option takes one dash or two; cutechess-cli / fastchess names work (-srand, -variant,\n"
               "-tournament, -repeat, -noswap, -maxmoves, -pgnout, -epdout, -wait, -debug, -site): see\n"
               "qibench COMMAND --help for each command's options, defaults, an example and its exit status.\n"
               "Ctrl-C: finish the games in progress and stop, exit 130 (again, SIGTERM or SIGHUP: kill the\n"
               "engines, stop now, exit 128 + the signal); suite and regress alike.\n\n"
               "Variants:");
    print_variants(f);
    print_games(f);
}

/* qibench help-markdown: docs/cli.md, every command's options and the
 * engine keys from their tables (make docs-cli writes it). */
static int markdown_command(int argc, char **argv)
{
    (void)argc, (void)argv;
    printf("# qibench command line\n\n"
           "Generated by `make docs-cli` (`qibench help-markdown`) from the option tables; a test\n"
           "fails when this file is out of date. Every option takes one dash or two; the names\n"
           "under \"Also\" are the same option (cutechess-cli / fastchess spellings). A run option\n"
           "says how a run is carried out, not what it plays: `--resume` takes it anew and the\n"
           "shards of one run may differ in it.\n\n");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++) {
        if (!COMMANDS[i].help) continue;
        printf("- `%s`: ", COMMANDS[i].name);
        for (const char *p = COMMANDS[i].help; *p; p++) putchar(*p == '\n' ? ' ' : *p);
        putchar('\n');
    }
    printf("\n");
    for (int i = 0; i < cli_command_count(); i++) cli_print_markdown(cli_command_at(i), stdout);
    cli_print_markdown_engine_keys(stdout);
    printf("## Games\n\n```");
    print_games(stdout);
    printf("```\n");
    return 0;
}

/* qibench help [COMMAND] */
static int help_command(int argc, char **argv)
{
    const CliCommand *c = argc > 1 ? cli_command(argv[1]) : NULL;
    if (argc > 1 && !c) return fprintf(stderr, "qibench help: unknown command '%s' (see qibench help)\n", argv[1]), 2;
    if (c) cli_print_help(c, stdout);
    else usage(stdout);
    return 0;
}

static int version_command(int argc, char **argv)
{
    (void)argc, (void)argv;
    printf("qibench %s\n", QIBENCH_VERSION);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        if (strcmp(argv[1], COMMANDS[i].name) == 0) {
            const CliCommand *c = cli_command(argv[1]); /* one dash or two, aliases, --help: cli/cliopt.h */
            int r = c ? cli_normalize(c, argc - 1, argv + 1) : 0;
            if (r) return r == 1 ? 0 : 2;
            return COMMANDS[i].handler(argc - 1, argv + 1);
        }
    const char *names[sizeof COMMANDS / sizeof *COMMANDS];
    int n = 0;
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        if (COMMANDS[i].help) names[n++] = COMMANDS[i].name;
    const char *near = util_closest(argv[1], names, n);
    if (near) fprintf(stderr, "qibench: unknown command '%s': did you mean %s? (see qibench help)\n", argv[1], near);
    else fprintf(stderr, "qibench: unknown command '%s' (see qibench help)\n", argv[1]);
    return 2;
}
