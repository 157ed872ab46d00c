/*
 * suite/stored.c - `qibench suite --resume`: the searches.jsonl (or
 * playouts.jsonl) of an interrupted run read back with the one JSON parser
 * (results/jsonread.h), every line checked against the run (its engines,
 * the suite's positions, the limits) and put into its job, stored; a torn
 * last line (a write cut short) cut off once every line was read.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/jsonread.h"
#include "suite/suite_impl.h"
#include "util/util.h"

/* ------------------------------------------------------------------------ */
/* Values                                                                   */
/* ------------------------------------------------------------------------ */

#define WHOLE_MAX 9007199254740992.0 /* 2^53: the whole numbers a JSON reader holds exactly (node counts) */
#define INT_RANGE 2147483647.0

/* Member key of v, a whole number in [min, max], into *out. Returns 0, or
 * -1 with err. */
static int whole(const JsonValue *v, const char *key, double min, double max, double *out, char *err, size_t errlen)
{
    double x;
    if (!jv_get_number(v, key, &x) || x != floor(x) || x < min || x > max)
        return util_fail(err, errlen, "expected \"%s\" a whole number from %.0f to %.0f", key, min, max);
    *out = x;
    return 0;
}

/* Member key of v, a string (or null when nullable: *out NULL), into *out. */
static int text(const JsonValue *v, const char *key, bool nullable, const char **out, char *err, size_t errlen)
{
    const JsonValue *m = jv_get(v, key);
    *out = m && m->type == JV_STRING ? m->string : NULL;
    if (*out || (nullable && m && m->type == JV_NULL)) return 0;
    return util_fail(err, errlen, "expected \"%s\" a string%s", key, nullable ? " or null" : "");
}

/* The status a text names, or -1. */
static int status_by_text(const char *s)
{
    for (int k = 0; k < CLIENT_STATUS_COUNT; k++)
        if (strcmp(client_status_text((ClientStatus)k), s) == 0) return k;
    return -1;
}

