/*
 * match/formats.c - the knockout and Swiss tournaments: their rounds
 * planned one stage at a time from the results so far (match/pairing.c), as game
 * pairs added to the run's jobs; the bracket and the Swiss standings
 * printed and written to summary.json (see match/match_run.h).
 *
 * A stage is a knockout round's base pairs, one tie-break pair for each
 * encounter of the round still tied, or a Swiss round. The next stage is
 * planned only when every pair before it is in games.jsonl, and only from
 * the stored results: so the pair numbers are the same whatever the
 * concurrency, and --resume rebuilds the stages while reading games.jsonl.
 */
#include <stdlib.h>
#include <string.h>

#include "match/match_run.h"
#include "match/pairing.h"

#define FORMAT_MAX_ROUNDS 64

typedef struct {
    int a, b;         /* engines (b -1: a bye) */
    int pairing;      /* in run->pairings, -1 for a bye */
    int winner;       /* knockout: -1 until decided */
    KnockoutDecision how;
} Encounter;

typedef struct {
    Encounter enc[MAX_ENGINES];
    int count;
    int bye;          /* Swiss: the engine with the bye, -1 none */
} Stage;

struct FormatPlan {
    Stage rounds[FORMAT_MAX_ROUNDS];
    int nrounds;
    bool over;        /* the event is complete: nothing more to plan */
    bool no_pairing;  /* Swiss: it ended early, no pairing without a repeat left */
};

bool formats_staged(const MatchOptions *opt)
{
    return opt->format == FORMAT_KNOCKOUT || opt->format == FORMAT_SWISS;
}

static int pairs_per_encounter_max(const MatchOptions *opt)
{
    return opt->rounds + (opt->format == FORMAT_KNOCKOUT ? opt->tiebreak_pairs : 0);
}

int formats_init(MatchRun *run)
{
    const MatchOptions *opt = run->opt;
    int n = opt->engines->count;
    int encounters = opt->format == FORMAT_KNOCKOUT ? n - 1 : opt->swiss_rounds * (n / 2);
    run->plan = calloc(1, sizeof *run->plan);
    run->jobs = calloc((size_t)encounters * (size_t)pairs_per_encounter_max(opt) + 1, sizeof *run->jobs);
    if (!run->plan || !run->jobs) return -1;
    run->games_planned = encounters * opt->rounds * 2;
    return formats_extend(run) < 0 ? -1 : 0;
}

void formats_free(MatchRun *run)
{
    free(run->plan);
    run->plan = NULL;
}

/* Adds the game pair of encounter e for opening round `round`. */
static void add_pair(MatchRun *run, const Encounter *e, int round)
{
    run->jobs[run->njobs++] = (PairJob){e->pairing, round, true, 0, {0, 0}};
}

/* A new encounter of a and b (a pairing unless b is a bye) with its base pairs. */
static void add_encounter(MatchRun *run, Stage *st, int a, int b, int round0)
{
    Encounter *e = &st->enc[st->count++];
    *e = (Encounter){a, b, -1, -1, KO_UNDECIDED};
    if (b < 0) return;
    e->pairing = run->npairings;
    run->pairings[run->npairings++] = (Pairing){.a = a, .b = b};
    for (int j = 0; j < run->opt->rounds; j++) add_pair(run, e, round0 + j);
}

/* Half points of a and b in encounter e so far, and its finished pairs. */
static void encounter_score(const MatchRun *run, const Encounter *e, int *half_a, int *half_b, int *pairs)
{
    *half_a = *half_b = *pairs = 0;
    if (e->pairing < 0) return;
    const Pairing *p = &run->pairings[e->pairing];
    *half_a = (int)(2 * p->wdl[0] + p->wdl[1]);
    *half_b = (int)(2 * p->wdl[2] + p->wdl[1]);
    for (int c = 0; c < PENTA_CELLS; c++) *pairs += (int)p->penta[c];
}

/* ---- knockout ---- */

