/*
 * test_cliopt.c - the command-line normaliser (harness/cli/cliopt.c) and the
 * cutechess-cli time controls (harness/cli/spec.c):
 *  - one dash or two, aliases, the words an option takes left alone
 *    (values that start with '-', KEY=VALUE lists), unknown and foreign
 *    options refused (exit 2), -h / --help (1);
 *  - every command has a table, and each table's names are unique;
 *  - cli_parse: each kind read into its field, the ranges (the engine
 *    timeouts' by hand), the errors, the run options;
 *  - "did you mean": the closest option name or engine key, and none for
 *    a word far from every name;
 *  - tc= in every cutechess-cli form, with the milliseconds worked out by
 *    hand, and the malformed ones refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cliopt.h"
#include "cli/spec.h"
#include "testhelp.h"
#include "util/util.h"

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

/* The engine timeouts, read through a table of their rows only. */
typedef struct {
    ClientTimeouts t;
} TimeoutArgs;

static const CliOpt TIMEOUT_TABLE[] = {CLI_TIMEOUT_OPTS(TimeoutArgs, t, 0), CLI_OPT_END};
static const CliCommand TIMEOUT_CMD = {"timeouts", "timeouts", "-", TIMEOUT_TABLE, "-", "-"};

static int timeout_option(const char *flag, const char *value, ClientTimeouts *t)
{
    TimeoutArgs a = {*t};
    char *argv[] = {"timeouts", (char *)flag, (char *)value};
    char err[256];
    CliParse p = {&TIMEOUT_CMD, &a, NULL, NULL, NULL, NULL};
    if (cli_parse(&p, 3, argv, err, sizeof err)) return -1;
    *t = a.t;
    return 0;
}

static void test_timeouts(void)
{
    ClientTimeouts t = {1, 2, 3, 4, 5};
    CHECK(timeout_option("--handshake-timeout", "3600000", &t) == 0 && t.handshake_ms == 3600000, "handshake");
    CHECK(timeout_option("--ready-timeout", "1", &t) == 0 && t.ready_ms == 1, "ready");
    CHECK(timeout_option("--move-grace", "0", &t) == 0 && t.move_grace_ms == 0, "move grace 0");
    CHECK(timeout_option("--search-timeout", "86400000", &t) == 0 && t.untimed_ms == 86400000, "search");
    CHECK(timeout_option("--handshake-timeout", "3600001", &t) == -1 && t.handshake_ms == 3600000,
          "handshake above its range: refused, unchanged");
    CHECK(timeout_option("--ready-timeout", "0", &t) == -1 && t.ready_ms == 1, "ready 0");
    CHECK(timeout_option("--move-grace", "-1", &t) == -1, "move grace -1");
    CHECK(timeout_option("--search-timeout", "86400001", &t) == -1, "search above its range");
    CHECK(timeout_option("--search-timeout", "x", &t) == -1, "not a number");
    CHECK(timeout_option("--quit-grace", "5", &t) == -1 && t.quit_grace_ms == 5, "not a timeout flag");
    CHECK(cli_find_option(&TIMEOUT_CMD, "--move-grace") && cli_find_option(&TIMEOUT_CMD, "-ready-timeout")
              && !cli_find_option(&TIMEOUT_CMD, "--concurrency") && !cli_find_option(&TIMEOUT_CMD, "--move-grace="),
          "the timeout rows");
    const CliCommand *m = cli_command("match");
    CHECK(m && (cli_find_option(m, "--move-grace")->flags & CLI_RUN_LOCAL)
              && (cli_find_option(m, "--concurrency")->flags & CLI_RUN_LOCAL)
              && !(cli_find_option(m, "--rounds")->flags & CLI_RUN_LOCAL)
              && !(cli_find_option(m, "--debug")->flags & CLI_RUN_LOCAL),
          "match's run options: the timeouts and --concurrency, not --rounds or --debug");
}

/* A table with one option of each kind, and a positional word. */
typedef struct {
    bool flag;
    int number;
    long big;
    const char *text, *name, *word;
} KindArgs;

static int kind_word(void *target, const char *word, char *err, size_t errlen)
{
    KindArgs *a = target;
    if (a->word) return snprintf(err, errlen, "one word only"), -1;
    a->word = word;
    return 0;
}

