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
#include "cli/commands.h"
#include "results/json.h"
#include "match/match.h"
#include "formats/openings.h"
#include "formats/pgnout.h"
#include "results/record.h"
#include "match/pairing.h"
#include "results/io.h"
#include "cli/spec.h"
#include "proc/affinity.h"
#include "stats/stats.h"
#include "util/util.h"

#define PATH_BYTES 1024

/* A parsed match / tournament command line. */
typedef struct {
    EngineList *engines;
    MatchOptions opt;
    const char *name, *root, *log_path, *resume;
    long seed;
    long rounds, games;   /* -rounds N -games G: N x G games per pairing (0: not given) */
    bool debug;           /* --debug: engine traffic on stderr */
    bool positions;       /* the book's openings start from positions, not only moves from the start */
    bool pondering;       /* --pondering: every engine ponders (ponder=true) */
    PgnOut out;           /* --pgnout, --epdout */
} MatchArgs;

/* ------------------------------------------------------------------------ */
/* Options                                                                  */
/* ------------------------------------------------------------------------ */

#define ARGS(p) ((MatchArgs *)(p)->target)

static int set_openings(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    (void)o;
    ARGS(p)->opt.has_book = true;
    return cli_key_values(argc, argv, i, cli_openings_key, &ARGS(p)->opt.book, err, errlen);
}

static int set_sprt(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    MatchOptions *opt = &ARGS(p)->opt;
    (void)o;
    opt->has_sprt = true;
    return cli_key_values(argc, argv, i, cli_sprt_key, &opt->sprt, err, errlen)
           || stats_sprt_check(&opt->sprt, err, errlen) ? -1 : 0;
}

/* --resign movecount=N score=CP, --draw movenumber=N movecount=N score=CP */
static int set_adjudication(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err,
                            size_t errlen)
{
    int adj[3] = {0, 0, 0};
    Adjudication *to = &ARGS(p)->opt.adj;
    if (cli_key_values(argc, argv, i, cli_adjudication_key, adj, err, errlen)) return -1;
    if (strcmp(o->name, "--resign") == 0) to->resign_movecount = adj[1], to->resign_score = adj[2];
    else to->draw_movenumber = adj[0], to->draw_movecount = adj[1], to->draw_score = adj[2];
    return 0;
}

/* cutechess -repeat [N]: our pairs are N = 2. */
static int set_repeat(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    long n;
    (void)o, (void)p;
    (*i)++;
    if (*i < argc && argv[*i][0] != '-' && !(cli_parse_int(argv[*i], 2, 2, &n) && ++*i))
        return util_fail(err, errlen, "--repeat: qibench plays each opening exactly twice (a pair), not %s times",
                         argv[*i]);
    return 0;
}

static int set_pgnout(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    (void)o;
    return pgnout_option(argc, argv, i, &ARGS(p)->out, err, errlen);
}

static int set_shard(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    const char *value = argv[*i + 1];
    int k, n, used = 0;
    (void)o, (void)argc;
    *i += 2;
    if (sscanf(value, "%d/%d%n", &k, &n, &used) == 2 && !value[used] && n >= 1 && k >= 1 && k <= n && n <= 100000) {
        ARGS(p)->opt.shard_k = k, ARGS(p)->opt.shard_n = n;
        return 0;
    }
    return util_fail(err, errlen, "bad --shard '%s' (expected K/N with 1 <= K <= N)", value);
}

/* --format VALUE (-tournament VALUE) */
static int set_format(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    static const char *const NAMES[] = {"round-robin", "roundrobin", "gauntlet", "knockout", "swiss"};
    static const MatchFormat FORMATS[] = {FORMAT_ROUND_ROBIN, FORMAT_ROUND_ROBIN, FORMAT_GAUNTLET, FORMAT_KNOCKOUT,
                                          FORMAT_SWISS};
    const char *value = argv[*i + 1];
    (void)argc;
    *i += 2;
    for (size_t k = 0; k < sizeof NAMES / sizeof *NAMES; k++)
        if (strcmp(value, NAMES[k]) == 0) return ARGS(p)->opt.format = FORMATS[k], 0;
    return util_fail(err, errlen, "%s: bad value '%s' (expected round-robin, gauntlet, knockout or swiss)", o->name,
                     value);
}

/* --maxmoves N: the same as --maxplies 2N. */
static int set_maxmoves(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    long v;
    (void)argc;
    *i += 2;
    if (!cli_parse_int(argv[*i - 1], 0, 50000, &v))
        return util_fail(err, errlen, "%s: bad value '%s' (expected a whole number from 0 to 50000)", o->name,
                         argv[*i - 1]);
    ARGS(p)->opt.rules.max_plies = (int)(2 * v);
    return 0;
}

