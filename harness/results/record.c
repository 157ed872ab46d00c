/*
 * results/record.c - a stored game parsed into its typed record, and the one
 * reader of games.jsonl (see results/record.h).
 */
#include "results/record.h"

#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/check.h"
#include "results/jsonread.h"
#include "util/util.h"

/* The keys of the two sides in every game's lines of the files written
 * before the sides were named by the game (the release of 8965c1b). */
static const char *const LEGACY_KEY[2] = {"red", "black"};

const char *record_side_key(const Game *game, int side)
{
    static _Thread_local char key[2][32];
    if (!game) return LEGACY_KEY[side];
    size_t n = 0;
    for (const char *c = game->side_name[side]; *c && n + 1 < sizeof key[side]; c++)
        key[side][n++] = (char)tolower((unsigned char)*c);
    key[side][n] = '\0';
    return key[side];
}

/* Member key as a whole number >= 0 into *out (-1 when absent). Returns -1
 * when present and not one. */
static int get_count(const JsonValue *v, const char *key, int64_t *out)
{
    const JsonValue *m = jv_get(v, key);
    *out = -1;
    if (!m) return 0;
    if (m->type != JV_NUMBER || m->number < 0 || m->number > 9e18 || m->number != floor(m->number)) return -1;
    *out = (int64_t)m->number;
    return 0;
}

/* Member key as a whole number (any sign) into *out; *has whether present. */
static int get_int(const JsonValue *v, const char *key, bool *has, int64_t *out)
{
    const JsonValue *m = jv_get(v, key);
    *has = m != NULL, *out = 0;
    if (!m) return 0;
    if (m->type != JV_NUMBER || fabs(m->number) > 9e18 || m->number != floor(m->number)) return -1;
    *out = (int64_t)m->number;
    return 0;
}

/* Member key as a string (or null: "") into out; -1 when of another type or too long. */
static int get_text(const JsonValue *v, const char *key, char *out, size_t len)
{
    const JsonValue *m = jv_get(v, key);
    out[0] = '\0';
    if (!m || m->type == JV_NULL) return 0;
    if (m->type != JV_STRING || strlen(m->string) >= len) return -1;
    memcpy(out, m->string, strlen(m->string) + 1);
    return 0;
}

static int parse_move(const JsonValue *m, StoredMove *s, int ply, char *err, size_t errlen)
{
    static const char *const COUNTS[] = {"time_ms", "depth", "nodes", "seldepth", "allot_ms"};
    int64_t *at[] = {&s->time_ms, &s->depth, &s->nodes, &s->seldepth, &s->allot_ms};
    const JsonValue *book = jv_get(m, "book");
    memset(s, 0, sizeof *s);
    if (m->type != JV_OBJECT) return util_fail(err, errlen, "ply %d: expected a move object", ply);
    if (get_text(m, "move", s->move, sizeof s->move))
        return util_fail(err, errlen, "ply %d: expected \"move\" as a move's text", ply);
    if (book && book->type != JV_BOOL) return util_fail(err, errlen, "ply %d: expected \"book\" as true or false", ply);
    s->book = book && book->boolean;
    for (size_t k = 0; k < sizeof COUNTS / sizeof *COUNTS; k++)
        if (get_count(m, COUNTS[k], at[k]))
            return util_fail(err, errlen, "ply %d: expected \"%s\" as a whole number", ply, COUNTS[k]);
    if (get_int(m, "cp", &s->has_cp, &s->cp) || get_int(m, "mate", &s->has_mate, &s->mate))
        return util_fail(err, errlen, "ply %d: expected \"cp\" and \"mate\" as whole numbers", ply);
    return 0;
}

static int parse_moves(const JsonValue *v, StoredGame *g, char *err, size_t errlen)
{
    const JsonValue *moves = jv_get(v, "moves");
    g->has_moves = moves != NULL, g->nmoves = 0;
    if (!moves) return 0;
    if (moves->type != JV_ARRAY) return util_fail(err, errlen, "expected \"moves\" as a list of moves");
    if (moves->count > g->cap) {
        StoredMove *grown = realloc(g->moves, (size_t)moves->count * sizeof *grown);
        if (!grown) return util_fail(err, errlen, "out of memory");
        g->moves = grown, g->cap = moves->count;
    }
    for (int i = 0; i < moves->count; i++)
        if (parse_move(&moves->items[i], &g->moves[i], i + 1, err, errlen)) return -1;
    g->nmoves = moves->count;
    return 0;
}

