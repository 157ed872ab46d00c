/*
 * eval_tune.c - the Texel tuner of the term Tuned's tables (eval_tune.h):
 * reading game records into data sets, the scales, the loss, Adam, and
 * writing eval_tuned.c.
 */
#include "eval_tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "notation.h"

/* Adam's constants (Kingma and Ba, "Adam: A Method for Stochastic Optimization", 2015). */
static const double ADAM_BETA1 = 0.9;
static const double ADAM_BETA2 = 0.999;
static const double ADAM_EPSILON = 1e-8;

/* Longest game record line. */
#define TUNE_LINE_MAX (1 << 16)

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* ---- Data sets ------------------------------------------------------------ */

void xq_tune_set_free(TuneSet *set)
{
    if (!set) return;
    free(set->pos);
    free(set->feat);
    memset(set, 0, sizeof *set);
}

/* Makes room for one more position and 32 more features. */
static int reserve(TuneSet *set)
{
    if (set->n == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 1024;
        TunePos *p = realloc(set->pos, cap * sizeof *p);
        if (!p) return -1;
        set->pos = p, set->cap = cap;
    }
    if (set->nf + 32 > set->fcap) {
        size_t cap = set->fcap ? set->fcap * 2 : 32768;
        int *f = realloc(set->feat, cap * sizeof *f);
        if (!f) return -1;
        set->feat = f, set->fcap = cap;
    }
    return 0;
}

int xq_tune_set_add(TuneSet *set, const Position *pos, unsigned terms, double result, double cp)
{
    if (reserve(set) != 0) return -1;
    TunePos *tp = &set->pos[set->n++];
    tp->first = set->nf;
    tp->count = 0;
    for (int c = RED; c <= BLACK; c++)
        for (int i = 0; i < pos->count[c]; i++) {
            int s = pos->list[c][i], e = eval_tuned_entry(PIECE_TYPE(pos->board[s]), c, s);
            set->feat[set->nf++] = c == RED ? e : -e - 1;
            tp->count++;
        }
    tp->phase = (float)xq_eval_phase(pos) / EVAL_PHASE_FULL;
    const unsigned fitted =
        EVAL_TERM_MOBILITY | EVAL_TERM_KING_SAFETY | EVAL_TERM_KING_ATTACK | EVAL_TERM_THREATS | EVAL_TERM_TUNED;
    tp->offset = (float)xq_eval_terms(pos, terms & ~fitted);
    int f[EVAL_WEIGHTS];
    xq_eval_term_features(pos, terms | EVAL_TERM_TUNED, f); /* Tuned's own: the side to move */
    for (int w = 0; w < EVAL_WEIGHTS; w++) tp->lin[w] = (float)f[w] / (float)xq_eval_weight_divisor(w);
    tp->result = (float)result;
    tp->cp = (float)cp;
    tp->target = (float)result;
    return 0;
}

/* ---- Reading game records ---------------------------------------------------- */

static long fail(char *err, size_t errlen, const char *name, long line, const char *what)
{
    if (err) snprintf(err, errlen, "%s:%ld: %s", name, line, what);
    return -1;
}

/* Replays one record (text after "RESULT ") into set. Returns 0, or -1 with the reason in why. */
static int read_record(char *text, double result, const TuneReadOptions *opt, TuneSet *set, const char **why)
{
    static Position pos;
    char *bar = strchr(text, '|');
    if (!bar) return *why = "expected 'RESULT FEN|MOVE SCORE ...'", -1;
    *bar = '\0';
    if (xq_pos_from_fen(&pos, text, NULL, 0) != 0) return *why = "expected a FEN before '|'", -1;
    char *save = NULL;
    for (char *mv = strtok_r(bar + 1, " \t\r\n", &save); mv; mv = strtok_r(NULL, " \t\r\n", &save)) {
        char *score = strtok_r(NULL, " \t\r\n", &save);
        if (!score) return *why = "expected a score ('-', 'M' or centipawns) after each move", -1;
        Move m;
        if (xq_move_parse(&pos, mv, NOTATION_ICCS, &m, NULL, 0) != 0) return *why = "expected a legal ICCS move", -1;
        char *end;
        long cp = strtol(score, &end, 10);
        bool scored = end != score && *end == '\0';
        if (!scored && strcmp(score, "-") != 0 && strcmp(score, "M") != 0)
            return *why = "expected a score ('-', 'M' or centipawns) after each move", -1;
        bool quiet = !pos_in_check(&pos) && pos.board[MOVE_TO(m)] == EMPTY;
        if (scored && quiet && labs(cp) <= opt->max_cp) {
            double red = pos.side == RED ? (double)cp : -(double)cp;
            if (xq_tune_set_add(set, &pos, opt->terms, result, red) != 0) return *why = "out of memory", -1;
        }
        if (pos.ply >= POS_MAX_PLY - 2) {
            /* A long game: go on from the position reached, with a fresh history. */
            char fen[128];
            xq_pos_to_fen(&pos, fen, sizeof fen);
            xq_pos_from_fen(&pos, fen, NULL, 0);
        }
        xq_pos_make_move(&pos, m);
    }
    return 0;
}