static const CliOpt KIND_TABLE[] = {
    CLI_OPT_FLAG("--flag", "f", KindArgs, flag, 0, "a flag"),
    CLI_OPT_INT("--number", NULL, "N", KindArgs, number, -3, 7, "0", 0, "an int"),
    CLI_OPT_LONG("--big", NULL, "N", KindArgs, big, 0, 0x7fffffffL, NULL, 0, "a long"),
    CLI_OPT_TEXT("--text", NULL, "T", KindArgs, text, 1, 4, NULL, 0, "a text of 1 to 4 bytes"),
    CLI_OPT_SET("--name", NULL, CLI_VALUE, "RUN", KindArgs, name, cli_set_run_name, NULL, 0, "a run name"),
    CLI_OPT_END,
};
static const CliCommand KIND_CMD = {"kinds", "kinds", "-", KIND_TABLE, "-", "-"};

/* Parses the words of line (at most 15) into a; returns cli_parse's. */
static int parse_kinds(const char *line, KindArgs *a, char *err, size_t errlen)
{
    static char buf[256];
    char *argv[16], *cursor;
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *w = strtok_r(buf, " ", &cursor); w && argc < 16; w = strtok_r(NULL, " ", &cursor)) argv[argc++] = w;
    memset(a, 0, sizeof *a);
    err[0] = '\0';
    CliParse p = {&KIND_CMD, a, NULL, NULL, NULL, kind_word};
    return cli_parse(&p, argc, argv, err, errlen);
}

static void test_parse(void)
{
    KindArgs a;
    char err[512];
    CHECK(parse_kinds("kinds -f --number -3 -big 2147483647 --text abcd -name run1 file", &a, err, sizeof err) == 0
              && a.flag && a.number == -3 && a.big == 2147483647L && strcmp(a.text, "abcd") == 0
              && strcmp(a.name, "run1") == 0 && strcmp(a.word, "file") == 0,
          "every kind read: %s", err);
    CHECK(parse_kinds("kinds --number 8", &a, err, sizeof err) == -1
              && strcmp(err, "--number: bad value '8' (expected a whole number from -3 to 7)") == 0,
          "an int above its range: %s", err);
    CHECK(parse_kinds("kinds --number -4", &a, err, sizeof err) == -1 && a.number == 0, "below its range");
    CHECK(parse_kinds("kinds --number", &a, err, sizeof err) == -1 && strcmp(err, "--number needs a value") == 0,
          "a missing value: %s", err);
    CHECK(parse_kinds("kinds --text abcde", &a, err, sizeof err) == -1
              && strcmp(err, "--text: the value is 5 bytes long, at most 4 are allowed") == 0,
          "a text too long is refused, not cut short: %s", err);
    CHECK(parse_kinds("kinds --name a/b", &a, err, sizeof err) == -1 && strstr(err, "--name: bad value 'a/b'"),
          "a run name with '/': %s", err);
    CHECK(parse_kinds("kinds one two", &a, err, sizeof err) == -1 && strcmp(err, "one word only") == 0,
          "the positional callback's error: %s", err);
    CHECK(parse_kinds("kinds --numbr 1", &a, err, sizeof err) == -1
              && strcmp(err, "unknown option --numbr: did you mean --number? (see qibench kinds --help)") == 0,
          "did you mean: %s", err);
    CHECK(parse_kinds("kinds --frobnicate", &a, err, sizeof err) == -1
              && strcmp(err, "unknown option --frobnicate (see qibench kinds --help)") == 0,
          "nothing close: %s", err);
}

