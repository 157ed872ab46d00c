/*
 * test_ratings.c - stats/ratings.c on cases worked by hand, and
 * ratings_read_games on malformed files (the parser's own tests are in
 * test_json.c).
 *
 * The expected values are closed forms, not the code's output:
 * - two engines: the ML difference is the logistic Elo of the score,
 *   -400 log10(1/s - 1), and its variance 1 / (n s (1 - s) k^2), k = ln 10 / 400;
 * - a chain A-B-C (no A-C games): each edge is a two-engine case on its own
 *   (the likelihood factors), the variances add along the chain;
 * - gammas 1, 2, 4 (Elo 0, 120.41, 240.82) with counts whose observed
 *   scores equal the expected ones (A-B 3 games, A scores 1; B-C 3 games, B
 *   scores 1; A-C 5 games, A scores 1): the likelihood equations hold there;
 * - a symmetric cycle (A beats B 3-1, B beats C 3-1, C beats A 3-1): all equal.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stats/ratings.h"
#include "stats/ratings_cmd.h"
#include "testhelp.h"

#define K_ELO (2.302585092994046 / 400.0)
#define Z95 1.959963984540054

static double logistic_elo(double s) { return -400.0 * log10(1.0 / s - 1.0); }
static double pair_var(double n, double s) { return 1.0 / (n * s * (1 - s) * K_ELO * K_ELO); }
static double phi(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }
static bool near(double a, double b, double tol) { return fabs(a - b) <= tol; }

/* Adds w wins, d draws and l losses of a against b. */
static void add(RatingGames *g, const char *a, const char *b, int w, int d, int l)
{
    int i = ratings_engine(g, a), j = ratings_engine(g, b);
    for (int k = 0; k < w; k++) ratings_add_game(g, i, j, 2);
    for (int k = 0; k < d; k++) ratings_add_game(g, i, j, 1);
    for (int k = 0; k < l; k++) ratings_add_game(g, j, i, 2); /* b as the first player: colours do not matter */
}

static void test_two_engines(void)
{
    RatingGames g;
    RatingFit f;
    char err[256];
    ratings_games_init(&g);
    add(&g, "A", "B", 7, 2, 3); /* 8 points of 12: s = 2/3, 400 log10 2 = 120.41 Elo */
    double d = logistic_elo(8.0 / 12), sd = sqrt(pair_var(12, 8.0 / 12));
    CHECK(ratings_fit(&g, -1, &f, err, sizeof err) == 0, "fit: %s", err);
    CHECK(near(f.elo[0], d / 2, 1e-6) && near(f.elo[1], -d / 2, 1e-6), "average anchor: %f %f, want +-%f", f.elo[0],
          f.elo[1], d / 2);
    CHECK(near(d, 120.411998, 1e-5), "the closed form itself: %f", d);
    CHECK(near(f.high[0] - f.elo[0], Z95 * sd / 2, 1e-6), "average anchor half-width %f, want %f", f.high[0] - f.elo[0],
          Z95 * sd / 2);
    CHECK(near(f.los[0 * 2 + 1], phi(d / sd), 1e-9), "LOS %f, want %f", f.los[1], phi(d / sd));
    CHECK(near(f.los[1 * 2 + 0], 1 - phi(d / sd), 1e-9), "LOS of the weaker %f", f.los[2]);
    CHECK(isnan(f.los[0]), "LOS diagonal is NaN");
    ratings_fit_free(&f);
    CHECK(ratings_fit(&g, 1, &f, err, sizeof err) == 0, "fit anchored at B: %s", err);
    CHECK(near(f.elo[0], d, 1e-6) && f.elo[1] == 0, "anchor B: %f %f", f.elo[0], f.elo[1]);
    CHECK(near(f.low[0], d - Z95 * sd, 1e-6) && near(f.high[0], d + Z95 * sd, 1e-6), "interval [%f, %f], want %f +- %f",
          f.low[0], f.high[0], d, Z95 * sd);
    CHECK(f.low[1] == 0 && f.high[1] == 0, "the anchor's own interval is 0");
    CHECK(near(sd, 106.3790, 1e-3), "sd by hand: n s(1-s) = 8/3, 1/sqrt(8/3 k^2) = %f", sd);
    ratings_fit_free(&f);
    ratings_games_free(&g);
}