long xq_tune_read_games(FILE *f, const char *name, const TuneReadOptions *opt, TuneSet *train, TuneSet *valid,
                     char *err, size_t errlen)
{
    static char line[TUNE_LINE_MAX];
    long number = 0, games = 0;
    while (fgets(line, sizeof line, f)) {
        number++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n')
            return fail(err, errlen, name, number, "line too long (expected at most 65535 characters)");
        if (line[0] == '\n' || line[0] == '#') continue;
        char *end;
        double result = strtod(line, &end);
        if (end == line || *end != ' ' || !(result == 0 || result == 0.5 || result == 1))
            return fail(err, errlen, name, number, "expected Red's result (1, 0.5 or 0) first");
        games++;
        TuneSet *set = opt->valid_every > 0 && games % opt->valid_every == 0 ? valid : train;
        const char *why = NULL;
        if (read_record(end + 1, result, opt, set, &why) != 0) return fail(err, errlen, name, number, why);
    }
    if (ferror(f)) return fail(err, errlen, name, number, "read error");
    return games;
}

/* ---- The model ---------------------------------------------------------------- */

void xq_tune_params_hand(TuneParams *p)
{
    for (int type = 0; type < 8; type++)
        for (int r = 0; r < RANKS; r++)
            for (int h = 0; h < EVAL_TUNED_HFILES; h++) {
                int e = (type * RANKS + r) * EVAL_TUNED_HFILES + h;
                p->v[e] = p->v[TUNE_EG + e] = xq_eval_hand_value(type, r, h);
            }
    for (int w = 0; w < EVAL_WEIGHTS; w++)
        p->v[TUNE_WEIGHTS + w] = p->v[TUNE_WEIGHTS + EVAL_WEIGHTS + w] = xq_eval_hand_weight(w);
}

double xq_tune_eval(const TuneSet *set, size_t i, const TuneParams *p)
{
    const TunePos *tp = &set->pos[i];
    double mg = 0, eg = 0;
    for (int j = 0; j < tp->count; j++) {
        int f = set->feat[tp->first + j];
        if (f >= 0)
            mg += p->v[f], eg += p->v[EVAL_TUNED_ENTRIES + f];
        else
            mg -= p->v[-f - 1], eg -= p->v[EVAL_TUNED_ENTRIES - f - 1];
    }
    for (int w = 0; w < EVAL_WEIGHTS; w++)
        mg += tp->lin[w] * p->v[TUNE_WEIGHTS + w], eg += tp->lin[w] * p->v[TUNE_WEIGHTS + EVAL_WEIGHTS + w];
    return tp->offset + tp->phase * mg + (1 - tp->phase) * eg;
}

/* Golden-section search of the minimum of f on [lo, hi]. */
static double golden_min(double (*f)(const void *, double), const void *arg, double lo, double hi)
{
    const double g = (sqrt(5.0) - 1) / 2;
    double a = lo, b = hi, c = b - g * (b - a), d = a + g * (b - a);
    double fc = f(arg, c), fd = f(arg, d);
    for (int i = 0; i < 100 && b - a > 1e-3; i++) {
        if (fc < fd)
            b = d, d = c, fd = fc, c = b - g * (b - a), fc = f(arg, c);
        else
            a = c, c = d, fc = fd, d = a + g * (b - a), fd = f(arg, d);
    }
    return (a + b) / 2;
}

static double score_scale_loss(const void *arg, double s)
{
    const TuneSet *set = arg;
    double sum = 0;
    for (size_t i = 0; i < set->n; i++) {
        double d = set->pos[i].result - sigmoid(set->pos[i].cp / s);
        sum += d * d;
    }
    return set->n ? sum / (double)set->n : 0;
}

double xq_tune_fit_score_scale(const TuneSet *set) { return golden_min(score_scale_loss, set, 1, 5000); }

void xq_tune_set_targets(TuneSet *set, double lambda, double s)
{
    for (size_t i = 0; i < set->n; i++) {
        TunePos *tp = &set->pos[i];
        tp->target = (float)(lambda * tp->result + (1 - lambda) * sigmoid(tp->cp / s));
    }
}

double xq_tune_loss(const TuneSet *set, const TuneParams *p, double k)
{
    double sum = 0;
    for (size_t i = 0; i < set->n; i++) {
        double d = set->pos[i].target - sigmoid(xq_tune_eval(set, i, p) / k);
        sum += d * d;
    }
    return set->n ? sum / (double)set->n : 0;
}

typedef struct {
    const TuneSet *set;
    const TuneParams *p;
} KArg;

static double k_loss(const void *arg, double k)
{
    const KArg *a = arg;
    return xq_tune_loss(a->set, a->p, k);
}