/* The side names: the game's keys, or those of older files (LEGACY_KEY); with no game given, any game's. */
static int parse_sides(const JsonValue *v, const Game *game, StoredGame *g, char *err, size_t errlen)
{
    const char *key[2] = {record_side_key(game, 0), record_side_key(game, 1)};
    const char *name[2] = {jv_get_string(v, key[0]), jv_get_string(v, key[1])};
    for (int s = 0; s < 2; s++) { /* older files; with no game given, any game's keys */
        if (!name[s]) name[s] = jv_get_string(v, LEGACY_KEY[s]);
        for (int i = 0; !game && !name[s] && i < game_count(); i++) name[s] = jv_get_string(v, record_side_key(game_at(i), s));
    }
    for (int s = 0; s < 2; s++)
        if (!name[s] || !*name[s] || strlen(name[s]) >= RECORD_NAME_BYTES)
            return util_fail(err, errlen, "expected \"%s\" and \"%s\": the engines' names as strings", key[0], key[1]);
    if (strcmp(name[0], name[1]) == 0)
        return util_fail(err, errlen, "expected two different engines, got '%s' twice", name[0]);
    for (int s = 0; s < 2; s++) memcpy(g->side[s], name[s], strlen(name[s]) + 1);
    return 0;
}

static int parse_header(const JsonValue *v, StoredGame *g, char *err, size_t errlen)
{
    static const char *const TEXTS[] = {"reason", "detail", "date", "opening", "fen"};
    char *to[] = {g->reason, g->detail, g->date, g->opening, g->fen};
    size_t len[] = {sizeof g->reason, sizeof g->detail, sizeof g->date, sizeof g->opening, sizeof g->fen};
    const char *result = jv_get_string(v, "result");
    g->points2 = !result ? -1 : strcmp(result, "1-0") == 0 ? 2 : strcmp(result, "0-1") == 0 ? 0
                 : strcmp(result, "1/2-1/2") == 0 ? 1 : -1;
    if (g->points2 < 0)
        return util_fail(err, errlen, "expected \"result\" \"1-0\", \"0-1\" or \"1/2-1/2\"%s%s%s", result ? ", got '" : "",
                         result ? result : "", result ? "'" : "");
    snprintf(g->result, sizeof g->result, "%s", result);
    for (size_t k = 0; k < sizeof TEXTS / sizeof *TEXTS; k++)
        if (get_text(v, TEXTS[k], to[k], len[k]))
            return util_fail(err, errlen, "expected \"%s\" as a string of under %zu bytes", TEXTS[k], len[k]);
    static const char *const COUNTS[] = {"round", "pair", "game", "plies"};
    int64_t *at[] = {&g->round, &g->pair, &g->game, &g->plies};
    for (size_t k = 0; k < sizeof COUNTS / sizeof *COUNTS; k++)
        if (get_count(v, COUNTS[k], at[k])) return util_fail(err, errlen, "expected \"%s\" as a whole number", COUNTS[k]);
    return 0;
}

int record_parse(const char *line, const Game *game, StoredGame *g, char *err, size_t errlen)
{
    JsonValue v;
    char why[256];
    if (jv_parse(line, &v, why, sizeof why))
        return util_fail(err, errlen, "expected a game as one JSON object on the line (%s)", why);
    int rc = v.type == JV_OBJECT ? 0 : util_fail(err, errlen, "expected a game as a JSON object");
    if (rc == 0) rc = parse_sides(&v, game, g, err, errlen);
    if (rc == 0) rc = parse_header(&v, g, err, errlen);
    if (rc == 0) rc = parse_moves(&v, g, err, errlen);
    jv_free(&v);
    return rc;
}

void record_free(StoredGame *g)
{
    if (!g) return;
    free(g->moves);
    g->moves = NULL;
    g->nmoves = g->cap = 0;
}

/* The seed of the chain of path's games: its folder's run.json check.
 * Returns 1 with seed, 0 when the folder has no sealed run.json (a file
 * from before the checksums), -1 with err when run.json was changed. */
