/*
 * match/match_cmd.c - `qibench match` / `tournament` / `merge`: the command line
 * (engines, run options, the KEY=VALUE lists of --openings, --sprt,
 * --resign and --draw), --resume from a run's saved command line, merging
 * shards, the results folder and run.json; then match_run.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "match/match_cmd.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "results/json.h"
#include "match/match.h"
#include "formats/openings.h"
#include "formats/pgnout.h"
#include "results/record.h"
#include "match/pairing.h"
#include "results/io.h"
#include "cli/spec.h"
#include "stats/stats.h"
#include "util/util.h"

#define PATH_BYTES 1024

/* A parsed match / tournament command line. */
typedef struct {
    EngineList *engines;
    MatchOptions opt;
    const char *name, *root, *log_path;
    uint64_t seed;
    long rounds, games;   /* -rounds N -games G: N x G games per pairing (0: not given) */
    bool debug;           /* --debug: engine traffic on stderr */
    PgnOut out;           /* --pgnout, --epdout */
} MatchArgs;

/* ------------------------------------------------------------------------ */
/* Options                                                                  */
/* ------------------------------------------------------------------------ */

/* The flags with KEY=VALUE lists (--openings, --sprt, --resign, --draw) and
 * the value-less --recover at argv[*i]. Returns 0, -1 with err, or 1 when
 * argv[*i] is none of them. */
static int list_option(int argc, char **argv, int *i, MatchOptions *opt, char *err, size_t errlen)
{
    const char *flag = argv[*i];
    int adj[3] = {0, 0, 0};
    if (strcmp(flag, "--openings") == 0) {
        opt->has_book = true;
        return cli_key_values(argc, argv, i, cli_openings_key, &opt->book, err, errlen);
    }
    if (strcmp(flag, "--sprt") == 0) {
        opt->has_sprt = true;
        return cli_key_values(argc, argv, i, cli_sprt_key, &opt->sprt, err, errlen)
               || stats_sprt_check(&opt->sprt, err, errlen) ? -1 : 0;
    }
    if (strcmp(flag, "--resign") == 0 || strcmp(flag, "--draw") == 0) {
        if (cli_key_values(argc, argv, i, cli_adjudication_key, adj, err, errlen)) return -1;
        if (flag[2] == 'r') opt->adj.resign_movecount = adj[1], opt->adj.resign_score = adj[2];
        else opt->adj.draw_movenumber = adj[0], opt->adj.draw_movecount = adj[1], opt->adj.draw_score = adj[2];
        return 0;
    }
    if (strcmp(flag, "--recover") == 0) return (*i)++, opt->recover = true, 0;
    if (strcmp(flag, "--noswap") == 0) return (*i)++, opt->noswap = true, 0;
    if (strcmp(flag, "--repeat") == 0) { /* cutechess -repeat [N]: our pairs are N = 2 */
        long n;
        (*i)++;
        if (*i < argc && argv[*i][0] != '-' && !(cli_parse_int(argv[*i], 2, 2, &n) && ++*i))
            return util_fail(err, errlen, "--repeat: qibench plays each opening exactly twice (a pair), not %s times",
                             argv[*i]);
        return 0;
    }
    if (strcmp(flag, "--force") == 0) return (*i)++, opt->force = true, 0;
    return 1;
}

/* --format VALUE: true with *format set, false for an unknown one. */
static bool cli_format(const char *value, MatchFormat *format)
{
    static const char *const NAMES[] = {"round-robin", "roundrobin", "gauntlet", "knockout", "swiss"};
    static const MatchFormat FORMATS[] = {FORMAT_ROUND_ROBIN, FORMAT_ROUND_ROBIN, FORMAT_GAUNTLET, FORMAT_KNOCKOUT,
                                          FORMAT_SWISS};
    for (size_t i = 0; i < sizeof NAMES / sizeof *NAMES; i++)
        if (strcmp(value, NAMES[i]) == 0) return *format = FORMATS[i], true;
    return false;
}

/* Knockout and Swiss: a tournament's, not sharded (a round's pairings
 * need every earlier result), the Swiss rounds at most a round robin's.
 * Returns 0 or -1 with err. */
