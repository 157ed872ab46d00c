/*
 * stats/stats.c - match statistics and the GSPRT (see stats/stats.h).
 *
 *   Part I    normal distribution and the logistic Elo scale
 *   Part II   score, Elo, LOS, nElo from W/D/L or pentanomial counts
 *   Part III  the GSPRT log-likelihood ratio (fishtest's MLE method)
 * (`qibench stats`, the command, is stats/stats_cmd.c.)
 *
 * Sources of the formulas (read for their mathematics; no code is taken):
 *   [FT]  fishtest, server/fishtest/stats/LLRcalc.py and stat_util.py
 *         (official-stockfish/fishtest): regularize, results_to_pdf,
 *         MLE_expected, MLE_t_value, LLR_logistic, LLR_normalized, get_elo.
 *   [VdB] Michel Van den Bergh, "Comments on normalized Elo"
 *         (cantate.be/Fishtest/normalized_elo_practical.pdf), section 4.1, and
 *         "Support of the MLE for multinomial distributions"
 *         (cantate.be/Fishtest/support_MLE_multinomial.pdf), proposition 1.1.
 *   [FC]  fastchess, app/src/matchmaking/elo/elo_wdl.cpp, elo_pentanomial.cpp
 *         and sprt/sprt.cpp (Disservin/fastchess): the Elo interval maps the
 *         score interval through the Elo function; nElo and its interval.
 *   [CC]  cutechess, projects/lib/src/elo.cpp (cutechess/cutechess): LOS =
 *         1/2 + erf((W - L) / sqrt(2 (W + L))) / 2 = Phi((W - L) / sqrt(W + L)),
 *         and errorMargin, which also maps the score bounds.
 */
#include "stats/stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "results/json.h"

#define LN10 2.302585092994045684
#define SQRT2 1.414213562373095049
/* 800 / ln 10: normalized Elo per unit of t = (score - 1/2) / sigma [FT]. */
#define NELO_PER_T (800.0 / LN10)
/* A zero cell counts as this many results in the GSPRT [FT regularize]. */
#define SPRT_REGULARIZE 1e-3
/* The t-value MLE iteration: stop when no probability moves more than this. */
#define MLE_TOLERANCE 1e-13
#define MLE_MAX_ITERATIONS 1000
/* The t-value MLE must reproduce the requested t to this accuracy. */
#define MLE_T_CHECK 1e-6
/* Enough halvings to reach adjacent doubles from any interval of finite doubles. */
#define BISECTION_MAX_STEPS 2200

/* Counts by cell, cell i scoring i / (cells - 1): L, D, W or the pentanomial. */
typedef struct {
    int cells;
    double count[PENTA_CELLS];
} Outcomes;

static double cell_score(int cells, int i)
{
    return (double)i / (cells - 1);
}

static Outcomes outcomes_wdl(int64_t wins, int64_t draws, int64_t losses)
{
    Outcomes o = {3, {(double)losses, (double)draws, (double)wins, 0, 0}};
    return o;
}

static Outcomes outcomes_penta(const int64_t penta[PENTA_CELLS])
{
    Outcomes o = {PENTA_CELLS, {0}};
    for (int i = 0; i < PENTA_CELLS; i++) o.count[i] = (double)penta[i];
    return o;
}

/* ================================================================ */
/* Part I: normal distribution and the logistic Elo scale            */
/* ================================================================ */

/* Phi(x) = erfc(-x / sqrt 2) / 2, accurate in both tails. */
double stats_normal_cdf(double x)
{
    return 0.5 * erfc(-x / SQRT2);
}

/*
 * The logistic model: score = 1 / (1 + 10^(-elo/400)), inverted [FT elo, L]:
 * -400 log10(1/score - 1), written as 400 log10(score / (1 - score)) so that
 * a score of 1/2 gives +0, not -0.
 */
double stats_score_to_elo(double score)
{
    if (!(score > 0.0 && score < 1.0)) return NAN;
    return 400.0 * log10(score / (1.0 - score));
}

