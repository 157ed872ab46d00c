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
#include "games/game.h"
#include "match/match_cmd.h"
#include "formats/openings_cmd.h"
#include "play/play.h"
#include "stats/ratings_cmd.h"
#include "regress/regress.h"
#include "stats/stats_cmd.h"
#include "suite/suite_cmd.h"
#include "players/variants.h"
#include "version.h" /* generated: QIBENCH_VERSION (Makefile) */


#define HELP_COLUMN 35 /* where a command's help starts in `qibench help` */

typedef struct {
    const char *name;     /* the word after qibench; NULL: a help line only */
    int (*handler)(int argc, char **argv); /* argv[0] is the command's name; returns the exit status */
    const char *synopsis; /* NULL: not listed by help */
    const char *help;     /* one line (a second after '\n' if needed) */
} Command;

static int help_command(int argc, char **argv);
static int version_command(int argc, char **argv);

static const Command COMMANDS[] = {
    {"suite", suite_command, "suite FILE [ENGINES] [OPTIONS]", "search every position of an EPD suite with every engine"},
    {"bench", bench_command, "bench [ENGINES] [--depth N] [--expect FILE] [--json FILE]",
     "the engine's own bench per variant (default: all variants);\n"
     "--expect checks the node counts against \"variant depth nodes\" lines"},
    {"stats", stats_command,
     "stats --wdl W,D,L | --penta LL,LD,WLDD,WD,WW [--sprt elo0=A elo1=B [alpha=0.05] [beta=0.05]\n"
     "      [model=normalized|logistic]] [--json]",
     "score, Elo +- 95% error, LOS, draw ratio, normalized Elo and\n"
     "the GSPRT (LLR, bounds, verdict) for given counts"},
    {"match", match_command, "match ENGINE ENGINE [OPTIONS]", "paired games between two engines"},
    {"tournament", match_command, "tournament ENGINES [OPTIONS]", "--format round-robin (default), gauntlet, knockout [--tiebreak-pairs K] or swiss [--swiss-rounds R]"},
    {NULL, NULL, "match|tournament --resume DIR [RUN OPTIONS]", "go on with an interrupted run (its games are kept)"},
    {"merge", merge_command, "merge DIR... [--results R] [--name N] [--force]", "combine the shards (--shard K/N) of one run"},
    {"ratings", ratings_command, "ratings DIR... [--anchor NAME] [--json]",
     "one maximum-likelihood Elo list (95% intervals, LOS, crosstable)\nfrom the games of finished runs"},
    {"play", play_command, "play [OPTIONS]", "a game in the terminal, human or engine per side (play --help)"},
    {"openings", openings_command, "openings FILE [-o OUT] [--notation N] [--plies MIN-MAX]",
     "named move lists (ID | NAME | MOVES) -> EPD opening book"},
    {"regress", regress_command, "regress --base REV [OPTIONS]",
     "the working tree's engine against REV's: bench, SPRT match\n(qibench regress --help)"},
    {"help", help_command, "help", "this text"},
    {"--help", help_command, NULL, NULL},
    {"--version", version_command, NULL, NULL},
    {"-version", version_command, NULL, NULL},
    {"version", version_command, NULL, NULL},
    {"-h", help_command, NULL, NULL},
    {"-help", help_command, NULL, NULL},
};

/* "  SYNOPSIS   HELP": the help from HELP_COLUMN, on a line of its own
 * after a synopsis that reaches that far. */