static int check_format(const char *cmd, const EngineList *engines, MatchOptions *opt, char *err, size_t errlen)
{
    bool staged = opt->format == FORMAT_KNOCKOUT || opt->format == FORMAT_SWISS;
    const char *name = opt->format == FORMAT_KNOCKOUT ? "knockout" : "swiss";
    if (opt->tiebreak_pairs >= 0 && opt->format != FORMAT_KNOCKOUT)
        return util_fail(err, errlen, "--tiebreak-pairs applies to --format knockout only");
    if (opt->swiss_rounds && opt->format != FORMAT_SWISS)
        return util_fail(err, errlen, "--swiss-rounds applies to --format swiss only");
    if (opt->format == FORMAT_SWISS && !opt->swiss_rounds) opt->swiss_rounds = pairing_swiss_default_rounds(engines->count);
    if (opt->tiebreak_pairs < 0) opt->tiebreak_pairs = 2;
    if (!staged) return 0;
    if (strcmp(cmd, "tournament") != 0) return util_fail(err, errlen, "--format %s is a tournament's (qibench tournament)", name);
    if (opt->shard_n)
        return util_fail(err, errlen, "--shard does not apply to --format %s: each round's pairings depend on every "
                         "result of the rounds before (use --concurrency)", name);
    int most = engines->count % 2 ? engines->count : engines->count - 1;
    if (opt->format == FORMAT_SWISS && opt->swiss_rounds > most)
        return util_fail(err, errlen, "--swiss-rounds %d: at most %d for %d engines (no pairing may repeat)",
                         opt->swiss_rounds, most, engines->count);
    return 0;
}

/* One match/tournament option at argv[*i]; returns 0 or -1 with err. */
static int match_option(int argc, char **argv, int *i, MatchArgs *a, char *err, size_t errlen)
{
    const char *flag = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : "";
    MatchOptions *opt = &a->opt;
    long v;
    int r = list_option(argc, argv, i, opt, err, errlen);
    if (r <= 0) return r;
    if (strcmp(flag, "--debug") == 0) return (*i)++, a->debug = true, 0;
    if (strcmp(flag, "--log") == 0) return cli_log_option(argc, argv, i, &a->log_path, err, errlen);
    if (strcmp(flag, "--pgnout") == 0 || strcmp(flag, "--epdout") == 0)
        return pgnout_option(argc, argv, i, &a->out, err, errlen);
    if (*i + 1 >= argc) return util_fail(err, errlen, "%s needs a value", flag);
    if (strcmp(flag, "--shard") == 0) {
        int k, n, used = 0;
        *i += 2;
        if (sscanf(value, "%d/%d%n", &k, &n, &used) == 2 && !value[used] && n >= 1 && k >= 1 && k <= n && n <= 100000) {
            opt->shard_k = k, opt->shard_n = n;
            return 0;
        }
        return util_fail(err, errlen, "bad --shard '%s' (expected K/N with 1 <= K <= N)", value);
    }
    *i += 2;
    if (strcmp(flag, "--games") == 0 && cli_parse_int(value, 1, 10000000, &v)) a->games = v;
    else if (strcmp(flag, "--rounds") == 0 && cli_parse_int(value, 1, 10000000, &v)) a->rounds = v;
    else if (strcmp(flag, "--concurrency") == 0 && cli_parse_int(value, 1, 256, &v)) opt->concurrency = (int)v;
    else if (strcmp(flag, "--seed") == 0 && cli_parse_int(value, 0, LONG_MAX, &v)) a->seed = (uint64_t)v;
    else if (strcmp(flag, "--maxplies") == 0 && cli_parse_int(value, 0, 100000, &v)) opt->rules.max_plies = (int)v;
    else if (strcmp(flag, "--maxmoves") == 0 && cli_parse_int(value, 0, 50000, &v)) opt->rules.max_plies = (int)(2 * v);
    else if (strcmp(flag, "--wait") == 0 && cli_parse_int(value, 0, 3600000, &v)) opt->wait_ms = (int)v;
    else if (strcmp(flag, "--site") == 0) a->out.site = value;
    else if (strcmp(flag, "--nocapture") == 0 && cli_parse_int(value, 0, 100000, &v)) opt->rules.limit = (int)v;
    else if (strcmp(flag, "--rules") == 0) return cli_rule_set(opt->game, value, &opt->rules.rule_set, err, errlen);
    else if ((strcmp(flag, "--format") == 0 || strcmp(flag, "--tournament") == 0) && cli_format(value, &opt->format)) {}
    else if (strcmp(flag, "--tiebreak-pairs") == 0 && cli_parse_int(value, 0, 1000, &v)) opt->tiebreak_pairs = (int)v;
    else if (strcmp(flag, "--swiss-rounds") == 0 && cli_parse_int(value, 1, MAX_ENGINES, &v)) opt->swiss_rounds = (int)v;
    else if (strcmp(flag, "--name") == 0 && cli_is_run_name(value)) a->name = value;
    else if (strcmp(flag, "--results") == 0 && value[0]) a->root = value;
    else if (strcmp(flag, "--event") == 0) opt->event = value;
    else if (strcmp(flag, "--progress") == 0 && cli_parse_int(value, 1, 10000000, &v)) opt->progress = (int)v;
    else if (strcmp(flag, "--ratinginterval") == 0 && cli_parse_int(value, 0, 10000000, &v)) opt->rating_interval = (int)v;
    else if (cli_timeout_option(flag, value, &opt->timeouts) != 0)
        return util_fail(err, errlen, "%s: bad value '%s' (see qibench %s --help)", flag, value, argv[0]);
    return 0;
}

