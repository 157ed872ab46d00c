/*
 * test_record.c - results/record.c, the one reader of stored games: a line
 * parsed into its typed record (sides by the game's names, or the red/black
 * of older files), malformed lines refused with what was expected, the
 * checksum chain verified when run.json is sealed; and the search
 * statistics' medians from their histograms, on values worked by hand.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board.h"
#include "game.h"
#include "movegen.h"
#include "results/check.h"
#include "results/jsonread.h"
#include "results/record.h"
#include "stats/searchstats.h"
#include "testhelp.h"

#define XQ game_by_name("xiangqi")
#define AMZ game_by_name("amazons")
#define XQ_START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

/* A Xiangqi game of four moves, the first from the book; depths 1, 2, 9 (h9g7 by Black, h0g2 and i9h9). */
static const char LINE[] =
    "{\"red\":\"a\",\"black\":\"b\",\"round\":2,\"pair\":3,\"game\":1,\"date\":\"2026.01.01\",\"opening\":\"o\","
    "\"fen\":\"" XQ_START "\",\"result\":\"0-1\",\"reason\":\"checkmate\",\"detail\":null,\"plies\":4,"
    "\"moves\":[{\"move\":\"h2e2\",\"book\":true},"
    "{\"move\":\"h9g7\",\"time_ms\":4,\"depth\":1,\"nodes\":10,\"cp\":10},"
    "{\"move\":\"h0g2\",\"time_ms\":100,\"depth\":2,\"nodes\":30,\"seldepth\":5,\"allot_ms\":100,\"mate\":-3},"
    "{\"move\":\"i9h9\",\"time_ms\":1,\"depth\":9,\"nodes\":5}]}";

static void test_parse(void)
{
    StoredGame g = {0};
    char err[256] = "";
    CHECK(record_parse(LINE, XQ, &g, err, sizeof err) == 0, "parse: %s", err);
    CHECK(strcmp(g.side[0], "a") == 0 && strcmp(g.side[1], "b") == 0, "sides %s %s", g.side[0], g.side[1]);
    CHECK(g.points2 == 0 && strcmp(g.result, "0-1") == 0 && strcmp(g.reason, "checkmate") == 0, "result");
    CHECK(g.round == 2 && g.pair == 3 && g.game == 1 && g.plies == 4 && g.detail[0] == '\0', "numbers, null detail");
    CHECK(strcmp(g.date, "2026.01.01") == 0 && strcmp(g.fen, XQ_START) == 0, "date, fen");
    CHECK(g.has_moves && g.nmoves == 4 && g.moves[0].book && g.moves[0].depth == -1, "book move");
    const StoredMove *m = &g.moves[2];
    CHECK(strcmp(m->move, "h0g2") == 0 && m->time_ms == 100 && m->depth == 2 && m->nodes == 30 && m->seldepth == 5
              && m->allot_ms == 100 && m->has_mate && m->mate == -3 && !m->has_cp,
          "move 3");
    CHECK(g.moves[1].has_cp && g.moves[1].cp == 10 && g.moves[1].seldepth == -1 && g.moves[1].allot_ms == -1,
          "move 2: cp, no seldepth, no allot_ms");
    /* a minimal line: the sides and the result */
    CHECK(record_parse("{\"red\":\"x\",\"black\":\"y\",\"result\":\"1/2-1/2\"}", XQ, &g, err, sizeof err) == 0
              && g.points2 == 1 && !g.has_moves && g.plies == -1 && g.fen[0] == '\0',
          "minimal: %s", err);
    record_free(&g);
}

static void test_sides(void)
{
    StoredGame g = {0};
    char err[256] = "";
    CHECK(strcmp(record_side_key(XQ, 0), "red") == 0 && strcmp(record_side_key(AMZ, 0), "white") == 0
              && strcmp(record_side_key(AMZ, 1), "black") == 0 && strcmp(record_side_key(NULL, 0), "red") == 0,
          "side keys");
    CHECK(record_parse("{\"white\":\"w\",\"black\":\"b\",\"result\":\"1-0\"}", AMZ, &g, err, sizeof err) == 0
              && strcmp(g.side[0], "w") == 0 && g.points2 == 2,
          "Amazons: white/black: %s", err);
    CHECK(record_parse("{\"red\":\"r\",\"black\":\"b\",\"result\":\"1-0\"}", AMZ, &g, err, sizeof err) == 0
              && strcmp(g.side[0], "r") == 0,
          "Amazons: the red/black of older files: %s", err);
    CHECK(record_parse("{\"white\":\"w\",\"black\":\"b\",\"result\":\"1-0\"}", NULL, &g, err, sizeof err) == 0
              && strcmp(g.side[0], "w") == 0,
          "any game: white read: %s", err);
    CHECK(record_parse("{\"white\":\"w\",\"black\":\"b\",\"result\":\"1-0\"}", XQ, &g, err, sizeof err) == -1
              && strstr(err, "expected \"red\" and \"black\""),
          "Xiangqi: no white: %s", err);
    record_free(&g);
}

