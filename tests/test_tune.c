/*
 * test_tune.c - the Texel tuner of the evaluation term Tuned (eval_tune.c):
 * the records it reads (positions kept and left out, counted by hand from
 * the moves), its errors, the score scale it fits to results made from a
 * known scale, and a fit that must recover an evaluation known by
 * construction (the hand tables changed by a given amount) on positions of
 * random games. The term itself: with the hand tables it adds nothing.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "eval.h"
#include "eval_tune.h"
#include "movegen.h"
#include "testhelp.h"

static const TuneReadOptions READ = {EVAL_TERM_MOBILITY, 1500, 0};

/* Reads text as a record file into train (and valid); returns what xq_tune_read_games does. */
static long read_text(const char *text, const TuneReadOptions *opt, TuneSet *train, TuneSet *valid, char *err,
                      size_t errlen)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (!f) return -2;
    long n = xq_tune_read_games(f, "records.txt", opt, train, valid, err, errlen);
    fclose(f);
    return n;
}

static void test_read(void)
{
    TuneSet train = {0}, valid = {0};
    char err[256] = "";
    /* Game 1: h2e2 (scored, quiet), h9g7 (Black's -10: Red's +10), h0g2 (a mate
     * score: out), b9c7 (no score: out), c3c4 (scored): 3 positions. Game 2: the
     * cannon b2 takes the horse b9 over the screen b7 and the chariot a9 takes it
     * back (captures: out), then h2e2 (scored, quiet): 1 position. */
    const char *text = "1 " XQ_START_FEN "|h2e2 20 h9g7 -10 h0g2 M b9c7 - c3c4 15\n"
                       "# a comment\n"
                       "\n"
                       "0.5 " XQ_START_FEN "|b2b9 300 a9b9 -250 h2e2 -40\n";
    TuneReadOptions opt = READ;
    opt.valid_every = 2;
    long games = read_text(text, &opt, &train, &valid, err, sizeof err);
    CHECK(games == 2, "two games read (%ld): %s", games, err);
    CHECK(train.n == 3, "game 1: 3 scored quiet positions (%zu)", train.n);
    if (train.n == 3) {
        CHECK(train.pos[0].cp == 20 && train.pos[1].cp == 10 && train.pos[2].cp == 15,
              "Red's scores 20, 10, 15 (%g, %g, %g)", train.pos[0].cp, train.pos[1].cp, train.pos[2].cp);
        CHECK(train.pos[0].result == 1, "Red's result 1");
        /* The start: two chariots, horses and cannons a side: 2 x (12 + 6 + 6) = 48, full weight. */
        CHECK(train.pos[0].phase == 1.0f, "the start's phase is 1 (%g)", train.pos[0].phase);
        CHECK(train.pos[0].count == 32, "32 pieces, 32 features (%d)", train.pos[0].count);
        Position pos;
        xq_pos_from_fen(&pos, XQ_START_FEN, NULL, 0);
        CHECK(train.pos[0].offset == xq_eval_terms(&pos, EVAL_TERM_MOBILITY), "the offset is the other terms");
    }
    /* Game 2 goes to validation (every 2nd game); a horse and a cannon are off:
     * the phase is 48 - 3 - 3 = 42 of 48. */
    CHECK(valid.n == 1, "game 2: 1 position, in validation (%zu)", valid.n);
    if (valid.n == 1) {
        CHECK(valid.pos[0].cp == -40 && valid.pos[0].result == 0.5f, "its score -40 and result 0.5");
        CHECK(fabsf(valid.pos[0].phase - 42.0f / 48) < 1e-6, "its phase 42/48 (%g)", valid.pos[0].phase);
        CHECK(valid.pos[0].count == 30, "30 pieces (%d)", valid.pos[0].count);
    }
    xq_tune_set_free(&train);
    xq_tune_set_free(&valid);

    /* Errors name the file and line and say what was expected. */
    static const struct {
        const char *text, *want;
    } BAD[] = {
        {"2 " XQ_START_FEN "|h2e2 20\n", "records.txt:1: expected Red's result"},
        {"1 " XQ_START_FEN "|h2e2 20\n1 " XQ_START_FEN "|h2e9 20\n", "records.txt:2: expected a legal ICCS move"},
        {"1 " XQ_START_FEN "|h2e2\n", "records.txt:1: expected a score"},
        {"1 " XQ_START_FEN "|h2e2 2x\n", "records.txt:1: expected a score"},
        {"0 " XQ_START_FEN " h2e2 20\n", "records.txt:1: expected 'RESULT FEN|"},
        {"0 xyz|h2e2 20\n", "records.txt:1: expected a FEN"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        TuneSet a = {0}, b = {0};
        err[0] = 0;
        long n = read_text(BAD[i].text, &READ, &a, &b, err, sizeof err);
        CHECK(n == -1 && strncmp(err, BAD[i].want, strlen(BAD[i].want)) == 0, "bad record %zu: '%s' (want '%s')", i,
              err, BAD[i].want);
        xq_tune_set_free(&a);
        xq_tune_set_free(&b);
    }
}

/* A small deterministic generator (xorshift64). */
static uint64_t rng_state = 88172645463325252ull;
static uint64_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Positions of random games from the start: every ply from the 4th of 60 games of up to 120 plies. */
static void random_positions(TuneSet *set)
{
    static Position pos;
    for (int g = 0; g < 60; g++) {
        xq_pos_from_fen(&pos, XQ_START_FEN, NULL, 0);
        for (int ply = 0; ply < 120; ply++) {
            Move list[MAX_MOVES];
            int n = xq_gen_legal(&pos, list);
            if (n == 0) break;
            if (ply >= 4) xq_tune_set_add(set, &pos, EVAL_TERM_MOBILITY | EVAL_TERM_KING_SAFETY, 0.5, 0);
            xq_pos_make_move(&pos, list[next_random() % (uint64_t)n]);
        }
    }
}

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

static void test_fit(void)
{
    TuneSet set = {0};
    random_positions(&set);
    CHECK(set.n > 3000, "random games give %zu positions", set.n);
    /* The truth: the hand tables, a chariot worth 150 more in the endgame, a pawn on
     * its 6th rank (rrank 5) 40 more in the middlegame, a horse on its back rank 30
     * less, a horse move worth 10 in the middlegame (not 6), a king safety point 8 in
     * the endgame (not 3). */
    TuneParams hand, truth, p;
    xq_tune_params_hand(&hand);
    truth = hand;
    for (int r = 0; r < RANKS; r++)
        for (int h = 0; h < EVAL_TUNED_HFILES; h++) truth.v[EVAL_TUNED_ENTRIES + (CHARIOT * RANKS + r) * 5 + h] += 150;
    for (int h = 0; h < EVAL_TUNED_HFILES; h++) truth.v[(PAWN * RANKS + 5) * 5 + h] += 40;
    for (int h = 0; h < EVAL_TUNED_HFILES; h++) {
        truth.v[(HORSE * RANKS + 0) * 5 + h] -= 30;
        truth.v[EVAL_TUNED_ENTRIES + (HORSE * RANKS + 0) * 5 + h] -= 30;
    }
    truth.v[TUNE_WEIGHTS + EVAL_W_MOB_HORSE] = 10;
    truth.v[TUNE_WEIGHTS + EVAL_WEIGHTS + EVAL_W_KS_POINT] = 8;
    truth.v[TUNE_WEIGHTS + EVAL_W_TEMPO] = 25; /* and the side to move 25 in the middlegame (not 0) */
    const double k = 400;
    for (size_t i = 0; i < set.n; i++) set.pos[i].result = (float)sigmoid(xq_tune_eval(&set, i, &truth) / k);
    xq_tune_set_targets(&set, 1, 100);
    double before = xq_tune_loss(&set, &hand, k), truth_loss = xq_tune_loss(&set, &truth, k);
    CHECK(truth_loss < 1e-12, "the truth's loss is 0 (%g)", truth_loss);
    CHECK(before > 1e-5, "the hand tables' loss is not (%g)", before);
    p = hand;
    xq_tune_fit(&set, &p, &hand, k, 3000, 2, 0, NULL, 0);
    /* Where the sigmoid is steep (|E| < k) the fit must give E itself; beyond, in points. */
    double after = xq_tune_loss(&set, &p, k), worst = 0, worst_points = 0;
    for (size_t i = 0; i < set.n; i++) {
        double e = xq_tune_eval(&set, i, &truth), f = xq_tune_eval(&set, i, &p);
        double points = fabs(sigmoid(f / k) - sigmoid(e / k));
        if (fabs(e) < k && fabs(f - e) > worst) worst = fabs(f - e);
        if (points > worst_points) worst_points = points;
    }
    printf("fit: loss %g -> %g, worst %.2f cp (|E| < k), %.4f points\n", before, after, worst, worst_points);
    CHECK(after < before / 1000, "the fit takes the loss from %g to %g", before, after);
    CHECK(worst < 10, "the fitted evaluation is within 10 cp of the truth where |E| < k (%.2f)", worst);
    CHECK(worst_points < 0.01, "and within 0.01 points everywhere (%.4f)", worst_points);
    /* Horse moves vary in every position, apart from the tables: the weight itself comes
     * back (the king safety point does not: missing guard pieces go with the tables'
     * advisor and elephant values, so only E is checked for it). */
    double horse = p.v[TUNE_WEIGHTS + EVAL_W_MOB_HORSE];
    CHECK(fabs(horse - 10) < 0.5, "the horse move's middlegame weight comes back: 10 (%.2f)", horse);
    double tempo = p.v[TUNE_WEIGHTS + EVAL_W_TEMPO];
    CHECK(fabs(tempo - 25) < 0.5, "the side to move's middlegame weight comes back: 25 (%.2f)", tempo);

    /* The scale: results made from sigmoid(cp / 300) give back 300. */
    for (size_t i = 0; i < set.n; i++) {
        set.pos[i].cp = (float)((int)(i % 401) * 5 - 1000);
        set.pos[i].result = (float)sigmoid(set.pos[i].cp / 300.0);
    }
    double s = xq_tune_fit_score_scale(&set);
    CHECK(fabs(s - 300) < 0.5, "the score scale of sigmoid(cp / 300) is 300 (%.3f)", s);
    /* And k: targets from sigmoid(E / 250) under the truth give back 250. */
    for (size_t i = 0; i < set.n; i++) set.pos[i].result = (float)sigmoid(xq_tune_eval(&set, i, &truth) / 250);
    xq_tune_set_targets(&set, 1, 1);
    double kk = xq_tune_fit_k(&set, &truth);
    CHECK(fabs(kk - 250) < 0.5, "the evaluation scale of sigmoid(E / 250) is 250 (%.3f)", kk);
    xq_tune_set_free(&set);
}

/* The term with the tables it was given: E of xq_tune_eval, rounded as the engine does. */
static void test_term(void)
{
    TuneSet set = {0};
    rng_state = 12345;
    random_positions(&set);
    static Position pos;
    xq_pos_from_fen(&pos, "2bakab2/9/4c4/p1p1p1p1p/9/2P3P2/P3P3P/1C2C4/9/RNBAKABNR w", NULL, 0);
    /* The tables of eval_tuned.c as parameters: the term is their sum less the hand tables'. */
    TuneParams t;
    for (int e = 0; e < EVAL_TUNED_ENTRIES; e++) t.v[e] = XQ_EVAL_TUNED[0][e], t.v[TUNE_EG + e] = XQ_EVAL_TUNED[1][e];
    for (int w = 0; w < EVAL_WEIGHTS; w++)
        t.v[TUNE_WEIGHTS + w] = XQ_EVAL_TUNED_WEIGHTS[0][w], t.v[TUNE_WEIGHTS + EVAL_WEIGHTS + w] = XQ_EVAL_TUNED_WEIGHTS[1][w];
    TuneSet one = {0};
    xq_tune_set_add(&one, &pos, 0, 0.5, 0);
    double want = xq_tune_eval(&one, 0, &t) - pos_score(&pos);
    int got = xq_eval_terms(&pos, EVAL_TERM_TUNED);
    CHECK(fabs(got - want) <= 1, "Tuned on a middlegame: %d, the tables say %.2f", got, want);
    /* With the weighted terms on, their tuned weights too. */
    const unsigned weighted = EVAL_TERM_MOBILITY | EVAL_TERM_KING_SAFETY | EVAL_TERM_KING_ATTACK;
    xq_tune_set_add(&one, &pos, weighted, 0.5, 0);
    want = xq_tune_eval(&one, 1, &t) - pos_score(&pos);
    got = xq_eval_terms(&pos, weighted | EVAL_TERM_TUNED);
    CHECK(fabs(got - want) <= 1, "Tuned with Mobility, KingSafety, KingAttack: %d, the weights say %.2f", got, want);
    xq_tune_set_free(&one);
    xq_tune_set_free(&set);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    xq_eval_init();
    test_read();
    test_fit();
    test_term();
    return TEST_REPORT();
}