static int knockout_extend(MatchRun *run)
{
    FormatPlan *plan = run->plan;
    const MatchOptions *opt = run->opt;
    int per_round = opt->rounds + opt->tiebreak_pairs, added = run->njobs;
    if (plan->nrounds == 0) {
        PairingPair first[MAX_ENGINES];
        int m = pairing_knockout_first(opt->engines->count, first);
        Stage *st = &plan->rounds[plan->nrounds++];
        for (int i = 0; i < m; i++) add_encounter(run, st, first[i].a, first[i].b, 0);
        return run->njobs - added;
    }
    int r = plan->nrounds - 1;
    Stage *st = &plan->rounds[r];
    int winners[MAX_ENGINES], nw = 0;
    for (int i = 0; i < st->count; i++) {
        Encounter *e = &st->enc[i];
        int ha, hb, pairs;
        encounter_score(run, e, &ha, &hb, &pairs);
        if (e->winner < 0) e->how = pairing_knockout_decide(e->a, e->b, pairs, ha, hb, opt->rounds, opt->tiebreak_pairs,
                                                            &e->winner);
        if (e->winner >= 0) {
            winners[nw++] = e->winner;
        } else { /* tied: one more pair, with the next opening */
            add_pair(run, e, r * per_round + pairs);
            run->games_planned += 2;
        }
    }
    if (run->njobs > added) return run->njobs - added;
    if (nw < 2) return plan->over = true, 0;
    PairingPair next[MAX_ENGINES];
    int m = pairing_knockout_next(winners, nw, next);
    Stage *ns = &plan->rounds[plan->nrounds++];
    for (int i = 0; i < m; i++) add_encounter(run, ns, next[i].a, next[i].b, (r + 1) * per_round);
    return run->njobs - added;
}

/* ---- Swiss ---- */

/* Each engine's points (half points of its games; a bye is the encounter
 * won: 4 half points a pair), the pairings played, colours and byes. */
static void swiss_state(const MatchRun *run, SwissState *s)
{
    const FormatPlan *plan = run->plan;
    memset(s, 0, sizeof *s);
    s->n = run->opt->engines->count;
    for (int r = 0; r < plan->nrounds; r++) {
        const Stage *st = &plan->rounds[r];
        for (int i = 0; i < st->count; i++) {
            const Encounter *e = &st->enc[i];
            int ha, hb, pairs;
            encounter_score(run, e, &ha, &hb, &pairs);
            s->score[e->a] += ha, s->score[e->b] += hb;
            s->met[e->a][e->b] = s->met[e->b][e->a] = true;
            s->colour[e->a]++, s->colour[e->b]--;
            s->last_colour[e->a] = 1, s->last_colour[e->b] = -1;
        }
        if (st->bye >= 0) s->had_bye[st->bye] = true, s->score[st->bye] += 4 * run->opt->rounds;
    }
}

static int swiss_extend(MatchRun *run)
{
    FormatPlan *plan = run->plan;
    const MatchOptions *opt = run->opt;
    if (plan->nrounds >= opt->swiss_rounds) return plan->over = true, 0;
    SwissState s;
    swiss_state(run, &s);
    PairingPair pairs[MAX_ENGINES];
    int bye, m = pairing_swiss_round(&s, pairs, &bye);
    if (m < 0) {
        fprintf(stderr, "qibench: Swiss round %d: no pairing without a repeated encounter is left; the event ends "
                        "after round %d\n", plan->nrounds + 1, plan->nrounds);
        run->games_planned -= (opt->swiss_rounds - plan->nrounds) * (opt->engines->count / 2) * opt->rounds * 2;
        plan->over = plan->no_pairing = true;
        return 0;
    }
    int added = run->njobs, r = plan->nrounds;
    Stage *st = &plan->rounds[plan->nrounds++];
    st->bye = bye;
    for (int i = 0; i < m; i++) add_encounter(run, st, pairs[i].a, pairs[i].b, r * opt->rounds);
    return run->njobs - added;
}

