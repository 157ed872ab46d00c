/*
 * results_io.c - a run's files: run.json (see results_io.h), and a match's
 * games.jsonl and games.pgn: each game written as it ends, read back for
 * --resume (a torn last line cut off) and merge (see match_run.h).
 */
#include "results_io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "json.h"
#include "match_run.h"
#include "util.h"

#ifndef GIT_HASH
#define GIT_HASH "unknown"
#endif

#define PATH_BYTES 1024

/* ------------------------------------------------------------------------ */
/* run.json                                                                 */
/* ------------------------------------------------------------------------ */

/* One engine of run.json: its spec, limit and time control. */
static void json_engine(Json *j, const EngineEntry *ee)
{
    char limit[64];
    json_begin_object(j, NULL);
    json_string(j, "name", ee->spec.name);
    json_string(j, "cmd", ee->spec.cmd);
    json_begin_array(j, "args");
    for (int a = 0; a < ee->spec.nargs; a++) json_string(j, NULL, ee->spec.args[a]);
    json_end_array(j);
    json_string(j, "dir", ee->spec.dir);
    json_string(j, "proto", ee->spec.proto == PROTO_UCI ? "uci" : "xboard");
    json_string(j, "notation", ee->spec.notation[0] ? ee->spec.notation : "auto");
    json_string(j, "variant", ee->spec.variant[0] ? ee->spec.variant : NULL);
    json_begin_object(j, "options");
    for (int o = 0; o < ee->spec.noptions; o++) json_string(j, ee->spec.options[o].name, ee->spec.options[o].value);
    json_end_object(j);
    spec_limit_text(&ee->limits, limit, sizeof limit);
    json_string(j, "limit", limit);
    json_int(j, "tc_moves", ee->tc.moves);
    json_int(j, "tc_base_ms", ee->tc.base_ms);
    json_int(j, "tc_inc_ms", ee->tc.inc_ms);
    json_int(j, "timemargin_ms", ee->tc.margin_ms);
    json_end_object(j);
}

/* run.json's "machine": system, release, architecture, CPUs. */
static void json_machine(Json *j)
{
    struct utsname u;
    json_begin_object(j, "machine");
    if (uname(&u) == 0) {
        json_string(j, "system", u.sysname);
        json_string(j, "release", u.release);
        json_string(j, "arch", u.machine);
    }
    json_int(j, "cpus", sysconf(_SC_NPROCESSORS_ONLN));
    json_end_object(j);
}

int results_write_run_json(const char *run_dir, int argc, char **argv, const RunInfo *info)
{
    char path[PATH_BYTES + 16], now[32];
    time_t t = time(NULL);
    strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    snprintf(path, sizeof path, "%s/run.json", run_dir);
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_string(&j, "tool", "qibench");
    json_string(&j, "version", GIT_HASH);
    json_string(&j, "command", info->command);
    const Game *game = info->engines->count && info->engines->engines[0].spec.game ? info->engines->engines[0].spec.game
                                                                                   : game_default();
    json_string(&j, "game", game->name);
    json_begin_array(&j, "argv");
    for (int i = 0; i < argc; i++) json_string(&j, NULL, argv[i]);
    json_end_array(&j);
    json_string(&j, "started", now);
    json_string(&j, "input", info->input);
    json_int(&j, "concurrency", info->concurrency);
    json_uint(&j, "seed", info->seed);
    if (info->rules) json_string(&j, "rules", info->rules);
    if (info->nmerged) {
        json_begin_array(&j, "merged_from");
        for (int d = 0; d < info->nmerged; d++) json_string(&j, NULL, info->merged_from[d]);
        json_end_array(&j);
    }
    json_begin_array(&j, "engines");
    for (int e = 0; e < info->engines->count; e++) json_engine(&j, &info->engines->engines[e]);
    json_end_array(&j);
    json_machine(&j);
    json_end_object(&j);
    int rc = json_write_line(&j, f);
    json_free(&j);
    return fclose(f) || rc ? -1 : 0;
}

