/*
 * test_json.c - JSON Lines writing and reading back: exact text for nested
 * objects and arrays, string escapes and numbers; the one parser
 * (results/jsonread.h) on our own lines and on awkward input; appending
 * lines to a file and reading them again.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/json.h"
#include "results/jsonread.h"
#include "testhelp.h"

/* Checks that j holds exactly want (and is complete). */
static void expect_text(const Json *j, const char *want, int at)
{
    CHECK(!j->oom, "line %d: oom", at);
    CHECK(j->buf && strcmp(j->buf, want) == 0, "line %d: got  %s\n     expected %s", at, j->buf ? j->buf : "(null)",
          want);
    CHECK(j->buf && j->len == strlen(j->buf), "line %d: len %zu", at, j->len);
}

#define EXPECT_TEXT(j, want) expect_text(j, want, __LINE__)

/* The text of one double written alone in an array. */
static const char *double_text(double v, char *buf, size_t buflen)
{
    Json j;
    json_init(&j);
    json_double(&j, NULL, v);
    snprintf(buf, buflen, "%s", j.buf ? j.buf : "(null)");
    json_free(&j);
    return buf;
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */
/* ------------------------------------------------------------------------ */

static void test_nested(void)
{
    Json j;
    json_init(&j);
    EXPECT_TEXT(&j, "");
    json_begin_object(&j, NULL);
    json_string(&j, "engine", "qi");
    json_int(&j, "n", -42);
    json_uint(&j, "u", UINT64_MAX);
    json_int(&j, "min", INT64_MIN);
    json_bool(&j, "ok", true);
    json_bool(&j, "bad", false);
    json_null(&j, "x");
    json_begin_array(&j, "a");
    json_int(&j, NULL, 1);
    json_begin_object(&j, NULL);
    json_double(&j, "d", 0.5);
    json_end_object(&j);
    json_begin_array(&j, NULL);
    json_end_array(&j);
    json_string(&j, NULL, NULL);
    json_end_array(&j);
    json_begin_object(&j, "e");
    json_end_object(&j);
    json_begin_object(&j, "score");
    json_int(&j, "cp", 35);
    json_end_object(&j);
    json_end_object(&j);
    EXPECT_TEXT(&j, "{\"engine\":\"qi\",\"n\":-42,\"u\":18446744073709551615,\"min\":-9223372036854775808,"
                    "\"ok\":true,\"bad\":false,\"x\":null,\"a\":[1,{\"d\":0.5},[],null],\"e\":{},"
                    "\"score\":{\"cp\":35}}");
    CHECK(j.depth == 0, "depth %d", j.depth);
    json_free(&j);
    CHECK(j.buf == NULL && j.len == 0, "json_free clears");
    json_free(&j);
    json_free(NULL);
}

static void test_escapes(void)
{
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_string(&j, "s", "q\"b\\n\n r\r t\t b\b f\f \x01\x1f\x7f é 炮");
    json_string(&j, "k\"ey\n", "");
    json_string(&j, "raw", "\xff\xfe"); /* bytes >= 0x80 go out as they are */
    json_end_object(&j);
    EXPECT_TEXT(&j, "{\"s\":\"q\\\"b\\\\n\\n r\\r t\\t b\\b f\\f \\u0001\\u001f\x7f é 炮\","
                    "\"k\\\"ey\\n\":\"\",\"raw\":\"\xff\xfe\"}");
    json_free(&j);
}

static void test_numbers(void)
{
    char buf[64];
    static const struct {
        double value;
        const char *text;
    } CASES[] = {
        {0.0, "0"},
        {-0.0, "-0"},
        {0.5, "0.5"},
        {0.1, "0.1"},
        {-2.5, "-2.5"},
        {100.0, "100"},
        {123456.0, "123456"},
        {1234567.0, "1234567"},             /* %.6g would say 1.23457e+06 */
        {1e-7, "1e-07"},
        {1e300, "1e+300"},
        {1.0 / 3.0, "0.3333333333333333"},  /* 16 digits read back exactly */
        {0.1 + 0.2, "0.30000000000000004"}, /* this one needs all 17 */
        {3.14159, "3.14159"},
        {2.718281828, "2.718281828"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        double_text(CASES[i].value, buf, sizeof buf);
        CHECK(strcmp(buf, CASES[i].text) == 0, "double %zu: %s, expected %s", i, buf, CASES[i].text);
        CHECK(strtod(buf, NULL) == CASES[i].value, "double %zu does not round-trip: %s", i, buf);
    }
    CHECK(strcmp(double_text(INFINITY, buf, sizeof buf), "null") == 0, "inf: %s", buf);
    CHECK(strcmp(double_text(-INFINITY, buf, sizeof buf), "null") == 0, "-inf: %s", buf);
    CHECK(strcmp(double_text(NAN, buf, sizeof buf), "null") == 0, "nan: %s", buf);

    /* every double of a deterministic spread reads back as itself */
    int failures = 0;
    double v = 1.0;
    for (int i = 0; i < 2000; i++) {
        v = v * 1.37 + 0.013 * i;
        if (v > 1e250) v = 1.0 / v;
        double_text(i % 2 ? -v : v, buf, sizeof buf);
        failures += strtod(buf, NULL) != (i % 2 ? -v : v);
    }
    CHECK(failures == 0, "%d doubles did not round-trip", failures);
}

static void test_growth(void)
{
    Json j;
    json_init(&j);
    json_begin_array(&j, NULL);
    for (int i = 0; i < 10000; i++) json_int(&j, NULL, i);
    json_end_array(&j);
    /* 10 one-digit, 90 two-digit, 900 three-digit, 9000 four-digit numbers, 9999 commas, 2 brackets */
    size_t want = 10 + 90 * 2 + 900 * 3 + 9000 * 4 + 9999 + 2;
    CHECK(!j.oom && j.len == want && strlen(j.buf) == want, "len %zu, expected %zu", j.len, want);
    CHECK(strncmp(j.buf, "[0,1,2,", 7) == 0 && strcmp(j.buf + j.len - 11, ",9998,9999]") == 0, "ends");
    json_free(&j);

    char *big = malloc(100001);
    if (!big) return;
    memset(big, 'a', 100000);
    big[100000] = '\0';
    big[50000] = '\n';
    json_init(&j);
    json_string(&j, NULL, big);
    CHECK(!j.oom && j.len == 100000 + 1 + 2, "long string len %zu", j.len);
    CHECK(j.buf && j.buf[0] == '"' && memcmp(j.buf + 50001, "\\n", 2) == 0, "long string text");
    json_free(&j);
    free(big);

    /* a Json left after json_free can be used again */
    json_init(&j);
    json_free(&j);
    json_begin_object(&j, NULL);
    json_end_object(&j);
    EXPECT_TEXT(&j, "{}");
    json_free(&j);
}

/* ------------------------------------------------------------------------ */
/* Reading back                                                             */
/* ------------------------------------------------------------------------ */

/* line parsed by the one parser (results/jsonread.h); key's value as a
 * string (a number, true, false or null as its text; NULL when the text is
 * refused or the key absent) compared with want. */
static void expect_get(const char *line, const char *key, const char *want, int at)
{
    JsonValue v;
    char err[128], text[256] = "";
    bool parsed = jv_parse(line, &v, err, sizeof err) == 0;
    const JsonValue *m = parsed ? jv_get(&v, key) : NULL;
    if (m && m->type == JV_STRING) snprintf(text, sizeof text, "%s", m->string);
    else if (m && m->type == JV_NUMBER) snprintf(text, sizeof text, "%g", m->number);
    else if (m && m->type == JV_BOOL) snprintf(text, sizeof text, "%s", m->boolean ? "true" : "false");
    else if (m && m->type == JV_NULL) snprintf(text, sizeof text, "null");
    else if (m) snprintf(text, sizeof text, "%s of %d", m->type == JV_ARRAY ? "array" : "object", m->count);
    if (want) {
        CHECK(m && strcmp(text, want) == 0, "line %d: key %s: %s '%s', expected '%s' (%s)", at, key,
              m ? "found" : "not found", text, want, parsed ? "parsed" : err);
    } else {
        CHECK(!m, "line %d: key %s: found '%s', expected nothing", at, key, text);
    }
    if (parsed) jv_free(&v);
}

#define EXPECT_GET(line, key, want) expect_get(line, key, want, __LINE__)

static void test_get_round_trip(void)
{
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_string(&j, "engine", "a\"b\\c\nd\t\x01 é");
    json_string(&j, "position", "mate1-1");
    json_begin_object(&j, "limit");
    json_int(&j, "depth", 8);
    json_uint(&j, "nodes", 0);
    json_end_object(&j);
    json_null(&j, "error");
    json_int(&j, "time_ms", -12);
    json_double(&j, "ebf", 2.25);
    json_begin_object(&j, "score");
    json_int(&j, "cp", 35);
    json_end_object(&j);
    json_begin_array(&j, "bm");
    json_string(&j, NULL, "h2e2");
    json_string(&j, NULL, "b2e2");
    json_end_array(&j);
    json_bool(&j, "solved", true);
    json_end_object(&j);
    const char *line = j.buf;

    EXPECT_GET(line, "engine", "a\"b\\c\nd\t\x01 é");
    EXPECT_GET(line, "position", "mate1-1");
    EXPECT_GET(line, "error", "null");
    EXPECT_GET(line, "time_ms", "-12");
    EXPECT_GET(line, "ebf", "2.25");
    EXPECT_GET(line, "score", "object of 1");
    EXPECT_GET(line, "bm", "array of 2");
    EXPECT_GET(line, "solved", "true");
    EXPECT_GET(line, "missing", NULL);
    EXPECT_GET(line, "depth", NULL); /* a member of an inner object is not the line's */
    EXPECT_GET(line, "h2e2", NULL);  /* a string value is not a key */
    JsonValue v;
    char err[128];
    CHECK(jv_parse(line, &v, err, sizeof err) == 0, "round trip: %s", err);
    double x = -1;
    CHECK(jv_get_number(jv_get(&v, "limit"), "depth", &x) && x == 8, "limit.depth %g", x);
    CHECK(jv_get_number(jv_get(&v, "limit"), "nodes", &x) && x == 0, "limit.nodes %g", x);
    CHECK(jv_get_number(jv_get(&v, "score"), "cp", &x) && x == 35, "score.cp %g", x);
    const JsonValue *bm = jv_get(&v, "bm");
    CHECK(bm && bm->count == 2 && strcmp(bm->items[1].string, "b2e2") == 0, "bm[1]");
    jv_free(&v);
    json_free(&j);
}

static void test_get_awkward_input(void)
{
    /* \u escapes: BMP to UTF-8, surrogate pairs joined; a lone surrogate, \u0000, short or unknown escapes refused */
    EXPECT_GET("{\"k\":\"\\u00e9\\u4E2D\\ud83d\\ude00x\\/\"}", "k", "é中😀x/");
    EXPECT_GET("{\"k\":\"\\u0041\"}", "k", "A");
    EXPECT_GET("{\"k\":\"\\ud800x\"}", "k", NULL);
    EXPECT_GET("{\"k\":\"\\u0000\"}", "k", NULL); /* cannot live in a C string */
    EXPECT_GET("{\"k\":\"\\u12\"}", "k", NULL);
    EXPECT_GET("{\"k\":\"\\q\"}", "k", NULL);

    /* the line's own member; the last of a repeated name; escaped keys */
    EXPECT_GET("{\"a\":{\"id\":\"inner\"},\"id\":\"outer\"}", "id", "outer");
    EXPECT_GET("{\"s\":\"\\\"id\\\":\\\"fake\\\"\",\"id\":\"real\"}", "id", "real");
    EXPECT_GET("{\"id\":1,\"id\":2}", "id", "2");
    EXPECT_GET("{\"i\\u0064\":\"escaped key\"}", "id", "escaped key");

    /* spacing, numbers, literals */
    EXPECT_GET("  { \"a\" : 1 , \"b\" : -1.5e3 , \"c\" : [ ] , \"d\" : false }\n", "b", "-1500");
    EXPECT_GET("{\"a\":1,\"d\":false}", "d", "false");
    EXPECT_GET("{\"a\":0.25E+2}", "a", "25");

    /* malformed anywhere: the whole text refused */
    static const char *const BAD[] = {"{\"a\":tru,\"b\":1}", "{\"a\":\"open,\"b\":1", "{\"a\" 1,\"b\":1}",
                                      "{\"a\":1,\"b\":2,", "{\"a\":-,\"b\":1}", "{\"a\":1.,\"b\":1}", "{\"b\":01}",
                                      "", "not json", "{\"b\":\"x\ty\"}", "{\"b\":1} x", "{\"b\":nan}", "{'b':1}",
                                      "{\"b\":1,}"};
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        JsonValue v;
        char err[128] = "";
        CHECK(jv_parse(BAD[i], &v, err, sizeof err) == -1, "refused: %s", BAD[i]);
        CHECK(strncmp(err, "at byte ", 8) == 0, "the error names the byte: %s", err);
    }

    /* deep nesting is refused, not followed off the stack */
    size_t n = 100000;
    char *deep = malloc(n + 20);
    if (deep) {
        memset(deep, '[', n);
        strcpy(deep + n, "{\"a\":1}");
        JsonValue v;
        char err[128] = "";
        CHECK(jv_parse(deep, &v, err, sizeof err) == -1 && strstr(err, "nested deeper"), "too deep: %s", err);
        free(deep);
    }
    char nested[200];
    memset(nested, '[', 60), memset(nested + 60, ']', 60), nested[120] = '\0';
    JsonValue v;
    char err[128] = "";
    CHECK(jv_parse(nested, &v, err, sizeof err) == 0, "60 deep is read: %s", err);
    jv_free(&v);
    CHECK(jv_get(NULL, "a") == NULL && jv_get_string(NULL, "a") == NULL, "NULL value");
}

/* ------------------------------------------------------------------------ */
/* Files                                                                    */
/* ------------------------------------------------------------------------ */

/* Builds {"game":n,"name":name} into j. */
static void game_line(Json *j, int n, const char *name)
{
    json_init(j);
    json_begin_object(j, NULL);
    json_int(j, "game", n);
    json_string(j, "name", name);
    json_end_object(j);
}

static void test_append(void)
{
    char path[] = "/tmp/test_json_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0) return;
    close(fd);

    Json j;
    FILE *f = fopen(path, "a");
    CHECK(f != NULL, "fopen %s", path);
    if (!f) return;
    game_line(&j, 1, "first");
    CHECK(json_write_line(&j, f) == 0, "write 1");
    CHECK(strcmp(j.buf, "{\"game\":1,\"name\":\"first\"}") == 0, "j is unchanged by the write");
    json_free(&j);
    game_line(&j, 2, "line\nbreak");
    CHECK(json_write_line(&j, f) == 0, "write 2");
    json_free(&j);
    fclose(f);

    /* a second writer appends after what is there */
    f = fopen(path, "a");
    if (!f) return;
    game_line(&j, 3, "third");
    CHECK(json_write_line(&j, f) == 0, "write 3");
    json_free(&j);

    /* incomplete texts are refused and leave the file alone */
    json_init(&j);
    CHECK(json_write_line(&j, f) == -1, "empty text written");
    json_begin_object(&j, NULL);
    json_int(&j, "open", 1);
    CHECK(json_write_line(&j, f) == -1, "unclosed object written");
    json_end_object(&j);
    j.oom = true;
    CHECK(json_write_line(&j, f) == -1, "oom text written");
    json_int(&j, "after", 1); /* ignored once oom */
    CHECK(strcmp(j.buf, "{\"open\":1}") == 0, "text kept after oom: %s", j.buf);
    json_free(&j);
    CHECK(json_write_line(NULL, f) == -1, "NULL json");
    fclose(f);

    static const char *const WANT[] = {
        "{\"game\":1,\"name\":\"first\"}\n",
        "{\"game\":2,\"name\":\"line\\nbreak\"}\n",
        "{\"game\":3,\"name\":\"third\"}\n",
    };
    static const char *const NAMES[] = {"first", "line\nbreak", "third"};
    char line[256], value[64];
    int count = 0;
    f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f)) {
        if (count < 3) {
            CHECK(strcmp(line, WANT[count]) == 0, "line %d: %s", count + 1, line);
            JsonValue v;
            double game = 0;
            CHECK(jv_parse(line, &v, value, sizeof value) == 0, "line %d read back: %s", count + 1, value);
            CHECK(jv_get_number(&v, "game", &game) && game == count + 1, "game %g", game);
            CHECK(jv_get_string(&v, "name") && strcmp(jv_get_string(&v, "name"), NAMES[count]) == 0, "name %s",
                  NAMES[count]);
            jv_free(&v);
        }
        count++;
    }
    CHECK(count == 3, "%d lines in the file", count);
    if (f) fclose(f);

    /* a failing stream reports the failure */
    FILE *ro = fopen(path, "r");
    if (ro) {
        game_line(&j, 4, "fourth");
        CHECK(json_write_line(&j, ro) == -1, "write to a read-only stream succeeded");
        json_free(&j);
        fclose(ro);
    }
    unlink(path);
}

