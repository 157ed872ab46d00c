/*
 * test_stats.c - harness/stats/stats.c against values computed independently:
 * by hand (in the comments), by scripts/stats_reference.py (a separate
 * Python implementation that maximizes the likelihoods directly instead of
 * solving fishtest's secular equation; its printed values are pasted here
 * with 10 significant digits), and against the published examples of
 * fastchess's app/tests/elo_test.cpp and sprt_test.cpp (two decimals).
 * Also the degenerate inputs (no games, all draws, only wins, zero cells),
 * and the SPRT verdicts of both models. (`qibench stats` parsing and
 * output: test_stats_cmd.c.)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats.h"
#include "testhelp.h"

#define NA NAN      /* "this value must not exist" in the tables below */
#define REF_TOL 1e-8 /* relative: the reference values carry 10 digits */

/* got matches want: both missing, or |got - want| <= tol * max(1, |want|). */
static bool matches(double got, double want, double tol)
{
    if (isnan(want)) return !isfinite(got);
    return isfinite(got) && fabs(got - want) <= tol * fmax(1.0, fabs(want));
}

#define CHECK_NEAR(got, want, tol, what) \
    CHECK(matches(got, want, tol), "%s: got %.12g, expected %.12g", what, (double)(got), (double)(want))

/* ------------------------------------------------------------------------ */
/* Formulas                                                                 */
/* ------------------------------------------------------------------------ */

static void test_basic_functions(void)
{
    /* Phi(0) = 1/2; Phi(1.959964) = 0.975 by the choice of the quantile. */
    CHECK_NEAR(stats_normal_cdf(0.0), 0.5, 1e-15, "Phi(0)");
    CHECK_NEAR(stats_normal_cdf(STATS_Z95), 0.975, 1e-12, "Phi(z95)");
    CHECK_NEAR(stats_normal_cdf(-STATS_Z95), 0.025, 1e-12, "Phi(-z95)");
    /* score 3/4: -400 log10(1/0.75 - 1) = 400 log10 3 = 190.848501887865 */
    CHECK_NEAR(stats_score_to_elo(0.75), 190.848501887865, 1e-12, "elo(0.75)");
    CHECK_NEAR(stats_score_to_elo(0.25), -190.848501887865, 1e-12, "elo(0.25)");
    CHECK_NEAR(stats_score_to_elo(0.5), 0.0, 1e-15, "elo(0.5)");
    CHECK(!isfinite(stats_score_to_elo(1.0)) && !isfinite(stats_score_to_elo(0.0)), "elo(0), elo(1) do not exist");
    CHECK(!isfinite(stats_score_to_elo(-0.1)) && !isfinite(stats_score_to_elo(1.1)), "elo outside [0, 1]");
    /* 1 / (1 + 10^(-400/400)) = 1 / 1.1 */
    CHECK_NEAR(stats_elo_to_score(400.0), 1.0 / 1.1, 1e-15, "score(400)");
    CHECK_NEAR(stats_elo_to_score(0.0), 0.5, 1e-15, "score(0)");
    CHECK_NEAR(stats_elo_to_score(stats_score_to_elo(0.3)), 0.3, 1e-14, "score(elo(0.3))");
}

typedef struct {
    int64_t w, d, l;
    double score, elo, elo_error, los, draw_ratio, nelo, nelo_error;
} WdlCase;

/* python3 scripts/stats_reference.py, the "wdl" lines (NA where it prints null). */
static const WdlCase wdl_cases[] = {
    {76, 123, 89, 0.4774305556, -15.69352071, 30.45800072, 0.1557574018, 0.4270833333, -20.75644978, 40.12602556},
    {136, 111, 96, 0.5583090379, 40.70245819, 30.42721794, 0.9956818916, 0.3236151603, 49.76841538, 36.76845059},
    {34, 0, 356, 0.08717948718, -407.9884324, 63.16451474, 0, 0, -508.435325, 34.48181249},
    {100, 200, 100, 0.5, 0, 24.11426236, 0.5, 0.5, 0, 34.04806173},
    /* all draws: variance 0, so the interval is the point 1/2; no nElo */
    {0, 50, 0, 0.5, 0, 0, 0.5, 1, NA, NA},
    /* only wins: score 1 has no finite Elo; LOS = Phi(10 / sqrt 10) */
    {10, 0, 0, 1, NA, NA, 0.9992172989, 0, NA, NA},
    /* score 0.9 +- 0.186 leaves (0, 1): Elo exists, its interval does not */
    {9, 0, 1, 0.9, 381.6970038, NA, 0.9942939818, 0, 463.2474474, 215.33885},
    {1, 1, 1, 0.5, 0, 561.2043064, 0.5, 0.3333333333, 0, 393.1531521},
};

