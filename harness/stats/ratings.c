/*
 * stats/ratings.c - maximum-likelihood Elo of many engines (see stats/ratings.h for
 * the model, the iteration and the intervals, with their sources).
 */
#include "stats/ratings.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* The fit stops when no rating moves by more than this (Elo). */
#define RATINGS_TOLERANCE 1e-10
/* MM rounds before Newton's method takes over (MM alone is slow for wide
 * rating spans: 360,000 rounds for a chain of 64 engines), Newton steps at most. */
#define RATINGS_MM_ROUNDS 200
#define RATINGS_NEWTON_STEPS 200
/* No Newton step moves a rating by more than this (Elo). */
#define RATINGS_MAX_STEP 400.0
#define LN10 2.30258509299404568402
#define SQRT2 1.41421356237309504880
#define ELO_K (LN10 / 400.0) /* d E / d r = ELO_K * E (1 - E) */

void ratings_games_init(RatingGames *g) { memset(g, 0, sizeof *g); }

void ratings_games_free(RatingGames *g)
{
    if (!g) return;
    free(g->name);
    free(g->wdl);
    memset(g, 0, sizeof *g);
}

/* Makes room for cap engines (the wdl square copied into its new size). */
static int grow(RatingGames *g, int cap)
{
    char(*name)[RATINGS_NAME_BYTES] = realloc(g->name, (size_t)cap * sizeof *name);
    if (!name) return -1;
    g->name = name;
    int64_t *wdl = calloc((size_t)cap * (size_t)cap * 3, sizeof *wdl);
    if (!wdl) return -1;
    for (int i = 0; i < g->count; i++)
        memcpy(&wdl[(size_t)i * (size_t)cap * 3], &g->wdl[(size_t)i * (size_t)g->cap * 3],
               (size_t)g->count * 3 * sizeof *wdl);
    free(g->wdl);
    g->wdl = wdl;
    g->cap = cap;
    return 0;
}

int ratings_engine(RatingGames *g, const char *name)
{
    for (int i = 0; i < g->count; i++)
        if (strncmp(g->name[i], name, RATINGS_NAME_BYTES - 1) == 0) return i;
    if (g->count == RATINGS_MAX_ENGINES) return -1;
    if (g->count == g->cap && grow(g, g->cap ? 2 * g->cap : 8)) return -1;
    snprintf(g->name[g->count], RATINGS_NAME_BYTES, "%s", name);
    return g->count++;
}

static int64_t *cell(const RatingGames *g, int i, int j) { return &g->wdl[((size_t)i * (size_t)g->cap + (size_t)j) * 3]; }

void ratings_add_game(RatingGames *g, int first, int second, int points2)
{
    int k = points2 == 2 ? 0 : points2 == 1 ? 1 : 2;
    cell(g, first, second)[k]++;
    cell(g, second, first)[2 - k]++;
}

int64_t ratings_count(const RatingGames *g, int i, int j, int k) { return cell(g, i, j)[k]; }

static int64_t games_between(const RatingGames *g, int i, int j)
{
    const int64_t *c = cell(g, i, j);
    return c[0] + c[1] + c[2];
}

int64_t ratings_games_of(const RatingGames *g, int i)
{
    int64_t n = 0;
    for (int j = 0; j < g->count; j++) n += games_between(g, i, j);
    return n;
}

double ratings_points_of(const RatingGames *g, int i)
{
    double s = 0;
    for (int j = 0; j < g->count; j++) s += (double)cell(g, i, j)[0] + 0.5 * (double)cell(g, i, j)[1];
    return s;
}

void ratings_fit_free(RatingFit *fit)
{
    if (!fit) return;
    free(fit->elo);
    free(fit->low);
    free(fit->high);
    free(fit->cov);
    free(fit->los);
    memset(fit, 0, sizeof *fit);
}

/* ------------------------------------------------------------------------ */
/* Does the maximum exist?                                                  */
/* ------------------------------------------------------------------------ */