char **results_read_argv(const char *dir, const char *who, int *argc)
{
    char path[PATH_BYTES + 16];
    snprintf(path, sizeof path, "%s/run.json", dir);
    FILE *f = fopen(path, "r");
    if (!f) return fprintf(stderr, "qibench %s: cannot read %s: %s\n", who, path, strerror(errno)), NULL;
    char *line = NULL;
    size_t cap = 0;
    char **argv = NULL;
    *argc = getline(&line, &cap, f) > 0 ? json_get_strings(line, "argv", &argv) : -1;
    fclose(f);
    free(line);
    if (*argc < 1 || (strcmp(argv[0], "match") != 0 && strcmp(argv[0], "tournament") != 0)) {
        fprintf(stderr, "qibench %s: %s:1: expected the run.json of a match or tournament (with its argv)\n", who, path);
        json_free_strings(argv);
        return NULL;
    }
    return argv;
}

/* ------------------------------------------------------------------------ */
/* games.jsonl and games.pgn: writing                                       */
/* ------------------------------------------------------------------------ */

static void json_game(Json *js, const MatchRun *run, const GameRecord *g, int red, int black, int pair, int game,
                      int round, const Opening *op)
{
    const EngineList *list = run->opt->engines;
    char text[MOVE_TEXT_BYTES];
    GameState *pos = game_state_at(run->opt->game, g->fen);
    json_begin_object(js, NULL);
    json_string(js, "red", list->engines[red].spec.name);
    json_string(js, "black", list->engines[black].spec.name);
    json_int(js, "round", round + 1);
    json_int(js, "pair", pair);
    json_int(js, "game", game + 1);
    json_string(js, "opening", op ? op->id : "startpos");
    json_string(js, "fen", g->fen);
    json_string(js, "result", game_result_text(g->result));
    json_string(js, "reason", game_termination_text(run->opt->game, g));
    json_string(js, "detail", g->detail[0] ? g->detail : NULL);
    json_int(js, "plies", g->plies);
    json_begin_array(js, "moves");
    for (int i = 0; i < g->plies; i++) {
        const MoveRecord *m = &g->moves[i];
        text[0] = '\0';
        if (pos) game_move_record(run->opt->game, pos, m->move, text, sizeof text);
        if (pos && !run->opt->game->play(pos, m->move)) text[0] = '\0';
        json_begin_object(js, NULL);
        json_string(js, "move", text);
        if (i < g->opening_plies) {
            json_bool(js, "book", true);
        } else {
            json_int(js, "time_ms", m->time_ms);
            json_int(js, "depth", m->depth);
            json_uint(js, "nodes", m->nodes);
            if (m->seldepth > 0) json_int(js, "seldepth", m->seldepth);
            if (m->allot_ms > 0) json_int(js, "allot_ms", m->allot_ms);
            if (m->has_score) json_int(js, m->mate ? "mate" : "cp", m->score);
        }
        json_end_object(js);
    }
    json_end_array(js);
    json_end_object(js);
    run->opt->game->state_free(pos);
}

void results_game_output(const MatchRun *run, const GameRecord *g, int red, int black, int k, int i,
                         const Opening *op, GameOutput *out)
{
    const EngineList *list = run->opt->engines;
    const TimeControl *tc = &list->engines[red].tc;
    int round = run->jobs[k].round;
    time_t now = time(NULL);
    strftime(out->date, sizeof out->date, "%Y.%m.%d", localtime(&now));
    if (tc->base_ms <= 0) /* PGN TimeControl: seconds, "moves/base" or "base+inc"; "-" for depth/nodes/st */
        snprintf(out->tc, sizeof out->tc, "-");
    else if (tc->moves)
        snprintf(out->tc, sizeof out->tc, "%d/%g", tc->moves, tc->base_ms / 1000.0);
    else
        snprintf(out->tc, sizeof out->tc, "%g+%g", tc->base_ms / 1000.0, tc->inc_ms / 1000.0);
    out->tags = (PgnTags){run->opt->event ? run->opt->event : "qibench", "?", out->date, round + 1,
                          list->engines[red].spec.name, list->engines[black].spec.name, out->tc};
    json_init(&out->json);
    json_game(&out->json, run, g, red, black, k, i, round, op);
}

