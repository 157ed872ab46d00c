/*
 * results/summary.c - summary.json of a match or tournament: the run's state, the
 * SPRT settings, every pairing's statistics (the keys of `qibench stats`),
 * every engine's standing, the endings and the score by ECCO letter of the
 * openings (see match/match_run.h).
 */
#include <math.h>

#include "match/match_run.h"
#include "stats/ratings_cmd.h"
#include "stats/searchstats.h"

/* An engine's standing: games, W/D/L, score and draw ratio over its games;
 * Elo and its 95% interval from its pairs (pentanomial), as printed. */
static void json_standing(Json *j, const int64_t wdl[3], const int64_t penta[PENTA_CELLS])
{
    StatsSummary st, pen;
    stats_from_wdl(wdl[0], wdl[1], wdl[2], &st);
    stats_from_penta(penta, &pen);
    st.elo = pen.elo, st.elo_error = pen.elo_error;
    json_int(j, "games", wdl[0] + wdl[1] + wdl[2]);
    json_int(j, "wins", wdl[0]);
    json_int(j, "draws", wdl[1]);
    json_int(j, "losses", wdl[2]);
    json_double(j, "score", st.score);
    json_double(j, "elo", st.elo);
    json_double(j, "elo_error", st.elo_error);
    json_double(j, "draw_ratio", st.draw_ratio);
}


/* "llr_history": [pairs, LLR] after each finished pair of the pairing, the
 * pairs taken in the order of their index (not of their finishing): so a
 * run resumed, or sharded and merged, has the history of the same run
 * played straight through, whatever the concurrency. */
static void json_llr_history(Json *j, const MatchRun *run, int pairing)
{
    int64_t penta[PENTA_CELLS] = {0};
    int pairs = 0;
    json_begin_array(j, "llr_history");
    for (int k = 0; k < run->njobs; k++) {
        const PairJob *job = &run->jobs[k];
        if (job->pairing != pairing || job->done != 3) continue;
        penta[job->half[0] + job->half[1]]++;
        SprtResult r;
        bool ok = stats_sprt_penta(&run->opt->sprt, penta, &r) == 0;
        json_begin_array(j, NULL);
        json_int(j, NULL, ++pairs);
        json_double(j, NULL, ok ? r.llr : NAN);
        json_end_array(j);
    }
    json_end_array(j);
}

/* "ecco": finished games by the ECCO letter (A-E) of their opening. For a
 * pairing (pairing >= 0) from its engine a's side, {"A": {"games",
 * "points_first", "score_first"}, ...}; for an engine (pairing -1) over all
 * its pairings from its side, {"A": {"games", "points", "score"}, ...}.
 * Letters without games are left out; null when no game was played from an
 * opening with an ECCO code. The opening of a pair is the book's opening of
 * its round, as match/match.c takes it. */
static void json_ecco_of(Json *j, const MatchRun *run, int pairing, int engine)
{
    int64_t games[5] = {0}, half[5] = {0}, any = 0;
    for (int k = 0; k < run->njobs && run->book.count; k++) {
        const PairJob *job = &run->jobs[k];
        const Pairing *p = &run->pairings[job->pairing];
        if (pairing >= 0 ? job->pairing != pairing : p->a != engine && p->b != engine) continue;
        const Opening *op = &run->book.items[job->round % run->book.count];
        if (op->ecco[0] < 'A' || op->ecco[0] > 'E') continue;
        for (int i = 0; i < 2; i++) {
            if (!(job->done & (1u << i))) continue;
            games[op->ecco[0] - 'A']++;
            half[op->ecco[0] - 'A'] += pairing >= 0 || p->a == engine ? job->half[i] : 2 - job->half[i];
            any++;
        }
    }
    if (!any) {
        json_null(j, "ecco");
        return;
    }
    json_begin_object(j, "ecco");
    for (int c = 0; c < 5; c++) {
        if (!games[c]) continue;
        char letter[2] = {(char)('A' + c), '\0'};
        json_begin_object(j, letter);
        json_int(j, "games", games[c]);
        json_double(j, pairing >= 0 ? "points_first" : "points", half[c] / 2.0);
        json_double(j, pairing >= 0 ? "score_first" : "score", half[c] / 2.0 / (double)games[c]);
        json_end_object(j);
    }
    json_end_object(j);
}

static void json_ecco(Json *j, const MatchRun *run, int pairing) { json_ecco_of(j, run, pairing, -1); }

/* One pairing, from a's side, over its finished pairs: the keys and values
 * of `qibench stats --penta` on its pentanomial counts (W/D/L and the draw
 * ratio of the same games, as `qibench stats --wdl` gives them), and
 * unpaired_games, the games of its half-finished pairs left out of them. */