static void test_wdl_reference(void)
{
    for (size_t i = 0; i < sizeof wdl_cases / sizeof wdl_cases[0]; i++) {
        const WdlCase *c = &wdl_cases[i];
        StatsSummary s;
        char what[64];
        stats_from_wdl(c->w, c->d, c->l, &s);
        snprintf(what, sizeof what, "wdl %lld,%lld,%lld", (long long)c->w, (long long)c->d, (long long)c->l);
        CHECK(s.games == c->w + c->d + c->l && s.pairs == -1, "%s: games %lld pairs %lld", what, (long long)s.games,
              (long long)s.pairs);
        CHECK_NEAR(s.score, c->score, REF_TOL, what);
        CHECK_NEAR(s.elo, c->elo, REF_TOL, what);
        CHECK_NEAR(s.elo_error, c->elo_error, REF_TOL, what);
        CHECK_NEAR(s.los, c->los, REF_TOL, what);
        CHECK_NEAR(s.draw_ratio, c->draw_ratio, REF_TOL, what);
        CHECK_NEAR(s.nelo, c->nelo, REF_TOL, what);
        CHECK_NEAR(s.nelo_error, c->nelo_error, REF_TOL, what);
    }
}

static void test_wdl_by_hand(void)
{
    StatsSummary s;
    /*
     * W/D/L 100/200/100: N = 400, score 1/2, per-game variance
     * (100 * 1/4 + 200 * 0 + 100 * 1/4) / 400 = 1/8, se = sqrt(1/8 / 400)
     * = 0.0176776695; score bounds 1/2 -+ 1.959964 * se = 0.4653524 / 0.5346476,
     * Elo bounds -+400 log10(0.5346476 / 0.4653524) = -+24.11426 (error 24.11426);
     * nElo 0 +- 1.959964 / sqrt(400) * 800 / ln 10 = 34.048062; LOS Phi(0) = 1/2.
     */
    stats_from_wdl(100, 200, 100, &s);
    CHECK_NEAR(s.variance, 0.125, 1e-15, "100/200/100 variance");
    CHECK_NEAR(s.elo, 0.0, 1e-12, "100/200/100 elo");
    CHECK_NEAR(s.elo_low, -24.11426, 1e-6, "100/200/100 elo_low");
    CHECK_NEAR(s.elo_high, 24.11426, 1e-6, "100/200/100 elo_high");
    CHECK_NEAR(s.elo_error, 24.11426, 1e-6, "100/200/100 elo_error");
    CHECK_NEAR(s.nelo_error, 34.048062, 1e-7, "100/200/100 nelo_error");
    CHECK_NEAR(s.los, 0.5, 1e-15, "symmetric LOS");
    /* Symmetric with few draws: W = L gives Elo 0 and LOS 1/2 whatever D. */
    stats_from_wdl(37, 5, 37, &s);
    CHECK(s.elo == 0.0 && s.los == 0.5 && s.nelo == 0.0, "W = L: elo %g los %g nelo %g", s.elo, s.los, s.nelo);
    CHECK(!signbit(s.elo) && !signbit(s.nelo), "W = L: Elo is +0, not -0 (printed \"-0\")");
    /* 3 wins, 1 loss: LOS = Phi(2 / sqrt 4) = Phi(1) = 0.841344746068543 */
    stats_from_wdl(3, 0, 1, &s);
    CHECK_NEAR(s.los, 0.841344746068543, 1e-12, "LOS 3-1");
    /* only losses: the mirror of only wins */
    stats_from_wdl(0, 0, 10, &s);
    CHECK(s.score == 0.0 && !isfinite(s.elo) && !isfinite(s.elo_error) && !isfinite(s.nelo), "only losses");
    CHECK_NEAR(s.los, 1.0 - 0.9992172989, REF_TOL, "only losses LOS");
}

