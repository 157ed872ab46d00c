/*
 * stats/searchstats.c - per-engine search statistics of a match or tournament,
 * counted game by game from the stored records (see stats/searchstats.h for
 * every definition). Depths are kept as histograms (value, count), so the
 * memory grows with the distinct depths, not with the games.
 */
#include "stats/searchstats.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "results/record.h"
#include "util/util.h"

enum { PHASE_ALL, PHASE_OPENING, PHASE_MIDDLE, PHASE_END, PHASES };
static const char *const PHASE_KEY[PHASES] = {"all", "opening", "middlegame", "endgame"};

#define STATS_MAX_ENGINES 256
#define STATS_MAX_REASONS 48
#define STATS_NAME_BYTES 128

/* A histogram of whole numbers: distinct values in increasing order with their counts. */
typedef struct {
    struct Bin { int value; int64_t count; } *bin;
    int nbins, cap;
    int64_t n, sum;
} IntList;

typedef struct {
    int64_t moves, nodes, time_ms;
    IntList depth, seldepth;
    int64_t allotted_moves, allotted_ms, allotted_used_ms, at_limit;
} PhaseStats;

typedef struct {
    char name[STATS_NAME_BYTES];
    int64_t games, time_forfeits;
    PhaseStats phase[PHASES];
    int nreasons;
    char reason[STATS_MAX_REASONS][64];
    int64_t reason_count[STATS_MAX_REASONS];
} EngineStats;

struct SearchStats {
    const Game *game;
    int opening_end, middle_end;
    int count;
    EngineStats *engine; /* STATS_MAX_ENGINES of them */
};

/* ------------------------------------------------------------------------ */
/* Counting                                                                 */
/* ------------------------------------------------------------------------ */

static int list_push(IntList *l, int v)
{
    int lo = 0, hi = l->nbins;
    while (lo < hi) { /* the first bin >= v */
        int mid = (lo + hi) / 2;
        if (l->bin[mid].value < v) lo = mid + 1;
        else hi = mid;
    }
    if (lo == l->nbins || l->bin[lo].value != v) {
        if (l->nbins == l->cap) {
            int cap = l->cap ? 2 * l->cap : 16;
            struct Bin *grown = realloc(l->bin, (size_t)cap * sizeof *grown);
            if (!grown) return -1;
            l->bin = grown, l->cap = cap;
        }
        memmove(&l->bin[lo + 1], &l->bin[lo], (size_t)(l->nbins - lo) * sizeof *l->bin);
        l->bin[lo] = (struct Bin){v, 0};
        l->nbins++;
    }
    l->bin[lo].count++;
    l->n++, l->sum += v;
    return 0;
}

static int engine_of(SearchStats *s, const char *name)
{
    for (int i = 0; i < s->count; i++)
        if (strncmp(s->engine[i].name, name, STATS_NAME_BYTES - 1) == 0) return i;
    if (s->count == STATS_MAX_ENGINES) return -1;
    snprintf(s->engine[s->count].name, STATS_NAME_BYTES, "%s", name);
    return s->count++;
}

static void count_loss(EngineStats *e, const char *reason)
{
    if (strcmp(reason, "time forfeit") == 0) e->time_forfeits++;
    for (int r = 0; r < e->nreasons; r++)
        if (strcmp(e->reason[r], reason) == 0) return (void)e->reason_count[r]++;
    if (e->nreasons == STATS_MAX_REASONS) return;
    snprintf(e->reason[e->nreasons], sizeof e->reason[0], "%s", reason);
    e->reason_count[e->nreasons++] = 1;
}

static int phase_of(const SearchStats *s, int ply)
{
    return ply <= s->opening_end ? PHASE_OPENING : ply <= s->middle_end ? PHASE_MIDDLE : PHASE_END;
}

/* One engine move (ply counted from 1) into its engine's phases. */
static int count_move(SearchStats *s, EngineStats *e, const StoredMove *m, int ply, char *err, size_t errlen)
{
    if (m->time_ms < 0 || m->depth < 0 || m->nodes < 0 || m->depth > INT32_MAX)
        return util_fail(err, errlen, "ply %d: expected \"time_ms\", \"depth\" and \"nodes\" (whole numbers) for a move "
                         "not from the book", ply);
    if (m->seldepth > INT32_MAX) return util_fail(err, errlen, "ply %d: expected \"seldepth\" as a whole number", ply);
    if (m->allot_ms == 0)
        return util_fail(err, errlen, "ply %d: expected \"allot_ms\" as a whole number above 0", ply);
    int phases[2] = {PHASE_ALL, phase_of(s, ply)};
    for (int k = 0; k < 2; k++) {
        PhaseStats *p = &e->phase[phases[k]];
        p->moves++, p->nodes += m->nodes, p->time_ms += m->time_ms;
        if (list_push(&p->depth, (int)m->depth) || (m->seldepth >= 0 && list_push(&p->seldepth, (int)m->seldepth)))
            return util_fail(err, errlen, "out of memory");
        if (m->allot_ms > 0) {
            p->allotted_moves++, p->allotted_ms += m->allot_ms, p->allotted_used_ms += m->time_ms;
            if (m->time_ms >= m->allot_ms) p->at_limit++;
        }
    }
    return 0;
}