/* Every engine needs something that ends its searches. */
static int check_limits(const EngineList *engines, char *err, size_t errlen)
{
    for (int e = 0; e < engines->count; e++) {
        const EngineEntry *ee = &engines->engines[e];
        if (!ee->tc.base_ms && !ee->limits.depth && !ee->limits.nodes && !ee->limits.movetime)
            return util_fail(err, errlen, "engine '%s' has no time control or limit (give tc=, st=, depth= or nodes=)",
                             ee->spec.name);
    }
    return 0;
}


/* -rounds N -games G (either order, either left off: 1 round, 2 games) is
 * N x G games per pairing, played as whole pairs. Returns 0, or 2 after
 * printing the error. */
static int rounds_games(MatchArgs *a, const char *cmd)
{
    long rounds = a->rounds ? a->rounds : 1, games = a->games ? a->games : 2, total = rounds * games;
    if (total > 20000000) return fprintf(stderr, "qibench %s: -rounds x -games is %ld games, at most 20000000\n", cmd, total), 2;
    if (total % 2)
        fprintf(stderr, "qibench %s: warning: %ld games per pairing is odd: playing %ld (qibench plays whole pairs, "
                        "one opening with colours swapped)\n", cmd, total, total + 1);
    a->opt.rounds = (int)((total + 1) / 2);
    return 0;
}

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
    a->opt.tiebreak_pairs = -1; /* not given: 2 for a knockout (check_format) */
    a->opt.concurrency = 1;
    a->opt.timeouts = client_default_timeouts();
    if (!(a->opt.game = cli_game(argc, argv, err, sizeof err))) return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    a->opt.book.game = a->opt.game;
    a->opt.rules = a->opt.game->default_rules;
    a->opt.sprt = (SprtParams){0, 5, 0.05, 0.05, SPRT_NORMALIZED};
    a->root = "results";
    a->seed = 1;
    cli_own_engine_path(a->opt.game, own, sizeof own);
    for (int i = 1; i < argc;) {
        int r = spec_parse(argc, argv, &i, &engines, own, err, sizeof err);
        if (r == 0 && cli_is_game_flag(argv[i])) r = 1, i += 2; /* read by cli_game */
        if (r == 0) r = strncmp(argv[i], "--", 2) == 0 ? (match_option(argc, argv, &i, a, err, sizeof err) ? -1 : 1)
                                                       : util_fail(err, sizeof err, "unexpected argument '%s' (an option "
                                                                   "starts with '-'; see qibench %s --help)", argv[i], cmd);
        if (r < 0) return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    }
    a->opt.book.seed = a->seed;
    if (rounds_games(a, cmd)) return 2;
    if (spec_finish(&engines, a->opt.game, own, err, sizeof err) || check_limits(&engines, err, sizeof err))
        return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    for (int e = 0; e < engines.count; e++) cli_own_engine_rules(&engines.engines[e].spec, a->opt.game, own, a->opt.rules.rule_set);
    if (engines.count < 2 || (!tournament && engines.count != 2))
        return fprintf(stderr, "qibench %s: expected %s engines, got %d\n", cmd, tournament ? "two or more" : "two",
                       engines.count), 2;
    if (check_format(cmd, &engines, &a->opt, err, sizeof err)) return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    if (pgnout_check(&a->out, a->opt.game, err, sizeof err)) return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    if (a->opt.has_book && !a->opt.book.file) return fprintf(stderr, "qibench %s: --openings needs file=F\n", cmd), 2;
    if (a->opt.has_book) { /* a bad book is an error before any results folder exists */
        OpeningBook book;
        if (book_load(&a->opt.book, &book, err, sizeof err)) return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
        book_free(&book);
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* match, tournament, --resume                                              */
/* ------------------------------------------------------------------------ */

/* Options that only say how a run is carried out, not what it plays: they
 * may differ between shards, and --resume accepts them anew. The number
 * is how many values follow the flag. */
static int run_local_option(const char *flag)
{
    static const char *const WITH_VALUE[] = {"--shard", "--name", "--results", "--concurrency", "--progress",
                                             "--ratinginterval", "--log", "--resume"};
    for (size_t i = 0; i < sizeof WITH_VALUE / sizeof *WITH_VALUE; i++)
        if (strcmp(flag, WITH_VALUE[i]) == 0) return 1;
    if (cli_is_timeout_flag(flag)) return 1;
    return strcmp(flag, "--recover") == 0 || strcmp(flag, "--force") == 0 ? 0 : -1;
}

/* Every engine at a fixed depth or node count (no clock) and no openings:
 * a deterministic engine plays the same game in every pair. */
static void warn_same_pairs(const EngineList *engines, const char *who)
{
    for (int e = 0; e < engines->count; e++) {
        const EngineEntry *ee = &engines->engines[e];
        if (ee->tc.base_ms || ee->limits.movetime) return;
    }
    fprintf(stderr, "%s: warning: every engine searches to a fixed depth or node count and there are no openings: "
                    "every pair will be the same game; give --openings\n", who);
}

/* Makes the run folder (unless resuming run_dir_in), opens the log, writes
 * run.json (unless resuming) and plays. Returns the exit status. */
static int start_match(int argc, char **argv, MatchArgs *a, const char *run_dir_in, bool resume)
{
    const char *cmd = argv[0];
    char run_dir[PATH_BYTES], err[PATH_BYTES + 256], who[64];
    snprintf(who, sizeof who, "qibench %s", cmd);
    int checked = spec_preflight(a->engines, &a->opt.timeouts, who); /* before any folder or game */
    if (checked) return checked < 0 ? 2 : checked;
    if (run_dir_in) {
        snprintf(run_dir, sizeof run_dir, "%s", run_dir_in);
    } else if (cli_make_run_dir(a->root, a->name, cmd, a->opt.force, run_dir, sizeof run_dir, err, sizeof err)) {
        return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    }
    a->opt.run_dir = run_dir;
    a->opt.resume = resume;
    if (!a->opt.has_book && !resume) warn_same_pairs(a->engines, who);
    if (a->log_path && !(a->opt.log = fopen(a->log_path, "a")))
        return fprintf(stderr, "qibench %s: cannot open %s: %s\n", cmd, a->log_path, strerror(errno)), 2;
    if (a->debug && !a->opt.log) a->opt.log = stderr; /* --debug: the traffic log on stderr */
    RunInfo info = {cmd, a->opt.has_book ? a->opt.book.file : NULL, a->engines, a->opt.concurrency, a->seed, NULL, 0,
                    game_rule_set_name(a->opt.game, a->opt.rules.rule_set)};
    if (!resume && results_write_run_json(run_dir, argc, argv, &info))
        return fprintf(stderr, "qibench %s: cannot write %s/run.json\n", cmd, run_dir), 2;
    a->opt.pgnout = &a->out;
    int status = match_run(&a->opt);
    if (a->opt.log && a->opt.log != stderr) fclose(a->opt.log);
    int games, abandoned;
    if (status == 0 && record_count_abandoned(run_dir, &games, &abandoned) == 0 && games > 0 && abandoned == games) {
        fprintf(stderr, "qibench %s: every game (%d) was abandoned (an engine crashed or stalled): not a success "
                        "(see the detail of each game in %s/games.jsonl)\n", cmd, games, run_dir);
        status = 3;
    }
    /* --epdout once the run is over (finished or decided by the SPRT): a run stopped
     * early writes it when --resume finishes it, so no game is written twice
     * (--pgnout has each game as it ended). */
    if (a->out.epd && (status == 0 || status == 1)
        && pgnout_write_epd(&a->out, a->opt.game, run_dir, err, sizeof err)) {
        fprintf(stderr, "qibench %s: %s\n", cmd, err);
        return status ? status : 3;
    }
    return status;
}

/* qibench match|tournament ... --resume DIR [run options]: the saved
 * command line of DIR, then the run options given now. */
static int resume_match(int argc, char **argv, int at)
{
    const char *dir = argv[at + 1];
    int nsaved;
    char **saved = results_read_argv(dir, argv[0], &nsaved);
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

int match_command(int argc, char **argv)
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

/* ------------------------------------------------------------------------ */
/* merge                                                                    */
/* ------------------------------------------------------------------------ */

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

/* merge's own arguments: the shards' folders, --results, --name. Returns
 * 0, or 2 after printing the error. */
static int merge_args(int argc, char **argv, const char **dirs, int *ndirs, const char **root, const char **name,
                      bool *force)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--force") == 0) {
            *force = true;
        } else if ((strcmp(argv[i], "--results") == 0 || strcmp(argv[i], "--name") == 0) && i + 1 < argc) {
            if (argv[i][2] == 'r') *root = argv[++i];
            else if (cli_is_run_name(argv[i + 1])) *name = argv[++i];
            else return fprintf(stderr, "qibench merge: bad --name '%s' (a folder name, no '/')\n", argv[i + 1]), 2;
        } else if (argv[i][0] == '-') {
            return fprintf(stderr, "qibench merge: bad option '%s' (qibench merge DIR... [--results R] [--name N] [--force])\n",
                           argv[i]), 2;
        } else if (*ndirs < 256) {
            dirs[(*ndirs)++] = argv[i];
        } else {
            return fprintf(stderr, "qibench merge: at most 256 folders\n"), 2;
        }
    }
    if (*ndirs == 0) return fprintf(stderr, "qibench merge: expected the shards' result folders (qibench merge DIR...)\n"), 2;
    return 0;
}

