/*
 * match/standings.c - the tallies of a match or tournament and what is printed
 * from them: the live status line, the standings table, each pairing's
 * statistics, the SPRT line and the endings (see match/match_run.h).
 */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "match/match_run.h"
#include "stats/ratings_cmd.h"
#include "util/util.h"

/* Half points of the side `side` in a game that ended with `result`. */
static int points2(GameResult result, int side) { return game_points2(result, side); }

/* "1 game", "2 games". */
static const char *games_word(int64_t n) { return n == 1 ? "game" : "games"; }

static int wdl_index(int half) { return half == 2 ? 0 : half == 1 ? 1 : 2; }

static void fput_value(FILE *f, const char *fmt, double v)
{
    if (isfinite(v)) fprintf(f, fmt, v);
    else fputs("n/a", f);
}

void standings_put_status(const MatchRun *run, FILE *f)
{
    double minutes = (double)(util_monotonic_ms() - run->start_ms) / 60000.0;
    int total = run->games_planned;
    fprintf(f, "games %d/%d", run->games_done, total);
    if (run->npairings == 1) {
        const Pairing *p = &run->pairings[0];
        StatsSummary st;
        stats_from_penta(p->penta, &st); /* the final table's interval: from the finished pairs */
        fprintf(f, "  +%lld =%lld -%lld  Elo ", (long long)p->game_wdl[0], (long long)p->game_wdl[1],
                (long long)p->game_wdl[2]);
        fput_value(f, "%+.1f", st.elo);
        fputs(" \xc2\xb1 ", f);
        fput_value(f, "%.1f", st.elo_error);
        fputs(" (95%, pairs)", f);
        if (run->opt->has_sprt) {
            SprtResult r;
            stats_sprt_penta(&run->opt->sprt, p->penta, &r);
            fputs("  LLR ", f);
            fput_value(f, "%.2f", r.llr);
            fprintf(f, " (%.2f, %.2f)", r.lower, r.upper);
        }
    }
    double rate = minutes > 0 ? run->games_done / minutes : NAN;
    fputs("  ", f);
    fput_value(f, "%.1f", rate);
    fputs(" games/min  ~", f);
    fput_value(f, "%.1f", rate > 0 ? (total - run->games_done) / rate : NAN);
    fputs(" min left", f);
}

static int cmp_score(const void *x, const void *y, const MatchRun *run)
{
    const int64_t *a = run->engine_wdl[*(const int *)x], *b = run->engine_wdl[*(const int *)y];
    int64_t na = a[0] + a[1] + a[2], nb = b[0] + b[1] + b[2];
    double sa = na ? (a[0] + a[1] / 2.0) / na : -1, sb = nb ? (b[0] + b[1] / 2.0) / nb : -1;
    return sa < sb ? 1 : sa > sb ? -1 : *(const int *)x - *(const int *)y;
}

void standings_engine_penta(const MatchRun *run, int e, int64_t penta[PENTA_CELLS])
{
    for (int c = 0; c < PENTA_CELLS; c++) penta[c] = 0;
    for (int i = 0; i < run->npairings; i++) {
        const Pairing *p = &run->pairings[i];
        if (p->a != e && p->b != e) continue;
        for (int c = 0; c < PENTA_CELLS; c++) penta[p->a == e ? c : PENTA_CELLS - 1 - c] += p->penta[c];
    }
}