static void test_no_games(void)
{
    StatsSummary s;
    int64_t none[PENTA_CELLS] = {0};
    stats_from_wdl(0, 0, 0, &s);
    CHECK(s.games == 0 && s.pairs == -1, "no games: games %lld", (long long)s.games);
    double all[] = {s.score, s.variance, s.elo, s.elo_low, s.elo_high, s.elo_error, s.los, s.draw_ratio, s.nelo,
                    s.nelo_error};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK(isnan(all[i]), "no games: value %zu exists", i);
    stats_from_penta(none, &s);
    CHECK(s.games == 0 && s.pairs == 0 && isnan(s.score) && isnan(s.elo) && isnan(s.los) && isnan(s.nelo),
          "no pairs");
}

/* fastchess app/tests/elo_test.cpp, "EloWDL 1..3" (its Stats(W, L, D) order). */
static void test_wdl_fastchess(void)
{
    StatsSummary s;
    stats_from_wdl(76, 123, 89, &s);
    CHECK_NEAR(s.nelo, -20.76, 0.005 / 20.76, "fastchess EloWDL 1 nelo");
    CHECK_NEAR(s.nelo_error, 40.13, 0.005 / 40.13, "fastchess EloWDL 1 nelo error");
    stats_from_wdl(136, 111, 96, &s);
    CHECK_NEAR(s.elo, 40.70, 0.005 / 40.70, "fastchess EloWDL 2 elo");
    CHECK_NEAR(s.elo_error, 30.43, 0.005 / 30.43, "fastchess EloWDL 2 elo error");
    CHECK_NEAR(s.nelo, 49.77, 0.005 / 49.77, "fastchess EloWDL 2 nelo");
    CHECK_NEAR(s.nelo_error, 36.77, 0.005 / 36.77, "fastchess EloWDL 2 nelo error");
    stats_from_wdl(34, 0, 356, &s);
    CHECK_NEAR(s.nelo, -508.44, 0.005 / 508.44, "fastchess EloWDL 3 nelo");
    CHECK_NEAR(s.nelo_error, 34.48, 0.005 / 34.48, "fastchess EloWDL 3 nelo error");
}

typedef struct {
    int64_t p[PENTA_CELLS];
    double score, elo, elo_error, los, nelo, nelo_error;
} PentaCase;

/* python3 scripts/stats_reference.py, the "penta" lines. */
static const PentaCase penta_cases[] = {
    {{34, 54, 63, 64, 75}, 0.5793103448, 55.57978042, 27.65342951, 0.999970393, 57.93559994, 28.27537624},
    {{332, 433, 498, 333, 334}, 0.4875647668, -8.642667268, 10.33419442, 0.05047006698, -9.17291427, 10.96045888},
    /* only WW pairs: score 1, variance 0: LOS 1, no Elo, no nElo */
    {{0, 0, 0, 0, 104}, 1, NA, NA, 1, NA, NA},
    /* only WL+DD pairs: score exactly 1/2 with variance 0 */
    {{0, 0, 30, 0, 0}, 0.5, 0, 0, 0.5, NA, NA},
    /* zero LL and WW cells */
    {{0, 10, 30, 20, 0}, 0.5416666667, 29.02026686, 30.49671785, 0.969855413, 59.58471135, 62.16297149},
    {{10, 20, 40, 20, 10}, 0.5, 0, 37.44205974, 0.5, 0, 48.15123067},
};

static void test_penta_reference(void)
{
    for (size_t i = 0; i < sizeof penta_cases / sizeof penta_cases[0]; i++) {
        const PentaCase *c = &penta_cases[i];
        StatsSummary s;
        char what[80];
        int64_t pairs = 0;
        for (int k = 0; k < PENTA_CELLS; k++) pairs += c->p[k];
        stats_from_penta(c->p, &s);
        snprintf(what, sizeof what, "penta %lld,%lld,%lld,%lld,%lld", (long long)c->p[0], (long long)c->p[1],
                 (long long)c->p[2], (long long)c->p[3], (long long)c->p[4]);
        CHECK(s.pairs == pairs && s.games == 2 * pairs, "%s: pairs %lld games %lld", what, (long long)s.pairs,
              (long long)s.games);
        CHECK_NEAR(s.score, c->score, REF_TOL, what);
        CHECK_NEAR(s.elo, c->elo, REF_TOL, what);
        CHECK_NEAR(s.elo_error, c->elo_error, REF_TOL, what);
        CHECK_NEAR(s.los, c->los, REF_TOL, what);
        CHECK_NEAR(s.nelo, c->nelo, REF_TOL, what);
        CHECK_NEAR(s.nelo_error, c->nelo_error, REF_TOL, what);
        CHECK(isnan(s.draw_ratio), "%s: draw ratio should not exist", what);
    }
}

