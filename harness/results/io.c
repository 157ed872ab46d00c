/*
 * results/io.c - a run's files: run.json (see results/io.h, sealed by
 * results/check.c), and a match's games.jsonl, games.pgn and games.sgf,
 * each game written as it ends, all three rolled back together when a
 * write fails (see match/match_run.h); the run folder's lock (one writer).
 * Reading them back is results/load.c.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "results/io.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "results/json.h"
#include "match/match_run.h"
#include "results/check.h"
#include "results/jsonread.h"
#include "results/record.h"
#include "formats/sgf.h"
#include "util/util.h"
#include "version.h" /* generated: QIBENCH_VERSION (Makefile) */


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
    json_string(j, "proto", client_proto_name(ee->spec.proto));
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
    json_string(&j, "version", QIBENCH_VERSION);
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
    check_seal(&j, NULL, NULL);
    int rc = json_write_line(&j, f);
    json_free(&j);
    return fclose(f) || rc ? -1 : 0;
}

char **results_read_argv(const char *dir, const char *who, int *argc)
{
    char path[PATH_BYTES + 16], err[PATH_BYTES + 256], check[CHECK_BYTES];
    if (check_run_json(dir, check, err, sizeof err)) return fprintf(stderr, "qibench %s: %s\n", who, err), NULL;
    snprintf(path, sizeof path, "%s/run.json", dir);
    FILE *f = fopen(path, "r");
    if (!f) return fprintf(stderr, "qibench %s: cannot open %s for reading: %s\n", who, path, strerror(errno)), NULL;
    char *line = NULL;
    size_t cap = 0;
    char **argv = NULL;
    JsonValue v = {0};
    if (getline(&line, &cap, f) > 0 && jv_parse(line, &v, err, sizeof err) == 0) argv = jv_get_strings(&v, "argv", argc);
    else *argc = -1;
    fclose(f);
    free(line);
    const char *command = jv_get_string(&v, "command");
    bool run = *argc >= 1 && command && strcmp(command, argv[0]) == 0; /* some command's run */
    bool suite = strcmp(who, "suite") == 0;
    bool match = run && (strcmp(argv[0], "match") == 0 || strcmp(argv[0], "tournament") == 0);
    bool ok = run && (suite ? strcmp(argv[0], "suite") == 0 : match);
    jv_free(&v);
    if (!ok) {
        const char *kind = suite ? "suite" : "match or tournament";
        bool hint = run && strcmp(who, "merge") != 0 && (match || strcmp(argv[0], "suite") == 0);
        if (run)
            fprintf(stderr, "qibench %s: %s is a %s run, not a %s%s%s%s\n", who, dir, argv[0], kind,
                    hint ? " (use qibench " : "", hint ? argv[0] : "", hint ? " --resume)" : "");
        else
            fprintf(stderr, "qibench %s: %s:1: expected the run.json of a %s (with its argv)\n", who, path, kind);
        json_free_strings(argv);
        return NULL;
    }
    return argv;
}

/* ------------------------------------------------------------------------ */
/* games.jsonl and games.pgn: writing                                       */
/* ------------------------------------------------------------------------ */

/* The game's line, its object left open for check_seal. */
static void json_game(Json *js, const MatchRun *run, const GameRecord *g, int red, int black, int pair, int game,
                      int round, const Opening *op, const char *date)
{
    const EngineList *list = run->opt->engines;
    char text[MOVE_TEXT_BYTES];
    GameState *pos = game_state_at(run->opt->game, g->fen);
    json_begin_object(js, NULL);
    json_string(js, record_side_key(run->opt->game, 0), list->engines[red].spec.name);
    json_string(js, record_side_key(run->opt->game, 1), list->engines[black].spec.name);
    json_int(js, "round", round + 1);
    json_int(js, "pair", pair);
    json_int(js, "game", game + 1);
    json_string(js, "date", date);
    json_string(js, "opening", op ? op->id : "startpos");
    if (op && op->ecco[0]) json_string(js, "ecco", op->ecco);
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
    run->opt->game->state_free(pos);
}

