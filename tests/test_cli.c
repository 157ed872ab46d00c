/*
 * test_cli.c - the words the commands share (harness/cli/cli.c) and the small
 * shared helpers (harness/util/util.c):
 *  - whole numbers with a range, run names, default run names;
 *  - KEY=VALUE lists: where they stop, the two error texts, the openings,
 *    adjudication and SPRT keys (accepted values, refused ones, the
 *    target left alone on a refusal);
 *  - util_fail, util_make_dirs, the monotonic clock, the program's path.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "games/game.h" /* not engine/xiangqi/game.h, first on the path */
#include "formats/openings.h"
#include "testhelp.h"
#include "util/util.h"

static char tmpdir[] = "/tmp/test_cli.XXXXXX";

/* ---------------------------------------------------------------------- */
/* Whole numbers and names                                                */
/* ---------------------------------------------------------------------- */

static void test_parse_int(void)
{
    long v = 42;
    CHECK(cli_parse_int("5", 1, 10, &v) && v == 5, "5 in 1..10: %ld", v);
    CHECK(cli_parse_int("-5", -5, 0, &v) && v == -5, "-5 in -5..0: %ld", v);
    CHECK(cli_parse_int("10", 1, 10, &v) && v == 10, "the maximum is in the range");
    v = 42;
    CHECK(!cli_parse_int("0", 1, 10, &v) && v == 42, "below the range: refused, out unchanged");
    CHECK(!cli_parse_int("11", 1, 10, &v), "above the range");
    CHECK(!cli_parse_int("5x", 1, 10, &v), "trailing text");
    CHECK(!cli_parse_int("", 1, 10, &v), "empty");
    CHECK(!cli_parse_int("1.5", 1, 10, &v), "a fraction");
    CHECK(!cli_parse_int("99999999999999999999", 0, LONG_MAX, &v) && v == 42, "overflow");
}

static void test_names(void)
{
    CHECK(cli_is_run_name("run-1"), "a plain name");
    CHECK(!cli_is_run_name(""), "empty");
    CHECK(!cli_is_run_name("a/b"), "with a '/'");
    char name[64];
    cli_default_run_name("suite", name, sizeof name);
    bool shape = strlen(name) == strlen("suite-YYYYMMDD-HHMMSS") && strncmp(name, "suite-", 6) == 0 && name[14] == '-';
    for (int i = 6; shape && name[i]; i++) shape = i == 14 || (name[i] >= '0' && name[i] <= '9');
    CHECK(shape, "default run name: '%s'", name);
    char own[PATH_MAX], dir[PATH_MAX], want[PATH_MAX + 32];
    cli_own_engine_path(game_by_name("xiangqi"), own, sizeof own);
    CHECK(util_self_dir(dir, sizeof dir) == 0, "own folder: %s", strerror(errno));
    snprintf(want, sizeof want, "%s/xiangqi-engine", dir);
    CHECK(strcmp(own, want) == 0, "our engine next to this program: '%s'", own);
}

/* ---------------------------------------------------------------------- */
/* KEY=VALUE lists                                                        */
/* ---------------------------------------------------------------------- */

