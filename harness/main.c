/*
 * main.c - bin/qibench: subcommands, git style. main only parses and
 * dispatches; each subcommand lives in its own file.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <math.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "epd.h"
#include "json.h"
#include "game.h"
#include "variants.h"
#include "bench.h"
#include "match.h"
#include "openings.h"
#include "openings_cmd.h"
#include "play.h"
#include "regress.h"
#include "spec.h"
#include "stats.h"
#include "suite.h"

#ifndef GIT_HASH
#define GIT_HASH "unknown"
#endif

#define PATH_BYTES 1024

static void own_engine_path(char *out, size_t len);

static void usage(FILE *f)
{
    fprintf(f, "usage: qibench COMMAND [ARGS]\n\n"
               "Commands:\n"
               "  suite FILE [ENGINES] [OPTIONS]   search every position of an EPD suite with every engine\n"
               "  bench [ENGINES] [--depth N] [--expect FILE] [--json FILE]\n"
               "                                   the engine's own bench per variant (default: all variants);\n"
               "                                   --expect checks the node counts against \"variant depth nodes\" lines\n"
               "  stats --wdl W,D,L | --penta LL,LD,WLDD,WD,WW [--sprt elo0=A elo1=B [alpha=0.05] [beta=0.05]\n"
               "        [model=normalized|logistic]] [--json]\n"
               "                                   score, Elo +- 95%% error, LOS, draw ratio, normalized Elo and\n"
               "                                   the GSPRT (LLR, bounds, verdict) for given counts\n"
               "  match ENGINE ENGINE [OPTIONS]    paired games between two engines\n"
               "  tournament ENGINES [OPTIONS]     --format round-robin (default) or gauntlet\n"
               "  match|tournament --resume DIR [RUN OPTIONS]\n"
               "                                   go on with an interrupted run (its games are kept)\n"
               "  merge DIR... [--results R] [--name N]\n"
               "                                   combine the shards (--shard K/N) of one run\n"
               "  openings FILE [-o OUT] [--notation N] [--plies MIN-MAX]\n"
               "                                   named move lists (ID | NAME | MOVES) -> EPD opening book\n"
               "  regress --base REV [OPTIONS]     the working tree's engine against REV's: bench, SPRT match\n"
               "                                   (qibench regress --help)\n"
               "  play [OPTIONS]                   a game in the terminal, human or engine per side (play --help)\n"
               "  help                             this text\n\n"
               "Engines (as in cutechess-cli / fastchess):\n"
               "  -engine name=N cmd=PATH [arg=A]... [dir=D] [proto=uci|xboard] [option.NAME=VALUE]...\n"
               "          [notation=iccs|fairy|auto] [quirks=K=V,...] [depth=N] [nodes=N] [movetime=MS] [st=S]\n"
               "          [tc=MOVES/SECONDS+INC | tc=SECONDS+INC] [timemargin=MS]\n"
               "  -each KEY=VALUE...                settings for every engine\n"
               "  -variant-engines LIST|all         our engine once per search variant\n"
               "  (no engine: bin/xiangqi-engine with its default variant)\n\n"
               "suite options:\n"
               "  --concurrency N     searches at a time, each in its own engine process (default 1)\n"
               "  --name RUN          results go to RESULTS/RUN (default suite-YYYYMMDD-HHMMSS)\n"
               "  --results DIR       the results root (default results)\n"
               "  --reference NAME    engine the others are compared with (default the first)\n"
               "  --log FILE          every line of engine traffic, with timestamps\n"
               "  --playout           play out the positions with `result R; within N;` (N moves each side):\n"
               "                      each engine against itself, or against --defender NAME (one of the\n"
               "                      -engine names; it is not tested itself); results in playouts.jsonl\n"
               "  --handshake-timeout MS  uci -> uciok / xboard features (default 10000)\n"
               "  --ready-timeout MS      isready -> readyok / ping -> pong (default 5000)\n"
               "  --move-grace MS         time beyond movetime or the clock before a stall (default 5000)\n"
               "  --search-timeout MS     a depth or node search longer than this is a stall (default 600000)\n\n"
               "match / tournament options (engines need tc=, st=, depth= or nodes=):\n"
               "  --openings file=F [format=epd|pgn] [order=sequential|random] [plies=N] [start=K]\n"
               "  --seed N  --games N | --rounds N (game pairs per pairing)  --concurrency N\n"
               "  --maxplies N  --nocapture N (default 120)  --resign movecount=N score=CP\n"
               "  --draw movenumber=N movecount=N score=CP  --recover  --event TEXT\n"
               "  --sprt elo0=A elo1=B [alpha=0.05] [beta=0.05] [model=normalized|logistic]\n"
               "  --name RUN --results DIR --log FILE --handshake-timeout MS --ready-timeout MS\n"
               "  --move-grace MS --search-timeout MS (as for suite)\n"
               "  --progress N        off a terminal, a status line every N games (default 10; on a\n"
               "                      terminal one live status line on stderr)\n"
               "  --ratinginterval N  standings table every N games (default 0: only at the end of a\n"
               "                      tournament)\n"
               "  --shard K/N         play only the game pairs k with k mod N = K - 1 (see merge)\n"
               "  Ctrl-C: finish the games in progress and stop (again: kill the engines, stop now)\n"
               "  exit status: 0 finished or H1, 1 H0, 2 usage or setup error, 3 stopped by errors,\n"
               "               130 interrupted\n\n"
               "Variants:");
    char own[PATH_BYTES], err[512];
    VariantList v;
    own_engine_path(own, sizeof own);
    if (variants_of_engine(own, 10000, &v, err, sizeof err) != 0)
        fprintf(f, " (%s)", err);
    for (int i = 0; i < v.count; i++) fprintf(f, "%s%s", i ? ", " : " ", v.name[i]);
    fprintf(f, "\n");
}

/* Our engine for the game (bin/xiangqi-engine) next to this program. */
static void own_engine_path(char *out, size_t len)
{
    char self[PATH_BYTES];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        snprintf(out, len, "bin/%s", game_default()->engine);
        return;
    }
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (slash) *slash = '\0';
    snprintf(out, len, "%.900s/%s", self, game_default()->engine);
}