/* "A, B and C" of the engines with in[i] set, into out. */
static void name_group(const RatingGames *g, const bool *in, char *out, size_t len)
{
    int total = 0, done = 0;
    for (int i = 0; i < g->count; i++) total += in[i];
    out[0] = '\0';
    for (int i = 0; i < g->count; i++) {
        if (!in[i]) continue;
        size_t used = strlen(out);
        const char *sep = done == 0 ? "" : done == total - 1 ? " and " : ", ";
        snprintf(out + used, len - used, "%s%s", sep, g->name[i]);
        done++;
    }
}

/* 0 when every engine reaches every other by "scored against" edges;
 * otherwise -1 with err naming the smallest closed group. */
static int check_connected(const RatingGames *g, char *err, size_t errlen)
{
    int n = g->count, best = -1, best_size = n;
    bool *reach = calloc((size_t)n * (size_t)n, sizeof *reach);
    if (!reach) return util_fail(err, errlen, "out of memory");
    for (int i = 0; i < n; i++) {
        reach[i * n + i] = true;
        for (int j = 0; j < n; j++)
            if (cell(g, i, j)[0] + cell(g, i, j)[1] > 0) reach[i * n + j] = true;
    }
    for (int m = 0; m < n; m++) /* Warshall's transitive closure */
        for (int i = 0; i < n; i++)
            if (reach[i * n + m])
                for (int j = 0; j < n; j++) reach[i * n + j] |= reach[m * n + j];
    for (int i = 0; i < n; i++) {
        int size = 0;
        for (int j = 0; j < n; j++) size += reach[i * n + j];
        if (size < best_size) best = i, best_size = size;
    }
    if (best < 0) return free(reach), 0;
    bool *in = &reach[best * n];
    int64_t across = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (in[i] && !in[j]) across += games_between(g, i, j);
    char names[1024];
    name_group(g, in, names, sizeof names);
    free(reach);
    if (across == 0)
        return util_fail(err, errlen, "%s played no game against the other engines: their ratings cannot be compared",
                         names);
    return util_fail(err, errlen,
                     "%s scored no point in %lld game%s against the other engines: the maximum-likelihood "
                     "ratings do not exist (they would be infinitely far apart)",
                     names, (long long)across, across == 1 ? "" : "s");
}

/* ------------------------------------------------------------------------ */
/* The fit                                                                  */
/* ------------------------------------------------------------------------ */

/* Hunter's MM iteration on gamma = 10^(elo/400), normalized to a geometric
 * mean of 1 each round, from all ratings equal, for at most
 * RATINGS_MM_ROUNDS rounds. Returns the rounds, negated when it has not
 * converged yet; 0 when out of memory. */
static int mm_iterate(const RatingGames *g, double *elo)
{
    int n = g->count;
    double *gamma = malloc((size_t)n * sizeof *gamma), *next = malloc((size_t)n * sizeof *next);
    int it = 0;
    if (!gamma || !next) goto done;
    for (int i = 0; i < n; i++) gamma[i] = 1.0;
    for (int round = 1; round <= RATINGS_MM_ROUNDS; round++) {
        double log_mean = 0, moved = 0;
        for (int i = 0; i < n; i++) {
            double denom = 0;
            for (int j = 0; j < n; j++)
                if (j != i) denom += (double)games_between(g, i, j) / (gamma[i] + gamma[j]);
            next[i] = ratings_points_of(g, i) / denom;
            log_mean += log10(next[i]) / n;
        }
        for (int i = 0; i < n; i++) {
            double e = 400.0 * (log10(next[i]) - log_mean);
            moved = fmax(moved, fabs(e - 400.0 * log10(gamma[i])));
            gamma[i] = pow(10.0, e / 400.0);
            elo[i] = e;
        }
        it = -round;
        if (moved < RATINGS_TOLERANCE) {
            it = round;
            break;
        }
    }
done:
    free(gamma);
    free(next);
    return it;
}