void results_game_tags(const MatchRun *run, int red, int black, int round, const char *date, GameOutput *out)
{
    const EngineList *list = run->opt->engines;
    const TimeControl *tc = &list->engines[red].tc;
    snprintf(out->date, sizeof out->date, "%s", date ? date : "");
    if (tc->base_ms <= 0) /* PGN TimeControl: seconds, "moves/base" or "base+inc"; "-" for depth/nodes/st */
        snprintf(out->tc, sizeof out->tc, "-");
    else if (tc->moves)
        snprintf(out->tc, sizeof out->tc, "%d/%g", tc->moves, tc->base_ms / 1000.0);
    else
        snprintf(out->tc, sizeof out->tc, "%g+%g", tc->base_ms / 1000.0, tc->inc_ms / 1000.0);
    /* the opening of the round, as match/match.c and results/replay.c take it */
    const Opening *op = run->book.count ? &run->book.items[round % run->book.count] : NULL;
    out->tags = (PgnTags){run->opt->event ? run->opt->event : "qibench", "?", out->date, round + 1,
                          list->engines[red].spec.name, list->engines[black].spec.name, out->tc,
                          op ? op->ecco : NULL, op ? op->opening : NULL, op ? op->variation : NULL};
}

void results_game_output(const MatchRun *run, const GameRecord *g, int red, int black, int k, int i,
                         const Opening *op, GameOutput *out)
{
    char date[16];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y.%m.%d", localtime(&now));
    int round = run->jobs[k].round;
    results_game_tags(run, red, black, round, date, out);
    json_init(&out->json);
    json_game(&out->json, run, g, red, black, k, i, round, op, out->date);
}

int results_game_texts(const MatchRun *run, const GameRecord *g, const GameOutput *out, char **pgn, size_t *pgn_len,
                       char **sgf, size_t *sgf_len)
{
    const Game *game = run->opt->game;
    *pgn = *sgf = NULL;
    *pgn_len = *sgf_len = 0;
    FILE *m = open_memstream(pgn, pgn_len);
    int rc = m && pgn_write(m, game, &out->tags, g) == 0 ? 0 : -1;
    if (m && fclose(m)) rc = -1;
    if (rc == 0 && game->sgf) {
        m = open_memstream(sgf, sgf_len);
        rc = m && sgf_write(m, game, &out->tags, g) == 0 ? 0 : -1;
        if (m && fclose(m)) rc = -1;
    }
    return rc;
}

/* The size of fd now, or -1. */
static off_t fd_size(int fd)
{
    struct stat st;
    return fd < 0 ? 0 : fstat(fd, &st) == 0 ? st.st_size : -1;
}

int results_write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        buf += n, len -= (size_t)n;
    }
    return 0;
}

int results_write_game(MatchRun *run, const GameRecord *g, GameOutput *out)
{
    char *pgn, *sgf, next[CHECK_BYTES];
    size_t pgn_len, sgf_len;
    errno = 0;
    int rc = results_game_texts(run, g, out, &pgn, &pgn_len, &sgf, &sgf_len);
    check_seal(&out->json, run->chain, next);
    rc = rc || out->json.oom ? -1 : 0;
    int fds[3] = {run->pgn_fd, run->sgf_fd, run->games_fd};
    off_t size[3];
    for (int f = 0; f < 3; f++)
        if ((size[f] = fd_size(fds[f])) < 0) rc = -1;
    /* The record last: a game is in games.jsonl only once its PGN and SGF are written. */
    if (rc == 0 && (results_write_all(run->pgn_fd, pgn, pgn_len)
                    || (run->sgf_fd >= 0 && results_write_all(run->sgf_fd, sgf, sgf_len))
                    || results_write_all(run->games_fd, out->json.buf, out->json.len)
                    || results_write_all(run->games_fd, "\n", 1)))
        rc = -1;
    if (rc) { /* back to the last whole game in all three files */
        int saved = errno;
        for (int f = 0; f < 3; f++)
            if (fds[f] >= 0 && size[f] >= 0 && ftruncate(fds[f], size[f]) != 0) run->rollback_failed = true;
        errno = saved;
    } else {
        memcpy(run->chain, next, CHECK_BYTES);
    }
    free(pgn);
    free(sgf);
    return rc;
}

/* Opens dir/name for appending into *fd. Returns 0, or -1 with err. */
static int open_append(const char *dir, const char *name, int *fd, char *err, size_t errlen)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    *fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    return *fd >= 0 ? 0 : util_fail(err, errlen, "cannot open %.1100s for appending: %s", path, strerror(errno));
}

int results_open(MatchRun *run, char *err, size_t errlen)
{
    const char *dir = run->opt->run_dir;
    run->games_fd = run->pgn_fd = run->sgf_fd = -1;
    if (open_append(dir, RECORD_GAMES_FILE, &run->games_fd, err, errlen) || open_append(dir, "games.pgn", &run->pgn_fd, err, errlen)
        || (run->opt->game->sgf && open_append(dir, "games.sgf", &run->sgf_fd, err, errlen)))
        return results_close(run), -1;
    return 0;
}