int formats_extend(MatchRun *run)
{
    if (run->plan->over) return 0;
    for (int k = 0; k < run->njobs; k++)
        if (run->jobs[k].done != 3) return -1; /* a stage is planned only after the one before */
    return run->opt->format == FORMAT_KNOCKOUT ? knockout_extend(run) : swiss_extend(run);
}

bool formats_over(const MatchRun *run)
{
    return !run->plan || run->plan->over;
}

/* ------------------------------------------------------------------------ */
/* Standings, printed and in summary.json                                   */
/* ------------------------------------------------------------------------ */

static const char *engine_name(const MatchRun *run, int e)
{
    return e >= 0 ? run->opt->engines->engines[e].spec.name : NULL;
}

static const char *decision_name(KnockoutDecision how)
{
    return how == KO_BY_SCORE ? "score" : how == KO_BY_SEED ? "seed" : how == KO_BYE ? "bye" : NULL;
}

/* The Swiss order: points, then Buchholz, then seed. */
static void swiss_order(const SwissState *s, int *order)
{
    int n = s->n;
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            int x = order[j - 1], y = order[j];
            int bx = pairing_buchholz(s, x), by = pairing_buchholz(s, y);
            bool swap = s->score[y] != s->score[x] ? s->score[y] > s->score[x] : by != bx ? by > bx : y < x;
            if (!swap) break;
            order[j - 1] = y, order[j] = x;
        }
}

/* Knockout places: by the round reached, those still in (the winner)
 * before those who lost there, then seed; the losers of one round share a
 * place. out_round: the round an engine lost (0: not out). */