/* The parser on its own (moved from test_ratings.c). */
static void test_jsonread(void)
{
    JsonValue v;
    char err[128];
    CHECK(jv_parse("{\"a\": [1, -2.5e1, true, null], \"b\": \"x\\u00e9\\ud83d\\ude00\\n\"}", &v, err, sizeof err) == 0,
          "valid: %s", err);
    const JsonValue *a = jv_get(&v, "a");
    CHECK(a && a->type == JV_ARRAY && a->count == 4 && a->items[1].number == -25, "array read");
    CHECK(jv_get_string(&v, "b") && strcmp(jv_get_string(&v, "b"), "x\xc3\xa9\xf0\x9f\x98\x80\n") == 0, "escapes");
    jv_free(&v);
    static const char *const BAD[] = {"{\"a\":1,}", "{\"a\" 1}", "[1 2]", "{\"a\":01}", "\"\\ud800\"", "{\"a\":nan}",
                                      "{\"a\":1} x", "\"tab\there\"", "{\"a\":\"x", "", "{'a':1}", "[1.]", "-"};
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        CHECK(jv_parse(BAD[i], &v, err, sizeof err) == -1, "refused: %s", BAD[i]);
        CHECK(strncmp(err, "at byte ", 8) == 0, "error names the byte: %s", err);
    }
    char deep[200];
    memset(deep, '[', 100), memset(deep + 100, ']', 99), deep[199] = '\0';
    CHECK(jv_parse(deep, &v, err, sizeof err) == -1 && strstr(err, "nested deeper"), "too deep: %s", err);
}