double stats_elo_to_score(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* ================================================================ */
/* Part II: score, Elo, LOS, nElo                                    */
/* ================================================================ */

/* Mean and variance of the cell scores weighted by w (which sums to total). */
static void weighted_mean_var(const double *w, int cells, double total, double *mean, double *var)
{
    double m = 0.0, v = 0.0;
    for (int i = 0; i < cells; i++) m += w[i] * cell_score(cells, i);
    m /= total;
    for (int i = 0; i < cells; i++) {
        double d = cell_score(cells, i) - m;
        v += w[i] * d * d;
    }
    *mean = m;
    *var = v / total;
}

static void summary_clear(StatsSummary *s)
{
    s->score = s->variance = s->elo = s->elo_low = s->elo_high = s->elo_error = NAN;
    s->los = s->draw_ratio = s->nelo = s->nelo_error = NAN;
}

/*
 * Everything but the W/D/L-only values, from n samples (games or pairs).
 * Choice: the raw counts are used, neither regularized nor clamped (fishtest's
 * get_elo does both), so a score of 0 or 1 has no Elo rather than +-1200.
 *   score mu = sum c_i a_i / n, var = sum c_i (a_i - mu)^2 / n, se = sqrt(var / n);
 *   Elo = elo(mu), interval [elo(mu - z se), elo(mu + z se)], error its
 *     half-width: the score bounds mapped through the Elo function [FC, FT get_elo];
 *     no error when a bound leaves (0, 1) (the interval reaches infinite Elo);
 *   LOS = Phi((mu - 1/2) / se) [FT get_elo, FC]; 1, 0 or 1/2 when se = 0;
 *   per-game variance = var (W/D/L) or 2 var (a pair's mean of two games);
 *   nElo = (mu - 1/2) / sqrt(per-game variance) * 800 / ln 10 [FC, FT],
 *     error = z se / sqrt(per-game variance) * 800 / ln 10 (the score bounds
 *     mapped with the variance held fixed, as [FC] does); none when var = 0.
 */
static void summarize(const Outcomes *o, StatsSummary *s)
{
    double n = 0.0;
    for (int i = 0; i < o->cells; i++) n += o->count[i];
    summary_clear(s);
    if (n <= 0.0) return;
    weighted_mean_var(o->count, o->cells, n, &s->score, &s->variance);
    double se = sqrt(s->variance / n);
    s->elo = stats_score_to_elo(s->score);
    s->elo_low = stats_score_to_elo(s->score - STATS_Z95 * se);
    s->elo_high = stats_score_to_elo(s->score + STATS_Z95 * se);
    if (isfinite(s->elo_low) && isfinite(s->elo_high)) s->elo_error = (s->elo_high - s->elo_low) / 2.0;
    if (se > 0.0) s->los = stats_normal_cdf((s->score - 0.5) / se);
    else s->los = s->score > 0.5 ? 1.0 : s->score < 0.5 ? 0.0 : 0.5;
    double var_game = o->cells == 3 ? s->variance : 2.0 * s->variance;
    if (var_game > 0.0) {
        s->nelo = (s->score - 0.5) / sqrt(var_game) * NELO_PER_T;
        s->nelo_error = STATS_Z95 * se / sqrt(var_game) * NELO_PER_T;
    }
}

/*
 * W/D/L: the trinomial summary, with LOS by the usual normal approximation
 * LOS = Phi((W - L) / sqrt(W + L)) [CC] (1/2 without a decisive game), and
 * draw ratio D / N.
 */
void stats_from_wdl(int64_t wins, int64_t draws, int64_t losses, StatsSummary *out)
{
    Outcomes o = outcomes_wdl(wins, draws, losses);
    summarize(&o, out);
    out->games = wins + draws + losses;
    out->pairs = -1;
    if (out->games == 0) return;
    double decisive = (double)(wins + losses);
    out->los = decisive > 0 ? stats_normal_cdf((double)(wins - losses) / sqrt(decisive)) : 0.5;
    out->draw_ratio = (double)draws / (double)out->games;
}

void stats_from_penta(const int64_t penta[PENTA_CELLS], StatsSummary *out)
{
    Outcomes o = outcomes_penta(penta);
    summarize(&o, out);
    out->pairs = 0;
    for (int i = 0; i < PENTA_CELLS; i++) out->pairs += penta[i];
    out->games = 2 * out->pairs;
}

/* ================================================================ */
/* Part III: the GSPRT                                               */
/* ================================================================ */
/*
 * The generalized SPRT of fishtest [FT]: with the empirical distribution
 * p^ of the results (zero cells replaced by 1e-3 results, then normalized:
 * regularize / results_to_pdf) and N the regularized number of samples,
 *   LLR = N * sum_i p^_i (ln q1_i - ln q0_i),
 * where qk is the maximum-likelihood distribution on the same cells under
 * the hypothesis k:
 *   logistic:   expected score sk = 1 / (1 + 10^(-elok/400)) (the same for a
 *               game and for a pair's mean); q_i = p^_i / (1 + x (a_i - sk))
 *               with x the root of sum_i p^_i (a_i - sk) / (1 + x (a_i - sk)) = 0
 *               ([VdB] proposition 1.1; [FT] MLE_expected);
 *   normalized: t-value (mu - 1/2) / sigma = tk, tk = nelok / (800 / ln 10),
 *               times sqrt 2 for pairs (a pair's sigma is the game's over
 *               sqrt 2); fixed-point iteration from the uniform distribution:
 *               phi_i = a_i - 1/2 - tk sigma (1 + ((mu - a_i) / sigma)^2) / 2
 *               with mu, sigma of the current q, then q_i = p^_i / (1 + x phi_i)
 *               with x the root of sum_i p^_i phi_i / (1 + x phi_i) = 0
 *               ([VdB] section 4.1; [FT] MLE_t_value).
 * Bounds lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha); the
 * test accepts H1 above upper, H0 below lower [FT update_SPRT; without its
 * dynamic overshoot correction, which needs the history of the test].
 * Choice: with no results at all the LLR is 0 (fishtest would give a few
 * 1e-5 from the regularization alone).
 */

/* The regularized empirical distribution; returns the regularized total N. */
static double regularized_pdf(const Outcomes *o, double *p)
{
    double n = 0.0;
    for (int i = 0; i < o->cells; i++) {
        p[i] = o->count[i] > 0.0 ? o->count[i] : SPRT_REGULARIZE;
        n += p[i];
    }
    for (int i = 0; i < o->cells; i++) p[i] /= n;
    return n;
}

static double secular_sum(const double *p, const double *b, int n, double x)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++) sum += p[i] * b[i] / (1.0 + x * b[i]);
    return sum;
}