static void test_key_values(void)
{
    char err[256];
    BookOptions b = {NULL, NULL, BOOK_EPD, ORDER_SEQUENTIAL, 0, 0, 1};
    char *good[] = {"--openings", "file=a.epd", "plies=3", "format=pgn", "--next", "x"};
    int i = 0;
    CHECK(cli_key_values(6, good, &i, cli_openings_key, &b, err, sizeof err) == 0 && i == 4,
          "stops at the next '-' word: i %d", i);
    CHECK(b.file && strcmp(b.file, "a.epd") == 0 && b.plies == 3 && b.format == BOOK_PGN, "values set");
    char *to_end[] = {"--openings", "order=random"};
    i = 0;
    CHECK(cli_key_values(2, to_end, &i, cli_openings_key, &b, err, sizeof err) == 0 && i == 2
              && b.order == ORDER_RANDOM, "to the end of argv: i %d", i);
    char *none[] = {"--sprt", "-x"};
    i = 0;
    CHECK(cli_key_values(2, none, &i, cli_openings_key, &b, err, sizeof err) == 0 && i == 1, "no words at all");
    char *nokey[] = {"--openings", "file=x", "nokey"};
    i = 0;
    CHECK(cli_key_values(3, nokey, &i, cli_openings_key, &b, err, sizeof err) == -1 && i == 2
              && strcmp(err, "--openings: expected KEY=VALUE, got 'nokey'") == 0,
          "a word without '=': i %d, '%s'", i, err);
    char *bad[] = {"--openings", "plies=99999"};
    i = 0;
    CHECK(cli_key_values(2, bad, &i, cli_openings_key, &b, err, sizeof err) == -1 && i == 1
              && strcmp(err, "--openings: bad plies=99999 (expected plies=a whole number from 0 to 64)") == 0,
          "a refused value, with what the key takes: '%s'", err);
    char *longkey[] = {"--sprt", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=1"};
    i = 0;
    CHECK(cli_key_values(2, longkey, &i, cli_sprt_key, &b, err, sizeof err) == -1
              && strstr(err, "expected KEY=VALUE"), "a key of 32 characters: '%s'", err);
    char *typo[] = {"--openings", "fil=a.epd"};
    i = 0;
    CHECK(cli_key_values(2, typo, &i, cli_openings_key, &b, err, sizeof err) == -1
              && strcmp(err, "--openings: unknown key 'fil': did you mean file? (expected file, format, order, plies "
                             "or start)") == 0,
          "an unknown key: the closest and the keys there are: '%s'", err);
    char *far[] = {"--resign", "frobnicate=1"};
    i = 0;
    int adj[3] = {0, 0, 0};
    CHECK(cli_key_values(2, far, &i, cli_adjudication_key, adj, err, sizeof err) == -1
              && strcmp(err, "--resign: unknown key 'frobnicate' (expected movenumber, movecount or score)") == 0,
          "an unknown key far from every key: '%s'", err);
}

static void test_openings_and_adjudication(void)
{
    BookOptions b = {NULL, NULL, BOOK_PGN, ORDER_RANDOM, 0, 0, 1};
    CHECK(cli_openings_key(&b, "format", "epd") == 0 && b.format == BOOK_EPD, "format=epd");
    CHECK(cli_openings_key(&b, "order", "sequential") == 0 && b.order == ORDER_SEQUENTIAL, "order=sequential");
    CHECK(cli_openings_key(&b, "start", "7") == 0 && b.start == 7, "start=7");
    CHECK(cli_openings_key(&b, "plies", "0") == 0 && b.plies == 0, "plies=0");
    CHECK(cli_openings_key(&b, "start", "0") == -1 && b.start == 7, "start=0 refused, start unchanged");
    CHECK(cli_openings_key(&b, "plies", "65") == -1, "plies above OPENING_MAX_PLIES");
    CHECK(cli_openings_key(&b, "format", "xyz") == -1, "format=xyz");
    CHECK(cli_openings_key(&b, "seed", "1") == -1, "an unknown key");
    int adj[3] = {0, 0, 0};
    CHECK(cli_adjudication_key(adj, "movenumber", "40") == 0 && cli_adjudication_key(adj, "movecount", "8") == 0
              && cli_adjudication_key(adj, "score", "100000") == 0 && adj[0] == 40 && adj[1] == 8 && adj[2] == 100000,
          "movenumber, movecount, score: %d %d %d", adj[0], adj[1], adj[2]);
    CHECK(cli_adjudication_key(adj, "score", "-1") == -1 && adj[2] == 100000, "a negative score refused");
    CHECK(cli_adjudication_key(adj, "score", "100001") == -1, "above 100000");
    CHECK(cli_adjudication_key(adj, "foo", "1") == -1, "an unknown key");
}

static void test_sprt_words(void)
{
    SprtParams p = {0, 5, 0.05, 0.05, SPRT_NORMALIZED};
    CHECK(cli_sprt_set(&p, "elo0", "-1.5") == CLI_SPRT_OK && p.elo0 == -1.5, "elo0=-1.5");
    CHECK(cli_sprt_set(&p, "elo1", "2") == CLI_SPRT_OK && p.elo1 == 2, "elo1=2");
    CHECK(cli_sprt_set(&p, "alpha", "0.1") == CLI_SPRT_OK && p.alpha == 0.1, "alpha=0.1");
    CHECK(cli_sprt_set(&p, "beta", "1e-2") == CLI_SPRT_OK && p.beta == 0.01, "beta=1e-2");
    CHECK(cli_sprt_set(&p, "model", "logistic") == CLI_SPRT_OK && p.model == SPRT_LOGISTIC, "model=logistic");
    CHECK(cli_sprt_set(&p, "model", "normalized") == CLI_SPRT_OK && p.model == SPRT_NORMALIZED, "model=normalized");
    static const char *const bad_numbers[] = {"x", "", "2x", "inf", "nan", "1e999", "1e-400"};
    for (size_t k = 0; k < sizeof bad_numbers / sizeof *bad_numbers; k++)
        CHECK(cli_sprt_set(&p, "elo1", bad_numbers[k]) == CLI_SPRT_BAD_NUMBER && p.elo1 == 2,
              "elo1=%s refused, elo1 unchanged", bad_numbers[k]);
    CHECK(cli_sprt_set(&p, "model", "bayes") == CLI_SPRT_BAD_MODEL && p.model == SPRT_NORMALIZED, "model=bayes");
    CHECK(cli_sprt_set(&p, "gamma", "1") == CLI_SPRT_UNKNOWN_KEY, "gamma=1");
    CHECK(cli_sprt_set(&p, "", "1") == CLI_SPRT_UNKNOWN_KEY, "an empty key");
    CHECK(cli_sprt_key(&p, "elo0", "-3") == 0 && p.elo0 == -3 && cli_sprt_key(&p, "elo0", "y") == -1,
          "cli_sprt_key: 0 or -1");
    CHECK(strcmp(stats_model_name(SPRT_LOGISTIC), "logistic") == 0
              && strcmp(stats_model_name(SPRT_NORMALIZED), "normalized") == 0, "model names");
}

/* ---------------------------------------------------------------------- */
/* util/util.c                                                                 */
/* ---------------------------------------------------------------------- */

static void test_fail(void)
{
    char err[64] = "x", small[4];
    CHECK(util_fail(err, sizeof err, "bad %s %d", "value", 7) == -1 && strcmp(err, "bad value 7") == 0,
          "formats and returns -1: '%s'", err);
    CHECK(util_fail(small, sizeof small, "abcdef") == -1 && strcmp(small, "abc") == 0, "cut to errlen - 1");
    CHECK(util_fail(NULL, 0, "nothing") == -1, "err NULL");
    CHECK(util_fail(err, 0, "nothing") == -1 && strcmp(err, "bad value 7") == 0, "errlen 0 writes nothing");
}

static void test_make_dirs(void)
{
    char path[PATH_MAX], file[PATH_MAX], under[PATH_MAX + 8];
    struct stat st;
    snprintf(path, sizeof path, "%s/a/b/c", tmpdir);
    CHECK(util_make_dirs(path) == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode), "a/b/c made");
    CHECK(util_make_dirs(path) == 0, "an existing folder is fine");
    snprintf(file, sizeof file, "%s/file", tmpdir);
    FILE *f = fopen(file, "w");
    if (f) fclose(f);
    snprintf(under, sizeof under, "%s/x", file);
    errno = 0;
    CHECK(util_make_dirs(under) == -1 && errno == ENOTDIR, "under a file: -1, errno %d", errno);
    static char huge[PATH_MAX + 10];
    memset(huge, 'a', sizeof huge - 1);
    errno = 0;
    CHECK(util_make_dirs(huge) == -1 && errno == ENAMETOOLONG, "too long: ENAMETOOLONG");
    unlink(file);
    static const char *const made[] = {"a/b/c", "a/b", "a"};
    for (size_t i = 0; i < sizeof made / sizeof *made; i++) {
        snprintf(path, sizeof path, "%s/%s", tmpdir, made[i]);
        rmdir(path);
    }
}