static void test_closest(void)
{
    const CliCommand *m = cli_command("match");
    char err[512];
    struct {
        const char *word, *want;
    } CASES[] = {
        {"--concurency", "did you mean --concurrency?"}, {"-rouns", "did you mean --rounds?"},
        {"--sed", "did you mean --seed?"},               {"-sradn", "did you mean -srand?"},
        {"--ratinginterva", "did you mean --ratinginterval?"},
    };
    for (size_t k = 0; k < sizeof CASES / sizeof *CASES; k++) {
        cli_unknown_option(m, CASES[k].word, err, sizeof err);
        CHECK(strstr(err, CASES[k].want) != NULL, "%s: %s", CASES[k].word, err);
    }
    const char *far[] = {"-foo", "--bogus", "--version", "-frobnicate"};
    for (size_t k = 0; k < sizeof far / sizeof *far; k++) {
        cli_unknown_option(m, far[k], err, sizeof err);
        CHECK(!strstr(err, "did you mean"), "%s: nothing close, got %s", far[k], err);
    }
    CHECK(util_edit_distance("kitten", 6, "sitting", 7) == 3 && util_edit_distance("", 0, "abc", 3) == 3
              && util_edit_distance("abc", 3, "abc", 3) == 0,
          "edit distances (kitten/sitting: 3, by hand)");
    const char *names[] = {"depth", "nodes", "movetime"};
    CHECK(util_closest("dept", names, 3) == names[0] && util_closest("movetiem", names, 3) == names[2]
              && util_closest("book", names, 3) == NULL,
          "util_closest");
}

/* Engine keys: the table's keys, unknown ones answered with the closest. */
static void test_engine_keys(void)
{
    static EngineList list;
    char err[1024];
    char *argv[] = {"-engine", "name=a", "dept=3"};
    int i = 0;
    memset(&list, 0, sizeof list);
    CHECK(spec_parse(3, argv, &i, &list, "own", err, sizeof err) == -1
              && strstr(err, "-engine: unknown key 'dept': did you mean depth? (expected name, cmd,")
              && strstr(err, "tc or timemargin)"),
          "a near key, and the whole list: %s", err);
    char *book[] = {"-engine", "book=x.bin"};
    i = 0;
    CHECK(spec_parse(2, book, &i, &list, "own", err, sizeof err) == -1 && strstr(err, "unknown key 'book' (expected")
              && strstr(err, "no per-engine book"),
          "a fastchess key qibench lacks: %s", err);
    char *keys[] = {"-engine", "name=a", "plies=4", "st=0.5", "tc=40/60+0.6", "timemargin=20", "option.Hash=8",
                    "args=x y", "proto=cecp", "restart=off"};
    i = 0;
    memset(&list, 0, sizeof list);
    int r = spec_parse(10, keys, &i, &list, "own", err, sizeof err);
    const EngineEntry *e = &list.engines[0];
    CHECK(r == 1 && i == 10 && e->limits.depth == 4 && e->limits.movetime == 500 && e->tc.moves == 40
              && e->tc.base_ms == 60000 && e->tc.inc_ms == 600 && e->tc.margin_ms == 20 && e->spec.noptions == 1
              && e->spec.nargs == 2 && e->spec.proto == PROTO_XBOARD && e->spec.restart == RESTART_OFF,
          "the keys set their fields: %s", r < 0 ? err : "");
    char *ponder[] = {"-engine", "name=a", "ponder", "-engine", "name=b", "ponder=true", "-engine", "name=c",
                      "ponder=off", "-engine", "name=d"};
    i = 0;
    memset(&list, 0, sizeof list);
    for (r = 1; i < 11 && r == 1;) r = spec_parse(11, ponder, &i, &list, "own", err, sizeof err);
    CHECK(r == 1 && list.count == 4 && list.engines[0].spec.ponder && list.engines[1].spec.ponder
              && !list.engines[2].spec.ponder && !list.engines[3].spec.ponder,
          "ponder alone (cutechess's spelling) and ponder=true ponder; ponder=off and no key do not: %s",
          r < 0 ? err : "");
    char *bad_ponder[] = {"-engine", "ponder=maybe"}, *bare_depth[] = {"-engine", "depth"};
    i = 0;
    CHECK(spec_parse(2, bad_ponder, &i, &list, "own", err, sizeof err) == -1
              && strstr(err, "ponder: bad value 'maybe' (expected true or false)"),
          "ponder=maybe is refused: %s", err);
    i = 0;
    CHECK(spec_parse(2, bare_depth, &i, &list, "own", err, sizeof err) == -1 && strstr(err, "expected KEY=VALUE"),
          "only a yes / no key may stand alone: %s", err);
    int documented = 0;
    for (int k = 0; k < spec_key_count(); k++) documented += spec_key_at(k)->help && spec_key_at(k)->help[0];
    CHECK(documented == spec_key_count() && spec_key_at(spec_key_count()) == NULL, "every key has help");
}