int searchstats_add(SearchStats *s, const StoredGame *g, char *err, size_t errlen)
{
    const Game *game = s->game;
    if (!g->fen[0] || !g->reason[0] || !g->has_moves)
        return util_fail(err, errlen, "expected a game: \"%s\", \"%s\", \"fen\", \"result\", \"reason\" and \"moves\"",
                         record_side_key(game, 0), record_side_key(game, 1));
    GameState *pos = game_state_at(game, g->fen);
    if (!pos) return util_fail(err, errlen, "expected a %s position as \"fen\"", game->name);
    int start = game->side_to_move(pos);
    game->state_free(pos);
    int idx[2] = {engine_of(s, g->side[0]), engine_of(s, g->side[1])};
    if (idx[0] < 0 || idx[1] < 0) return util_fail(err, errlen, "more than %d engines", STATS_MAX_ENGINES);
    s->engine[idx[0]].games++, s->engine[idx[1]].games++;
    int loser = g->points2 == 2 ? 1 : g->points2 == 0 ? 0 : -1;
    if (loser >= 0) count_loss(&s->engine[idx[loser]], g->reason);
    for (int i = 0; i < g->nmoves; i++) {
        if (g->moves[i].book) continue;
        if (count_move(s, &s->engine[idx[(start + i) & 1]], &g->moves[i], i + 1, err, errlen)) return -1;
    }
    return 0;
}

SearchStats *searchstats_new(const Game *game, const char *const *names, int nnames)
{
    SearchStats *s = calloc(1, sizeof *s);
    if (s) s->engine = calloc(STATS_MAX_ENGINES, sizeof *s->engine);
    if (!s || !s->engine) return searchstats_free(s), NULL;
    s->game = game;
    s->opening_end = game->phase_end[0] > 0 ? game->phase_end[0] : 20;
    s->middle_end = game->phase_end[1] > 0 ? game->phase_end[1] : 80;
    for (int i = 0; i < nnames; i++) engine_of(s, names[i]);
    return s;
}

void searchstats_free(SearchStats *s)
{
    if (!s) return;
    for (int e = 0; s->engine && e < s->count; e++)
        for (int p = 0; p < PHASES; p++) free(s->engine[e].phase[p].depth.bin), free(s->engine[e].phase[p].seldepth.bin);
    free(s->engine);
    free(s);
}

/* ------------------------------------------------------------------------ */
/* Figures                                                                  */
/* ------------------------------------------------------------------------ */

static double mean_of(const IntList *l) { return l->n ? (double)l->sum / (double)l->n : NAN; }

/* The value at 0-based rank r of the sorted values. */
static int value_at(const IntList *l, int64_t r)
{
    int b = 0;
    for (int64_t below = 0; b < l->nbins - 1 && below + l->bin[b].count <= r; b++) below += l->bin[b].count;
    return l->bin[b].value;
}

static double median_of(const IntList *l)
{
    if (!l->n) return NAN;
    return l->n % 2 ? value_at(l, l->n / 2) : (value_at(l, l->n / 2 - 1) + value_at(l, l->n / 2)) / 2.0;
}

static double ratio(double a, double b) { return b > 0 ? a / b : NAN; }

static void json_phase(Json *j, const char *key, const PhaseStats *p)
{
    json_begin_object(j, key);
    json_int(j, "moves", p->moves);
    json_double(j, "depth_mean", mean_of(&p->depth));
    json_double(j, "depth_median", median_of(&p->depth));
    json_int(j, "seldepth_moves", p->seldepth.n);
    json_double(j, "seldepth_mean", mean_of(&p->seldepth));
    json_double(j, "seldepth_median", median_of(&p->seldepth));
    json_int(j, "nodes", p->nodes);
    json_double(j, "nodes_per_move", ratio((double)p->nodes, (double)p->moves));
    json_int(j, "time_ms", p->time_ms);
    json_double(j, "nps", ratio(1000.0 * (double)p->nodes, (double)p->time_ms));
    json_int(j, "allotted_moves", p->allotted_moves);
    json_int(j, "allotted_ms", p->allotted_ms);
    json_double(j, "time_used_ratio", ratio((double)p->allotted_used_ms, (double)p->allotted_ms));
    json_int(j, "moves_at_limit", p->at_limit);
    json_end_object(j);
}