int results_write_game(MatchRun *run, const GameRecord *g, GameOutput *out)
{
    errno = 0;
    return pgn_write(run->pgn, run->opt->game, &out->tags, g) || fflush(run->pgn) || json_write_line(&out->json, run->games) ? -1 : 0;
}

int results_open(MatchRun *run, const char *mode, char *err, size_t errlen)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/games.jsonl", run->opt->run_dir);
    run->games = fopen(path, mode);
    if (run->games) {
        snprintf(path, sizeof path, "%s/games.pgn", run->opt->run_dir);
        run->pgn = fopen(path, mode);
    }
    if (run->games && run->pgn) return 0;
    return util_fail(err, errlen, "cannot write %.400s: %s", path, strerror(errno));
}

/* ------------------------------------------------------------------------ */
/* Reading results back (--resume, merge)                                   */
/* ------------------------------------------------------------------------ */

static int engine_index(const EngineList *list, const char *name)
{
    for (int e = 0; e < list->count; e++)
        if (strcmp(list->engines[e].spec.name, name) == 0) return e;
    return -1;
}

/* Checks one games.jsonl line and counts its game. Returns 0; 1 when the
 * line is not a whole game object (a torn write, if it is the last line);
 * -1 when it is a game that does not belong to this run (err says why). */
static int read_game_line(MatchRun *run, const char *line, char *err, size_t errlen)
{
    char pair[32], game[32], red[128], black[128], result[16], reason[64];
    if (!json_get(line, "pair", pair, sizeof pair) || !json_get(line, "red", red, sizeof red)
        || !json_get(line, "black", black, sizeof black) || !json_get(line, "result", result, sizeof result)
        || !json_get(line, "reason", reason, sizeof reason))
        return 1;
    const EngineList *list = run->opt->engines;
    char *end;
    long k = strtol(pair, &end, 10);
    if (*end || k < 0 || k >= run->njobs)
        return util_fail(err, errlen, "pair %s is not a pair of this run (0 to %d)", pair, run->njobs - 1);
    PairJob *job = &run->jobs[k];
    const Pairing *p = &run->pairings[job->pairing];
    int r = engine_index(list, red), b = engine_index(list, black);
    if (r < 0 || b < 0) return util_fail(err, errlen, "'%s' is not an engine of this run", r < 0 ? red : black);
    int i = json_get(line, "game", game, sizeof game) ? atoi(game) - 1 : (r == p->a ? 0 : 1);
    if (i < 0 || i > 1 || r != (i == 0 ? p->a : p->b) || b != (i == 0 ? p->b : p->a))
        return util_fail(err, errlen, "pair %ld game %d is %s against %s, not %s - %s", k, i + 1,
                         list->engines[p->a].spec.name, list->engines[p->b].spec.name, red, black);
    if (!job->mine) return util_fail(err, errlen, "pair %ld belongs to another shard", k);
    if (job->done & (1u << i)) return util_fail(err, errlen, "pair %ld game %d is recorded twice", k, i + 1);
    GameResult res = game_result_parse(result);
    int key = standings_term_key_of(run, reason);
    if (res == RESULT_NONE || key < 0) return 1;
    standings_account(run, (int)k, i, r, b, res, key, 0);
    return 0;
}

/* The byte offset where PGN game n + 1 (counting from 1) starts, or the
 * file's end; *games gets how many games (up to n) were found. */
