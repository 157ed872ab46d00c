/*
 * cli/commands.c - the commands that have option tables: each one's
 * synopsis, paragraph, example and exit statuses, and its table (declared
 * in cli/commands.h, defined next to the struct it fills in the command's
 * own file). What main normalises a command line against, what COMMAND
 * --help prints and what docs/cli.md is made of.
 */
#include <string.h>

#include "cli/commands.h"

#define RUN_EXITS                                                                                                      \
    "Exit status: 0 finished (or the SPRT accepted H1), 1 the SPRT accepted H0, 2 usage or\n"                          \
    "setup error (a bad option, an engine that does not start or never completes its\n"                                \
    "handshake, stored results that fail their checks), 3 stopped by errors (an engine\n"                             \
    "failure without --recover, every game abandoned), 130 interrupted by Ctrl-C, 143 by\n"                           \
    "SIGTERM, 129 by SIGHUP."

static const CliCommand COMMANDS[] = {
    {"match", "match ENGINE ENGINE [OPTIONS]",
     "Paired games between two engines: each opening is played twice, colours swapped,\n"
     "and the pairs give the pentanomial counts, the Elo interval and the SPRT. Every\n"
     "engine needs tc=, st=, depth= or nodes=. Results in RESULTS/RUN: games.jsonl,\n"
     "games.pgn, summary.json.",
     MATCH_OPTS,
     "qibench match -engine name=d3 depth=3 -engine name=d2 depth=2 -rounds 10 -games 2 \\\n"
     "      -openings file=BOOK.epd -concurrency 2",
     RUN_EXITS},
    {"tournament", "tournament ENGINE ENGINE... [OPTIONS]",
     "Every pairing of the engines (--format), each played as a match: pairs of games,\n"
     "one opening, colours swapped. Options as for match.",
     MATCH_OPTS,
     "qibench tournament -variant-engines negamax,alphabeta,pvs -each depth=2 \\\n"
     "      --openings file=BOOK.epd --rounds 2",
     RUN_EXITS},
    {"suite", "suite FILE [ENGINES] [OPTIONS]",
     "Searches every position of the EPD file with every engine (bm/am/pv scoring, or\n"
     "playouts with --playout). Results in RESULTS/RUN/searches.jsonl and summary.json.",
     SUITE_OPTS,
     "qibench suite SUITE.epd -engine name=ours depth=3",
     "Exit status: 0 done, 2 usage or setup error (an engine that does not start or never\n"
     "completes its handshake), 3 a search failed (crash, stall, an illegal move) or a\n"
     "position was unsupported (an xboard engine without setboard; give it a PGN book or\n"
     "leave it out), 130 interrupted by Ctrl-C, 143 by SIGTERM, 129 by SIGHUP."},
    {"bench", "bench [ENGINES] [OPTIONS]",
     "The engine's own bench per search variant (default: all variants of our engine).",
     BENCH_OPTS, "qibench bench --depth 3 --expect tests/bench.expected",
     "Exit status: 0 done (and the node counts as expected), 1 a node count differs from\n"
     "--expect or is not in it, an engine's bench failed, or the JSON cannot be written, 2\n"
     "usage or setup error."},
    {"stats", "stats --wdl W,D,L | --penta LL,LD,WLDD,WD,WW [--sprt ...] [--json]",
     "Score, Elo +- 95% error, LOS, draw ratio, normalized Elo and the GSPRT (LLR, bounds,\n"
     "verdict) for given counts.",
     STATS_OPTS, "qibench stats --penta 2,10,40,12,3 --sprt elo0=0 elo1=5",
     "Exit status: 0 done, 1 cannot write the output, 2 usage error."},
    {"merge", "merge DIR... [OPTIONS]",
     "Combines the shards (match/tournament --shard K/N) of one run into a new run folder.",
     MERGE_OPTS, "qibench merge results/s1 results/s2 --name all",
     "Exit status: 0 done, 2 usage error or shards of different runs."},
    {"ratings", "ratings DIR... [OPTIONS]",
     "One maximum-likelihood Elo list (95% intervals, LOS, crosstable) from the games of\n"
     "finished runs. DIR: a match or tournament folder (its games.jsonl), or a games.jsonl file.",
     RATINGS_OPTS, "qibench ratings results/t1 results/t2 --anchor ours",
     "Exit status: 0 done, 1 cannot write the output, 2 usage or input error (no such folder\n"
     "or file, a bad line, an unknown --anchor, games that give no ratings)."},
    {"play", "play [OPTIONS]",
     "A game in the terminal, human or engine per side (default: a person as the first\n"
     "player against our engine at movetime 1000 ms); --SIDE X names who plays a side, by\n"
     "the game's side names (qibench help lists them). Type help at the prompt for the commands.",
     PLAY_OPTS, "qibench play -engine name=ours movetime=500",
     "Exit status: 0 the game ended or was left, 1 the game could not be saved, 2 usage or\n"
     "setup error, 130 interrupted by Ctrl-C (the game saved; a second Ctrl-C leaves at once),\n"
     "143 and 129 by SIGTERM and SIGHUP (the game saved)."},
    {"openings", "openings FILE [OPTIONS]",
     "Named move lists, one a line: ID | NAME | MOVES (moves from the start position in any\n"
     "notation of the game; '#' starts a comment line) -> EPD opening book:\n"
     "POSITION ;id \"ID\" ;c0 \"NAME\" ;moves \"MOVES\".",
     OPENINGS_OPTS, "qibench openings my-openings.txt -o book.epd",
     "Exit status: 0 done, 1 cannot write, 2 usage or input error (FILE:LINE: what was expected)."},
    {"regress", "regress --base REV [OPTIONS]",
     "Builds the engine at git revision REV in a temporary directory and the working tree's\n"
     "engine, then (a) runs both benches interleaved and compares node signatures and\n"
     "speed, (b) plays an SPRT match new vs base.",
     REGRESS_OPTS, "qibench regress --base HEAD~1 --bench-runs 3 --rounds 20",
     "Exit status: 0 pass, 1 regression (SPRT accepted H0), 2 usage or setup error (bad\n"
     "revision, failed build), 3 error during the run, 4 speed below --min-speed, 143 the\n"
     "match stopped by SIGTERM (128 + the signal: 130 for Ctrl-C, 129 for SIGHUP)."},
};

const CliCommand *cli_command(const char *name)
{
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        if (strcmp(COMMANDS[i].name, name) == 0) return &COMMANDS[i];
    return NULL;
}

int cli_command_count(void)
{
    return (int)(sizeof COMMANDS / sizeof *COMMANDS);
}

const CliCommand *cli_command_at(int i)
{
    return i >= 0 && i < cli_command_count() ? &COMMANDS[i] : NULL;
}
