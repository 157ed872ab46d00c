/*
 * stats/ratings.h - one rating list for many engines from all their games:
 * maximum-likelihood Elo under the Bradley-Terry (logistic) model, its 95%
 * intervals, the likelihood of superiority of every pair, and the tallies
 * behind them (crosstable, W/D/L).
 *
 * The model. Engine i has rating r_i (Elo); i's expected score against j
 * is E_ij = 1 / (1 + 10^((r_j - r_i) / 400)). A draw counts as half a win
 * and half a loss: the ratings maximize sum over games of
 * s ln E + (1 - s) ln (1 - E), s = 1, 1/2, 0 (score-based, as Ordo and
 * the elo tools of fastchess and cutechess count draws; the "draws as half
 * points" choice, not Davidson's or BayesElo's explicit draw parameter).
 * So with two engines the difference is exactly the logistic Elo of the
 * score, -400 log10(1/s - 1). No first-move advantage: colours are
 * balanced by the game pairs. The maximum exists, and is unique up to the
 * anchor, when every group of engines has scored at least half a point
 * against the others (the graph "i scored against j" is strongly
 * connected); otherwise ratings_fit says which group scored nothing.
 *
 * Solved by the MM iteration of Hunter (2004, "MM algorithms for
 * generalized Bradley-Terry models", Ann. Statist. 32, eq. 3):
 * g_i <- S_i / sum_j n_ij / (g_i + g_j), g = 10^(r/400), S_i the points,
 * for up to 200 rounds, then (MM is slow for wide rating spans) Newton's
 * method, r <- r + P grad with P below, each step cut to 400 Elo and
 * halved until the likelihood does not fall, to 1e-10 Elo.
 *
 * Intervals: from the Fisher information at the maximum (the Hessian of
 * the log-likelihood), I_ii = k^2 sum_j n_ij E_ij E_ji, I_ij = -k^2 n_ij
 * E_ij E_ji, k = ln 10 / 400. Its pseudo-inverse P is the covariance of
 * the ratings centred on their average; Var(r_i - r_j) = P_ii + P_jj - 2 P_ij.
 * An interval is r ± 1.959964 sd (the anchor's own is r ± 0); LOS(i, j) =
 * Phi((r_i - r_j) / sd(r_i - r_j)). Counting a draw as half a win and half
 * a loss overstates a game's variance when there are draws, so these
 * intervals are somewhat wide (conservative).
 */
#ifndef HARNESS_RATINGS_H
#define HARNESS_RATINGS_H

#include <stddef.h>
#include <stdint.h>

#define RATINGS_MAX_ENGINES 256
#define RATINGS_NAME_BYTES 128
#define RATINGS_Z95 1.959963984540054

/* The games: per ordered pair (i, j) i's wins, draws and losses against j. */
typedef struct {
    int count;
    char (*name)[RATINGS_NAME_BYTES];
    int64_t *wdl; /* count * count * 3: wdl[(i * count + j) * 3 + k], k 0 wins, 1 draws, 2 losses of i against j */
    int cap;
} RatingGames;

/* The fit: per engine, and per pair (row-major count * count). */
typedef struct {
    int count;
    double *elo, *low, *high; /* per engine */
    double *cov;              /* count * count: the covariance of the centred ratings (P above) */
    double *los;              /* count * count: LOS(i better than j); NaN on the diagonal */
    int iterations;
} RatingFit;

/* An empty set of games (no allocation yet). */
void ratings_games_init(RatingGames *g);
/* Frees what g holds; g may be NULL. */
void ratings_games_free(RatingGames *g);

/* The index of engine name, added if new (names are cut to
 * RATINGS_NAME_BYTES - 1 bytes). Returns -1 when out of memory or beyond
 * RATINGS_MAX_ENGINES. */
int ratings_engine(RatingGames *g, const char *name);

/* Counts one game: first's points2 (2 win, 1 draw, 0 loss) against second. */
void ratings_add_game(RatingGames *g, int first, int second, int points2);

/* i's wins, draws or losses (k 0, 1, 2) against j. */
int64_t ratings_count(const RatingGames *g, int i, int j, int k);

/* i's games and points (a win 1, a draw 1/2) over all its games. */
int64_t ratings_games_of(const RatingGames *g, int i);
double ratings_points_of(const RatingGames *g, int i);

/*
 * Fits the ratings, anchored at 0 for the average (anchor -1) or for
 * engine anchor. Returns 0 with *fit filled (free with ratings_fit_free),
 * or -1 with err saying why: no games, an engine without games, or no
 * finite maximum (err names the engines that scored no point against the
 * rest). *fit is then empty.
 */
int ratings_fit(const RatingGames *g, int anchor, RatingFit *fit, char *err, size_t errlen);

/* Frees what fit holds; fit may be NULL. */
void ratings_fit_free(RatingFit *fit);

#endif
