/*
 * main.c - bin/xiangqi-tune: fits the tables of the evaluation term Tuned to
 * game records (engine/xiangqi/eval_tune.h; README, "Tune the evaluation").
 *
 *   xiangqi-tune [OPTIONS] RECORDS...
 *
 * Reads the records (scripts/tune_games.py), prints the data, the scales and
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
    const char *out;
} Settings;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: xiangqi-tune [OPTIONS] RECORDS...\n\n"
            "Fits the tapered tables of the evaluation term Tuned to game records\n"
            "(scripts/tune_games.py) and writes them as the source of eval_tuned.c.\n\n"
            "Options:\n"
            "  --lambda L        the target: L * result + (1 - L) * sigmoid(cp / S) (default 0.5)\n"
            "  --epochs N        Adam steps over the whole set (default 2000)\n"
            "  --rate R          Adam's step in centipawns (default 1)\n"
            "  --reg X           L2 pull towards the hand tables, per position (default 1)\n"
            "  --max-cp N        leave out positions scored beyond +-N cp (default 1500)\n"
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

/* Applies the options; returns the index of the first record file, 0 after --help, -1 on error. */
static int parse(int argc, char **argv, Settings *s)
{
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        double x;
        const char *a = argv[i];
        if (!strcmp(a, "--help")) return usage(stdout), 0;
        if (!strcmp(a, "-o")) {
            if (++i >= argc) return fprintf(stderr, "xiangqi-tune: -o needs a file\n"), -1;
            s->out = argv[i];
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
    if (i >= argc) return fprintf(stderr, "xiangqi-tune: no game records given (see --help)\n"), -1;
    return i;
}

int main(int argc, char **argv)
{
    Settings s = {0.5, 1, 1, 2000, 1500, 10, 0, NULL};
    int first = parse(argc, argv, &s);
    if (first <= 0) return first == 0 ? 0 : 2;
    board_init();
    movegen_init();
    eval_init();

    /* 1. The data: the modern preset's other terms as the offset. */
    TuneReadOptions opt = {EVAL_TERM_MOBILITY | EVAL_TERM_KING_SAFETY | EVAL_TERM_KING_ATTACK, (int)s.max_cp,
                           (int)s.valid_every};
    TuneSet train = {0}, valid = {0};
    long games = 0;
    for (int i = first; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        if (!f) return fprintf(stderr, "xiangqi-tune: %s: %s\n", argv[i], strerror(errno)), 1;
        char err[512];
        long n = tune_read_games(f, argv[i], &opt, &train, &valid, err, sizeof err);
        fclose(f);
        if (n < 0) return fprintf(stderr, "xiangqi-tune: %s\n", err), 2;
        games += n;
    }
    if (train.n == 0) return fprintf(stderr, "xiangqi-tune: no scored quiet position in the records\n"), 2;
    printf("games %ld, positions %zu for training, %zu for validation\n", games, train.n, valid.n);

    /* 2. The engine scores' scale, the targets, and our evaluation's scale. */
    double scale = tune_fit_score_scale(&train);
    tune_set_targets(&train, s.lambda, scale);
    tune_set_targets(&valid, s.lambda, scale);
    TuneParams hand, p;
    tune_params_hand(&hand);
    double k = tune_fit_k(&train, &hand);
    printf("score scale S %.1f cp, evaluation scale K %.1f cp, lambda %.2f\n", scale, k, s.lambda);
    printf("hand tables: loss %.7f training, %.7f validation\n", tune_loss(&train, &hand, k),
           tune_loss(&valid, &hand, k));

    /* 3. Adam from the hand tables. */
    p = hand;
    tune_fit(&train, &p, &hand, k, (int)s.epochs, s.rate, s.reg, stderr, (int)s.report);
    printf("tuned tables: loss %.7f training, %.7f validation\n", tune_loss(&train, &p, k),
           tune_loss(&valid, &p, k));

    /* 4. The tables. */
    char header[512];
    snprintf(header, sizeof header,
             " *\n * %ld games, %zu positions for training, %zu for validation; S %.1f, K %.1f,\n"
             " * lambda %.2f, %ld epochs at rate %g, reg %g, max-cp %ld.\n",
             games, train.n, valid.n, scale, k, s.lambda, s.epochs, s.rate, s.reg, s.max_cp);
    FILE *out = s.out ? fopen(s.out, "w") : stdout;
    if (!out) return fprintf(stderr, "xiangqi-tune: %s: %s\n", s.out, strerror(errno)), 1;
    tune_write_tables(out, &p, header);
    if (s.out && fclose(out) != 0) return fprintf(stderr, "xiangqi-tune: %s: %s\n", s.out, strerror(errno)), 1;
    tune_set_free(&train);
    tune_set_free(&valid);
    return 0;
}