void searchstats_json(const SearchStats *s, Json *j, const char *key)
{
    json_begin_object(j, key);
    json_begin_object(j, "phases");
    json_begin_array(j, "opening");
    json_int(j, NULL, 1), json_int(j, NULL, s->opening_end);
    json_end_array(j);
    json_begin_array(j, "middlegame");
    json_int(j, NULL, s->opening_end + 1), json_int(j, NULL, s->middle_end);
    json_end_array(j);
    json_begin_array(j, "endgame");
    json_int(j, NULL, s->middle_end + 1), json_null(j, NULL);
    json_end_array(j);
    json_end_object(j);
    json_begin_array(j, "engines");
    for (int e = 0; e < s->count; e++) {
        const EngineStats *es = &s->engine[e];
        json_begin_object(j, NULL);
        json_string(j, "name", es->name);
        json_int(j, "games", es->games);
        json_int(j, "time_forfeits", es->time_forfeits);
        json_begin_object(j, "terminations_suffered");
        for (int r = 0; r < es->nreasons; r++) json_int(j, es->reason[r], es->reason_count[r]);
        json_end_object(j);
        for (int p = 0; p < PHASES; p++) json_phase(j, PHASE_KEY[p], &es->phase[p]);
        json_end_object(j);
    }
    json_end_array(j);
    json_end_object(j);
}

/* "%.*f" of v into out, or "-" when it does not exist. */
static const char *fmt(char *out, size_t len, double v, int decimals)
{
    if (isfinite(v)) snprintf(out, len, "%.*f", decimals, v);
    else snprintf(out, len, "-");
    return out;
}

void searchstats_print(const SearchStats *s, FILE *f)
{
    static const char *const PHASE_NAME[PHASES] = {"all", "opening", "middle", "endgame"};
    int w = 6;
    for (int e = 0; e < s->count; e++) w = (int)strlen(s->engine[e].name) > w ? (int)strlen(s->engine[e].name) : w;
    fprintf(f, "\nsearch statistics (engine moves; time by the harness clock; phases by ply: opening 1-%d, "
               "middle %d-%d, endgame %d-):\n", s->opening_end, s->opening_end + 1, s->middle_end, s->middle_end + 1);
    fprintf(f, "%-*s %-8s %6s %6s %5s %6s %5s %11s %10s %8s %8s\n", w, "engine", "phase", "moves", "depth", "med",
            "seld", "med", "nodes/move", "NPS", "used/all", "atlimit");
    char a[32], b[32], c[32], d[32], x[32], y[32], z[32];
    for (int e = 0; e < s->count; e++)
        for (int p = 0; p < PHASES; p++) {
            const PhaseStats *ps = &s->engine[e].phase[p];
            if (p > 0 && ps->moves == 0) continue;
            fprintf(f, "%-*s %-8s %6lld %6s %5s %6s %5s %11s %10s %8s %8lld\n", w, p == 0 ? s->engine[e].name : "",
                    PHASE_NAME[p], (long long)ps->moves, fmt(a, sizeof a, mean_of(&ps->depth), 2),
                    fmt(b, sizeof b, median_of(&ps->depth), 1), fmt(c, sizeof c, mean_of(&ps->seldepth), 2),
                    fmt(d, sizeof d, median_of(&ps->seldepth), 1),
                    fmt(x, sizeof x, ratio((double)ps->nodes, (double)ps->moves), 0),
                    fmt(y, sizeof y, ratio(1000.0 * (double)ps->nodes, (double)ps->time_ms), 0),
                    fmt(z, sizeof z, ratio((double)ps->allotted_used_ms, (double)ps->allotted_ms), 3),
                    (long long)ps->at_limit);
        }
    for (int e = 0; e < s->count; e++) {
        const EngineStats *es = &s->engine[e];
        fprintf(f, "%s: %lld game%s, %lld time forfeit%s; games lost%s", es->name, (long long)es->games,
                es->games == 1 ? "" : "s", (long long)es->time_forfeits, es->time_forfeits == 1 ? "" : "s",
                es->nreasons ? " by" : ": none");
        for (int r = 0; r < es->nreasons; r++)
            fprintf(f, "%s %s %lld", r ? "," : "", es->reason[r], (long long)es->reason_count[r]);
        fprintf(f, "\n");
    }
}