static long pgn_offset_after(FILE *f, int n, int *games)
{
    char buf[4096];
    long offset = 0;
    bool line_start = true;
    *games = 0;
    rewind(f);
    while (fgets(buf, sizeof buf, f)) {
        if (line_start && strncmp(buf, "[Event ", 7) == 0 && ++*games > n) {
            *games = n;
            return offset;
        }
        offset += (long)strlen(buf);
        line_start = strchr(buf, '\n') != NULL;
    }
    return offset;
}

/* results_load's games.jsonl. Returns 0 with *kept the games read, 1 when
 * a resumed run has no games.jsonl (nothing was finished), or -1 (printed,
 * but for a failed copy to out_jsonl). */
static int load_jsonl(MatchRun *run, const char *dir, FILE *out_jsonl, int *kept)
{
    char path[1200], err[512];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    FILE *f = fopen(path, out_jsonl ? "r" : "r+");
    if (!f && errno == ENOENT && !out_jsonl) return 1;
    if (!f) return fprintf(stderr, "qibench: cannot read %s: %s\n", path, strerror(errno)), -1;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0, bad_line = 0, good_bytes = 0;
    int rc = 0;
    while (rc == 0 && (n = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (bad_line) { /* a broken line followed by more: not a torn end */
            fprintf(stderr, "qibench: %s:%ld: expected one game as a JSON object on one line\n", path, bad_line);
            rc = -1;
            break;
        }
        int r = line[n - 1] == '\n' ? read_game_line(run, line, err, sizeof err) : 1;
        if (r < 0) {
            fprintf(stderr, "qibench: %s:%ld: %s\n", path, lineno, err);
            rc = -1;
        } else if (r > 0) {
            bad_line = lineno;
        } else {
            good_bytes += (long)n;
            (*kept)++;
            if (out_jsonl && fwrite(line, 1, (size_t)n, out_jsonl) != (size_t)n) rc = -1;
        }
    }
    free(line);
    if (rc == 0 && bad_line) {
        fprintf(stderr, "qibench: %s:%ld: discarded a torn last line (a write cut short)\n", path, bad_line);
        if (!out_jsonl && (fflush(f) || ftruncate(fileno(f), good_bytes))) rc = -1;
    }
    fclose(f);
    return rc;
}

/* results_load's games.pgn: its first kept games copied to out_pgn, or
 * (out_pgn NULL) the file cut after them. Returns 0 or -1 (printed). */
static int load_pgn(const char *dir, int kept, FILE *out_pgn)
{
    char path[1200];
    ssize_t n;
    int rc = 0;
    snprintf(path, sizeof path, "%s/games.pgn", dir);
    FILE *pgn = fopen(path, out_pgn ? "r" : "r+");
    if (!pgn) {
        if (kept) fprintf(stderr, "qibench: warning: cannot read %s: %s\n", path, strerror(errno));
        return 0;
    }
    int games;
    long cut = pgn_offset_after(pgn, kept, &games);
    if (games < kept) fprintf(stderr, "qibench: warning: %s has %d games, games.jsonl %d\n", path, games, kept);
    if (out_pgn) {
        char buf[8192];
        long left = cut;
        rewind(pgn);
        while (left > 0 && (n = (ssize_t)fread(buf, 1, (size_t)(left < (long)sizeof buf ? left : (long)sizeof buf), pgn)) > 0) {
            if (fwrite(buf, 1, (size_t)n, out_pgn) != (size_t)n) rc = -1;
            left -= (long)n;
        }
    } else if (fflush(pgn) || ftruncate(fileno(pgn), cut)) {
        rc = -1;
    }
    fclose(pgn);
    if (rc) fprintf(stderr, "qibench: cannot write the merged or resumed results\n");
    return rc;
}

int results_load(MatchRun *run, const char *dir, FILE *out_jsonl, FILE *out_pgn)
{
    int kept = 0, rc = load_jsonl(run, dir, out_jsonl, &kept);
    if (rc) return rc > 0 ? 0 : -1;
    return load_pgn(dir, kept, out_pgn);
}