/*
 * Solves sum_i p_i b_i / (1 + x b_i) = 0 (all p_i > 0) for x with every
 * 1 + x b_i > 0, i.e. -1/max b < x < -1/min b. The sum falls strictly from
 * +inf to -inf on that interval, so bisection finds the one root, to the
 * last bit. Returns false when the b_i do not have both signs (no root).
 */
static bool solve_secular(const double *p, const double *b, int n, double *x)
{
    double bmin = b[0], bmax = b[0];
    for (int i = 1; i < n; i++) {
        bmin = fmin(bmin, b[i]);
        bmax = fmax(bmax, b[i]);
    }
    if (!(bmin < 0.0 && bmax > 0.0)) return false;
    double lo = -1.0 / bmax, hi = -1.0 / bmin, mid = 0.0;
    for (int step = 0; step < BISECTION_MAX_STEPS; step++) {
        mid = lo + (hi - lo) / 2.0;
        if (mid <= lo || mid >= hi) break;
        if (secular_sum(p, b, n, mid) > 0.0) lo = mid;
        else hi = mid;
    }
    *x = mid;
    return true;
}

/* The MLE q with expected score s, given p^ ([VdB] prop. 1.1). */
static bool mle_expected(const double *phat, int cells, double s, double *q)
{
    double b[PENTA_CELLS] = {0}, x;
    for (int i = 0; i < cells; i++) b[i] = cell_score(cells, i) - s;
    if (!solve_secular(phat, b, cells, &x)) return false;
    for (int i = 0; i < cells; i++) q[i] = phat[i] / (1.0 + x * b[i]);
    return true;
}

/* One step of the t-value iteration: q from phi of the current q. */
static bool t_value_step(const double *phat, int cells, double t, double *q, double *change)
{
    double mu, var, phi[PENTA_CELLS], x;
    weighted_mean_var(q, cells, 1.0, &mu, &var);
    double sigma = sqrt(var);
    for (int i = 0; i < cells; i++) {
        double z = (mu - cell_score(cells, i)) / sigma;
        phi[i] = cell_score(cells, i) - 0.5 - t * sigma * (1.0 + z * z) / 2.0;
    }
    if (!solve_secular(phat, phi, cells, &x)) return false;
    *change = 0.0;
    for (int i = 0; i < cells; i++) {
        double next = phat[i] / (1.0 + x * phi[i]);
        *change = fmax(*change, fabs(next - q[i]));
        q[i] = next;
    }
    return true;
}