double xq_tune_fit_k(const TuneSet *set, const TuneParams *p)
{
    KArg a = {set, p};
    return golden_min(k_loss, &a, 1, 5000);
}

/* ---- Fitting ------------------------------------------------------------------- */

/* The gradient of the mean squared error (without the pull) into g. */
static void gradient(const TuneSet *set, const TuneParams *p, double k, double *g)
{
    memset(g, 0, TUNE_PARAMS * sizeof *g);
    for (size_t i = 0; i < set->n; i++) {
        const TunePos *tp = &set->pos[i];
        double s = sigmoid(xq_tune_eval(set, i, p) / k);
        /* d/dE (t - s)^2 = -2 (t - s) s (1 - s) / k */
        double d = -2 * (tp->target - s) * s * (1 - s) / k;
        double dm = d * tp->phase, de = d * (1 - tp->phase);
        for (int j = 0; j < tp->count; j++) {
            int f = set->feat[tp->first + j];
            if (f >= 0)
                g[f] += dm, g[EVAL_TUNED_ENTRIES + f] += de;
            else
                g[-f - 1] -= dm, g[EVAL_TUNED_ENTRIES - f - 1] -= de;
        }
        for (int w = 0; w < EVAL_WEIGHTS; w++)
            g[TUNE_WEIGHTS + w] += dm * tp->lin[w], g[TUNE_WEIGHTS + EVAL_WEIGHTS + w] += de * tp->lin[w];
    }
    double n = set->n ? (double)set->n : 1;
    for (int j = 0; j < TUNE_PARAMS; j++) g[j] /= n;
}

void xq_tune_fit(const TuneSet *set, TuneParams *p, const TuneParams *prior, double k, int epochs, double rate,
              double reg, FILE *log, int report)
{
    static double g[TUNE_PARAMS], m[TUNE_PARAMS], v[TUNE_PARAMS];
    memset(m, 0, sizeof m);
    memset(v, 0, sizeof v);
    double b1 = 1, b2 = 1;
    for (int epoch = 1; epoch <= epochs; epoch++) {
        gradient(set, p, k, g);
        b1 *= ADAM_BETA1, b2 *= ADAM_BETA2;
        for (int j = 0; j < TUNE_PARAMS; j++) {
            double gj = g[j] + 2 * reg * (p->v[j] - prior->v[j]) / (set->n ? (double)set->n : 1);
            m[j] = ADAM_BETA1 * m[j] + (1 - ADAM_BETA1) * gj;
            v[j] = ADAM_BETA2 * v[j] + (1 - ADAM_BETA2) * gj * gj;
            p->v[j] -= rate * (m[j] / (1 - b1)) / (sqrt(v[j] / (1 - b2)) + ADAM_EPSILON);
        }
        if (log && report > 0 && epoch % report == 0)
            fprintf(log, "epoch %d: loss %.7f\n", epoch, xq_tune_loss(set, p, k));
    }
}

/* ---- Output ---------------------------------------------------------------------- */

void xq_tune_write_tables(FILE *out, const TuneParams *p, const char *header)
{
    static const char *const NAMES[8] = {"-", "general", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"};
    fprintf(out, "/*\n * eval_tuned.c - the tables and term weights of the evaluation term Tuned,\n"
                 " * written by bin/xiangqi-tune (engine/xiangqi/eval_tune.c): do not edit by hand.\n%s */\n"
                 "#include \"eval.h\"\n\n"
                 "/* [mg, eg][type][rank from its own side 0-9][file a-e] */\n"
                 "const int16_t XQ_EVAL_TUNED[2][EVAL_TUNED_ENTRIES] = {\n",
            header);
    for (int phase = 0; phase < 2; phase++) {
        fprintf(out, "    {\n");
        for (int type = 0; type < 8; type++) {
            fprintf(out, "        /* %s, %s */\n", phase ? "endgame" : "middlegame", NAMES[type]);
            for (int r = 0; r < RANKS; r++) {
                fprintf(out, "       ");
                for (int h = 0; h < EVAL_TUNED_HFILES; h++)
                    fprintf(out, " %ld,", lround(p->v[phase * TUNE_EG + (type * RANKS + r) * EVAL_TUNED_HFILES + h]));
                fprintf(out, "\n");
            }
        }
        fprintf(out, "    },\n");
    }
    fprintf(out, "};\n\n/* [mg, eg][EVAL_W_*]: mobility chariot, horse, cannon; king safety point, hollow\n"
                 " * cannon; king attack (percent); threat; side to move */\nconst int16_t XQ_EVAL_TUNED_WEIGHTS[2][EVAL_WEIGHTS] = {\n");
    for (int phase = 0; phase < 2; phase++) {
        fprintf(out, "    {");
        for (int w = 0; w < EVAL_WEIGHTS; w++)
            fprintf(out, "%s%ld", w ? ", " : "", lround(p->v[TUNE_WEIGHTS + phase * EVAL_WEIGHTS + w]));
        fprintf(out, "},\n");
    }
    fprintf(out, "};\n");
}