static void test_refused(void)
{
    static const struct {
        const char *line, *want;
    } BAD[] = {
        {"{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\",}", "expected a game as one JSON object on the line (at byte"},
        {"[1]", "expected a game as a JSON object"},
        {"{\"red\":\"a\",\"result\":\"1-0\"}", "expected \"red\" and \"black\""},
        {"{\"red\":\"a\",\"black\":\"a\",\"result\":\"1-0\"}", "expected two different engines, got 'a' twice"},
        {"{\"red\":\"a\",\"black\":\"b\",\"result\":\"2-0\"}", "got '2-0'"},
        {"{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"plies\":1.5}", "expected \"plies\" as a whole number"},
        {"{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"reason\":7}", "expected \"reason\" as a string"},
        {"{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"moves\":{}}", "expected \"moves\" as a list of moves"},
        {"{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"moves\":[{\"move\":\"h2e2\",\"depth\":-1}]}",
         "ply 1: expected \"depth\" as a whole number"},
        {"{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"moves\":[{\"move\":\"h2e2\",\"book\":1}]}",
         "ply 1: expected \"book\" as true or false"},
        {"{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"moves\":[3]}", "ply 1: expected a move object"},
    };
    StoredGame g = {0};
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        char err[256] = "";
        CHECK(record_parse(BAD[i].line, XQ, &g, err, sizeof err) == -1 && strstr(err, BAD[i].want),
              "%s: '%s', expected '%s'", BAD[i].line, err, BAD[i].want);
    }
    record_free(&g);
}

/* The search statistics of LINE twice (b's moves: depths 1 and 9, twice;
 * a's: depth 2 twice): medians by hand, b's of 1 1 9 9 is 5, a's 2. */
static void test_medians(void)
{
    const char *names[] = {"a", "b"};
    SearchStats *s = searchstats_new(XQ, names, 2);
    StoredGame g = {0};
    char err[256] = "";
    for (int k = 0; k < 2; k++)
        CHECK(record_parse(LINE, XQ, &g, err, sizeof err) == 0 && searchstats_add(s, &g, err, sizeof err) == 0,
              "counted: %s", err);
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    searchstats_json(s, &j, "search");
    json_end_object(&j);
    JsonValue v;
    CHECK(jv_parse(j.buf, &v, err, sizeof err) == 0, "json: %s", err);
    const JsonValue *e = jv_get(jv_get(&v, "search"), "engines");
    double x[6] = {0};
    CHECK(e && e->count == 2, "two engines");
    if (e && e->count == 2) {
        const JsonValue *a = jv_get(&e->items[0], "all"), *b = jv_get(&e->items[1], "all");
        CHECK(jv_get_number(a, "depth_median", &x[0]) && x[0] == 2, "a: median %g, expected 2", x[0]);
        CHECK(jv_get_number(b, "depth_median", &x[1]) && x[1] == 5, "b: median of 1 1 9 9 %g, expected 5", x[1]);
        CHECK(jv_get_number(b, "depth_mean", &x[2]) && x[2] == 5, "b: mean %g", x[2]);
        CHECK(jv_get_number(b, "moves", &x[3]) && x[3] == 4, "b: 4 moves");
        CHECK(jv_get_number(a, "seldepth_median", &x[4]) && x[4] == 5, "a: seldepth median %g", x[4]);
        CHECK(jv_get_number(&e->items[0], "games", &x[5]) && x[5] == 2, "a: 2 games");
    }
    jv_free(&v);
    json_free(&j);
    /* one more b move of depth 3: 1 1 3 9 9, the middle one */
    CHECK(record_parse("{\"red\":\"a\",\"black\":\"b\",\"fen\":\"" XQ_START "\",\"result\":\"1-0\",\"reason\":\"r\","
                       "\"moves\":[{\"move\":\"h2e2\",\"book\":true},{\"move\":\"h9g7\",\"time_ms\":1,\"depth\":3,"
                       "\"nodes\":1}]}",
                       XQ, &g, err, sizeof err) == 0
              && searchstats_add(s, &g, err, sizeof err) == 0,
          "odd count: %s", err);
    json_init(&j);
    json_begin_object(&j, NULL);
    searchstats_json(s, &j, "search");
    json_end_object(&j);
    CHECK(jv_parse(j.buf, &v, err, sizeof err) == 0, "json: %s", err);
    e = jv_get(jv_get(&v, "search"), "engines");
    CHECK(e && e->count == 2 && jv_get_number(jv_get(&e->items[1], "all"), "depth_median", &x[0]) && x[0] == 3,
          "b: median of 1 1 3 9 9 %g, expected 3", x[0]);
    jv_free(&v);
    json_free(&j);
    record_free(&g);
    searchstats_free(s);
}