static void test_penta_by_hand(void)
{
    /*
     * LL 10, LD 20, WL+DD 40, WD 20, WW 10: 100 pairs, pair score 1/2,
     * pair variance (2 * 10 * 1/4 + 2 * 20 * 1/16) / 100 = 7.5 / 100 = 0.075,
     * per-game variance 2 * 0.075 = 0.15; nElo error = 1.959964 / sqrt(200 games)
     * * 347.4355855 = 48.151231 (independent of the variance, as in fastchess).
     */
    int64_t p[PENTA_CELLS] = {10, 20, 40, 20, 10};
    StatsSummary s;
    stats_from_penta(p, &s);
    CHECK_NEAR(s.variance, 0.075, 1e-15, "penta variance");
    CHECK_NEAR(s.nelo_error, 48.151231, 1e-7, "penta nelo error");
    CHECK(s.elo == 0.0 && s.los == 0.5, "symmetric penta: elo %g los %g", s.elo, s.los);
}

/* fastchess app/tests/elo_test.cpp, "EloPentanomial 1..3" (its Stats(LL, LD, WL, DD, WD, WW)). */
static void test_penta_fastchess(void)
{
    int64_t p1[PENTA_CELLS] = {34, 54, 31 + 32, 64, 75};
    int64_t p2[PENTA_CELLS] = {332, 433, 457 + 41, 333, 334};
    int64_t p3[PENTA_CELLS] = {7895, 8757, 5485 + 200, 568, 9999};
    StatsSummary s;
    stats_from_penta(p1, &s);
    CHECK_NEAR(s.elo, 55.58, 0.005 / 55.58, "fastchess EloPentanomial 1 elo");
    CHECK_NEAR(s.elo_error, 27.65, 0.005 / 27.65, "fastchess EloPentanomial 1 elo error");
    CHECK_NEAR(s.nelo, 57.94, 0.005 / 57.94, "fastchess EloPentanomial 1 nelo");
    CHECK_NEAR(s.nelo_error, 28.28, 0.005 / 28.28, "fastchess EloPentanomial 1 nelo error");
    CHECK(s.los > 0.99995, "fastchess EloPentanomial 1 LOS 100.00%%: %g", s.los);
    stats_from_penta(p2, &s);
    CHECK_NEAR(s.elo, -8.64, 0.005 / 8.64, "fastchess EloPentanomial 2 elo");
    CHECK_NEAR(s.elo_error, 10.33, 0.005 / 10.33, "fastchess EloPentanomial 2 elo error");
    CHECK_NEAR(s.nelo, -9.17, 0.005 / 9.17, "fastchess EloPentanomial 2 nelo");
    CHECK_NEAR(s.nelo_error, 10.96, 0.005 / 10.96, "fastchess EloPentanomial 2 nelo error");
    CHECK_NEAR(s.los, 0.0505, 0.00005 / 0.0505, "fastchess EloPentanomial 2 LOS 5.05%");
    stats_from_penta(p3, &s);
    CHECK_NEAR(s.elo, -21.04, 0.005 / 21.04, "fastchess EloPentanomial 3 elo");
    CHECK_NEAR(s.elo_error, 2.95, 0.005 / 2.95, "fastchess EloPentanomial 3 elo error");
    CHECK_NEAR(s.nelo, -19.01, 0.005 / 19.01, "fastchess EloPentanomial 3 nelo");
    CHECK_NEAR(s.nelo_error, 2.65, 0.005 / 2.65, "fastchess EloPentanomial 3 nelo error");
}

/* ------------------------------------------------------------------------ */
/* SPRT                                                                     */
/* ------------------------------------------------------------------------ */

typedef struct {
    bool penta;
    int64_t c[PENTA_CELLS]; /* W, D, L or LL, LD, WLDD, WD, WW */
    double elo0, elo1;
    SprtModel model;
    double llr;
    SprtVerdict verdict;
} SprtCase;