static int knockout_places(const MatchRun *run, int *order, int *place, int *out_round)
{
    const FormatPlan *plan = run->plan;
    int n = run->opt->engines->count, key[MAX_ENGINES] = {0};
    bool lost[MAX_ENGINES] = {0};
    int reached[MAX_ENGINES] = {0};
    for (int r = 0; r < plan->nrounds; r++)
        for (int i = 0; i < plan->rounds[r].count; i++) {
            const Encounter *en = &plan->rounds[r].enc[i];
            reached[en->a] = r + 1;
            if (en->b >= 0) reached[en->b] = r + 1;
            if (en->winner >= 0 && en->b >= 0) lost[en->winner == en->a ? en->b : en->a] = true;
        }
    for (int e = 0; e < n; e++) key[e] = 2 * reached[e] + !lost[e], order[e] = e;
    for (int i = 1; i < n; i++) /* insertion sort: key down, seed up (stable) */
        for (int j = i; j > 0 && key[order[j]] > key[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (int c = 0; c < n; c++) {
        int e = order[c];
        out_round[c] = lost[e] ? reached[e] : 0;
        place[c] = c > 0 && key[e] == key[order[c - 1]] ? place[c - 1] : c + 1;
    }
    return n;
}

void formats_print(const MatchRun *run)
{
    const MatchOptions *opt = run->opt;
    const FormatPlan *plan = run->plan;
    if (!plan) return;
    if (opt->format == FORMAT_KNOCKOUT) {
        printf("\nknockout (%d game pair%s an encounter, up to %d tie-break pair%s, then the higher seed):\n",
               opt->rounds, opt->rounds == 1 ? "" : "s", opt->tiebreak_pairs, opt->tiebreak_pairs == 1 ? "" : "s");
        for (int r = 0; r < plan->nrounds; r++) {
            printf("round %d:", r + 1);
            for (int i = 0; i < plan->rounds[r].count; i++) {
                const Encounter *e = &plan->rounds[r].enc[i];
                int ha, hb, pairs;
                encounter_score(run, e, &ha, &hb, &pairs);
                if (e->b < 0) printf("%s %s bye", i ? "," : "", engine_name(run, e->a));
                else printf("%s %s %g-%g %s%s", i ? "," : "", engine_name(run, e->a), ha / 2.0, hb / 2.0,
                            engine_name(run, e->b), e->how == KO_BY_SEED ? " (seed)" : e->winner < 0 ? " (open)" : "");
            }
            printf("\n");
        }
        const Stage *last = &plan->rounds[plan->nrounds - 1];
        if (plan->over && last->count == 1) printf("winner: %s\n", engine_name(run, last->enc[0].winner));
        return;
    }
    SwissState s;
    int order[MAX_ENGINES];
    swiss_state(run, &s);
    swiss_order(&s, order);
    printf("\nswiss after %d of %d rounds (points: game points, a bye the encounter won; Buchholz: the opponents' "
           "points):\n", plan->nrounds, opt->swiss_rounds);
    printf("%4s  %-20s %7s %9s %5s\n", "rank", "engine", "points", "Buchholz", "bye");
    for (int r = 0; r < s.n; r++) {
        int e = order[r];
        printf("%4d  %-20s %7g %9g %5s\n", r + 1, engine_name(run, e), s.score[e] / 2.0, pairing_buchholz(&s, e) / 2.0,
               s.had_bye[e] ? "yes" : "");
    }
    if (plan->no_pairing) printf("(ended after round %d: no pairing without a repeat was left)\n", plan->nrounds);
}

static void json_encounter(Json *j, const MatchRun *run, const Encounter *e)
{
    int ha, hb, pairs;
    encounter_score(run, e, &ha, &hb, &pairs);
    json_begin_object(j, NULL);
    json_string(j, "a", engine_name(run, e->a));
    json_string(j, "b", engine_name(run, e->b));
    json_int(j, "pairs", pairs);
    json_double(j, "score_a", ha / 2.0);
    json_double(j, "score_b", hb / 2.0);
    if (run->opt->format == FORMAT_KNOCKOUT) {
        json_string(j, "winner", engine_name(run, e->winner));
        json_string(j, "decided_by", decision_name(e->how));
    }
    json_end_object(j);
}

void formats_json(Json *j, const MatchRun *run)
{
    const MatchOptions *opt = run->opt;
    const FormatPlan *plan = run->plan;
    if (!plan) return;
    bool ko = opt->format == FORMAT_KNOCKOUT;
    json_begin_object(j, ko ? "knockout" : "swiss");
    json_int(j, "pairs_per_encounter", opt->rounds);
    if (ko) json_int(j, "tiebreak_pairs", opt->tiebreak_pairs);
    else json_int(j, "rounds_planned", opt->swiss_rounds);
    json_bool(j, "complete", plan->over);
    json_begin_array(j, "rounds");
    for (int r = 0; r < plan->nrounds; r++) {
        const Stage *st = &plan->rounds[r];
        json_begin_object(j, NULL);
        json_int(j, "round", r + 1);
        if (!ko) json_string(j, "bye", engine_name(run, st->bye));
        json_begin_array(j, "encounters");
        for (int i = 0; i < st->count; i++) json_encounter(j, run, &st->enc[i]);
        json_end_array(j);
        json_end_object(j);
    }
    json_end_array(j);
    json_begin_array(j, "standings");
    int order[MAX_ENGINES], place[MAX_ENGINES], out_round[MAX_ENGINES], n;
    SwissState s;
    if (ko) {
        n = knockout_places(run, order, place, out_round);
    } else {
        swiss_state(run, &s);
        swiss_order(&s, order);
        n = s.n;
    }
    for (int r = 0; r < n; r++) {
        int e = order[r];
        json_begin_object(j, NULL);
        json_string(j, "name", engine_name(run, e));
        if (ko) {
            json_int(j, "place", place[r]);
            if (out_round[r]) json_int(j, "out_in_round", out_round[r]);
            else json_null(j, "out_in_round");
        } else {
            json_int(j, "rank", r + 1);
            json_double(j, "points", s.score[e] / 2.0);
            json_double(j, "buchholz", pairing_buchholz(&s, e) / 2.0);
            json_bool(j, "bye", s.had_bye[e]);
        }
        json_end_object(j);
    }
    json_end_array(j);
    if (ko && plan->over && plan->nrounds && plan->rounds[plan->nrounds - 1].count == 1)
        json_string(j, "winner", engine_name(run, plan->rounds[plan->nrounds - 1].enc[0].winner));
    json_end_object(j);
}