/* mkdir -p; returns 0 or -1 with errno. */
static int make_dirs(const char *path)
{
    char buf[PATH_BYTES];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0777) && errno != EEXIST) return -1;
            *p = '/';
        }
    return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

static bool parse_int_arg(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < min || v > max) return false;
    *out = v;
    return true;
}

/* run.json: the configuration, the tool's version and the machine. */
/* What run.json records besides argv, the engines and the machine. */
typedef struct {
    const char *command;     /* "suite", "match", "tournament" */
    const char *input;       /* suite file or opening book, may be NULL */
    const EngineList *engines;
    int concurrency;
    uint64_t seed;
    const char *const *merged_from; /* qibench merge: the shards' folders */
    int nmerged;
} RunInfo;

static int write_run_json(const char *run_dir, int argc, char **argv, const RunInfo *info)
{
    char path[PATH_BYTES + 16], now[32], limit[64];
    struct utsname u;
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
    json_begin_array(&j, "argv");
    for (int i = 0; i < argc; i++) json_string(&j, NULL, argv[i]);
    json_end_array(&j);
    json_string(&j, "started", now);
    json_string(&j, "input", info->input);
    json_int(&j, "concurrency", info->concurrency);
    json_uint(&j, "seed", info->seed);
    if (info->nmerged) {
        json_begin_array(&j, "merged_from");
        for (int d = 0; d < info->nmerged; d++) json_string(&j, NULL, info->merged_from[d]);
        json_end_array(&j);
    }
    json_begin_array(&j, "engines");
    for (int e = 0; e < info->engines->count; e++) {
        const EngineEntry *ee = &info->engines->engines[e];
        json_begin_object(&j, NULL);
        json_string(&j, "name", ee->spec.name);
        json_string(&j, "cmd", ee->spec.cmd);
        json_begin_array(&j, "args");
        for (int a = 0; a < ee->spec.nargs; a++) json_string(&j, NULL, ee->spec.args[a]);
        json_end_array(&j);
        json_string(&j, "dir", ee->spec.dir);
        json_string(&j, "proto", ee->spec.proto == PROTO_UCI ? "uci" : "xboard");
        json_string(&j, "notation", ee->spec.notation[0] ? ee->spec.notation : "auto");
        json_string(&j, "variant", ee->spec.variant[0] ? ee->spec.variant : NULL);
        json_begin_object(&j, "options");
        for (int o = 0; o < ee->spec.noptions; o++) json_string(&j, ee->spec.options[o].name, ee->spec.options[o].value);
        json_end_object(&j);
        spec_limit_text(&ee->limits, limit, sizeof limit);
        json_string(&j, "limit", limit);
        json_int(&j, "tc_moves", ee->tc.moves);
        json_int(&j, "tc_base_ms", ee->tc.base_ms);
        json_int(&j, "tc_inc_ms", ee->tc.inc_ms);
        json_int(&j, "timemargin_ms", ee->tc.margin_ms);
        json_end_object(&j);
    }
    json_end_array(&j);
    json_begin_object(&j, "machine");
    if (uname(&u) == 0) {
        json_string(&j, "system", u.sysname);
        json_string(&j, "release", u.release);
        json_string(&j, "arch", u.machine);
    }
    json_int(&j, "cpus", sysconf(_SC_NPROCESSORS_ONLN));
    json_end_object(&j);
    json_end_object(&j);
    int rc = json_write_line(&j, f);
    json_free(&j);
    return fclose(f) || rc ? -1 : 0;
}

