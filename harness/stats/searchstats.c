/*
 * stats/searchstats.c - per-engine search statistics of a match or tournament,
 * counted from its games.jsonl (see stats/searchstats.h for every definition).
 */
#include "stats/searchstats.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "results/jsonread.h"
#include "util/util.h"

enum { PHASE_ALL, PHASE_OPENING, PHASE_MIDDLE, PHASE_END, PHASES };
static const char *const PHASE_KEY[PHASES] = {"all", "opening", "middlegame", "endgame"};

#define STATS_MAX_ENGINES 256
#define STATS_MAX_REASONS 48
#define STATS_NAME_BYTES 128

/* The last ply of the opening and of the middle game, per game. */
static const struct {
    const char *game;
    int opening_end, middle_end;
} PHASE_BOUNDS[] = {
    {"xiangqi", 20, 80},
    {"amazons", 20, 50},
};

typedef struct {
    int *v;
    int n, cap;
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
    int opening_end, middle_end;
    int count;
    EngineStats *engine; /* STATS_MAX_ENGINES of them */
};

/* ------------------------------------------------------------------------ */
/* Counting                                                                 */
/* ------------------------------------------------------------------------ */

static int list_push(IntList *l, int v)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        int *grown = realloc(l->v, (size_t)cap * sizeof *grown);
        if (!grown) return -1;
        l->v = grown, l->cap = cap;
    }
    l->v[l->n++] = v;
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

/* Reads a whole number >= 0 member into *out; false when absent or not one. */
static bool get_count(const JsonValue *m, const char *key, int64_t *out)
{
    double v;
    if (!jv_get_number(m, key, &v) || v < 0 || v > 9e18 || v != floor(v)) return false;
    *out = (int64_t)v;
    return true;
}

/* One engine move (ply counted from 1) into its engine's phases. */
static int count_move(SearchStats *s, EngineStats *e, const JsonValue *m, int ply, char *err, size_t errlen)
{
    int64_t time_ms, depth, nodes, seldepth = -1, allot = 0;
    if (!get_count(m, "time_ms", &time_ms) || !get_count(m, "depth", &depth) || !get_count(m, "nodes", &nodes)
        || depth > INT32_MAX)
        return util_fail(err, errlen, "ply %d: expected \"time_ms\", \"depth\" and \"nodes\" (whole numbers) for a move "
                         "not from the book", ply);
    if (jv_get(m, "seldepth") && (!get_count(m, "seldepth", &seldepth) || seldepth > INT32_MAX))
        return util_fail(err, errlen, "ply %d: expected \"seldepth\" as a whole number", ply);
    if (jv_get(m, "allot_ms") && (!get_count(m, "allot_ms", &allot) || allot == 0))
        return util_fail(err, errlen, "ply %d: expected \"allot_ms\" as a whole number above 0", ply);
    int phases[2] = {PHASE_ALL, phase_of(s, ply)};
    for (int k = 0; k < 2; k++) {
        PhaseStats *p = &e->phase[phases[k]];
        p->moves++, p->nodes += (int64_t)nodes, p->time_ms += time_ms;
        if (list_push(&p->depth, (int)depth) || (seldepth >= 0 && list_push(&p->seldepth, (int)seldepth)))
            return util_fail(err, errlen, "out of memory");
        if (allot > 0) {
            p->allotted_moves++, p->allotted_ms += allot, p->allotted_used_ms += time_ms;
            if (time_ms >= allot) p->at_limit++;
        }
    }
    return 0;
}