void standings_print(const MatchRun *run)
{
    const EngineList *list = run->opt->engines;
    int order[MAX_ENGINES], n = list->count;
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++) /* insertion sort: n is small */
        for (int j = i; j > 0 && cmp_score(&order[j - 1], &order[j], run) > 0; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    printf("\nstandings after %d of %d games:\n", run->games_done, run->games_planned);
    /* "±" is 2 bytes in 1 column: %8s shows it 7 wide, as the numbers below */
    printf("%4s  %-20s %6s %7s %8s %8s %7s\n", "rank", "engine", "games", "score", "Elo", "\xc2\xb1", "draws");
    for (int r = 0; r < n; r++) {
        const int64_t *w = run->engine_wdl[order[r]];
        int64_t games = w[0] + w[1] + w[2], penta[PENTA_CELLS];
        StatsSummary st, pen;
        stats_from_wdl(w[0], w[1], w[2], &st);
        standings_engine_penta(run, order[r], penta);
        stats_from_penta(penta, &pen);
        st.elo = pen.elo, st.elo_error = pen.elo_error; /* the interval of the pairs, as everywhere */
        printf("%4d  %-20s %6lld ", r + 1, list->engines[order[r]].spec.name, (long long)games);
        if (games) printf("%6.1f%% ", 100 * st.score);
        else printf("%7s ", "n/a");
        if (isfinite(st.elo)) printf("%+8.1f ", st.elo);
        else printf("%8s ", "n/a");
        if (isfinite(st.elo_error)) printf("%7.1f ", st.elo_error);
        else printf("%7s ", "n/a");
        if (isfinite(st.draw_ratio)) printf("%6.1f%%\n", 100 * st.draw_ratio);
        else printf("%7s\n", "n/a");
    }
    printf("Elo: each engine's score over all its game pairs, against the average of its opponents (95%%, pairs)\n");
    int unpaired = standings_unpaired(run, -1);
    if (unpaired)
        printf("games counts every game; Elo leaves out %d %s of half-finished pairs (%s)\n", unpaired,
               games_word(unpaired), standings_unpaired_reason(run));
    fflush(stdout);
}

int standings_term_keys(const MatchRun *run)
{
    return TERM_COUNT - 1 + run->opt->game->reason_count;
}

int standings_term_key(const MatchRun *run, const GameRecord *g)
{
    if (g->term == TERM_RULES)
        return g->reason > 0 && g->reason < run->opt->game->reason_count ? TERM_COUNT - 1 + g->reason : 0;
    return g->term > TERM_RULES && g->term < TERM_COUNT ? (int)g->term : 0;
}

const char *standings_term_key_name(const MatchRun *run, int k)
{
    const Game *game = run->opt->game;
    return k >= TERM_COUNT ? game_termination_name(game, TERM_RULES, k - (TERM_COUNT - 1))
                           : game_termination_name(game, (Termination)k, 0);
}

int standings_term_key_of(const MatchRun *run, const char *name)
{
    for (int k = 1; k < standings_term_keys(run); k++)
        if (strcmp(standings_term_key_name(run, k), name) == 0) return k;
    return -1;
}

void standings_account(MatchRun *run, int k, int i, int red, int black, GameResult result, int key, int engine_plies)
{
    PairJob *job = &run->jobs[k];
    Pairing *p = &run->pairings[job->pairing];
    int half = points2(result, red == p->a ? 0 : 1);
    if (key > 0 && key < standings_term_keys(run)) run->term_counts[key]++;
    run->plies_played += engine_plies;
    p->game_wdl[wdl_index(half)]++;
    run->engine_wdl[red][wdl_index(points2(result, 0))]++;
    run->engine_wdl[black][wdl_index(points2(result, 1))]++;
    run->games_done++;
    job->done |= (unsigned char)(1u << i);
    job->half[i] = (signed char)half;
    if (job->done != 3) return;
    for (int j = 0; j < 2; j++) p->wdl[wdl_index(job->half[j])]++;
    p->penta[job->half[0] + job->half[1]]++;
    run->pairs_done++;
    if (!run->opt->has_sprt) return;
    SprtResult r;
    stats_sprt_penta(&run->opt->sprt, p->penta, &r);
    /* The SPRT stops a match; a shard only reports (the merge decides). */
    if (run->npairings == 1 && run->opt->shard_n == 0 && !run->sprt_done && r.verdict != SPRT_CONTINUE) {
        run->sprt = r;
        run->sprt_done = true;
        atomic_store(&run->stop, true);
    }
}

void standings_count_stored(MatchRun *run, const StoredGame *sg)
{
    char err[512];
    if (ratings_add_stored(&run->ratings, sg, err, sizeof err))
        fprintf(stderr, "qibench: warning: game %d not in the ratings: %s\n", run->games_done, err);
    if (run->search && searchstats_add(run->search, sg, err, sizeof err)) {
        fprintf(stderr, "qibench: warning: no search statistics: game %d: %s\n", run->games_done, err);
        searchstats_free(run->search);
        run->search = NULL;
    }
}

void standings_count_line(MatchRun *run, const char *line)
{
    char err[512];
    if (record_parse(line, run->opt->game, &run->stored, err, sizeof err) == 0) standings_count_stored(run, &run->stored);
    else fprintf(stderr, "qibench: warning: game %d not counted in the statistics: %s\n", run->games_done, err);
}