/* A move in the game's record notation, legal in pos, into *m. */
static int legal_move(const Game *g, GameState *pos, const char *key, const char *move, MoveCode *m, char *err,
                      size_t errlen)
{
    char why[256];
    if (g->parse_move(pos, move, g->record_notation, m, why, sizeof why) != 0)
        return util_fail(err, errlen, "\"%s\": '%s' is not a legal move here (%s)", key, move, why);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Which job a line is                                                      */
/* ------------------------------------------------------------------------ */

/* The job of the line's engine and position, not read before. */
static int line_job(Runner *run, const JsonValue *v, Job **out, char *err, size_t errlen)
{
    const char *engine, *position, *fen;
    if (text(v, "engine", false, &engine, err, errlen) || text(v, "position", false, &position, err, errlen)
        || text(v, "fen", false, &fen, err, errlen))
        return -1;
    const EngineList *list = run->opt->engines;
    int e = 0, p = 0;
    while (e < list->count && strcmp(list->engines[e].spec.name, engine) != 0) e++;
    if (e == list->count) return util_fail(err, errlen, "'%s' is not an engine of this run (run.json)", engine);
    while (p < run->suite.count && strcmp(run->suite.entries[p].id, position) != 0) p++;
    if (p == run->suite.count)
        return util_fail(err, errlen, "position '%s' is not in %s (was the suite changed?)", position,
                         run->opt->suite_path);
    if (strcmp(run->suite.entries[p].fen, fen) != 0)
        return util_fail(err, errlen, "position '%s' is %s in %s, not %s (was the suite changed?)", position,
                         run->suite.entries[p].fen, run->opt->suite_path, fen);
    Job *j = NULL;
    for (int k = 0; !j && k < run->njobs; k++)
        if (run->jobs[k].engine == e && run->jobs[k].position == p) j = &run->jobs[k];
    if (!j) return util_fail(err, errlen, "'%s' plays no playout of '%s' in this run", engine, position);
    if (j->stored) return util_fail(err, errlen, "'%s' on '%s' is recorded twice", engine, position);
    *out = j;
    return 0;
}

/* The line's "status" and "error" into *status and err_out. */
static int line_status(const JsonValue *v, ClientStatus *status, char *err_out, size_t outlen, char *err,
                       size_t errlen)
{
    const char *s, *why;
    if (text(v, "status", false, &s, err, errlen) || text(v, "error", true, &why, err, errlen)) return -1;
    int k = status_by_text(s);
    if (k < 0) return util_fail(err, errlen, "unknown \"status\" '%s'", s);
    if ((k == CLIENT_OK) != !why)
        return util_fail(err, errlen, "expected \"error\" %s with status '%s'", why ? "null" : "a string", s);
    *status = (ClientStatus)k;
    snprintf(err_out, outlen, "%s", why ? why : "");
    return 0;
}

/* ------------------------------------------------------------------------ */
/* A search                                                                 */
/* ------------------------------------------------------------------------ */

/* A score: {"cp": N} or {"mate": N} (an iteration's members beside the
 * others); v NULL or not an object: none. */
static int score(const JsonValue *v, bool *has, bool *mate, int *value, char *err, size_t errlen)
{
    double x;
    *has = v && v->type == JV_OBJECT;
    if (!*has) return 0;
    *mate = jv_get(v, "mate") != NULL;
    if (whole(v, *mate ? "mate" : "cp", -INT_RANGE, INT_RANGE, &x, err, errlen)) return -1;
    *value = (int)x;
    return 0;
}

/* "iterations": the engine's info lines. */
static int iterations(const JsonValue *v, EngineReply *r, char *err, size_t errlen)
{
    const JsonValue *a = jv_get(v, "iterations");
    if (!a || a->type != JV_ARRAY || a->count > REPORT_MAX_ITERATIONS)
        return util_fail(err, errlen, "expected \"iterations\" a list of at most %d", REPORT_MAX_ITERATIONS);
    for (int i = 0; i < a->count; i++) {
        const JsonValue *it = &a->items[i];
        Iteration *to = &r->iter[i];
        double d, n, t;
        bool has;
        const char *move;
        if (it->type != JV_OBJECT) return util_fail(err, errlen, "expected each iteration an object");
        if (whole(it, "depth", 0, INT_RANGE, &d, err, errlen) || whole(it, "nodes", 0, WHOLE_MAX, &n, err, errlen)
            || whole(it, "time_ms", -1e15, 1e15, &t, err, errlen) || score(it, &has, &to->mate, &to->score, err, errlen)
            || text(it, "move", true, &move, err, errlen))
            return -1;
        to->depth = (int)d, to->nodes = (uint64_t)n, to->time_ms = (int64_t)t;
        snprintf(to->move, sizeof to->move, "%s", move ? move : "");
    }
    r->niter = a->count;
    return 0;
}

/* An ok search's answer: depth, nodes, times, score, best move (legal), pv, iterations. */
static int reply(const Game *g, const char *fen, const JsonValue *v, EngineReply *r, char *err, size_t errlen)
{
    double depth, seldepth, nodes, time_ms, wall_ms, nps;
    const char *best, *pv;
    if (whole(v, "depth", 0, INT_RANGE, &depth, err, errlen) || whole(v, "seldepth", 0, INT_RANGE, &seldepth, err, errlen)
        || whole(v, "nodes", 0, WHOLE_MAX, &nodes, err, errlen) || whole(v, "time_ms", -1e15, 1e15, &time_ms, err, errlen)
        || whole(v, "wall_ms", -1e15, 1e15, &wall_ms, err, errlen) || whole(v, "nps", 0, WHOLE_MAX, &nps, err, errlen)
        || score(jv_get(v, "score"), &r->has_score, &r->mate, &r->score, err, errlen)
        || text(v, "bestmove", true, &best, err, errlen) || text(v, "pv", false, &pv, err, errlen)
        || iterations(v, r, err, errlen))
        return -1;
    if (strlen(pv) >= sizeof r->pv) return util_fail(err, errlen, "expected \"pv\" shorter than %zu bytes", sizeof r->pv);
    r->depth = (int)depth, r->seldepth = (int)seldepth, r->nodes = (uint64_t)nodes, r->nps = (uint64_t)nps;
    r->time_ms = (int64_t)time_ms, r->wall_ms = (int64_t)wall_ms;
    snprintf(r->pv, sizeof r->pv, "%s", pv);
    if (!best) return 0; /* none: an engine that resigned */
    GameState *pos = game_state_at(g, fen);
    if (!pos) return util_fail(err, errlen, "out of memory");
    int rc = legal_move(g, pos, "bestmove", best, &r->best, err, errlen);
    g->state_free(pos);
    return rc;
}

/* One searches.jsonl line into its job. */
static int read_search(Runner *run, const JsonValue *v, char *err, size_t errlen)
{
    Job *j;
    double depth, nodes, movetime;
    if (line_job(run, v, &j, err, errlen)) return -1;
    const GoLimits *want = &run->opt->engines->engines[j->engine].limits;
    const JsonValue *limit = jv_get(v, "limit");
    if (whole(limit, "depth", 0, INT_RANGE, &depth, err, errlen) || whole(limit, "nodes", 0, WHOLE_MAX, &nodes, err, errlen)
        || whole(limit, "movetime", 0, 1e15, &movetime, err, errlen))
        return -1;
    if (depth != want->depth || (uint64_t)nodes != want->nodes || movetime != want->movetime)
        return util_fail(err, errlen, "\"limit\" is not the engine's in run.json (depth %d, nodes %llu, movetime %lld)",
                         want->depth, (unsigned long long)want->nodes, (long long)want->movetime);
    if (line_status(v, &j->status, j->err, sizeof j->err, err, errlen)) return -1;
    const EpdEntry *e = &run->suite.entries[j->position];
    memset(&j->reply, 0, sizeof j->reply);
    j->reply.best = MOVE_CODE_NONE;
    if (j->status == CLIENT_OK && reply(run->suite.game, e->fen, v, &j->reply, err, errlen)) return -1;
    j->solved = suite_judge(e, j);
    const JsonValue *solved = jv_get(v, "solved");
    if (!solved || (j->solved < 0 ? solved->type != JV_NULL
                                  : solved->type != JV_BOOL || solved->boolean != (j->solved == 1)))
        return util_fail(err, errlen, "expected \"solved\" %s, as the best move and the position's bm / am / dm give it",
                         j->solved < 0 ? "null" : j->solved ? "true" : "false");
    j->stored = true;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* A playout                                                                */
/* ------------------------------------------------------------------------ */

/* "moves": plies moves, each legal in turn from fen. */
static int playout_moves(const Game *g, const char *fen, const JsonValue *v, PlayoutResult *r, char *err,
                         size_t errlen)
{
    const JsonValue *a = jv_get(v, "moves");
    if (!a || a->type != JV_ARRAY || a->count != r->plies)
        return util_fail(err, errlen, "expected \"moves\" a list of \"plies\" (%d) moves", r->plies);
    GameState *pos = game_state_at(g, fen);
    if (!pos) return util_fail(err, errlen, "out of memory");
    int rc = 0;
    for (int i = 0; rc == 0 && i < a->count; i++) {
        if (a->items[i].type != JV_STRING) rc = util_fail(err, errlen, "expected \"moves\" strings");
        else if (legal_move(g, pos, "moves", a->items[i].string, &r->moves[i], err, errlen)) rc = -1;
        else g->play(pos, r->moves[i]);
    }
    g->state_free(pos);
    return rc;
}

/* One playouts.jsonl line into its job. */
static int read_playout(Runner *run, const JsonValue *v, char *err, size_t errlen)
{
    Job *j;
    const char *defender, *expected, *result, *outcome;
    double within, plies;
    if (line_job(run, v, &j, err, errlen)) return -1;
    const EngineList *list = run->opt->engines;
    const EpdEntry *e = &run->suite.entries[j->position];
    const char *want = list->engines[run->defender >= 0 ? run->defender : j->engine].spec.name;
    PlayoutResult *r = j->playout;
    memset(r, 0, sizeof *r);
    if (text(v, "defender", false, &defender, err, errlen) || text(v, "expected", false, &expected, err, errlen)
        || whole(v, "within", 0, INT_RANGE, &within, err, errlen) || text(v, "result", false, &result, err, errlen)
        || whole(v, "plies", 0, PLAYOUT_MAX_PLIES, &plies, err, errlen) || text(v, "outcome", false, &outcome, err, errlen)
        || line_status(v, &r->status, r->err, sizeof r->err, err, errlen))
        return -1;
    if (strcmp(defender, want) != 0) return util_fail(err, errlen, "the defender is '%s', not '%s'", want, defender);
    if (strcmp(expected, e->result) != 0 || within != (e->within > 0 ? e->within : PLAYOUT_DEFAULT_MOVES))
        return util_fail(err, errlen, "\"expected\" and \"within\" are not the position's in %s", run->opt->suite_path);
    const JsonValue *passed = jv_get(v, "passed");
    if (!passed || passed->type != JV_BOOL) return util_fail(err, errlen, "expected \"passed\" true or false");
    r->passed = passed->boolean;
    const char *says = r->status != CLIENT_OK ? "engine failed" : r->passed ? "passed" : "not reached";
    if (strcmp(outcome, says) != 0 || (r->passed && r->status != CLIENT_OK))
        return util_fail(err, errlen, "expected \"outcome\" '%s', as \"status\" and \"passed\" give it", says);
    r->outcome.result = game_result_parse(result);
    r->plies = (int)plies;
    if (playout_moves(run->suite.game, e->fen, v, r, err, errlen)) return -1;
    j->stored = true;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The file                                                                 */
/* ------------------------------------------------------------------------ */

/* One whole line: parsed, checked and put into its job (stored). */
static int read_line(Runner *run, const char *line, char *err, size_t errlen)
{
    JsonValue v;
    char why[512];
    if (jv_parse(line, &v, why, sizeof why)) return util_fail(err, errlen, "expected a JSON object: %s", why);
    int rc = v.type != JV_OBJECT ? util_fail(err, errlen, "expected a JSON object")
             : run->opt->playout ? read_playout(run, &v, err, errlen)
                                 : read_search(run, &v, err, errlen);
    jv_free(&v);
    return rc;
}

/* The lines of f into their jobs; *whole_bytes: the bytes of the whole
 * lines, *torn: the number of a torn last line (0: none). Returns 0, or -1
 * with err "PATH:LINE: ...". */
static int read_lines(Runner *run, FILE *f, const char *path, long *whole_bytes, long *torn, char *err, size_t errlen)
{
    char *line = NULL, why[1024];
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    int rc = 0;
    *whole_bytes = 0, *torn = 0;
    while (rc == 0 && !*torn && (n = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[n - 1] != '\n') /* only the last line can lack its end */
            *torn = lineno;
        else if (strlen(line) != (size_t)n)
            rc = util_fail(err, errlen, "%s:%ld: expected text, found a NUL byte", path, lineno);
        else if (read_line(run, line, why, sizeof why))
            rc = util_fail(err, errlen, "%s:%ld: %s", path, lineno, why);
        else
            *whole_bytes += (long)n, run->restored++;
    }
    if (rc == 0 && ferror(f)) rc = util_fail(err, errlen, "cannot read %s: %s", path, strerror(errno));
    free(line);
    return rc;
}

int suite_read_back(Runner *run)
{
    char path[1200], err[2400];
    long whole_bytes, torn;
    snprintf(path, sizeof path, "%s/%s", run->opt->run_dir, run->opt->playout ? "playouts.jsonl" : "searches.jsonl");
    FILE *f = fopen(path, "r");
    if (!f && errno == ENOENT) return 0; /* stopped before its first search */
    if (!f) return fprintf(stderr, "qibench suite: cannot read %s: %s\n", path, strerror(errno)), -1;
    int rc = read_lines(run, f, path, &whole_bytes, &torn, err, sizeof err);
    fclose(f);
    if (rc) return fprintf(stderr, "qibench suite: %s\n", err), -1;
    run->done = run->restored;
    if (!torn) return 0;
    if (truncate(path, whole_bytes) != 0)
        return fprintf(stderr, "qibench suite: cannot cut the torn last line of %s: %s\n", path, strerror(errno)), -1;
    fprintf(stderr, "qibench suite: %s:%ld: discarded a torn last line (a write cut short)\n", path, torn);
    return 0;
}