static void test_clock(void)
{
    int64_t t0 = util_monotonic_ms();
    util_sleep_ms(30);
    int64_t took = util_monotonic_ms() - t0;
    CHECK(took >= 30 && took < 30 + 500, "30 ms sleep measured as %lld ms", (long long)took);
    CHECK(util_remaining_ms(-1) == -1, "no deadline: -1");
    CHECK(util_remaining_ms(t0) == 0, "a past deadline: 0");
    int left = util_remaining_ms(util_monotonic_ms() + 1000);
    CHECK(left > 900 && left <= 1000, "1 s ahead: %d ms left", left);
    t0 = util_monotonic_ms();
    util_sleep_ms(0);
    util_sleep_ms(-5);
    CHECK(util_monotonic_ms() - t0 < 20, "no sleep for 0 or less");
}

static void test_self_path(void)
{
    char path[PATH_MAX], dir[PATH_MAX], tiny[4];
    CHECK(util_self_path(path, sizeof path) == 0 && path[0] == '/', "own path: '%s'", path);
    const char *base = strrchr(path, '/');
    CHECK(base && strcmp(base + 1, "test_cli") == 0, "it is this program: '%s'", path);
    CHECK(util_self_dir(dir, sizeof dir) == 0 && strlen(dir) == (size_t)(base - path)
              && strncmp(dir, path, strlen(dir)) == 0, "own folder: '%s'", dir);
    CHECK(util_self_path(tiny, sizeof tiny) == -1 && tiny[0] == '\0', "a buffer too small: -1 and \"\"");
}