/* Parses suite's own options; returns 0, or -1 after printing the error. */
static int suite_option(int argc, char **argv, int *i, SuiteOptions *opt, const char **name, const char **root,
                        const char **log_path)
{
    const char *flag = argv[*i];
    long v;
    if (strcmp(flag, "--playout") == 0) {
        opt->playout = true;
        (*i)++;
        return 0;
    }
    if (*i + 1 >= argc) {
        fprintf(stderr, "qibench suite: %s needs a value\n", flag);
        return -1;
    }
    const char *value = argv[++*i];
    (*i)++;
    if (strcmp(flag, "--concurrency") == 0 && parse_int_arg(value, 1, 256, &v)) opt->concurrency = (int)v;
    else if (strcmp(flag, "--name") == 0 && value[0] && !strchr(value, '/')) *name = value;
    else if (strcmp(flag, "--results") == 0 && value[0]) *root = value;
    else if (strcmp(flag, "--reference") == 0) opt->reference = value;
    else if (strcmp(flag, "--defender") == 0) opt->defender = value;
    else if (strcmp(flag, "--log") == 0) *log_path = value;
    else if (strcmp(flag, "--handshake-timeout") == 0 && parse_int_arg(value, 1, 3600000, &v)) opt->timeouts.handshake_ms = (int)v;
    else if (strcmp(flag, "--ready-timeout") == 0 && parse_int_arg(value, 1, 3600000, &v)) opt->timeouts.ready_ms = (int)v;
    else if (strcmp(flag, "--move-grace") == 0 && parse_int_arg(value, 0, 3600000, &v)) opt->timeouts.move_grace_ms = (int)v;
    else if (strcmp(flag, "--search-timeout") == 0 && parse_int_arg(value, 1, 86400000, &v)) opt->timeouts.untimed_ms = (int)v;
    else {
        fprintf(stderr, "qibench suite: bad option %s %s (see qibench help)\n", flag, value);
        return -1;
    }
    return 0;
}

static int cmd_suite(int argc, char **argv)
{
    static EngineList engines;
    SuiteOptions opt = {game_default(), NULL, &engines, 1, NULL, NULL, NULL, client_default_timeouts(), false, NULL};
    const char *name = NULL, *root = "results", *log_path = NULL;
    char own[PATH_BYTES], err[512], run_dir[PATH_BYTES], default_name[64];
    own_engine_path(own, sizeof own);
    for (int i = 1; i < argc;) {
        int r = spec_parse(argc, argv, &i, &engines, own, err, sizeof err);
        if (r < 0) return fprintf(stderr, "qibench suite: %s\n", err), 2;
        if (r > 0) continue;
        if (strncmp(argv[i], "--", 2) == 0) {
            if (suite_option(argc, argv, &i, &opt, &name, &root, &log_path)) return 2;
        } else if (!opt.suite_path) {
            opt.suite_path = argv[i++];
        } else {
            return fprintf(stderr, "qibench suite: unexpected argument '%s'\n", argv[i]), 2;
        }
    }
    if (!opt.suite_path) return fprintf(stderr, "qibench suite: expected an EPD file (qibench suite FILE ...)\n"), 2;
    if (spec_finish(&engines, game_default(), own, err, sizeof err)) return fprintf(stderr, "qibench suite: %s\n", err), 2;
    EpdSuite check; /* a bad suite is an error before any results folder exists */
    if (epd_load(opt.game, opt.suite_path, &check, err, sizeof err)) return fprintf(stderr, "qibench suite: %s\n", err), 2;
    epd_free(&check);
    time_t t = time(NULL);
    strftime(default_name, sizeof default_name, "suite-%Y%m%d-%H%M%S", localtime(&t));
    snprintf(run_dir, sizeof run_dir, "%.500s/%.200s", root, name ? name : default_name);
    if (make_dirs(run_dir)) return fprintf(stderr, "qibench suite: cannot create %s: %s\n", run_dir, strerror(errno)), 2;
    opt.run_dir = run_dir;
    if (log_path && !(opt.log = fopen(log_path, "a")))
        return fprintf(stderr, "qibench suite: cannot open %s: %s\n", log_path, strerror(errno)), 2;
    RunInfo info = {"suite", opt.suite_path, &engines, opt.concurrency, 0, NULL, 0};
    if (write_run_json(run_dir, argc, argv, &info))
        return fprintf(stderr, "qibench suite: cannot write %s/run.json\n", run_dir), 2;
    int status = suite_run(&opt);
    if (opt.log) fclose(opt.log);
    return status;
}