static void print_value(const char *fmt, double v)
{
    if (isfinite(v)) printf(fmt, v);
    else printf("n/a");
}

int standings_unpaired(const MatchRun *run, int pairing)
{
    int n = 0;
    for (int k = 0; k < run->njobs; k++)
        if ((pairing < 0 || run->jobs[k].pairing == pairing) && (run->jobs[k].done == 1 || run->jobs[k].done == 2)) n++;
    return n;
}

const char *standings_unpaired_reason(const MatchRun *run)
{
    if (run->interrupted) return "interrupted before the other game of the pair";
    if (run->engine_failed || run->write_failed) return "stopped by an error before the other game of the pair";
    if (run->sprt_done) return "the SPRT ended the match before the other game of the pair";
    return "the other game of the pair is still to be played";
}

/* A pairing: all its games (as the status line counts them), then the
 * statistics of its whole pairs, and why a game of a half-finished pair
 * is not in them. */
static void print_pairing(const MatchRun *run, const Pairing *p)
{
    const EngineList *list = run->opt->engines;
    StatsSummary wdl, games, pen;
    stats_from_wdl(p->wdl[0], p->wdl[1], p->wdl[2], &wdl);
    stats_from_wdl(p->game_wdl[0], p->game_wdl[1], p->game_wdl[2], &games);
    stats_from_penta(p->penta, &pen);
    int64_t n = p->game_wdl[0] + p->game_wdl[1] + p->game_wdl[2];
    int unpaired = standings_unpaired(run, (int)(p - run->pairings));
    printf("%s vs %s: %lld %s, +%lld =%lld -%lld, score ", list->engines[p->a].spec.name,
           list->engines[p->b].spec.name, (long long)n, games_word(n), (long long)p->game_wdl[0],
           (long long)p->game_wdl[1], (long long)p->game_wdl[2]);
    print_value("%.1f%%", 100 * games.score);
    if (unpaired)
        printf("\n  pair statistics below from %lld whole %s (%lld games): %d %s of a half-finished pair left out "
               "(%s)",
               (long long)pen.pairs, pen.pairs == 1 ? "pair" : "pairs", (long long)pen.games, unpaired,
               games_word(unpaired), standings_unpaired_reason(run));
    printf("\n  Elo ");
    print_value("%+.1f", pen.elo);
    printf(" \xc2\xb1 ");
    print_value("%.1f", pen.elo_error);
    printf(" (95%%, pairs), LOS ");
    print_value("%.1f%%", 100 * pen.los);
    printf(", draw ratio ");
    print_value("%.1f%%", 100 * wdl.draw_ratio);
    printf(", nElo ");
    print_value("%+.1f", pen.nelo);
    printf(" \xc2\xb1 ");
    print_value("%.1f", pen.nelo_error);
    printf("\n  pentanomial [LL LD WL+DD WD WW]: [%lld %lld %lld %lld %lld]\n", (long long)p->penta[0],
           (long long)p->penta[1], (long long)p->penta[2], (long long)p->penta[3], (long long)p->penta[4]);
}

void standings_print_results(const MatchRun *run)
{
    if (run->npairings > 1 || run->opt->rating_interval > 0) standings_print(run);
    printf("\n");
    for (int i = 0; i < run->npairings; i++) print_pairing(run, &run->pairings[i]);
    if (run->opt->has_sprt && run->npairings == 1) {
        SprtResult r;
        stats_sprt_penta(&run->opt->sprt, run->pairings[0].penta, &r);
        printf("SPRT (%s, elo0 %g, elo1 %g, alpha %g, beta %g): LLR %.3f [%.3f, %.3f] %s\n",
               stats_model_name(run->opt->sprt.model), run->opt->sprt.elo0,
               run->opt->sprt.elo1, run->opt->sprt.alpha, run->opt->sprt.beta, r.llr, r.lower, r.upper,
               stats_verdict_name(r.verdict));
    }
    formats_print(run);
    printf("games ended by:");
    const char *sep = " ";
    for (int k = 1; k < standings_term_keys(run); k++) {
        if (!run->term_counts[k]) continue;
        printf("%s%s %d", sep, standings_term_key_name(run, k), run->term_counts[k]);
        sep = ", ";
    }
    printf("%s\n", sep[0] == ' ' ? " none" : "");
    if (run->search) searchstats_print(run->search, stdout);
}