/* jv_get_strings: the argv array of run.json, hand-written here. */
static void test_get_strings(void)
{
    static const char *const TEXTS[] = {"{\"argv\":[\"match\",\"-engine\",\"name=a b\",\"x\\\"y\",\"\\u00e9\"],\"n\":1}",
                                        "{\"argv\":[]}", "{\"argv\":[\"a\",1]}", "{\"argv\":\"a\"}",
                                        "{\"other\":[\"a\"]}"};
    static const int WANT[] = {5, 0, -1, -1, -1};
    for (int t = 0; t < 5; t++) {
        JsonValue v;
        char err[128];
        int n = -2;
        CHECK(jv_parse(TEXTS[t], &v, err, sizeof err) == 0, "%s: %s", TEXTS[t], err);
        char **items = jv_get_strings(&v, "argv", &n);
        CHECK(n == WANT[t] && (n < 0) == (items == NULL), "%s: %d strings, expected %d", TEXTS[t], n, WANT[t]);
        if (n == 5) {
            CHECK(strcmp(items[0], "match") == 0 && strcmp(items[2], "name=a b") == 0, "plain strings");
            CHECK(strcmp(items[3], "x\"y") == 0, "escaped quote: %s", items[3]);
            CHECK(strcmp(items[4], "\xc3\xa9") == 0, "\\u00e9 as UTF-8");
            CHECK(items[5] == NULL, "NULL-terminated");
        }
        if (n == 0) CHECK(items && items[0] == NULL, "empty array");
        json_free_strings(items);
        jv_free(&v);
    }
}