/* ------------------------------------------------------------------------ */
/* match / tournament                                                       */
/* ------------------------------------------------------------------------ */

/* Reads KEY=VALUE words after a flag (until the next word starting with '-')
 * and hands each to set(); returns 0 or -1 with err. */
static int key_values(int argc, char **argv, int *i, void *target,
                      int (*set)(void *target, const char *key, const char *value), const char *flag, char *err,
                      size_t errlen)
{
    for ((*i)++; *i < argc && argv[*i][0] != '-'; (*i)++) {
        const char *eq = strchr(argv[*i], '=');
        char key[32];
        if (!eq || eq - argv[*i] >= (long)sizeof key)
            return snprintf(err, errlen, "%s: expected KEY=VALUE, got '%s'", flag, argv[*i]), -1;
        snprintf(key, sizeof key, "%.*s", (int)(eq - argv[*i]), argv[*i]);
        if (set(target, key, eq + 1))
            return snprintf(err, errlen, "%s: bad %s=%s", flag, key, eq + 1), -1;
    }
    return 0;
}

static int set_openings(void *target, const char *key, const char *value)
{
    BookOptions *b = target;
    long v;
    if (strcmp(key, "file") == 0) b->file = value;
    else if (strcmp(key, "format") == 0 && strcmp(value, "epd") == 0) b->format = BOOK_EPD;
    else if (strcmp(key, "format") == 0 && strcmp(value, "pgn") == 0) b->format = BOOK_PGN;
    else if (strcmp(key, "order") == 0 && strcmp(value, "sequential") == 0) b->order = ORDER_SEQUENTIAL;
    else if (strcmp(key, "order") == 0 && strcmp(value, "random") == 0) b->order = ORDER_RANDOM;
    else if (strcmp(key, "plies") == 0 && parse_int_arg(value, 0, OPENING_MAX_PLIES, &v)) b->plies = (int)v;
    else if (strcmp(key, "start") == 0 && parse_int_arg(value, 1, 1000000, &v)) b->start = (int)v;
    else return -1;
    return 0;
}

static int set_adjudication(void *target, const char *key, const char *value)
{
    int *fields = target; /* [0] movenumber, [1] movecount, [2] score */
    long v;
    if (!parse_int_arg(value, 0, 100000, &v)) return -1;
    if (strcmp(key, "movenumber") == 0) fields[0] = (int)v;
    else if (strcmp(key, "movecount") == 0) fields[1] = (int)v;
    else if (strcmp(key, "score") == 0) fields[2] = (int)v;
    else return -1;
    return 0;
}

static int set_sprt(void *target, const char *key, const char *value)
{
    SprtParams *p = target;
    char *end;
    double v = strtod(value, &end);
    if (strcmp(key, "model") == 0) {
        if (strcmp(value, "normalized") == 0) p->model = SPRT_NORMALIZED;
        else if (strcmp(value, "logistic") == 0) p->model = SPRT_LOGISTIC;
        else return -1;
        return 0;
    }
    if (end == value || *end || !isfinite(v)) return -1;
    if (strcmp(key, "elo0") == 0) p->elo0 = v;
    else if (strcmp(key, "elo1") == 0) p->elo1 = v;
    else if (strcmp(key, "alpha") == 0) p->alpha = v;
    else if (strcmp(key, "beta") == 0) p->beta = v;
    else return -1;
    return 0;
}