int results_close(MatchRun *run)
{
    int rc = 0, *fds[3] = {&run->games_fd, &run->pgn_fd, &run->sgf_fd};
    for (int f = 0; f < 3; f++) {
        if (*fds[f] >= 0 && close(*fds[f]) != 0) rc = -1;
        *fds[f] = -1;
    }
    return rc;
}

/* Is name a file a run writes in its folder? */
static bool is_results_file(const char *name)
{
    static const char *const FILES[] = {"run.json", RECORD_GAMES_FILE, "games.pgn", "games.sgf", "searches.jsonl",
                                        "playouts.jsonl", "summary.json", "summary.json.tmp", "games.pgn.tmp",
                                        "games.sgf.tmp"};
    for (size_t i = 0; i < sizeof FILES / sizeof *FILES; i++)
        if (strcmp(name, FILES[i]) == 0) return true;
    size_t n = strlen(name), tail = strlen(".stderr.log");
    return n > tail && strcmp(name + n - tail, ".stderr.log") == 0;
}

int results_remove_run_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *e;
    char path[PATH_MAX];
    int rc = 0;
    while (rc == 0 && (e = readdir(d))) {
        if (!is_results_file(e->d_name)) continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (unlink(path) != 0 && errno != ENOENT) rc = -1;
    }
    closedir(d);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* One writer per run folder                                                */
/* ------------------------------------------------------------------------ */

/* The lock this process holds (its descriptor stays open until exit), and
 * on which folder. */
static int held_fd = -1;
static char held_dir[PATH_MAX];

/* The PID written in the lock file fd (0 when none is). */
static long lock_pid(int fd)
{
    char buf[32];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return 0;
    buf[n] = '\0';
    long pid = strtol(buf, NULL, 10);
    return pid > 0 ? pid : 0;
}

/* The holder of the lock on fd (its PID, or -1 when unknown), or 0 when it
 * is free; the probe takes nothing. */
static long holder(int fd)
{
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
        flock(fd, LOCK_UN);
        return 0;
    }
    long pid = lock_pid(fd);
    return pid ? pid : -1;
}

static int busy(const char *dir, long pid, char *err, size_t errlen)
{
    if (pid > 0)
        return util_fail(err, errlen, "results folder %s is being written by process %ld: wait for it to end or "
                                      "stop it (a folder has one writer at a time)", dir, pid);
    return util_fail(err, errlen, "results folder %s is being written by another process: wait for it to end or "
                                  "stop it (a folder has one writer at a time)", dir);
}

/* The PID of the process writing the run in dir (-1: unknown), or 0. */
static long run_writer(const char *dir)
{
    char path[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, RUN_LOCK_FILE) >= sizeof path) return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    long pid = holder(fd);
    close(fd);
    return pid;
}

int results_lock_run(const char *dir, char *err, size_t errlen)
{
    char path[PATH_MAX], real[PATH_MAX];
    if (!realpath(dir, real)) return util_fail(err, errlen, "cannot open %s: %s", dir, strerror(errno));
    if (held_fd >= 0 && strcmp(real, held_dir) == 0) return 0;
    if ((size_t)snprintf(path, sizeof path, "%s/%s", real, RUN_LOCK_FILE) >= sizeof path)
        return util_fail(err, errlen, "the folder name %s is too long", dir);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) return util_fail(err, errlen, "cannot create %s: %s", path, strerror(errno));
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        long pid = lock_pid(fd);
        /* The holder writes its PID just after it locks: give it a moment. */
        for (int k = 0; k < 20 && !pid && e == EWOULDBLOCK; k++) {
            util_sleep_ms(5);
            pid = lock_pid(fd);
        }
        close(fd);
        if (e != EWOULDBLOCK) return util_fail(err, errlen, "cannot lock %s: %s", path, strerror(e));
        return busy(dir, pid ? pid : -1, err, errlen);
    }
    char text[32];
    int n = snprintf(text, sizeof text, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) != 0 || pwrite(fd, text, (size_t)n, 0) != n) {
        int e = errno;
        close(fd);
        return util_fail(err, errlen, "cannot write %s: %s", path, strerror(e));
    }
    if (held_fd >= 0) close(held_fd); /* one run a process: the last folder taken */
    held_fd = fd;
    snprintf(held_dir, sizeof held_dir, "%s", real);
    return 0;
}

int results_refuse_if_written(const char *dir, char *err, size_t errlen)
{
    long pid = run_writer(dir);
    return pid ? busy(dir, pid, err, errlen) : 0;
}
