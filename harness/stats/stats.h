/*
 * stats/stats.h - match statistics: score, Elo with a 95% interval, LOS, draw
 * ratio and normalized Elo from W/D/L counts or from pentanomial counts
 * over game pairs, and the GSPRT log-likelihood ratio of fishtest /
 * fastchess (`qibench stats`, which prints them for given counts, is
 * stats/stats_cmd.h).
 *
 * A value that does not exist (no games, a score of 0 or 1, zero variance)
 * is NAN in these structs; test with isfinite(). The printers never print
 * "nan": the text says "n/a" and JSON says null.
 */
#ifndef HARNESS_STATS_H
#define HARNESS_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "results/json.h"

/* Two-sided 95% normal quantile, Phi^-1(0.975). */
#define STATS_Z95 1.959963984540054
/* Pentanomial cells, in order of the pair score 0, 1/4, 1/2, 3/4, 1. */
enum { PENTA_LL, PENTA_LD, PENTA_WLDD, PENTA_WD, PENTA_WW, PENTA_CELLS };
/* The largest count accepted anywhere (so that sums stay exact doubles). */
#define STATS_MAX_COUNT 1000000000000LL

typedef struct {
    int64_t games;      /* games played (2 * pairs for pentanomial input) */
    int64_t pairs;      /* game pairs, or -1 for W/D/L input */
    double score;       /* mean points per game, in [0, 1] */
    double variance;    /* variance of one game's score (W/D/L) or one pair's mean score (pentanomial) */
    double elo;         /* logistic Elo difference of the score */
    double elo_low;     /* Elo of the lower / upper 95% score bound */
    double elo_high;
    double elo_error;   /* (elo_high - elo_low) / 2 */
    double los;         /* likelihood of superiority, in [0, 1] */
    double draw_ratio;  /* draws / games (W/D/L input only) */
    double nelo;        /* normalized Elo */
    double nelo_error;  /* half-width of its 95% interval */
} StatsSummary;

typedef enum { SPRT_LOGISTIC, SPRT_NORMALIZED } SprtModel;
typedef enum { SPRT_CONTINUE, SPRT_H0, SPRT_H1 } SprtVerdict;

typedef struct {
    double elo0, elo1;   /* H0 and H1, in the model's Elo unit */
    double alpha, beta;  /* error rates of the first and second kind */
    SprtModel model;
} SprtParams;

typedef struct {
    double llr;          /* log-likelihood ratio of H1 against H0 */
    double lower, upper; /* ln(beta / (1 - alpha)), ln((1 - beta) / alpha) */
    SprtVerdict verdict;
} SprtResult;

/* ---- Formulas ---- */

/* Phi, the standard normal cumulative distribution function. */
double stats_normal_cdf(double x);
/* Logistic Elo of an expected score, -400 log10(1/score - 1); NAN unless 0 < score < 1. */
double stats_score_to_elo(double score);
/* Expected score of a logistic Elo difference, 1 / (1 + 10^(-elo/400)). */
double stats_elo_to_score(double elo);

/*
 * Fills *out from W/D/L counts of the first player (each 0..STATS_MAX_COUNT).
 * Values that do not exist are NAN; with no games everything but games is.
 */
void stats_from_wdl(int64_t wins, int64_t draws, int64_t losses, StatsSummary *out);
/*
 * Fills *out from pentanomial counts (indexed by PENTA_*, each
 * 0..STATS_MAX_COUNT). draw_ratio is NAN: a WL pair and a DD pair share a
 * cell, so the number of drawn games is not known.
 */
void stats_from_penta(const int64_t penta[PENTA_CELLS], StatsSummary *out);

/* ---- SPRT ---- */

/*
 * Checks SPRT parameters: elo0 < elo1, both finite, 0 < alpha, 0 < beta,
 * alpha + beta < 1. Returns 0, or -1 with a one-line reason in err.
 */
int stats_sprt_check(const SprtParams *p, char *err, size_t errlen);
/*
 * The GSPRT on W/D/L (trinomial) or pentanomial counts, as fishtest
 * computes it. p must pass stats_sprt_check. Returns 0; or -1 (llr NAN,
 * verdict SPRT_CONTINUE) when the maximum-likelihood distribution does not
 * exist for these bounds (a normalized Elo bound too far from 0, or a
 * logistic one so large that its score rounds to 0 or 1).
 */
int stats_sprt_wdl(const SprtParams *p, int64_t wins, int64_t draws, int64_t losses, SprtResult *out);
int stats_sprt_penta(const SprtParams *p, const int64_t penta[PENTA_CELLS], SprtResult *out);
/* "continue", "H0" or "H1". */
const char *stats_verdict_name(SprtVerdict v);
/* "logistic" or "normalized": the model= word of --sprt and summary.json. */
const char *stats_model_name(SprtModel m);
/* The test's settings as members of the JSON object being written: elo0,
 * elo1, alpha, beta, model (summary.json and regress.json alike). */
void stats_json_sprt_params(Json *j, const SprtParams *p);

#endif