/* One match/tournament option at argv[*i]; returns 0 or -1 with err. */
static int match_option(int argc, char **argv, int *i, MatchOptions *opt, const char **name, const char **root,
                        const char **log_path, uint64_t *seed, char *err, size_t errlen)
{
    const char *flag = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : "";
    long v;
    int adj[3] = {0, 0, 0};
    if (strcmp(flag, "--openings") == 0) {
        opt->has_book = true;
        return key_values(argc, argv, i, &opt->book, set_openings, flag, err, errlen);
    }
    if (strcmp(flag, "--sprt") == 0) {
        opt->has_sprt = true;
        return key_values(argc, argv, i, &opt->sprt, set_sprt, flag, err, errlen)
               || stats_sprt_check(&opt->sprt, err, errlen) ? -1 : 0;
    }
    if (strcmp(flag, "--resign") == 0 || strcmp(flag, "--draw") == 0) {
        if (key_values(argc, argv, i, adj, set_adjudication, flag, err, errlen)) return -1;
        if (flag[2] == 'r') opt->adj.resign_movecount = adj[1], opt->adj.resign_score = adj[2];
        else opt->adj.draw_movenumber = adj[0], opt->adj.draw_movecount = adj[1], opt->adj.draw_score = adj[2];
        return 0;
    }
    if (strcmp(flag, "--recover") == 0) return (*i)++, opt->recover = true, 0;
    if (strcmp(flag, "--shard") == 0) {
        int k, n, used = 0;
        *i += 2;
        if (sscanf(value, "%d/%d%n", &k, &n, &used) == 2 && !value[used] && n >= 1 && k >= 1 && k <= n && n <= 100000) {
            opt->shard_k = k, opt->shard_n = n;
            return 0;
        }
        return snprintf(err, errlen, "bad --shard '%s' (expected K/N with 1 <= K <= N)", value), -1;
    }
    *i += 2;
    if (strcmp(flag, "--games") == 0 && parse_int_arg(value, 1, 10000000, &v)) opt->rounds = (int)((v + 1) / 2);
    else if (strcmp(flag, "--rounds") == 0 && parse_int_arg(value, 1, 10000000, &v)) opt->rounds = (int)v;
    else if (strcmp(flag, "--concurrency") == 0 && parse_int_arg(value, 1, 256, &v)) opt->concurrency = (int)v;
    else if (strcmp(flag, "--seed") == 0 && parse_int_arg(value, 0, LONG_MAX, &v)) *seed = (uint64_t)v;
    else if (strcmp(flag, "--maxplies") == 0 && parse_int_arg(value, 0, 100000, &v)) opt->rules.max_plies = (int)v;
    else if (strcmp(flag, "--nocapture") == 0 && parse_int_arg(value, 0, 100000, &v)) opt->rules.no_capture_plies = (int)v;
    else if (strcmp(flag, "--format") == 0 && strcmp(value, "round-robin") == 0) opt->format = FORMAT_ROUND_ROBIN;
    else if (strcmp(flag, "--format") == 0 && strcmp(value, "gauntlet") == 0) opt->format = FORMAT_GAUNTLET;
    else if (strcmp(flag, "--name") == 0 && value[0] && !strchr(value, '/')) *name = value;
    else if (strcmp(flag, "--results") == 0 && value[0]) *root = value;
    else if (strcmp(flag, "--log") == 0 && value[0]) *log_path = value;
    else if (strcmp(flag, "--event") == 0) opt->event = value;
    else if (strcmp(flag, "--progress") == 0 && parse_int_arg(value, 1, 10000000, &v)) opt->progress = (int)v;
    else if (strcmp(flag, "--ratinginterval") == 0 && parse_int_arg(value, 0, 10000000, &v)) opt->rating_interval = (int)v;
    else if (strcmp(flag, "--handshake-timeout") == 0 && parse_int_arg(value, 1, 3600000, &v)) opt->timeouts.handshake_ms = (int)v;
    else if (strcmp(flag, "--move-grace") == 0 && parse_int_arg(value, 0, 3600000, &v)) opt->timeouts.move_grace_ms = (int)v;
    else if (strcmp(flag, "--ready-timeout") == 0 && parse_int_arg(value, 1, 3600000, &v)) opt->timeouts.ready_ms = (int)v;
    else if (strcmp(flag, "--search-timeout") == 0 && parse_int_arg(value, 1, 86400000, &v)) opt->timeouts.untimed_ms = (int)v;
    else return snprintf(err, errlen, "bad option %s %s (see qibench help)", flag, value), -1;
    return 0;
}

/* Every engine needs something that ends its searches. */
static int check_limits(const EngineList *engines, char *err, size_t errlen)
{
    for (int e = 0; e < engines->count; e++) {
        const EngineEntry *ee = &engines->engines[e];
        if (!ee->tc.base_ms && !ee->limits.depth && !ee->limits.nodes && !ee->limits.movetime)
            return snprintf(err, errlen, "engine '%s' has no time control or limit (give tc=, st=, depth= or nodes=)",
                            ee->spec.name), -1;
    }
    return 0;
}

/* A parsed match / tournament command line. */
typedef struct {
    EngineList *engines;
    MatchOptions opt;
    const char *name, *root, *log_path;
    uint64_t seed;
} MatchArgs;

/* Parses argv (argv[0] is "match" or "tournament"); returns 0, or 2 after
 * printing a one-line error. */
