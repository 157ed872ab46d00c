/*
 * test_cliopt.c - the command-line normaliser (harness/cli/cliopt.c) and the
 * cutechess-cli time controls (harness/cli/spec.c):
 *  - one dash or two, aliases, the words an option takes left alone
 *    (values that start with '-', KEY=VALUE lists), unknown and foreign
 *    options refused (exit 2), -h / --help (1);
 *  - every command has a table, and each table's names are unique;
 *  - tc= in every cutechess-cli form, with the milliseconds worked out by
 *    hand, and the malformed ones refused.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cliopt.h"
#include "cli/spec.h"
#include "testhelp.h"

static const char *const COMMANDS[] = {"match", "tournament", "suite", "bench", "stats",
                                       "merge", "ratings",    "play",  "openings", "regress"};

static void test_normalize(void)
{
    const CliCommand *m = cli_command("match");
    CHECK(m != NULL, "match has a table");
    char *argv[] = {"match", "--engine", "name=a", "depth=1", "-engine", "name=b", "depth=1", "-concurrency", "2",
                    "-srand", "-5", "--rounds", "3", "-variant", "xiangqi", "-tournament", "gauntlet",
                    "-sprt", "elo0=0", "elo1=5", "-pgnout", "x.pgn", "min", "fi", "-event", "-recover"};
    int argc = (int)(sizeof argv / sizeof *argv);
    CHECK(cli_normalize(m, argc, argv) == 0, "a cutechess-style command line is accepted");
    const char *want[] = {"match", "-engine", "name=a", "depth=1", "-engine", "name=b", "depth=1", "--concurrency", "2",
                          "--seed", "-5", "--rounds", "3", "--game", "xiangqi", "--format", "gauntlet",
                          "--sprt", "elo0=0", "elo1=5", "--pgnout", "x.pgn", "min", "fi", "--event", "-recover"};
    for (int i = 0; i < argc; i++)
        CHECK(strcmp(argv[i], want[i]) == 0, "word %d: '%s', expected '%s'", i, argv[i], want[i]);
    /* "-recover" above is --event's value: a value is never rewritten */
    char *flag[] = {"match", "-recover", "-noswap", "--repeat", "2", "-debug"};
    CHECK(cli_normalize(m, 6, flag) == 0 && strcmp(flag[1], "--recover") == 0 && strcmp(flag[2], "--noswap") == 0
              && strcmp(flag[3], "--repeat") == 0 && strcmp(flag[4], "2") == 0 && strcmp(flag[5], "--debug") == 0,
          "value-less options and -repeat's optional count");
    char *unknown[] = {"match", "-engine", "name=a", "-frobnicate", "1"};
    CHECK(cli_normalize(m, 5, unknown) == 2, "an unknown option: 2");
    char *foreign[] = {"match", "-tbpieces", "6"};
    CHECK(cli_normalize(m, 3, foreign) == 2, "a cutechess option qibench lacks: 2");
    char *number[] = {"stats", "--wdl", "1,2,3", "-5"};
    CHECK(cli_normalize(cli_command("stats"), 4, number) == 0 && strcmp(number[3], "-5") == 0,
          "-5 is a value, not an option word: left for the command to refuse");
    char *positional[] = {"suite", "file.epd", "-engine", "depth=1"};
    CHECK(cli_normalize(cli_command("suite"), 4, positional) == 0 && strcmp(positional[1], "file.epd") == 0,
          "a positional word is left alone");
    char *help[] = {"bench", "-engine", "depth=1", "-h"};
    fflush(stdout);
    FILE *saved = stdout;
    stdout = fopen("/dev/null", "w");
    int r = stdout ? cli_normalize(cli_command("bench"), 4, help) : -1;
    if (stdout) fclose(stdout);
    stdout = saved;
    CHECK(r == 1, "-h: help printed, 1");
}

static void test_tables(void)
{
    for (size_t c = 0; c < sizeof COMMANDS / sizeof *COMMANDS; c++) {
        const CliCommand *t = cli_command(COMMANDS[c]);
        CHECK(t && t->synopsis && t->about && t->example && t->exits, "%s: a complete table", COMMANDS[c]);
        if (!t) continue;
        for (const CliOpt *a = t->opts; a->name; a++) {
            CHECK(a->help && a->help[0], "%s %s: help", COMMANDS[c], a->name);
            for (const CliOpt *b = a + 1; b->name; b++)
                CHECK(strcmp(a->name, b->name) != 0, "%s: %s twice", COMMANDS[c], a->name);
        }
    }
    CHECK(cli_command("nosuch") == NULL, "no table for an unknown command");
}

static void tc_is(const char *text, int moves, long long base, long long inc)
{
    TimeControl tc;
    int r = spec_parse_tc(text, &tc);
    CHECK(r == 0 && tc.moves == moves && tc.base_ms == base && tc.inc_ms == inc,
          "tc=%s: moves %d base %lld inc %lld (got %d: %d %lld %lld)", text, moves, base, inc, r, tc.moves,
          (long long)tc.base_ms, (long long)tc.inc_ms);
}

static void test_time_controls(void)
{
    tc_is("40/60+0.6", 40, 60000, 600);
    tc_is("10+0.1", 0, 10000, 100);
    tc_is("60", 0, 60000, 0);
    tc_is("1:00+1", 0, 60000, 1000);      /* M:SS */
    tc_is("40/1:30", 40, 90000, 0);       /* 90 s per 40 moves */
    tc_is("40/1:30+0.5", 40, 90000, 500);
    tc_is("0/1:00+1", 0, 60000, 1000);    /* 0 moves: the whole game */
    tc_is("1:00:00", 0, 3600000, 0);      /* H:MM:SS */
    tc_is("0:30.5", 0, 30500, 0);
    tc_is("inf", 0, 0, 0);
    const char *bad[] = {"", "1:60", "1:", ":30", "1.5:30", "-1", "40/", "/60", "40/-5", "10+", "10+-1", "abc",
                         "1:00:00:00", "40/60+0.6x", "2000/60"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        TimeControl tc;
        CHECK(spec_parse_tc(bad[i], &tc) != 0, "tc=%s is refused", bad[i]);
    }
}

int main(void)
{
    test_normalize();
    test_tables();
    test_time_controls();
    return TEST_REPORT();
}