/* Parses argv[0..argc) into list (emptied first) and finishes it; false
 * (a failure counted) when either fails. */
static bool parse_engines(EngineList *list, int argc, char **argv)
{
    char err[1024];
    memset(list, 0, sizeof *list);
    for (int i = 0; i < argc;)
        if (spec_parse(argc, argv, &i, list, "own", err, sizeof err) != 1) {
            CHECK(false, "parse: %s", err);
            return false;
        }
    bool ok = spec_finish(list, game_default(), "own", err, sizeof err) == 0;
    CHECK(ok, "finish: %s", err);
    return ok;
}

/* -each: copied to an engine unless it set the key itself; tc= keeps the
 * engine's own timemargin=, option.X and arg= add up. */
static void test_each(void)
{
    static EngineList list;
    char *argv[] = {"-engine", "name=a", "timemargin=7", "option.Hash=1", "-engine", "name=b", "depth=2",
                    "-each", "depth=5", "tc=10+0.1", "option.Threads=2", "arg=-x", "name=z", "proto=xboard"};
    if (!parse_engines(&list, 14, argv)) return;
    const EngineEntry *a = &list.engines[0], *b = &list.engines[1];
    CHECK(a->limits.depth == 5 && b->limits.depth == 2, "depth: -each's unless the engine's own");
    /* b gave none: a clock's default grace, 50 ms (gameplay.h). */
    CHECK(a->tc.base_ms == 10000 && a->tc.margin_ms == 7 && b->tc.base_ms == 10000 && b->tc.margin_ms == 50,
          "tc= from -each keeps an engine's own timemargin=; without one, a clock's grace is 50 ms");
    CHECK(a->spec.noptions == 2 && b->spec.noptions == 1 && a->spec.nargs == 1 && b->spec.nargs == 1,
          "options and args add up");
    CHECK(strcmp(a->spec.name, "a") == 0 && strcmp(b->spec.name, "b") == 0, "names are each engine's own");
    CHECK(a->spec.proto == PROTO_XBOARD && b->spec.proto == PROTO_XBOARD, "proto from -each");
}

/* The default grace: a move time T's is 10 ms + T / 4 (22 ms at st=0.05, below T: an engine
 * taking twice its time loses); an engine's own timemargin= and -each's win over it. */
static void test_grace(void)
{
    static EngineList list;
    char *argv[] = {"-engine", "name=a", "st=0.05", "-engine", "name=b", "st=1", "timemargin=3", "-engine", "name=c",
                    "movetime=50", "-each", "timemargin=9"};
    const EngineEntry *e = list.engines;
    if (parse_engines(&list, 10, argv))
        CHECK(e[0].tc.margin_ms == 22 && e[1].tc.margin_ms == 3 && e[2].tc.margin_ms == 22,
              "st=0.05 and movetime=50: 22 ms of grace; timemargin=3 kept (%lld %lld %lld)",
              (long long)e[0].tc.margin_ms, (long long)e[1].tc.margin_ms, (long long)e[2].tc.margin_ms);
    if (parse_engines(&list, 12, argv))
        CHECK(e[0].tc.margin_ms == 9 && e[1].tc.margin_ms == 3 && e[2].tc.margin_ms == 9,
              "-each timemargin=9 for those without their own");
}

/* Help and docs: every option of every table is in both. */
static void test_help_lists_every_option(void)
{
    for (int c = 0; c < cli_command_count(); c++) {
        const CliCommand *cmd = cli_command_at(c);
        char *help = NULL, *md = NULL;
        size_t hlen = 0, mlen = 0;
        FILE *h = open_memstream(&help, &hlen), *m = open_memstream(&md, &mlen);
        if (!h || !m) return;
        cli_print_help(cmd, h);
        cli_print_markdown(cmd, m);
        fclose(h);
        fclose(m);
        for (const CliOpt *o = cmd->opts; o->name; o++)
            CHECK(strstr(help, o->name) && strstr(md, o->name), "%s %s in help and docs", cmd->name, o->name);
        free(help);
        free(md);
    }
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
    test_timeouts();
    test_parse();
    test_closest();
    test_engine_keys();
    test_each();
    test_grace();
    test_help_lists_every_option();
    return TEST_REPORT();
}