/* The first shard's saved command line (free with json_free_strings), once
 * every shard's, without the run options, is the same; NULL after printing. */
static char **shards_argv(const char *const *dirs, int ndirs, int *nfirst)
{
    static char first[65536], other[65536];
    char **argv0 = NULL;
    for (int d = 0; d < ndirs; d++) {
        int n;
        char **saved = results_read_argv(dirs[d], "merge", &n);
        if (!saved) {
            json_free_strings(argv0);
            return NULL;
        }
        run_config_text(n, saved, d ? other : first, sizeof first);
        if (d == 0) {
            argv0 = saved, *nfirst = n;
        } else {
            json_free_strings(saved);
            if (strcmp(first, other) != 0) {
                fprintf(stderr, "qibench merge: %s/run.json: not a shard of the same run as %s (engines, openings, "
                                "games or rules differ)\n", dirs[d], dirs[0]);
                json_free_strings(argv0);
                return NULL;
            }
        }
    }
    return argv0;
}

/* argv without the run options: the run's own command line (calloc'd,
 * NULL-terminated; free the list only), its length in *n; NULL if out of
 * memory. */
static char **run_config(int argc, char **argv, int *n)
{
    char **config = calloc((size_t)argc + 1, sizeof *config);
    *n = 0;
    for (int i = 0; config && i < argc; i++) {
        int values = run_local_option(argv[i]);
        if (values >= 0) i += values;
        else config[(*n)++] = argv[i];
    }
    return config;
}