#define M MatchArgs
const CliOpt MATCH_OPTS[] = {
    CLI_ENGINE_OPTS,
    CLI_OPT_SET("--openings", NULL, CLI_LIST, "KEY=VALUE...", M, opt.book, set_openings,
                "every game from the start position", 0,
                "file=F [format=epd|pgn] [order=sequential|random] [plies=N] [start=K]"),
    CLI_OPT_LONG("--rounds", NULL, "N", M, rounds, 1, 10000000, "1", 0, "rounds per pairing; a round is --games games"),
    CLI_OPT_LONG("--games", NULL, "G", M, games, 1, 10000000, "2", 0,
                 "games per round (2: a pair, one opening, colours swapped);\n"
                 "-rounds N -games G plays N x G games per pairing in either order\n"
                 "(an odd total is rounded up to whole pairs)"),
    CLI_OPT_SET("--repeat", NULL, CLI_LIST, "[2]", M, opt, set_repeat, NULL, 0,
                "each opening played twice, colours swapped: always so in qibench"),
    CLI_OPT_FLAG("--noswap", NULL, M, opt.noswap, 0,
                 "the first engine of a pairing plays the first side in both games of a pair"),
    CLI_OPT_LONG("--seed", "srand", "N", M, seed, 0, LONG_MAX, "1", 0, "seed of order=random openings"),
    CLI_OPT_INT("--concurrency", NULL, "N", M, opt.concurrency, 1, 256, "1", CLI_RUN_LOCAL, "games at a time"),
    CLI_OPT_SET("--use-affinity", NULL, CLI_LIST, "[CPUS]", M, opt.affinity, cli_set_affinity, "not pinned", CLI_RUN_LOCAL,
                "pin each game's engines to CPUs: the games at a time get disjoint\n"
                "blocks of CPUS (as taskset -c: 0-3,6; alone: every CPU qibench may\n"
                "run on), a game's two engines share its block"),
    CLI_OPT_SET("--format", "tournament", CLI_VALUE, "KIND", M, opt.format, set_format, "round-robin", 0,
                "round-robin (a tournament's), gauntlet (the first engine against\n"
                "each other), knockout or swiss"),
    CLI_OPT_INT("--tiebreak-pairs", NULL, "K", M, opt.tiebreak_pairs, 0, 1000, "2", 0,
                "knockout: at most K more pairs for a tied encounter"),
    CLI_OPT_INT("--swiss-rounds", NULL, "R", M, opt.swiss_rounds, 1, MAX_ENGINES, "ceil(log2 N)", 0, "Swiss: rounds"),
    CLI_OPT_SET("--rules", NULL, CLI_VALUE, "NAME", M, opt.rules.rule_set, cli_set_rules, "the game's first", 0,
                "the game's rule set (qibench help lists each game's)"),
    CLI_OPT_INT("--maxplies", NULL, "N", M, opt.rules.max_plies, 0, 100000, "0: none", 0,
                "a game is drawn after N plies"),
    CLI_OPT_SET("--maxmoves", "gamelength", CLI_VALUE, "N", M, opt.rules.max_plies, set_maxmoves, NULL, 0,
                "the same in full moves (N moves = 2N plies; 0 to 50000)"),
    CLI_OPT_INT("--nocapture", NULL, "N", M, opt.rules.limit, 0, 100000, "the rule set's", 0,
                "the game's move-limit rule: drawn after N (qibench help says what\neach game counts)"),
    CLI_OPT_SET("--resign", NULL, CLI_LIST, "movecount=N score=CP", M, opt.adj, set_adjudication, NULL, 0,
                "adjudicate a loss after N moves of both engines at -CP or worse"),
    CLI_OPT_SET("--draw", NULL, CLI_LIST, "movenumber=N movecount=N score=CP", M, opt.adj, set_adjudication, NULL, 0,
                "adjudicate a draw"),
    CLI_OPT_INT("--material", NULL, "N", M, opt.adj.material, 0, 100000, "0: none", 0,
                "adjudicate a win for the side to move N or more ahead in the game's\n"
                "material (a game that counts it: qibench help says what it counts)"),
    CLI_OPT_FLAG("--decided", "easyfill", M, opt.adj.decided, 0,
                 "adjudicate a position the game knows is won though its rules play on\n"
                 "(a game that has such a rule: qibench help names it)"),
    CLI_OPT_SET("--sprt", NULL, CLI_LIST, "elo0=A elo1=B [alpha=0.05] [beta=0.05] [model=normalized|logistic]", M,
                opt.sprt, set_sprt, NULL, 0, "stop when the GSPRT accepts H0 (exit 1) or H1 (exit 0)"),
    CLI_OPT_FLAG("--recover", NULL, M, opt.recover, CLI_RUN_LOCAL, "restart an engine that crashed or stalled and go on"),
    CLI_OPT_FLAG("--pondering", NULL, M, pondering, 0, "every engine ponders (as the engine key ponder=true)"),
    CLI_OPT_TEXT("--event", NULL, "TEXT", M, opt.event, 0, 0, "qibench", 0, "the PGN Event tag"),
    CLI_OPT_TEXT("--site", NULL, "TEXT", M, out.site, 0, 0, "?", 0, "the Site tag of the --pgnout file"),
    CLI_OPT_INT("--wait", NULL, "MS", M, opt.wait_ms, 0, 3600000, "0", 0, "pause between a worker's games"),
    CLI_OPT_SET("--pgnout", NULL, CLI_LIST, "FILE [min] [fi] [notation=N]", M, out, set_pgnout, NULL, 0,
                "append each game to FILE as it ends (file=FILE as fastchess; min: no\n"
                "comments; fi: finished games only; notation=NAME: one of the game's\n"
                "PGN notations, default its first, or record, the moves as games.jsonl\n"
                "has them; --resume appends only its new games); games.pgn is always\n"
                "written too"),
    CLI_OPT_SET("--epdout", NULL, CLI_LIST, "FILE", M, out, set_pgnout, NULL, 0,
                "append each game's final position to FILE when the run is over\n(file=FILE as fastchess)"),
    CLI_OPT_SET("--name", NULL, CLI_VALUE, "RUN", M, name, cli_set_run_name, "COMMAND-YYYYMMDD-HHMMSS", CLI_RUN_LOCAL,
                "results go to RESULTS/RUN"),
    CLI_OPT_TEXT("--results", NULL, "DIR", M, root, 1, 0, "results", CLI_RUN_LOCAL, "the results root"),
    CLI_OPT_FLAG("--force", NULL, M, opt.force, CLI_RUN_LOCAL, "replace the results in a --name folder that exists"),
    CLI_OPT_TEXT("--resume", NULL, "DIR", M, resume, 1, 0, NULL, CLI_RUN_LOCAL,
                 "go on with an interrupted run (its games are kept)"),
    CLI_OPT_SET("--shard", NULL, CLI_VALUE, "K/N", M, opt, set_shard, NULL, CLI_RUN_LOCAL,
                "play only the game pairs k with k mod N = K - 1 (see merge)"),
    CLI_OPT_SET("--log", NULL, CLI_LIST, "FILE", M, log_path, cli_set_log, NULL, CLI_RUN_LOCAL,
                "every line of engine traffic, with timestamps (or file=FILE\n[level=L] as fastchess)"),
    CLI_OPT_FLAG("--debug", NULL, M, debug, 0, "every line of engine traffic on stderr"),
    CLI_OPT_INT("--progress", NULL, "N", M, opt.progress, 1, 10000000, "10", CLI_RUN_LOCAL,
                "off a terminal, a status line every N games"),
    CLI_OPT_INT("--ratinginterval", NULL, "N", M, opt.rating_interval, 0, 10000000, "0: only at the end",
                CLI_RUN_LOCAL, "standings table every N games"),
    CLI_TIMEOUT_OPTS(M, opt.timeouts, CLI_RUN_LOCAL),
    CLI_OPT_END,
};
#undef M

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

