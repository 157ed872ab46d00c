/*
 * eval_tune.h - fitting the tapered piece-square tables of the evaluation
 * term Tuned (eval_tuned.c) to played games: the Texel method (Peter
 * Österlund's "Texel's Tuning Method", chessprogramming.org), with gradient
 * descent (Adam) instead of Texel's one-step local search, as Ethereal's and
 * Weiss's tuners do.
 *
 * A data set holds quiet positions (the side to move not in check, the move
 * played a quiet one) with their features (each piece's table entry, signed
 * +1 for Red and -1 for Black), the game's phase, the other evaluation terms
 * as a fixed offset, and a target: Red's expected points, a blend of the
 * game's result and of a strong engine's score for the position turned into
 * points (lambda * result + (1 - lambda) * sigmoid(cp / S)).
 *
 * The evaluation it fits, from Red's side, with p the phase weight (0..1):
 *   E = offset + sum over pieces of sign * (p * MG[entry] + (1 - p) * EG[entry])
 *       + sum over the weights w of f_w * (p * MG_w + (1 - p) * EG_w)
 * where f_w is the feature of xq_eval_term_features (Mobility, KingSafety,
 * KingAttack and Threats: the terms whose weights Tuned refits) over its
 * divisor; and the loss is the mean of (target - sigmoid(E / K))^2 plus
 * reg * sum (theta - prior)^2 / n, sigmoid(x) = 1 / (1 + exp(-x)).
 */
#ifndef XQ_EVAL_TUNE_H
#define XQ_EVAL_TUNE_H

#include <stddef.h>
#include <stdio.h>

#include "board.h"
#include "eval.h"

/* The parameters: the tables' entries, mg then eg (TUNE_EG: where eg starts),
 * then the weights of the terms (EVAL_W_*), mg then eg. */
#define TUNE_EG EVAL_TUNED_ENTRIES
#define TUNE_WEIGHTS (2 * EVAL_TUNED_ENTRIES)
#define TUNE_PARAMS (2 * EVAL_TUNED_ENTRIES + 2 * EVAL_WEIGHTS)

typedef struct {
    double v[TUNE_PARAMS];
} TuneParams;

/* One position of a data set. */
typedef struct {
    size_t first;   /* its features: feat[first .. first + count) */
    int count;
    float phase;    /* the middlegame weight p, 0..1 */
    float offset;   /* the terms not fitted, Red's view (cp) */
    float lin[EVAL_WEIGHTS]; /* the weighted terms' features (xq_eval_term_features / divisor) */
    float result;   /* Red's points in the game: 0, 0.5, 1 */
    float cp;       /* the engine's score for Red (cp) */
    float target;   /* what E is fitted to (xq_tune_set_targets) */
} TunePos;

/* A data set: positions and their features (entry index, negated - 1 for Black). */
typedef struct {
    TunePos *pos;
    size_t n, cap;
    int *feat;
    size_t nf, fcap;
} TuneSet;

/* What xq_tune_read_games keeps. */
typedef struct {
    unsigned terms;   /* the evaluation terms (EVAL_TERM_*): Mobility, KingSafety,
                         KingAttack and Threats are fitted, the others an offset */
    int max_cp;       /* positions whose score is beyond +-max_cp are left out */
    int valid_every;  /* every valid_every-th game goes to the validation set (0: none) */
} TuneReadOptions;

/* Frees a set's memory (a zeroed set is empty; NULL is a no-op). */
void xq_tune_set_free(TuneSet *set);

/* Adds pos (with Red's result and score) to set. Returns 0, -1 when out of memory. */
int xq_tune_set_add(TuneSet *set, const Position *pos, unsigned terms, double result, double cp);

/*
 * Reads game records (scripts/tune_games.py: "RESULT FEN|MOVE SCORE ...") from
 * f, replays them, and adds each quiet scored position to train or valid.
 * name is the file's name for errors. Returns the number of games read, or -1
 * with "NAME:LINE: what was expected" in err.
 */
long xq_tune_read_games(FILE *f, const char *name, const TuneReadOptions *opt, TuneSet *train, TuneSet *valid,
                     char *err, size_t errlen);

/* The hand-written tables (eval.c: piece value + piece-square table) and term
 * weights (eval_terms.c) as parameters, the same mg and eg. */
void xq_tune_params_hand(TuneParams *p);

/* The evaluation E of position i (Red's view, cp) under p. */
double xq_tune_eval(const TuneSet *set, size_t i, const TuneParams *p);

/* The scale S (cp) for which sigmoid(cp / S) best fits the results (least squares). */
double xq_tune_fit_score_scale(const TuneSet *set);

/* Sets each target to lambda * result + (1 - lambda) * sigmoid(cp / s). */
void xq_tune_set_targets(TuneSet *set, double lambda, double s);

/* The mean of (target - sigmoid(E / k))^2 over the set. */
double xq_tune_loss(const TuneSet *set, const TuneParams *p, double k);

/* The k (cp) that minimises xq_tune_loss for p (golden-section search on 1..5000). */
double xq_tune_fit_k(const TuneSet *set, const TuneParams *p);

/* Fits p (starting from its values) to set by Adam (full batch, epochs steps of
 * size rate in cp), with L2 pull reg towards prior. Prints a line every
 * report epochs to log when log is not NULL and report > 0. */
void xq_tune_fit(const TuneSet *set, TuneParams *p, const TuneParams *prior, double k, int epochs, double rate,
              double reg, FILE *log, int report);

/* Writes p, rounded, as the source of eval_tuned.c (XQ_EVAL_TUNED and
 * XQ_EVAL_TUNED_WEIGHTS); header: lines for its comment. */
void xq_tune_write_tables(FILE *out, const TuneParams *p, const char *header);

#endif