/* The MLE q with t-value (mu - 1/2) / sigma = t, given p^ ([VdB] 4.1). */
static bool mle_t_value(const double *phat, int cells, double t, double *q)
{
    double change = 1.0, mu, var;
    for (int i = 0; i < cells; i++) q[i] = 1.0 / cells;
    for (int it = 0; it < MLE_MAX_ITERATIONS && change >= MLE_TOLERANCE; it++)
        if (!t_value_step(phat, cells, t, q, &change)) return false;
    weighted_mean_var(q, cells, 1.0, &mu, &var);
    return var > 0.0 && fabs((mu - 0.5) / sqrt(var) - t) < MLE_T_CHECK;
}

/* The MLE under the hypothesis "Elo = elo" of the model. */
static bool mle_for(const SprtParams *p, const double *phat, int cells, double elo, double *q)
{
    if (p->model == SPRT_LOGISTIC) {
        double s = stats_elo_to_score(elo);
        return s > 0.0 && s < 1.0 && mle_expected(phat, cells, s, q);
    }
    double t = elo / NELO_PER_T * (cells == PENTA_CELLS ? SQRT2 : 1.0);
    return mle_t_value(phat, cells, t, q);
}

static int sprt_run(const SprtParams *p, const Outcomes *o, SprtResult *out)
{
    double phat[PENTA_CELLS], q0[PENTA_CELLS], q1[PENTA_CELLS], total = 0.0;
    out->lower = log(p->beta / (1.0 - p->alpha));
    out->upper = log((1.0 - p->beta) / p->alpha);
    out->verdict = SPRT_CONTINUE;
    out->llr = 0.0;
    for (int i = 0; i < o->cells; i++) total += o->count[i];
    if (total == 0.0) return 0;
    double n = regularized_pdf(o, phat);
    if (!mle_for(p, phat, o->cells, p->elo0, q0) || !mle_for(p, phat, o->cells, p->elo1, q1)) {
        out->llr = NAN;
        return -1;
    }
    double llr = 0.0;
    for (int i = 0; i < o->cells; i++) llr += phat[i] * (log(q1[i]) - log(q0[i]));
    out->llr = n * llr;
    if (out->llr > out->upper) out->verdict = SPRT_H1;
    else if (out->llr < out->lower) out->verdict = SPRT_H0;
    return 0;
}

int stats_sprt_check(const SprtParams *p, char *err, size_t errlen)
{
    const char *why = NULL;
    if (!isfinite(p->elo0) || !isfinite(p->elo1)) why = "elo0 and elo1 must be finite numbers";
    else if (!(p->elo0 < p->elo1)) why = "elo0 must be less than elo1";
    else if (!(p->alpha > 0.0 && p->alpha < 1.0)) why = "alpha must be between 0 and 1";
    else if (!(p->beta > 0.0 && p->beta < 1.0)) why = "beta must be between 0 and 1";
    else if (!(p->alpha + p->beta < 1.0)) why = "alpha + beta must be less than 1";
    if (why) snprintf(err, errlen, "%s", why);
    return why ? -1 : 0;
}

int stats_sprt_wdl(const SprtParams *p, int64_t wins, int64_t draws, int64_t losses, SprtResult *out)
{
    Outcomes o = outcomes_wdl(wins, draws, losses);
    return sprt_run(p, &o, out);
}

int stats_sprt_penta(const SprtParams *p, const int64_t penta[PENTA_CELLS], SprtResult *out)
{
    Outcomes o = outcomes_penta(penta);
    return sprt_run(p, &o, out);
}

const char *stats_verdict_name(SprtVerdict v)
{
    return v == SPRT_H0 ? "H0" : v == SPRT_H1 ? "H1" : "continue";
}

const char *stats_model_name(SprtModel m)
{
    return m == SPRT_LOGISTIC ? "logistic" : "normalized";
}

void stats_json_sprt_params(Json *j, const SprtParams *p)
{
    json_double(j, "elo0", p->elo0);
    json_double(j, "elo1", p->elo1);
    json_double(j, "alpha", p->alpha);
    json_double(j, "beta", p->beta);
    json_string(j, "model", stats_model_name(p->model));
}