/* Makes the merged run's folder (not one of the shards), writes its
 * run.json and reads the shards' games into it. Returns the exit status. */
static int merge_into(MatchArgs *a, int n, char **config, const char **dirs, int ndirs, const char *root,
                      const char *name)
{
    char run_dir[PATH_BYTES], err[PATH_BYTES + 256];
    int status = 0;
    snprintf(run_dir, sizeof run_dir, "%.500s/%.200s", root, name ? name : "");
    for (int d = 0; name && d < ndirs; d++) {
        char a_real[PATH_MAX], b_real[PATH_MAX];
        if (realpath(dirs[d], a_real) && realpath(run_dir, b_real) && strcmp(a_real, b_real) == 0) {
            fprintf(stderr, "qibench merge: the output %s is one of the shards\n", run_dir);
            status = 2;
        }
    }
    if (status) return status;
    if (cli_make_run_dir(root, name, "merge", a->opt.force, run_dir, sizeof run_dir, err, sizeof err))
        return fprintf(stderr, "qibench merge: %s\n", err), 2;
    RunInfo info = {config[0], a->opt.has_book ? a->opt.book.file : NULL, a->engines, 0, a->seed, dirs, ndirs,
                    game_rule_set_name(a->opt.game, a->opt.rules.rule_set)};
    if (results_write_run_json(run_dir, n, config, &info))
        return fprintf(stderr, "qibench merge: cannot write %s/run.json\n", run_dir), 2;
    a->opt.run_dir = run_dir;
    a->opt.merge_dirs = dirs;
    a->opt.nmerge = ndirs;
    return match_run(&a->opt);
}

int merge_command(int argc, char **argv)
{
    const char *dirs[256], *root = "results", *name = NULL;
    int ndirs = 0, nfirst = 0, n;
    bool force = false;
    if (merge_args(argc, argv, dirs, &ndirs, &root, &name, &force)) return 2;
    char **argv0 = shards_argv(dirs, ndirs, &nfirst);
    if (!argv0) return 2;
    char **config = run_config(nfirst, argv0, &n);
    MatchArgs a;
    int status = config ? parse_match(n, config, &a) : 2;
    a.opt.force = force;
    if (status == 0) status = merge_into(&a, n, config, dirs, ndirs, root, name);
    free(config);
    json_free_strings(argv0);
    return status;
}