/*
 * python3 scripts/stats_reference.py, the "sprt" lines (alpha = beta = 0.05,
 * bounds -+2.944438979). The first five W/D/L and pentanomial rows are
 * fastchess's sprt_test.cpp cases; fastchess gives 0.92, 2.30, -1.57, -2.59,
 * 2.25, 3.01, -3.07, -4.98 for them, checked in test_sprt_fastchess. For its
 * degenerate "all draws" and "only WW" cases fastchess gives 2.97 and 2.94,
 * which its loosely converged iteration (stop at 1e-4) produces; the exact
 * MLE gives -3.4505 and 2.0950 (fishtest's iteration converges there too).
 * All draws must give LLR <= 0: its empirical t-value is exactly elo0's 0,
 * so the LLR is -N * KL(p^ || q1).
 */
static const SprtCase sprt_cases[] = {
    {false, {36433, 68692, 36027}, 0, 2, SPRT_NORMALIZED, 0.923293451, SPRT_CONTINUE},
    {false, {10871, 20431, 10650}, -1.75, 0.25, SPRT_NORMALIZED, 2.297500407, SPRT_CONTINUE},
    {false, {0, 16700, 0}, 0, 5, SPRT_NORMALIZED, -3.450539774, SPRT_H0},
    {false, {21404, 40708, 21184}, 0.5, 2.5, SPRT_LOGISTIC, -1.571888793, SPRT_CONTINUE},
    {false, {57433, 106593, 57030}, 0, 2, SPRT_LOGISTIC, -2.593024164, SPRT_CONTINUE},
    {false, {2400, 5000, 2000}, 0, 5, SPRT_LOGISTIC, 10.22471923, SPRT_H1},
    {false, {100, 50, 0}, 0, 5, SPRT_LOGISTIC, 2.143111954, SPRT_CONTINUE},
    {true, {365, 16618, 36229, 16974, 390}, 0, 2, SPRT_NORMALIZED, 2.250367704, SPRT_CONTINUE},
    {true, {127, 4883, 10712, 5150, 104}, -1.75, 0.25, SPRT_NORMALIZED, 3.010154197, SPRT_H1},
    {true, {0, 0, 0, 0, 104}, 0, 5, SPRT_NORMALIZED, 2.094954528, SPRT_CONTINUE},
    {true, {223, 9863, 21279, 10037, 246}, 0.5, 2.5, SPRT_LOGISTIC, -3.07412644, SPRT_H0},
    {true, {871, 26175, 55983, 26678, 821}, 0, 2, SPRT_LOGISTIC, -4.978672863, SPRT_H0},
    {true, {0, 300, 1000, 420, 0}, 0, 5, SPRT_NORMALIZED, 3.419907016, SPRT_H1},
    {true, {0, 300, 1000, 420, 0}, 0, 5, SPRT_LOGISTIC, 6.56719681, SPRT_H1},
    {true, {10, 20, 30, 20, 10}, 0, 5, SPRT_LOGISTIC, -0.02795319939, SPRT_CONTINUE},
};

static int run_case(const SprtCase *c, SprtResult *r)
{
    SprtParams p = {c->elo0, c->elo1, 0.05, 0.05, c->model};
    return c->penta ? stats_sprt_penta(&p, c->c, r) : stats_sprt_wdl(&p, c->c[0], c->c[1], c->c[2], r);
}

static void test_sprt_reference(void)
{
    for (size_t i = 0; i < sizeof sprt_cases / sizeof sprt_cases[0]; i++) {
        const SprtCase *c = &sprt_cases[i];
        SprtResult r;
        char what[64];
        snprintf(what, sizeof what, "sprt case %zu (%s)", i, c->model == SPRT_LOGISTIC ? "logistic" : "normalized");
        CHECK(run_case(c, &r) == 0, "%s: failed", what);
        CHECK_NEAR(r.llr, c->llr, REF_TOL, what);
        CHECK(r.verdict == c->verdict, "%s: verdict %s, expected %s", what, stats_verdict_name(r.verdict),
              stats_verdict_name(c->verdict));
        /* ln(0.05 / 0.95) = -2.944438979166440 */
        CHECK_NEAR(r.lower, -2.944438979166440, 1e-14, "lower bound");
        CHECK_NEAR(r.upper, 2.944438979166440, 1e-14, "upper bound");
    }
}