static int chain_seed(const char *path, char seed[CHECK_BYTES], char *err, size_t errlen)
{
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", path);
    int state = check_run_json_state(dirname(dir), seed);
    if (state == CHECK_SEALED) return 1;
    if (state == CHECK_MISSING || state == CHECK_UNSEALED) return 0;
    snprintf(dir, sizeof dir, "%s", path);
    return check_run_json(dirname(dir), seed, err, errlen);
}

/* One whole line: its place in the chain (when r->sealed), then parsed and handed on. */
static int take_line(RecordReader *r, const char *line, size_t n, StoredGame *g, char *err, size_t errlen)
{
    char next[CHECK_BYTES];
    int c = r->sealed ? check_line(line, n, r->last, next) : 0;
    if (c == -1) return util_fail(err, errlen, "expected one game as a JSON object on one line, ending with its \"check\"");
    if (c == -2)
        return util_fail(err, errlen, "the checksum does not match: this line was changed, or a line before it "
                         "deleted, added or moved");
    if (r->sealed) memcpy(r->last, next, CHECK_BYTES);
    if (record_parse(line, r->game, g, err, errlen)) return -1;
    return r->fn(r->ctx, g, line, n, err, errlen);
}

/* The lines of f; see record_read. */
static int read_lines(RecordReader *r, FILE *f, const char *path, char *err, size_t errlen)
{
    StoredGame g = {0};
    char *line = NULL, why[1024];
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && (n = getline(&line, &cap, f)) > 0) {
        lineno++;
        bool whole = line[n - 1] == '\n' && strlen(line) == (size_t)n;
        if (r->torn_line) /* a broken line followed by more: not a torn end */
            rc = util_fail(err, errlen, "%s:%ld: expected one game as a JSON object on one line", path, r->torn_line);
        else if (!whole && r->torn_ok)
            r->torn_line = lineno;
        else if (!whole)
            rc = util_fail(err, errlen, "%s:%ld: %s", path, lineno, line[n - 1] != '\n'
                           ? "expected a line end: the last game is cut short (a run killed while writing; qibench "
                             "match --resume removes it)" : "expected text, found a NUL byte");
        else if (take_line(r, line, (size_t)n, &g, why, sizeof why))
            rc = util_fail(err, errlen, "%s:%ld: %s", path, lineno, why);
        else
            r->whole += (long)n;
    }
    if (rc == 0 && ferror(f)) rc = util_fail(err, errlen, "cannot read %s: %s", path, strerror(errno));
    free(line);
    record_free(&g);
    return rc;
}

int record_read(const char *path, RecordReader *r, char *err, size_t errlen)
{
    r->whole = 0, r->torn_line = 0;
    int sealed = r->seed ? 1 : chain_seed(path, r->last, err, errlen);
    if (sealed < 0) return -1;
    if (r->seed) memcpy(r->last, r->seed, CHECK_BYTES);
    r->sealed = sealed;
    FILE *f = fopen(path, "r");
    if (!f && errno == ENOENT && r->missing_ok) return 0;
    if (!f) return util_fail(err, errlen, "cannot read %s: %s", path, strerror(errno));
    int rc = read_lines(r, f, path, err, errlen);
    fclose(f);
    return rc;
}

int record_read_file(const char *path, const Game *game, bool missing_ok, RecordFn fn, void *ctx, char *err,
                     size_t errlen)
{
    RecordReader r = {.game = game, .missing_ok = missing_ok, .fn = fn, .ctx = ctx};
    return record_read(path, &r, err, errlen);
}

typedef struct {
    int games, abandoned;
} Abandoned;

static int count_abandoned(void *ctx, const StoredGame *g, const char *line, size_t len, char *err, size_t errlen)
{
    Abandoned *a = ctx;
    (void)line, (void)len, (void)err, (void)errlen;
    a->games++;
    a->abandoned += strncmp(g->reason, "abandoned", 9) == 0;
    return 0;
}

void record_games_path(const char *run_dir, char *out, size_t len)
{
    snprintf(out, len, "%s/" RECORD_GAMES_FILE, run_dir);
}

int record_count_abandoned(const char *run_dir, int *games, int *abandoned)
{
    char path[1200], err[1600];
    Abandoned a = {0, 0};
    record_games_path(run_dir, path, sizeof path);
    int rc = record_read_file(path, NULL, false, count_abandoned, &a, err, sizeof err);
    *games = a.games, *abandoned = a.abandoned;
    return rc;
}