static void test_chain(void)
{
    RatingGames g;
    RatingFit f;
    char err[256];
    ratings_games_init(&g);
    add(&g, "A", "B", 3, 0, 1); /* 0.75: 400 log10 3 = 190.85 */
    add(&g, "B", "C", 3, 1, 0); /* 0.875: 400 log10 7 = 338.04 */
    CHECK(ratings_fit(&g, 2, &f, err, sizeof err) == 0, "fit: %s", err);
    double ab = 400 * log10(3.0), bc = 400 * log10(7.0);
    CHECK(near(f.elo[1], bc, 1e-6), "B over C %f, want %f", f.elo[1], bc);
    CHECK(near(f.elo[0], ab + bc, 1e-6), "A over C %f, want %f", f.elo[0], ab + bc);
    double sd = sqrt(pair_var(4, 0.75) + pair_var(4, 0.875));
    CHECK(near(f.high[0] - f.elo[0], Z95 * sd, 1e-5), "A's half-width %f, want %f", f.high[0] - f.elo[0], Z95 * sd);
    ratings_fit_free(&f);
    ratings_games_free(&g);
}

/* 64 engines in a chain, each scoring 19.5 of 20 against the next: every
 * edge is 400 log10(39) = 636.4 Elo (MM alone needs 360,000 rounds here). */
static void test_long_chain(void)
{
    RatingGames g;
    RatingFit f;
    char err[256], name[16];
    ratings_games_init(&g);
    for (int i = 0; i < 64; i++) snprintf(name, sizeof name, "e%d", i), ratings_engine(&g, name);
    for (int i = 0; i + 1 < 64; i++) {
        for (int k = 0; k < 19; k++) ratings_add_game(&g, i, i + 1, 2);
        ratings_add_game(&g, i, i + 1, 1);
    }
    CHECK(ratings_fit(&g, 63, &f, err, sizeof err) == 0, "long chain: %s", err);
    bool all = f.count == 64;
    for (int i = 0; all && i < 64; i++) all = near(f.elo[i], (63 - i) * 400 * log10(39.0), 1e-6);
    CHECK(all, "every edge 636.36 Elo: e0 at %f, want %f", f.count ? f.elo[0] : 0, 63 * 400 * log10(39.0));
    ratings_fit_free(&f);
    ratings_games_free(&g);
}

static void test_three_exact(void)
{
    RatingGames g;
    RatingFit f;
    char err[256];
    ratings_games_init(&g);
    add(&g, "A", "B", 1, 0, 2);
    add(&g, "B", "C", 1, 0, 2);
    add(&g, "A", "C", 1, 0, 4);
    CHECK(ratings_fit(&g, -1, &f, err, sizeof err) == 0, "fit: %s", err);
    double step = 400 * log10(2.0);
    CHECK(near(f.elo[0], -step, 1e-6) && near(f.elo[1], 0, 1e-6) && near(f.elo[2], step, 1e-6),
          "gammas 1, 2, 4: %f %f %f, want -+%f", f.elo[0], f.elo[1], f.elo[2], step);
    ratings_fit_free(&f);
    CHECK(ratings_fit(&g, 0, &f, err, sizeof err) == 0 && near(f.elo[2], 2 * step, 1e-6), "anchored at A: C %f",
          f.elo[2]);
    ratings_fit_free(&f);
    ratings_games_free(&g);

    ratings_games_init(&g);
    add(&g, "A", "B", 3, 0, 1);
    add(&g, "B", "C", 3, 0, 1);
    add(&g, "C", "A", 3, 0, 1);
    CHECK(ratings_fit(&g, -1, &f, err, sizeof err) == 0, "cycle fit: %s", err);
    for (int i = 0; i < 3; i++) CHECK(near(f.elo[i], 0, 1e-6), "cycle: engine %d at %f", i, f.elo[i]);
    CHECK(near(f.los[1], 0.5, 1e-9), "cycle LOS %f", f.los[1]);
    ratings_fit_free(&f);
    ratings_games_free(&g);
}