static int parse_match(int argc, char **argv, MatchArgs *a)
{
    static EngineList engines;
    bool tournament = strcmp(argv[0], "tournament") == 0;
    const char *cmd = argv[0];
    char own[PATH_BYTES], err[512];
    memset(&engines, 0, sizeof engines);
    memset(a, 0, sizeof *a);
    a->engines = &engines;
    a->opt.engines = &engines;
    a->opt.format = tournament ? FORMAT_ROUND_ROBIN : FORMAT_MATCH;
    a->opt.rounds = 1;
    a->opt.concurrency = 1;
    a->opt.timeouts = client_default_timeouts();
    a->opt.game = game_default();
    a->opt.book.game = a->opt.game;
    a->opt.rules = a->opt.game->default_rules;
    a->opt.sprt = (SprtParams){0, 5, 0.05, 0.05, SPRT_NORMALIZED};
    a->root = "results";
    a->seed = 1;
    own_engine_path(own, sizeof own);
    for (int i = 1; i < argc;) {
        int r = spec_parse(argc, argv, &i, &engines, own, err, sizeof err);
        if (r == 0) r = strncmp(argv[i], "--", 2) == 0 ? (match_option(argc, argv, &i, &a->opt, &a->name, &a->root,
                                                                       &a->log_path, &a->seed, err, sizeof err) ? -1 : 1)
                                                       : (snprintf(err, sizeof err, "unexpected argument '%s'", argv[i]), -1);
        if (r < 0) return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    }
    a->opt.book.seed = a->seed;
    if (spec_finish(&engines, game_default(), own, err, sizeof err) || check_limits(&engines, err, sizeof err))
        return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    if (engines.count < 2 || (!tournament && engines.count != 2))
        return fprintf(stderr, "qibench %s: expected %s engines, got %d\n", cmd, tournament ? "two or more" : "two",
                       engines.count), 2;
    if (a->opt.has_book && !a->opt.book.file) return fprintf(stderr, "qibench %s: --openings needs file=F\n", cmd), 2;
    if (a->opt.has_book) { /* a bad book is an error before any results folder exists */
        OpeningBook book;
        if (book_load(&a->opt.book, &book, err, sizeof err)) return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
        book_free(&book);
    }
    return 0;
}

/* Options that only say how a run is carried out, not what it plays: they
 * may differ between shards, and --resume accepts them anew. The number
 * is how many values follow the flag. */
static int run_local_option(const char *flag)
{
    static const char *const WITH_VALUE[] = {"--shard", "--name", "--results", "--concurrency", "--progress",
                                             "--ratinginterval", "--log", "--handshake-timeout", "--move-grace",
                                             "--ready-timeout", "--search-timeout", "--resume"};
    for (size_t i = 0; i < sizeof WITH_VALUE / sizeof *WITH_VALUE; i++)
        if (strcmp(flag, WITH_VALUE[i]) == 0) return 1;
    return strcmp(flag, "--recover") == 0 ? 0 : -1;
}

/* The saved command line of a run folder (argv[0] "match" or "tournament"):
 * a NULL-terminated list to free with json_free_strings, or NULL after
 * printing why. */
static char **saved_argv(const char *dir, const char *who, int *argc)
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

static int start_match(int argc, char **argv, MatchArgs *a, const char *run_dir_in, bool resume)
{
    const char *cmd = argv[0];
    char run_dir[PATH_BYTES], default_name[64];
    if (run_dir_in) {
        snprintf(run_dir, sizeof run_dir, "%s", run_dir_in);
    } else {
        time_t t = time(NULL);
        strftime(default_name, sizeof default_name, "%Y%m%d-%H%M%S", localtime(&t));
        if (a->name) snprintf(run_dir, sizeof run_dir, "%.500s/%.200s", a->root, a->name);
        else snprintf(run_dir, sizeof run_dir, "%.500s/%s-%.100s", a->root, cmd, default_name);
        if (make_dirs(run_dir))
            return fprintf(stderr, "qibench %s: cannot create %s: %s\n", cmd, run_dir, strerror(errno)), 2;
    }
    a->opt.run_dir = run_dir;
    a->opt.resume = resume;
    if (a->log_path && !(a->opt.log = fopen(a->log_path, "a")))
        return fprintf(stderr, "qibench %s: cannot open %s: %s\n", cmd, a->log_path, strerror(errno)), 2;
    RunInfo info = {cmd, a->opt.has_book ? a->opt.book.file : NULL, a->engines, a->opt.concurrency, a->seed, NULL, 0};
    if (!resume && write_run_json(run_dir, argc, argv, &info))
        return fprintf(stderr, "qibench %s: cannot write %s/run.json\n", cmd, run_dir), 2;
    int status = match_run(&a->opt);
    if (a->opt.log) fclose(a->opt.log);
    return status;
}

/* qibench match|tournament ... --resume DIR [run options]: the saved
 * command line of DIR, then the run options given now. */