/* Position adjudication needs the game's count or rule. */
static int check_adjudication(const Game *game, const Adjudication *adj, char *err, size_t errlen)
{
    if (adj->material && !game->material)
        return util_fail(err, errlen, "--material: the game %s counts no material", game->name);
    if (adj->decided && !game->decided)
        return util_fail(err, errlen, "--decided: the game %s has no rule that decides a game early", game->name);
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
    char own[PATH_BYTES], err[1024];
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
    CliParse p = {cli_command(cmd), a, a->opt.game, &engines, own, NULL};
    if (!p.cmd || cli_parse(&p, argc, argv, err, sizeof err)) return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    a->opt.book.seed = a->seed;
    if (rounds_games(a, cmd)) return 2;
    if (spec_finish(&engines, a->opt.game, own, err, sizeof err) || check_limits(&engines, err, sizeof err))
        return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    for (int e = 0; e < engines.count; e++) cli_own_engine_rules(&engines.engines[e].spec, a->opt.game, own, a->opt.rules.rule_set);
    for (int e = 0; e < engines.count && a->pondering; e++) engines.engines[e].spec.ponder = true;
    if (engines.count < 2 || (!tournament && engines.count != 2))
        return fprintf(stderr, "qibench %s: expected %s engines, got %d\n", cmd, tournament ? "two or more" : "two",
                       engines.count), 2;
    if (check_format(cmd, &engines, &a->opt, err, sizeof err) || check_adjudication(a->opt.game, &a->opt.adj, err, sizeof err))
        return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    if (pgnout_check(&a->out, a->opt.game, err, sizeof err)) return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    if (a->opt.has_book && !a->opt.book.file) return fprintf(stderr, "qibench %s: --openings needs file=F\n", cmd), 2;
    if (a->opt.has_book) { /* a bad book is an error before any results folder exists */
        OpeningBook book;
        if (book_load(&a->opt.book, &book, err, sizeof err)) return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
        a->positions = book_has_positions(&book, a->opt.game);
        book_free(&book);
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* match, tournament, --resume                                              */
/* ------------------------------------------------------------------------ */

/* How many values follow a run option (CLI_RUN_LOCAL: it says how a run
 * is carried out, not what it plays; shards may differ in it, --resume
 * takes it anew) at argv[i]; -1 for any other word. */
static int run_local_option(int argc, char **argv, int i)
{
    const CliOpt *o = cli_find_option(cli_command("match"), argv[i]);
    if (!o || !(o->flags & CLI_RUN_LOCAL)) return -1;
    return cli_value_words(o, argc, argv, i);
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
    /* --resume: the folder is this process's before anything starts. */
    if (run_dir_in && results_lock_run(run_dir_in, err, sizeof err))
        return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    if (!run_dir_in && cli_check_run_dir(a->root, a->name, cmd, a->opt.force, err, sizeof err))
        return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2; /* before any engine starts */
    int checked = spec_preflight(a->engines, &a->opt.timeouts, a->positions, who); /* before any folder or game */
    if (checked) return checked < 0 ? 2 : checked;
    if (run_dir_in) {
        snprintf(run_dir, sizeof run_dir, "%s", run_dir_in);
    } else if (cli_make_run_dir(a->root, a->name, cmd, a->opt.force, run_dir, sizeof run_dir, err, sizeof err)) {
        return fprintf(stderr, "qibench %s: %s\n", cmd, err), 2;
    }
    a->opt.run_dir = run_dir;
    a->opt.resume = resume;
    if (!a->opt.has_book && !resume) warn_same_pairs(a->engines, who);
    if (affinity_warning(&a->opt.affinity, a->opt.concurrency, "games", err, sizeof err))
        fprintf(stderr, "%s: warning: %s\n", who, err);
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
    char who[64];
    int n;
    snprintf(who, sizeof who, "qibench %s", argv[0]);
    char **all = cli_resume_argv(who, cli_command("match"), dir, saved, nsaved, argc, argv, at, &n);
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
        int values = run_local_option(argc, argv, i);
        if (values >= 0) {
            i += values;
            continue;
        }
        int w = snprintf(out + o, len - o, "%s\x1f", argv[i]);
        if (w < 0 || (size_t)w >= len - o) break;
        o += (size_t)w;
    }
}

/* merge's own arguments. */
typedef struct {
    const char *dirs[256]; /* the shards' folders */
    int ndirs;
    const char *root, *name;
    bool force;
} MergeArgs;

static int merge_dir(void *target, const char *word, char *err, size_t errlen)
{
    MergeArgs *m = target;
    if (m->ndirs >= 256) return util_fail(err, errlen, "at most 256 folders");
    m->dirs[m->ndirs++] = word;
    return 0;
}

const CliOpt MERGE_OPTS[] = {
    CLI_OPT_TEXT("--results", NULL, "DIR", MergeArgs, root, 1, 0, "results", 0, "the results root"),
    CLI_OPT_SET("--name", NULL, CLI_VALUE, "RUN", MergeArgs, name, cli_set_run_name, "merge-YYYYMMDD-HHMMSS", 0,
                "the merged run's folder name"),
    CLI_OPT_FLAG("--force", NULL, MergeArgs, force, 0, "replace the results in a --name folder that exists"),
    CLI_OPT_END,
};

/* merge's own arguments: the shards' folders, --results, --name. Returns
 * 0, or 2 after printing the error. */
static int merge_args(int argc, char **argv, MergeArgs *m)
{
    char err[512];
    CliParse p = {cli_command("merge"), m, NULL, NULL, NULL, merge_dir};
    m->root = "results";
    if (cli_parse(&p, argc, argv, err, sizeof err)) return fprintf(stderr, "qibench merge: %s\n", err), 2;
    if (m->ndirs == 0) return fprintf(stderr, "qibench merge: expected the shards' result folders (qibench merge DIR...)\n"), 2;
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
        int values = run_local_option(argc, argv, i);
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
    static MergeArgs m;
    int nfirst = 0, n;
    memset(&m, 0, sizeof m);
    if (merge_args(argc, argv, &m)) return 2;
    char **argv0 = shards_argv(m.dirs, m.ndirs, &nfirst);
    if (!argv0) return 2;
    char **config = run_config(nfirst, argv0, &n);
    MatchArgs a;
    int status = config ? parse_match(n, config, &a) : 2;
    a.opt.force = m.force;
    if (status == 0) status = merge_into(&a, n, config, m.dirs, m.ndirs, m.root, m.name);
    free(config);
    json_free_strings(argv0);
    return status;
}