/* json_write_file: the whole file replaced, no temporary file left. */
static void test_write_file(void)
{
    char dir[] = "/tmp/test_json_dir_XXXXXX", path[64], line[128];
    if (!mkdtemp(dir)) {
        CHECK(false, "mkdtemp");
        return;
    }
    snprintf(path, sizeof path, "%s/s.json", dir);
    Json j;
    game_line(&j, 1, "long first text");
    CHECK(json_write_file(&j, dir, "s.json") == 0, "first write");
    json_free(&j);
    game_line(&j, 2, "b");
    CHECK(json_write_file(&j, dir, "s.json") == 0, "second write");
    json_free(&j);
    FILE *f = fopen(path, "r");
    int lines = 0;
    while (f && fgets(line, sizeof line, f)) lines++;
    if (f) fclose(f);
    CHECK(lines == 1 && strcmp(line, "{\"game\":2,\"name\":\"b\"}\n") == 0, "the file is the second text only");
    snprintf(line, sizeof line, "%s/s.json.tmp", dir);
    CHECK(access(line, F_OK) != 0, "no temporary file left");
    json_init(&j);
    json_begin_object(&j, NULL);
    CHECK(json_write_file(&j, dir, "s.json") == -1, "an unfinished object is refused");
    snprintf(line, sizeof line, "%s/s.json.tmp", dir);
    CHECK(access(line, F_OK) != 0, "no temporary file left after a failure");
    f = fopen(path, "r");
    CHECK(f && fgets(line, sizeof line, f) && strcmp(line, "{\"game\":2,\"name\":\"b\"}\n") == 0,
          "a failed write leaves the file as it was");
    if (f) fclose(f);
    json_end_object(&j);
    snprintf(line, sizeof line, "%s/none", dir);
    CHECK(json_write_file(&j, line, "s.json") == -1, "a missing folder fails");
    json_free(&j);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    test_nested();
    test_escapes();
    test_numbers();
    test_growth();
    test_get_round_trip();
    test_get_awkward_input();
    test_append();
    test_jsonread();
    test_get_strings();
    test_write_file();
    return TEST_REPORT();
}