static int resume_match(int argc, char **argv, int at)
{
    const char *dir = argv[at + 1];
    int nsaved;
    char **saved = saved_argv(dir, argv[0], &nsaved);
    if (!saved) return 2;
    if (strcmp(saved[0], argv[0]) != 0) {
        fprintf(stderr, "qibench %s: %s is a %s run (use qibench %s --resume)\n", argv[0], dir, saved[0], saved[0]);
        json_free_strings(saved);
        return 2;
    }
    char **all = calloc((size_t)(nsaved + argc + 1), sizeof *all);
    int n = 0;
    for (int i = 0; all && i < nsaved; i++) all[n++] = saved[i];
    for (int i = 1; all && i < argc; i++) {
        if (i == at) {
            i++;
            continue;
        }
        int values = run_local_option(argv[i]);
        if (values < 0 || i + values >= argc) {
            fprintf(stderr, "qibench %s: with --resume only run options (--concurrency, --progress, "
                            "--ratinginterval, --log, --recover, the timeouts) may be given, "
                            "not '%s': the run's own come from %s/run.json\n", argv[0], argv[i], dir);
            free(all);
            json_free_strings(saved);
            return 2;
        }
        for (int v = 0; v <= values; v++) all[n++] = argv[i + v];
        i += values;
    }
    MatchArgs a;
    int status = all ? parse_match(n, all, &a) : 2;
    if (status == 0) status = start_match(n, all, &a, dir, true);
    free(all);
    json_free_strings(saved);
    return status;
}

static int cmd_match(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--resume") == 0) {
            if (i + 1 >= argc) return fprintf(stderr, "qibench %s: --resume needs the run's folder\n", argv[0]), 2;
            return resume_match(argc, argv, i);
        }
    MatchArgs a;
    int status = parse_match(argc, argv, &a);
    return status ? status : start_match(argc, argv, &a, NULL, false);
}

/* argv without the run options, as a comparable text (for merge). */
static void run_config_text(int argc, char **argv, char *out, size_t len)
{
    size_t o = 0;
    out[0] = '\0';
    for (int i = 0; i < argc; i++) {
        int values = run_local_option(argv[i]);
        if (values >= 0) {
            i += values;
            continue;
        }
        int w = snprintf(out + o, len - o, "%s\x1f", argv[i]);
        if (w < 0 || (size_t)w >= len - o) break;
        o += (size_t)w;
    }
}

/* qibench merge DIR... [--results R] [--name N]: shards of one run. */
static int cmd_merge(int argc, char **argv)
{
    const char *dirs[256], *root = "results", *name = NULL;
    int ndirs = 0;
    for (int i = 1; i < argc; i++) {
        if ((strcmp(argv[i], "--results") == 0 || strcmp(argv[i], "--name") == 0) && i + 1 < argc) {
            if (argv[i][2] == 'r') root = argv[++i];
            else if (argv[i + 1][0] && !strchr(argv[i + 1], '/')) name = argv[++i];
            else return fprintf(stderr, "qibench merge: bad --name '%s' (a folder name, no '/')\n", argv[i + 1]), 2;
        } else if (argv[i][0] == '-') {
            return fprintf(stderr, "qibench merge: bad option '%s' (qibench merge DIR... [--results R] [--name N])\n",
                           argv[i]), 2;
        } else if (ndirs < 256) {
            dirs[ndirs++] = argv[i];
        } else {
            return fprintf(stderr, "qibench merge: at most 256 folders\n"), 2;
        }
    }
    if (ndirs == 0) return fprintf(stderr, "qibench merge: expected the shards' result folders (qibench merge DIR...)\n"), 2;
    static char first[65536], other[65536];
    int nfirst = 0;
    char **argv0 = NULL;
    for (int d = 0; d < ndirs; d++) {
        int n;
        char **saved = saved_argv(dirs[d], "merge", &n);
        if (!saved) {
            json_free_strings(argv0);
            return 2;
        }
        run_config_text(n, saved, d ? other : first, sizeof first);
        if (d == 0) {
            argv0 = saved, nfirst = n;
        } else {
            json_free_strings(saved);
            if (strcmp(first, other) != 0) {
                fprintf(stderr, "qibench merge: %s/run.json: not a shard of the same run as %s (engines, openings, "
                                "games or rules differ)\n", dirs[d], dirs[0]);
                json_free_strings(argv0);
                return 2;
            }
        }
    }
    /* The run's own command line: the first shard's without the run options. */
    char **config = calloc((size_t)nfirst + 1, sizeof *config);
    int n = 0;
    for (int i = 0; config && i < nfirst; i++) {
        int values = run_local_option(argv0[i]);
        if (values >= 0) i += values;
        else config[n++] = argv0[i];
    }
    MatchArgs a;
    int status = config ? parse_match(n, config, &a) : 2;
    if (status == 0) {
        char run_dir[PATH_BYTES], default_name[64];
        time_t t = time(NULL);
        strftime(default_name, sizeof default_name, "merge-%Y%m%d-%H%M%S", localtime(&t));
        snprintf(run_dir, sizeof run_dir, "%.500s/%.200s", root, name ? name : default_name);
        for (int d = 0; d < ndirs; d++) {
            char a_real[PATH_MAX], b_real[PATH_MAX];
            if (realpath(dirs[d], a_real) && realpath(run_dir, b_real) && strcmp(a_real, b_real) == 0) {
                fprintf(stderr, "qibench merge: the output %s is one of the shards\n", run_dir);
                status = 2;
            }
        }
        if (status == 0 && make_dirs(run_dir)) {
            fprintf(stderr, "qibench merge: cannot create %s: %s\n", run_dir, strerror(errno));
            status = 2;
        }
        RunInfo info = {config[0], a.opt.has_book ? a.opt.book.file : NULL, a.engines, 0, a.seed, dirs, ndirs};
        if (status == 0 && write_run_json(run_dir, n, config, &info)) {
            fprintf(stderr, "qibench merge: cannot write %s/run.json\n", run_dir);
            status = 2;
        }
        if (status == 0) {
            a.opt.run_dir = run_dir;
            a.opt.merge_dirs = dirs;
            a.opt.nmerge = ndirs;
            status = match_run(&a.opt);
        }
    }
    free(config);
    json_free_strings(argv0);
    return status;
}