/* fastchess app/tests/sprt_test.cpp: its published LLRs (to 1%). */
static void test_sprt_fastchess(void)
{
    static const double published[] = {0.92, 2.30, NA, -1.57, -2.59, NA, NA, 2.25, 3.01, NA, -3.07, -4.98};
    for (size_t i = 0; i < sizeof published / sizeof published[0]; i++) {
        SprtResult r;
        if (isnan(published[i])) continue;
        run_case(&sprt_cases[i], &r);
        CHECK(fabs(r.llr - published[i]) <= 0.01 * fabs(published[i]), "fastchess case %zu: llr %g, published %g", i,
              r.llr, published[i]);
    }
}

static void test_sprt_edges(void)
{
    SprtParams p = {0, 5, 0.05, 0.05, SPRT_NORMALIZED};
    SprtResult r;
    int64_t none[PENTA_CELLS] = {0}, some[PENTA_CELLS] = {1, 2, 3, 2, 1};
    char err[128];
    /* No results: LLR 0 by definition, continue. */
    CHECK(stats_sprt_penta(&p, none, &r) == 0 && r.llr == 0.0 && r.verdict == SPRT_CONTINUE, "no pairs: llr %g", r.llr);
    CHECK(stats_sprt_wdl(&p, 0, 0, 0, &r) == 0 && r.llr == 0.0, "no games: llr %g", r.llr);
    /* alpha 0.1, beta 0.2: ln(0.2 / 0.9) = -1.504077396776274, ln(0.8 / 0.1) = 2.079441541679836 */
    p.alpha = 0.1, p.beta = 0.2;
    CHECK(stats_sprt_wdl(&p, 5, 5, 5, &r) == 0, "alpha 0.1 beta 0.2");
    CHECK_NEAR(r.lower, -1.504077396776274, 1e-14, "lower bound 0.1/0.2");
    CHECK_NEAR(r.upper, 2.079441541679836, 1e-14, "upper bound 0.1/0.2");
    /* Swapping the hypotheses negates the LLR. */
    SprtParams a = {-1, 3, 0.05, 0.05, SPRT_LOGISTIC}, b = {3, -1, 0.05, 0.05, SPRT_LOGISTIC};
    SprtResult ra, rb;
    stats_sprt_penta(&a, some, &ra);
    stats_sprt_penta(&b, some, &rb);
    CHECK(fabs(ra.llr + rb.llr) < 1e-12, "swapped hypotheses: %g vs %g", ra.llr, rb.llr);
    /* A normalized bound too far from 0 has no MLE: an error, not a NaN verdict. */
    SprtParams far = {0, 1000, 0.05, 0.05, SPRT_NORMALIZED};
    CHECK(stats_sprt_penta(&far, some, &r) == -1 && r.verdict == SPRT_CONTINUE, "normalized 0..1000 fails");
    SprtParams huge = {0, 1e6, 0.05, 0.05, SPRT_LOGISTIC};
    CHECK(stats_sprt_penta(&huge, some, &r) == -1, "logistic 0..1e6 (score rounds to 1) fails");
    /* Parameter checks. */
    SprtParams bad[] = {{2, 1, 0.05, 0.05, SPRT_LOGISTIC}, {0, 1, 0, 0.05, SPRT_LOGISTIC},
                        {0, 1, 0.05, 1, SPRT_LOGISTIC},   {0, 1, 0.6, 0.5, SPRT_LOGISTIC},
                        {NAN, 1, 0.05, 0.05, SPRT_LOGISTIC}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(stats_sprt_check(&bad[i], err, sizeof err) == -1 && err[0], "bad sprt params %zu accepted", i);
    SprtParams good = {-3, 1, 0.05, 0.05, SPRT_LOGISTIC};
    CHECK(stats_sprt_check(&good, err, sizeof err) == 0, "good sprt params rejected: %s", err);
}

int main(void)
{
    test_basic_functions();
    test_wdl_reference();
    test_wdl_by_hand();
    test_no_games();
    test_wdl_fastchess();
    test_penta_reference();
    test_penta_by_hand();
    test_penta_fastchess();
    test_sprt_reference();
    test_sprt_fastchess();
    test_sprt_edges();
    return TEST_REPORT();
}