/* One games.jsonl line. */
static int count_game(SearchStats *s, const Game *game, const JsonValue *g, char *err, size_t errlen)
{
    const char *name[2] = {jv_get_string(g, "red"), jv_get_string(g, "black")};
    const char *fen = jv_get_string(g, "fen"), *result = jv_get_string(g, "result"), *reason = jv_get_string(g, "reason");
    const JsonValue *moves = jv_get(g, "moves");
    if (g->type != JV_OBJECT || !name[0] || !name[1] || !fen || !result || !reason || !moves || moves->type != JV_ARRAY)
        return util_fail(err, errlen, "expected a game: \"red\", \"black\", \"fen\", \"result\", \"reason\" and \"moves\"");
    GameState *pos = game_state_at(game, fen);
    if (!pos) return util_fail(err, errlen, "expected a %s position as \"fen\"", game->name);
    int start = game->side_to_move(pos);
    game->state_free(pos);
    int idx[2] = {engine_of(s, name[0]), engine_of(s, name[1])};
    if (idx[0] < 0 || idx[1] < 0) return util_fail(err, errlen, "more than %d engines", STATS_MAX_ENGINES);
    s->engine[idx[0]].games++, s->engine[idx[1]].games++;
    int loser = strcmp(result, "1-0") == 0 ? 1 : strcmp(result, "0-1") == 0 ? 0 : -1;
    if (loser >= 0) count_loss(&s->engine[idx[loser]], reason);
    for (int i = 0; i < moves->count; i++) {
        const JsonValue *m = &moves->items[i], *book = jv_get(m, "book");
        if (m->type != JV_OBJECT) return util_fail(err, errlen, "ply %d: expected a move object", i + 1);
        if (book && book->type == JV_BOOL && book->boolean) continue;
        if (count_move(s, &s->engine[idx[(start + i) & 1]], m, i + 1, err, errlen)) return -1;
    }
    return 0;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

SearchStats *searchstats_read(const char *path, const Game *game, const char *const *names, int nnames, char *err,
                              size_t errlen)
{
    SearchStats *s = calloc(1, sizeof *s);
    if (s) s->engine = calloc(STATS_MAX_ENGINES, sizeof *s->engine);
    if (!s || !s->engine) return searchstats_free(s), util_fail(err, errlen, "out of memory"), NULL;
    s->opening_end = PHASE_BOUNDS[0].opening_end, s->middle_end = PHASE_BOUNDS[0].middle_end;
    for (size_t b = 0; b < sizeof PHASE_BOUNDS / sizeof *PHASE_BOUNDS; b++)
        if (strcmp(PHASE_BOUNDS[b].game, game->name) == 0)
            s->opening_end = PHASE_BOUNDS[b].opening_end, s->middle_end = PHASE_BOUNDS[b].middle_end;
    for (int i = 0; i < nnames; i++) engine_of(s, names[i]);
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT) return s;
        return searchstats_free(s), util_fail(err, errlen, "cannot read %s: %s", path, strerror(errno)), NULL;
    }
    char *line = NULL, why[256];
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && (n = getline(&line, &cap, f)) > 0) {
        JsonValue g;
        lineno++;
        if (line[n - 1] != '\n') rc = util_fail(why, sizeof why, "expected a line end (the last game is cut short)");
        else if (jv_parse(line, &g, why, sizeof why) == 0) rc = count_game(s, game, &g, why, sizeof why), jv_free(&g);
        else rc = -1;
        if (rc) util_fail(err, errlen, "%s:%ld: %s", path, lineno, why);
    }
    free(line);
    fclose(f);
    if (rc) return searchstats_free(s), NULL;
    for (int e = 0; e < s->count; e++)
        for (int p = 0; p < PHASES; p++) {
            PhaseStats *ps = &s->engine[e].phase[p];
            if (ps->depth.n) qsort(ps->depth.v, (size_t)ps->depth.n, sizeof(int), cmp_int);
            if (ps->seldepth.n) qsort(ps->seldepth.v, (size_t)ps->seldepth.n, sizeof(int), cmp_int);
        }
    return s;
}

void searchstats_free(SearchStats *s)
{
    if (!s) return;
    for (int e = 0; s->engine && e < s->count; e++)
        for (int p = 0; p < PHASES; p++) free(s->engine[e].phase[p].depth.v), free(s->engine[e].phase[p].seldepth.v);
    free(s->engine);
    free(s);
}

/* ------------------------------------------------------------------------ */
/* Figures                                                                  */
/* ------------------------------------------------------------------------ */

static double mean_of(const IntList *l)
{
    double sum = 0;
    for (int i = 0; i < l->n; i++) sum += l->v[i];
    return l->n ? sum / l->n : NAN;
}

static double median_of(const IntList *l) /* l sorted */
{
    if (!l->n) return NAN;
    return l->n % 2 ? l->v[l->n / 2] : (l->v[l->n / 2 - 1] + l->v[l->n / 2]) / 2.0;
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
        fprintf(f, "%s: %lld games, %lld time forfeits; games lost%s", es->name, (long long)es->games,
                (long long)es->time_forfeits, es->nreasons ? " by" : ": none");
        for (int r = 0; r < es->nreasons; r++)
            fprintf(f, "%s %s %lld", r ? "," : "", es->reason[r], (long long)es->reason_count[r]);
        fprintf(f, "\n");
    }
}

SearchStats *searchstats_of_run(const char *run_dir, const Game *game, const EngineList *engines)
{
    char path[4200], err[4600];
    const char *names[MAX_ENGINES];
    for (int e = 0; e < engines->count; e++) names[e] = engines->engines[e].spec.name;
    snprintf(path, sizeof path, "%s/games.jsonl", run_dir);
    SearchStats *s = searchstats_read(path, game, names, engines->count, err, sizeof err);
    if (!s) fprintf(stderr, "qibench: warning: no search statistics: %s\n", err);
    return s;
}