static int cmd_bench(int argc, char **argv)
{
    static EngineList engines;
    BenchOptions opt = {&engines, 0, NULL, NULL};
    char own[PATH_BYTES], err[512];
    long v;
    own_engine_path(own, sizeof own);
    for (int i = 1; i < argc;) {
        int r = spec_parse(argc, argv, &i, &engines, own, err, sizeof err);
        if (r < 0) return fprintf(stderr, "qibench bench: %s\n", err), 2;
        if (r > 0) continue;
        const char *flag = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!value) return fprintf(stderr, "qibench bench: %s needs a value\n", flag), 2;
        if (strcmp(flag, "--depth") == 0 && parse_int_arg(value, 1, 64, &v)) opt.depth = (int)v;
        else if (strcmp(flag, "--expect") == 0) opt.expect = value;
        else if (strcmp(flag, "--json") == 0) opt.json_path = value;
        else return fprintf(stderr, "qibench bench: bad argument %s %s (see qibench help)\n", flag, value), 2;
        i += 2;
    }
    if (opt.expect && access(opt.expect, R_OK) != 0)
        return fprintf(stderr, "qibench bench: cannot read %s: %s\n", opt.expect, strerror(errno)), 2;
    if (engines.count == 0) {
        char *all[] = {"-variant-engines", "all"};
        int i = 0;
        spec_parse(2, all, &i, &engines, own, err, sizeof err);
    }
    if (spec_finish(&engines, game_default(), own, err, sizeof err)) return fprintf(stderr, "qibench bench: %s\n", err), 2;
    return bench_run(&opt);
}

static int cmd_stats(int argc, char **argv)
{
    StatsCommand cmd;
    char err[512];
    if (stats_parse_command(argc, argv, &cmd, err, sizeof err) || stats_run_command(&cmd, stdout, err, sizeof err))
        return fprintf(stderr, "qibench stats: %s\n", err), 2;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "suite") == 0) return cmd_suite(argc - 1, argv + 1);
    if (strcmp(argv[1], "bench") == 0) return cmd_bench(argc - 1, argv + 1);
    if (strcmp(argv[1], "match") == 0 || strcmp(argv[1], "tournament") == 0) return cmd_match(argc - 1, argv + 1);
    if (strcmp(argv[1], "merge") == 0) return cmd_merge(argc - 1, argv + 1);
    if (strcmp(argv[1], "stats") == 0) return cmd_stats(argc - 1, argv + 1);
    if (strcmp(argv[1], "openings") == 0) return openings_command(argc - 1, argv + 1);
    if (strcmp(argv[1], "regress") == 0) return regress_command(argc - 1, argv + 1);
    if (strcmp(argv[1], "play") == 0) return play_command(argc - 1, argv + 1);
    if (strcmp(argv[1], "--version") == 0) return printf("qibench %s\n", GIT_HASH), 0;
    fprintf(stderr, "qibench: unknown command '%s' (see qibench help)\n", argv[1]);
    return 2;
}