static void json_pairing(Json *j, const MatchRun *run, const Pairing *p)
{
    const EngineList *list = run->opt->engines;
    StatsSummary pen, wdl;
    SprtResult r;
    bool sprt = run->opt->has_sprt && stats_sprt_penta(&run->opt->sprt, p->penta, &r) == 0;
    stats_from_penta(p->penta, &pen);
    stats_from_wdl(p->wdl[0], p->wdl[1], p->wdl[2], &wdl);
    json_begin_object(j, NULL);
    json_string(j, "engine", list->engines[p->a].spec.name);
    json_string(j, "opponent", list->engines[p->b].spec.name);
    json_int(j, "games", pen.games);
    json_int(j, "pairs", pen.pairs);
    /* the games of half-finished pairs, not in the counts above */
    json_int(j, "unpaired_games", standings_unpaired(run, (int)(p - run->pairings)));
    json_int(j, "wins", p->wdl[0]);
    json_int(j, "draws", p->wdl[1]);
    json_int(j, "losses", p->wdl[2]);
    json_double(j, "score", pen.score);
    json_double(j, "elo", pen.elo);
    json_double(j, "elo_error", pen.elo_error);
    json_double(j, "los", pen.los);
    json_double(j, "draw_ratio", wdl.draw_ratio);
    json_double(j, "nelo", pen.nelo);
    json_double(j, "nelo_error", pen.nelo_error);
    json_double(j, "llr", sprt ? r.llr : NAN);
    json_double(j, "lower_bound", sprt ? r.lower : NAN);
    json_double(j, "upper_bound", sprt ? r.upper : NAN);
    json_string(j, "verdict", sprt ? stats_verdict_name(r.verdict) : NULL);
    json_begin_array(j, "penta");
    for (int c = 0; c < PENTA_CELLS; c++) json_int(j, NULL, p->penta[c]);
    json_end_array(j);
    if (run->opt->has_sprt) json_llr_history(j, run, (int)(p - run->pairings));
    json_ecco(j, run, (int)(p - run->pairings));
    json_end_object(j);
}

/* "sprt": the test's settings, or null without --sprt. */
static void json_sprt(Json *j, const MatchOptions *opt)
{
    if (!opt->has_sprt) {
        json_null(j, "sprt");
        return;
    }
    json_begin_object(j, "sprt");
    stats_json_sprt_params(j, &opt->sprt);
    json_end_object(j);
}

void summary_write(const MatchRun *run, const char *state)
{
    const MatchOptions *opt = run->opt;
    const EngineList *list = opt->engines;
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_summary_header(&j, opt->format == FORMAT_MATCH ? "match" : "tournament");
    json_string(&j, "state", state);
    json_int(&j, "games", run->games_done);
    json_int(&j, "games_planned", run->games_planned);
    /* games of half-finished pairs: in "games" and the engines' W/D/L, not
     * in any pair statistics; the reason when there are some */
    int unpaired = standings_unpaired(run, -1);
    json_int(&j, "unpaired_games", unpaired);
    json_string(&j, "unpaired_reason", unpaired ? standings_unpaired_reason(run) : NULL);
    json_string(&j, "rules", game_rule_set_name(opt->game, opt->rules.rule_set));
    if (opt->shard_n) {
        json_begin_object(&j, "shard");
        json_int(&j, "index", opt->shard_k);
        json_int(&j, "count", opt->shard_n);
        json_end_object(&j);
    }
    json_sprt(&j, opt);
    json_begin_array(&j, "pairings");
    for (int i = 0; i < run->npairings; i++) json_pairing(&j, run, &run->pairings[i]);
    json_end_array(&j);
    /* a match: its one pairing's breakdown, from the first engine's side (a
     * tournament has it per pairing only) */
    if (opt->format == FORMAT_MATCH && run->npairings == 1) json_ecco(&j, run, 0);
    else json_null(&j, "ecco");
    static const char *const FORMAT_NAME[] = {"match", "round-robin", "gauntlet", "knockout", "swiss"};
    json_string(&j, "format", FORMAT_NAME[opt->format]);
    formats_json(&j, run);
    json_begin_array(&j, "engines");
    for (int e = 0; e < list->count; e++) {
        json_begin_object(&j, NULL);
        json_string(&j, "name", list->engines[e].spec.name);
        int64_t penta[PENTA_CELLS];
        standings_engine_penta(run, e, penta);
        json_standing(&j, run->engine_wdl[e], penta);
        json_ecco_of(&j, run, -1, e);
        json_end_object(&j);
    }
    json_end_array(&j);
    json_begin_object(&j, "terminations");
    for (int k = 1; k < standings_term_keys(run); k++)
        if (run->term_counts[k]) json_int(&j, standings_term_key_name(run, k), run->term_counts[k]);
    json_end_object(&j);
    if (run->search) searchstats_json(run->search, &j, "search");
    else json_null(&j, "search");
    ratings_json_member(&j, "ratings", &run->ratings);
    json_end_object(&j);
    if (json_write_file(&j, opt->run_dir, "summary.json"))
        fprintf(stderr, "qibench: cannot write %s/summary.json\n", opt->run_dir);
    json_free(&j);
}
