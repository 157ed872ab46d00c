/*
 * main.c - bin/xiangqi-tune: fits the tables of the evaluation term Tuned to
 * game records (engine/xiangqi/eval_tune.h; README, "Tune the evaluation").
 *
 *   xiangqi-tune [OPTIONS] RECORDS...
 *
 * Reads the records (scripts/tune_games.py), prints (on stderr) the data, the scales and
 * the losses on the training and validation games before and after, and
 * writes the tables as C source (-o FILE, default standard output).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval_tune.h"
#include "movegen.h"

typedef struct {
    double lambda, rate, reg;
    long epochs, max_cp, valid_every, report;
    unsigned terms;
    const char *out;
    char **files; /* the record files, in order (argv's) */
    int nfiles;
} Settings;

/* The terms whose weights can be fitted (--terms), by the names of their flags. */
static const struct {
    const char *name;
    unsigned bit;
} TERMS[] = {
    {"mobility", EVAL_TERM_MOBILITY},
    {"king-safety", EVAL_TERM_KING_SAFETY},
    {"king-attack", EVAL_TERM_KING_ATTACK},
    {"threats", EVAL_TERM_THREATS},
};

/* Parses a comma-separated list of TERMS names into *bits; -1 with a message on a bad name. */
static int parse_terms(const char *list, unsigned *bits)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    *bits = 0;
    char *save = NULL;
    for (char *name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        size_t i = 0;
        while (i < sizeof TERMS / sizeof TERMS[0] && strcmp(TERMS[i].name, name) != 0) i++;
        if (i == sizeof TERMS / sizeof TERMS[0]) {
            fprintf(stderr, "xiangqi-tune: --terms: unknown term '%s' (expected mobility, king-safety, king-attack, threats)\n",
                    name);
            return -1;
        }
        *bits |= TERMS[i].bit;
    }
    return 0;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: xiangqi-tune [OPTIONS] RECORDS...\n\n"
            "Fits the tapered tables of the evaluation term Tuned to game records\n"
            "(scripts/tune_games.py) and writes them as the source of eval_tuned.c.\n\n"
            "Options:\n"
            "  --lambda L        the target: L * result + (1 - L) * sigmoid(cp / S) (default 0.5)\n"
            "  --epochs N        Adam steps over the whole set (default 2000)\n"
            "  --rate R          Adam's step in centipawns (default 2)\n"
            "  --reg X           L2 pull towards the hand-written numbers, over the positions (default 0.0001)\n"
            "  --max-cp N        leave out positions scored beyond +-N cp (default 1500)\n"
            "  --terms LIST      the terms whose weights are fitted with the tables, comma-separated:\n"
            "                    mobility, king-safety, king-attack, threats (default: the first three,\n"
            "                    modern's); the others keep their hand weights\n"
            "  --valid-every N   every N-th game is kept out for validation (default 10; 0: none)\n"
            "  --report N        the training loss every N epochs on stderr (default 0: never)\n"
            "  -o FILE           write the tables to FILE (default: standard output)\n"
            "  --help            this text\n\n"
            "Exit status: 0 done, 1 cannot read or write, 2 usage or input error (FILE:LINE: what).\n");
}

/* Parses argv[*i + 1] as a number in [lo, hi] for option argv[*i]. */
static int number(int argc, char **argv, int *i, double lo, double hi, double *out)
{
    const char *name = argv[*i];
    if (*i + 1 >= argc) return fprintf(stderr, "xiangqi-tune: %s needs a value\n", name), -1;
    char *end;
    errno = 0;
    double x = strtod(argv[++*i], &end);
    if (end == argv[*i] || *end || errno || x < lo || x > hi)
        return fprintf(stderr, "xiangqi-tune: %s: expected a number from %g to %g, got '%s'\n", name, lo, hi, argv[*i]), -1;
    *out = x;
    return 0;
}

/* Applies the options (before, between or after the files) and lists the
 * files in s->files (argv's storage); returns 1, 0 after --help, -1 on error. */