static int count(void *ctx, const StoredGame *g, const char *line, size_t len, char *err, size_t errlen)
{
    (void)g, (void)line, (void)len, (void)err, (void)errlen;
    ++*(int *)ctx;
    return 0;
}

/* Writes text into dir/name. */
static void put(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) fputs(text, f), fclose(f);
}

/* A line sealed after seed (check_seal, the writer's), with its line end, into out. */
static void sealed(const char *object, const char *seed, char next[CHECK_BYTES], char *out, size_t len)
{
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_string(&j, "red", "a");
    json_string(&j, "black", "b");
    json_string(&j, "result", object);
    check_seal(&j, seed, next);
    snprintf(out, len, "%s\n", j.buf);
    json_free(&j);
}

static void test_read_file(void)
{
    char dir[] = "/tmp/test_record_XXXXXX", path[512], err[1024] = "", run[256], l1[256], l2[256];
    char c0[CHECK_BYTES], c1[CHECK_BYTES], c2[CHECK_BYTES];
    if (!mkdtemp(dir)) return;
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    int n = 0;
    CHECK(record_read_file(path, XQ, true, count, &n, err, sizeof err) == 0 && n == 0, "missing, missing_ok: %s", err);
    CHECK(record_read_file(path, XQ, false, count, &n, err, sizeof err) == -1 && strstr(err, "cannot read"), "missing");
    /* no run.json: a file from before the checksums, read as it is */
    put(dir, "games.jsonl", "{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}\n");
    CHECK(record_read_file(path, XQ, false, count, &n, err, sizeof err) == 0 && n == 1, "unsealed: %s", err);
    /* a sealed run.json: the lines must continue its chain */
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_string(&j, "tool", "qibench");
    check_seal(&j, NULL, c0);
    snprintf(run, sizeof run, "%s\n", j.buf);
    json_free(&j);
    put(dir, "run.json", run);
    sealed("1-0", c0, c1, l1, sizeof l1);
    sealed("0-1", c1, c2, l2, sizeof l2);
    char both[600];
    snprintf(both, sizeof both, "%s%s", l1, l2);
    put(dir, "games.jsonl", both);
    n = 0;
    CHECK(record_read_file(path, XQ, false, count, &n, err, sizeof err) == 0 && n == 2, "sealed chain: %s", err);
    snprintf(both, sizeof both, "%s%s", l2, l1); /* moved */
    put(dir, "games.jsonl", both);
    CHECK(record_read_file(path, XQ, false, count, &n, err, sizeof err) == -1 && strstr(err, "games.jsonl:1: the checksum")
              && strstr(err, "does not match"),
          "lines swapped: %s", err);
    snprintf(both, sizeof both, "%s{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}\n", l1);
    put(dir, "games.jsonl", both);
    CHECK(record_read_file(path, XQ, false, count, &n, err, sizeof err) == -1
              && strstr(err, "games.jsonl:2: expected one game as a JSON object on one line, ending with its \"check\""),
          "an unsealed line in a sealed run: %s", err);
    put(dir, "games.jsonl", l1);
    FILE *f = fopen(path, "a");
    if (f) fputs("{\"red\":\"a\"", f), fclose(f);
    CHECK(record_read_file(path, XQ, false, count, &n, err, sizeof err) == -1 && strstr(err, ":2: expected a line end"),
          "torn last line: %s", err);
    run[10] = run[10] == 'q' ? 'Q' : 'q'; /* run.json changed after it was sealed */
    put(dir, "run.json", run);
    put(dir, "games.jsonl", l1);
    CHECK(record_read_file(path, XQ, false, count, &n, err, sizeof err) == -1 && strstr(err, "run.json:1: the checksum"),
          "run.json changed: %s", err);
    char rm[600];
    snprintf(rm, sizeof rm, "%s/run.json", dir);
    unlink(rm);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    test_parse();
    test_sides();
    test_refused();
    test_medians();
    test_read_file();
    return TEST_REPORT();
}