/* --game NAME and -variant NAME (cutechess-cli's spelling): the last wins. */
static void test_game(void)
{
    char err[256];
    char *none[] = {"match", "-engine", "name=a"};
    char *game[] = {"match", "--game", "xiangqi", "-engine", "name=a"};
    char *variant[] = {"match", "-engine", "name=a", "-variant", "xiangqi"};
    char *unknown[] = {"match", "--game", "chess"};
    char *missing[] = {"match", "-variant"};
    const Game *xq = game_by_name("xiangqi");
    CHECK(xq && strcmp(xq->name, "xiangqi") == 0, "the xiangqi game is registered");
    CHECK(cli_game(3, none, err, sizeof err) == game_default() && game_default() == xq, "default: xiangqi");
    CHECK(cli_game(5, game, err, sizeof err) == xq, "--game xiangqi");
    CHECK(cli_game(5, variant, err, sizeof err) == xq, "-variant xiangqi");
    CHECK(cli_game(3, unknown, err, sizeof err) == NULL && strstr(err, "unknown game 'chess'"), "unknown: %s", err);
    CHECK(cli_game(2, missing, err, sizeof err) == NULL && strstr(err, "-variant needs a game"), "missing: %s", err);
    CHECK(cli_is_game_flag("--game") && cli_is_game_flag("-variant") && !cli_is_game_flag("-variant-engines"),
          "the game flags, not -variant-engines");
}

int main(void)
{
    if (!mkdtemp(tmpdir)) {
        CHECK(false, "mkdtemp: %s", strerror(errno));
        return TEST_REPORT();
    }
    test_parse_int();
    test_names();
    test_key_values();
    test_openings_and_adjudication();
    test_sprt_words();
    test_fail();
    test_make_dirs();
    test_clock();
    test_self_path();
    test_game();
    CHECK(rmdir(tmpdir) == 0, "the scratch folder is left empty");
    return TEST_REPORT();
}