static int parse(int argc, char **argv, Settings *s)
{
    s->files = argv + 1;
    s->nfiles = 0;
    for (int i = 1; i < argc; i++) {
        double x;
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            s->files[s->nfiles++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--help")) return usage(stdout), 0;
        if (!strcmp(a, "-o")) {
            if (++i >= argc) return fprintf(stderr, "xiangqi-tune: -o needs a file\n"), -1;
            s->out = argv[i];
        } else if (!strcmp(a, "--terms")) {
            if (++i >= argc) return fprintf(stderr, "xiangqi-tune: --terms needs a list\n"), -1;
            if (parse_terms(argv[i], &s->terms)) return -1;
        } else if (!strcmp(a, "--lambda")) {
            if (number(argc, argv, &i, 0, 1, &s->lambda)) return -1;
        } else if (!strcmp(a, "--rate")) {
            if (number(argc, argv, &i, 1e-6, 1000, &s->rate)) return -1;
        } else if (!strcmp(a, "--reg")) {
            if (number(argc, argv, &i, 0, 1e9, &s->reg)) return -1;
        } else if (!strcmp(a, "--epochs") || !strcmp(a, "--max-cp") || !strcmp(a, "--valid-every")
                   || !strcmp(a, "--report")) {
            if (number(argc, argv, &i, 0, 1e7, &x)) return -1;
            long n = (long)x;
            if (n != x) return fprintf(stderr, "xiangqi-tune: %s: expected a whole number\n", a), -1;
            *(a[2] == 'e' ? &s->epochs : a[2] == 'm' ? &s->max_cp : a[2] == 'v' ? &s->valid_every : &s->report) = n;
        } else {
            fprintf(stderr, "xiangqi-tune: unknown option '%s' (see --help)\n", a);
            return -1;
        }
    }
    if (s->nfiles == 0) return fprintf(stderr, "xiangqi-tune: no game records given (see --help)\n"), -1;
    return 1;
}

/* Reads every record file into train and valid; returns 0, or the exit status after a message. */
static int read_all(const Settings *s, TuneSet *train, TuneSet *valid, long *games)
{
    TuneReadOptions opt = {s->terms, (int)s->max_cp, (int)s->valid_every};
    *games = 0;
    for (int i = 0; i < s->nfiles; i++) {
        FILE *f = fopen(s->files[i], "r");
        if (!f) return fprintf(stderr, "xiangqi-tune: %s: %s\n", s->files[i], strerror(errno)), 1;
        char err[512];
        long n = xq_tune_read_games(f, s->files[i], &opt, train, valid, err, sizeof err);
        fclose(f);
        if (n < 0) return fprintf(stderr, "xiangqi-tune: %s\n", err), 2;
        *games += n;
    }
    if (train->n == 0) return fprintf(stderr, "xiangqi-tune: no scored quiet position in the records\n"), 2;
    return 0;
}



int main(int argc, char **argv)
{
    Settings s = {0.5, 2, 0.0001, 2000, 1500, 10, 0, EVAL_TERM_MOBILITY | EVAL_TERM_KING_SAFETY | EVAL_TERM_KING_ATTACK,
                  NULL, NULL, 0};
    /* parse() keeps the file names in argv's own slots: the header needs argv as given. */
    char **args = malloc((size_t)argc * sizeof *args);
    if (!args) return fprintf(stderr, "xiangqi-tune: out of memory\n"), 1;
    memcpy(args, argv, (size_t)argc * sizeof *args);
    int parsed = parse(argc, args, &s);
    if (parsed <= 0) return free(args), parsed == 0 ? 0 : 2;
    xq_board_init();
    xq_movegen_init();
    xq_eval_init();

    /* 1. The data, with the features of the terms to fit. */
    TuneSet train = {0}, valid = {0};
    long games = 0;
    int status = read_all(&s, &train, &valid, &games);
    if (status != 0) {
        xq_tune_set_free(&train);
        xq_tune_set_free(&valid);
        free(args);
        return status;
    }
    fprintf(stderr, "games %ld, positions %zu for training, %zu for validation\n", games, train.n, valid.n);

    /* 2. The engine scores' scale, the targets, and our evaluation's scale. */
    double scale = xq_tune_fit_score_scale(&train);
    xq_tune_set_targets(&train, s.lambda, scale);
    xq_tune_set_targets(&valid, s.lambda, scale);
    TuneParams hand, p;
    xq_tune_params_hand(&hand);
    double k = xq_tune_fit_k(&train, &hand);
    fprintf(stderr, "score scale S %.1f cp, evaluation scale K %.1f cp, lambda %.2f\n", scale, k, s.lambda);
    fprintf(stderr, "hand tables: loss %.7f training, %.7f validation\n", xq_tune_loss(&train, &hand, k),
           xq_tune_loss(&valid, &hand, k));

    /* 3. Adam from the hand tables. */
    p = hand;
    xq_tune_fit(&train, &p, &hand, k, (int)s.epochs, s.rate, s.reg, stderr, (int)s.report);
    fprintf(stderr, "tuned tables: loss %.7f training, %.7f validation\n", xq_tune_loss(&train, &p, k),
           xq_tune_loss(&valid, &p, k));

    /* 4. The tables, with the command that made them (without -o) and the figures. */
    char header[4096];
    size_t len = (size_t)snprintf(header, sizeof header, " *\n * made by: xiangqi-tune");
    for (int i = 1; i < argc && len < sizeof header; i++) {
        if (!strcmp(argv[i], "-o")) {
            i++;
            continue;
        }
        len += (size_t)snprintf(header + len, sizeof header - len, " %s", argv[i]);
    }
    if (len < sizeof header)
        snprintf(header + len, sizeof header - len,
                 "\n * %ld games, %zu positions for training, %zu for validation; S %.1f, K %.1f;\n"
                 " * loss %.7f -> %.7f (training), %.7f -> %.7f (validation).\n",
                 games, train.n, valid.n, scale, k, xq_tune_loss(&train, &hand, k), xq_tune_loss(&train, &p, k),
                 xq_tune_loss(&valid, &hand, k), xq_tune_loss(&valid, &p, k));
    xq_tune_set_free(&train);
    xq_tune_set_free(&valid);
    free(args);
    FILE *out = s.out ? fopen(s.out, "w") : stdout;
    if (!out) return fprintf(stderr, "xiangqi-tune: %s: %s\n", s.out, strerror(errno)), 1;
    xq_tune_write_tables(out, &p, header);
    if (s.out ? fclose(out) != 0 : fflush(out) != 0)
        return fprintf(stderr, "xiangqi-tune: %s: %s\n", s.out ? s.out : "standard output", strerror(errno)), 1;
    return 0;
}