static void test_no_maximum(void)
{
    RatingGames g;
    RatingFit f;
    char err[256];
    ratings_games_init(&g);
    add(&g, "A", "B", 1, 1, 0);
    add(&g, "C", "A", 2, 0, 0);
    add(&g, "C", "B", 2, 0, 0);
    CHECK(ratings_fit(&g, -1, &f, err, sizeof err) == -1, "C never lost a point: no maximum");
    CHECK(strstr(err, "A and B scored no point in 4 games") != NULL, "names the group: %s", err);
    ratings_games_free(&g);
    ratings_games_init(&g);
    add(&g, "A", "B", 1, 1, 1);
    add(&g, "C", "D", 1, 1, 1);
    CHECK(ratings_fit(&g, -1, &f, err, sizeof err) == -1 && strstr(err, "played no game against the other") != NULL,
          "two separate groups: %s", err);
    ratings_games_free(&g);
    ratings_games_init(&g);
    add(&g, "A", "B", 0, 2, 0);
    CHECK(ratings_fit(&g, -1, &f, err, sizeof err) == 0 && f.elo[0] == 0 && f.elo[1] == 0, "two draws: equal");
    ratings_fit_free(&f);
    ratings_games_free(&g);
}

/* Writes text to a temporary file; its path into path. */
static void temp_file(const char *text, char *path, size_t len)
{
    snprintf(path, len, "/tmp/test_ratings_XXXXXX");
    int fd = mkstemp(path);
    if (fd >= 0) {
        if (write(fd, text, strlen(text)) < 0) path[0] = '\0';
        close(fd);
    }
}

static void expect_read_error(const char *text, long line, const char *what)
{
    char path[64], err[512], want[96];
    RatingGames g;
    ratings_games_init(&g);
    temp_file(text, path, sizeof path);
    snprintf(want, sizeof want, "%s:%ld: ", path, line);
    int rc = ratings_read_games(path, &g, err, sizeof err);
    CHECK(rc == -1 && strncmp(err, want, strlen(want)) == 0 && strstr(err, what), "want '%s...%s', got '%s'", want,
          what, rc ? err : "success");
    unlink(path);
    ratings_games_free(&g);
}

static void test_read_games(void)
{
    const char *good = "{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"moves\":[]}\n"
                       "{\"red\":\"b\",\"black\":\"a\",\"result\":\"1/2-1/2\"}\n";
    char path[64], err[512];
    RatingGames g;
    ratings_games_init(&g);
    temp_file(good, path, sizeof path);
    CHECK(ratings_read_games(path, &g, err, sizeof err) == 0, "good file: %s", err);
    CHECK(g.count == 2 && ratings_count(&g, 0, 1, 0) == 1 && ratings_count(&g, 0, 1, 1) == 1
              && ratings_count(&g, 1, 0, 2) == 1 && ratings_points_of(&g, 1) == 0.5,
          "counted: a won one, drew one");
    unlink(path);
    ratings_games_free(&g);
    expect_read_error("{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}\n{\"red\":\"a\"\n", 2, "expected a game as one JSON object");
    expect_read_error("{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}\n{\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}",
                      2, "expected a line end");
    expect_read_error("{\"red\":\"a\",\"black\":\"b\",\"result\":\"*\"}\n", 1, "got '*'");
    expect_read_error("{\"red\":\"a\",\"black\":7,\"result\":\"1-0\"}\n", 1, "\"red\" and \"black\"");
    expect_read_error("{\"red\":\"a\",\"black\":\"a\",\"result\":\"1-0\"}\n", 1, "two different engines");
    expect_read_error("\n", 1, "found the end of the line");
    expect_read_error("[1]\n", 1, "a JSON object");
    CHECK(ratings_read_games("/nonexistent/games.jsonl", &g, err, sizeof err) == -1
              && strstr(err, "cannot read /nonexistent/games.jsonl"), "missing file: %s", err);
}

int main(void)
{
    test_two_engines();
    test_chain();
    test_long_chain();
    test_three_exact();
    test_no_maximum();
    test_read_games();
    return TEST_REPORT();
}