/* Inverts the n x n matrix a in place (Gauss-Jordan, partial pivoting).
 * Returns 0, or -1 when it is singular or memory runs out. */
static int invert(double *a, int n)
{
    double *b = calloc((size_t)n * (size_t)n, sizeof *b);
    if (!b) return -1;
    for (int i = 0; i < n; i++) b[i * n + i] = 1;
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[piv * n + c])) piv = r;
        if (a[piv * n + c] == 0) return free(b), -1;
        for (int k = 0; k < n; k++) {
            double t = a[c * n + k];
            a[c * n + k] = a[piv * n + k], a[piv * n + k] = t;
            t = b[c * n + k];
            b[c * n + k] = b[piv * n + k], b[piv * n + k] = t;
        }
        double d = a[c * n + c];
        for (int k = 0; k < n; k++) a[c * n + k] /= d, b[c * n + k] /= d;
        for (int r = 0; r < n; r++) {
            if (r == c || a[r * n + c] == 0) continue;
            double f = a[r * n + c];
            for (int k = 0; k < n; k++) a[r * n + k] -= f * a[c * n + k], b[r * n + k] -= f * b[c * n + k];
        }
    }
    memcpy(a, b, (size_t)n * (size_t)n * sizeof *a);
    free(b);
    return 0;
}

/* cov = the pseudo-inverse of the Fisher information L at elo (a Laplacian:
 * L 1 = 0), as (L + c J/n)^-1 - J/(c n) with c = trace(L)/n. */
static int covariance(const RatingGames *g, const double *elo, double *cov)
{
    int n = g->count;
    double trace = 0;
    memset(cov, 0, (size_t)n * (size_t)n * sizeof *cov);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j) continue;
            double e = 1.0 / (1.0 + pow(10.0, (elo[j] - elo[i]) / 400.0));
            double w = ELO_K * ELO_K * (double)games_between(g, i, j) * e * (1 - e);
            cov[i * n + j] -= w;
            cov[i * n + i] += w;
            trace += w;
        }
    double c = trace / n;
    for (int k = 0; k < n * n; k++) cov[k] += c / n;
    if (invert(cov, n)) return -1;
    for (int k = 0; k < n * n; k++) cov[k] -= 1.0 / (c * n);
    return 0;
}

/* The log-likelihood of the games at elo (draws as half a win and half a loss). */
static double log_likelihood(const RatingGames *g, const double *elo)
{
    double ll = 0;
    for (int i = 0; i < g->count; i++)
        for (int j = 0; j < g->count; j++) {
            if (i == j) continue;
            double points = (double)cell(g, i, j)[0] + 0.5 * (double)cell(g, i, j)[1];
            ll += points * -log1p(pow(10.0, (elo[j] - elo[i]) / 400.0));
        }
    return ll;
}

/* Newton's method from elo: step = P grad (P the pseudo-inverse of the
 * information, which keeps the sum of the ratings), halved until the
 * likelihood does not fall (and cut to RATINGS_MAX_STEP). Returns the steps, or -1 if it did not converge
 * (or memory ran out). cov is n * n scratch. */