static void put_command(FILE *f, const Command *c)
{
    const char *last = strrchr(c->synopsis, '\n');
    int width = 2 + (int)strlen(last ? last + 1 : c->synopsis);
    fputs("  ", f);
    cli_put_indented(f, c->synopsis, 2);
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

/* The games, each with the notations its engines may write (notation=). */
static void print_games(FILE *f)
{
    fprintf(f, "\nGames: --game NAME or -variant NAME (suite, bench, match, tournament, openings)\n");
    for (int i = 0; i < game_count(); i++) {
        const Game *g = game_at(i);
        fprintf(f, "  %-10s %s against %s; notation=", g->name, g->side_name[0], g->side_name[1]);
        for (int n = 0, first = 1; n < g->notation_count; n++)
            if (g->notations[n].protocol) fprintf(f, "%s%s", first ? "" : "|", g->notations[n].name), first = 0;
        fprintf(f, "|auto%s\n", g == game_default() ? " (the default game)" : "");
    }
}

static void usage(FILE *f)
{
    fprintf(f, "usage: qibench COMMAND [ARGS]    (qibench COMMAND --help: its options; qibench --version)\n\n"
               "Commands:\n");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        if (COMMANDS[i].synopsis) put_command(f, &COMMANDS[i]);
    fprintf(f, "\n"
               "Engines (as in cutechess-cli / fastchess):\n"
               "  -engine name=N cmd=PATH [arg=A]... [dir=D] [proto=uci|xboard] [option.NAME=VALUE]...\n"
               "          [notation=NAME|auto] [quirks=K=V,...] [initstr=TEXT] [restart=on|off|auto]\n"
               "          [stderr=FILE] [depth=N] [nodes=N] [movetime=MS] [st=S]\n"
               "          [tc=[MOVES/]TIME[+INC] (TIME in seconds or M:SS) | tc=inf] [timemargin=MS]\n"
               "  -each KEY=VALUE...                settings for every engine\n"
               "  -variant-engines LIST|all         our engine once per search variant\n"
               "  (no engine: our engine for the game, bin/GAME-engine, with its default variant)\n\n"
               "suite options:\n"
               "  --concurrency N     searches at a time, each in its own engine process (default 1)\n"
               "  --name RUN          results go to RESULTS/RUN (default suite-YYYYMMDD-HHMMSS); a folder\n"
               "                      that exists is refused unless --force (its run's files removed)\n"
               "  --results DIR       the results root (default results)\n"
               "  --reference NAME    engine the others are compared with (default the first)\n"
               "  --baseline NAME     per depth, nodes to depth d over this engine's (default none)\n"
               "  --log FILE          every line of engine traffic, with timestamps\n"
               "  --playout           play out the positions with `result R; within N;` (N moves each side):\n"
               "                      each engine against itself, or against --defender NAME (one of the\n"
               "                      -engine names; it is not tested itself); results in playouts.jsonl\n"
               "  --rules NAME        Xiangqi rule set playouts are judged by and our engine searches\n"
               "                      under: asian (default), check-only, chess-like\n"
               "  --handshake-timeout MS  uci -> uciok / xboard features (default 10000)\n"
               "  --ready-timeout MS      isready -> readyok / ping -> pong (default 5000)\n"
               "  --move-grace MS         time beyond movetime or the clock before a stall (default 5000)\n"
               "  --search-timeout MS     a depth or node search longer than this is a stall (default 600000)\n\n"
               "Every option takes one dash or two; cutechess-cli / fastchess names work (-srand, -variant,\n"
               "-tournament, -repeat, -noswap, -maxmoves, -pgnout, -epdout, -wait, -debug, -site): see\n"
               "qibench COMMAND --help for each command's options, defaults, an example and its exit status.\n\n"
               "match / tournament options (engines need tc=, st=, depth= or nodes=):\n"
               "  --openings file=F [format=epd|pgn] [order=sequential|random] [plies=N] [start=K]\n"
               "  --seed N  --rounds N --games G (N x G games per pairing, whole pairs)  --concurrency N\n"
               "  --rules asian|check-only|chess-like  Xiangqi rule set (default asian; see README)\n"
               "  --maxplies N  --nocapture N (default 120; chess-like 100)  --resign movecount=N score=CP\n"
               "  --draw movenumber=N movecount=N score=CP  --recover  --event TEXT\n"
               "  --sprt elo0=A elo1=B [alpha=0.05] [beta=0.05] [model=normalized|logistic]\n"
               "  --name RUN --force --results DIR --log FILE --handshake-timeout MS --ready-timeout MS\n"
               "  --move-grace MS --search-timeout MS (as for suite)\n"
               "  --progress N        off a terminal, a status line every N games (default 10; on a\n"
               "                      terminal one live status line on stderr)\n"
               "  --ratinginterval N  standings table every N games (default 0: only at the end of a\n"
               "                      tournament)\n"
               "  --shard K/N         play only the game pairs k with k mod N = K - 1 (see merge)\n"
               "  --format knockout: --tiebreak-pairs K (default 2) more pairs for a tie, then the\n"
               "                      higher seed; --format swiss: --swiss-rounds R (default ceil(log2 N))\n"
               "  Ctrl-C: finish the games in progress and stop, exit 130 (again, SIGTERM or SIGHUP:\n"
               "  kill the engines, stop now, exit 128 + the signal); suite and regress alike\n"
               "  exit status: 0 finished or H1, 1 H0, 2 usage or setup error (and stored results\n"
               "               that fail their checks), 3 stopped by errors, 130 interrupted\n\n"
               "Variants:");
    print_variants(f);
    print_games(f);
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
        if (COMMANDS[i].name && strcmp(argv[1], COMMANDS[i].name) == 0) {
            const CliCommand *c = cli_command(argv[1]); /* one dash or two, aliases, --help: cli/cliopt.h */
            int r = c ? cli_normalize(c, argc - 1, argv + 1) : 0;
            if (r) return r == 1 ? 0 : 2;
            return COMMANDS[i].handler(argc - 1, argv + 1);
        }
    fprintf(stderr, "qibench: unknown command '%s' (see qibench help)\n", argv[1]);
    return 2;
}