static int newton_iterate(const RatingGames *g, double *elo, double *cov)
{
    int n = g->count;
    double *grad = malloc((size_t)n * sizeof *grad), *step = malloc((size_t)n * sizeof *step);
    double *trial = malloc((size_t)n * sizeof *trial);
    int result = -1;
    for (int it = 1; grad && step && trial && it <= RATINGS_NEWTON_STEPS; it++) {
        if (covariance(g, elo, cov)) break;
        for (int i = 0; i < n; i++) {
            grad[i] = 0;
            for (int j = 0; j < n; j++) {
                if (i == j) continue;
                double e = 1.0 / (1.0 + pow(10.0, (elo[j] - elo[i]) / 400.0));
                grad[i] += ELO_K * ((double)cell(g, i, j)[0] + 0.5 * (double)cell(g, i, j)[1]
                                    - (double)games_between(g, i, j) * e);
            }
        }
        double moved = 0, ll = log_likelihood(g, elo), t = 1;
        for (int i = 0; i < n; i++) {
            step[i] = 0;
            for (int j = 0; j < n; j++) step[i] += cov[i * n + j] * grad[j];
            moved = fmax(moved, fabs(step[i]));
        }
        if (moved > RATINGS_MAX_STEP) t = RATINGS_MAX_STEP / moved; /* far from the maximum: a trust region */
        for (; t > 1e-9; t /= 2) {
            for (int i = 0; i < n; i++) trial[i] = elo[i] + t * step[i];
            if (log_likelihood(g, trial) >= ll) break;
        }
        if (t <= 1e-9) { /* no step uphill: at the maximum to rounding */
            result = moved < 1e-6 ? it : -1;
            break;
        }
        memcpy(elo, trial, (size_t)n * sizeof *elo);
        if (t * moved < RATINGS_TOLERANCE) {
            result = it;
            break;
        }
    }
    free(grad);
    free(step);
    free(trial);
    return result;
}

static double rel_var(const double *cov, int n, int i, int j)
{
    double v = cov[i * n + i] + cov[j * n + j] - 2 * cov[i * n + j];
    return v > 0 ? v : 0;
}

int ratings_fit(const RatingGames *g, int anchor, RatingFit *fit, char *err, size_t errlen)
{
    int n = g->count;
    memset(fit, 0, sizeof *fit);
    if (n < 2) return util_fail(err, errlen, "ratings need games between at least two engines");
    for (int i = 0; i < n; i++)
        if (ratings_games_of(g, i) == 0) return util_fail(err, errlen, "%s has no games", g->name[i]);
    if (check_connected(g, err, errlen)) return -1;
    fit->count = n;
    fit->elo = calloc((size_t)n, sizeof *fit->elo);
    fit->low = calloc((size_t)n, sizeof *fit->low);
    fit->high = calloc((size_t)n, sizeof *fit->high);
    fit->cov = calloc((size_t)n * (size_t)n, sizeof *fit->cov);
    fit->los = calloc((size_t)n * (size_t)n, sizeof *fit->los);
    if (!fit->elo || !fit->low || !fit->high || !fit->cov || !fit->los)
        return ratings_fit_free(fit), util_fail(err, errlen, "out of memory");
    int mm = mm_iterate(g, fit->elo), newton = mm < 0 ? newton_iterate(g, fit->elo, fit->cov) : 0;
    if (mm == 0 || newton < 0)
        return ratings_fit_free(fit), util_fail(err, errlen, "the ratings did not converge (%d MM rounds, %d Newton "
                                                "steps)", RATINGS_MM_ROUNDS, RATINGS_NEWTON_STEPS);
    fit->iterations = (mm < 0 ? -mm : mm) + newton;
    if (covariance(g, fit->elo, fit->cov))
        return ratings_fit_free(fit), util_fail(err, errlen, "the information matrix is singular");
    double shift = 0;
    if (anchor >= 0) shift = fit->elo[anchor];
    else
        for (int i = 0; i < n; i++) shift += fit->elo[i] / n;
    for (int i = 0; i < n; i++) {
        fit->elo[i] -= shift;
        if (fabs(fit->elo[i]) < 1e-9) fit->elo[i] = 0; /* no "-0.0" for the anchor or a tie */
        double sd = anchor >= 0 ? sqrt(rel_var(fit->cov, n, i, anchor)) : sqrt(fmax(fit->cov[i * n + i], 0));
        fit->low[i] = fit->elo[i] - RATINGS_Z95 * sd;
        fit->high[i] = fit->elo[i] + RATINGS_Z95 * sd;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double sd = sqrt(rel_var(fit->cov, n, i, j));
            fit->los[i * n + j] = i == j || sd == 0 ? NAN : 0.5 * erfc(-(fit->elo[i] - fit->elo[j]) / sd / SQRT2);
        }
    return 0;
}
