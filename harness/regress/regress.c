/*
 * regress/regress.c - `qibench regress`: is the working tree's engine a regression
 * against the engine at a base git revision?
 *
 *   Part I    options and usage
 *   Part II   the SPRT match, run as `qibench match` in a child process
 *   Part III  the verdict, regress.json and the command itself
 *
 * git and the two builds are in regress/build.c, the bench comparison in
 * regress/bench.c; every child process is started through proc_run.
 * The match runs as a child `qibench match` (this same executable), so this
 * file depends only on match's command line and exit status, not on its code.
 */
#include "regress/regress.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "results/json.h"
#include "results/jsonread.h"
#include "formats/openings.h"
#include "proc/proc.h"
#include "regress/bench.h"
#include "regress/build.h"
#include "cli/spec.h"
#include "stats/stats.h"
#include "proc/stopsig.h"
#include "util/util.h"

#define PATH_BYTES 1024
#define MAX_BOOK_WORDS 16

/* Exit statuses, also in the usage text and the README. */
enum { REGRESS_PASS = 0, REGRESS_H0 = 1, REGRESS_SETUP = 2, REGRESS_ERROR = 3, REGRESS_SLOW = 4 };

/* ================================================================ */
/* Part I: options and usage                                        */
/* ================================================================ */

typedef struct {
    const Game *game;         /* --game / -variant, default game_default() */
    const char *base_rev;     /* --base, required */
    const char *repo;         /* --repo, default "." (its git top level is used) */
    const char *candidate;    /* --candidate binary; NULL: build the working tree */
    const char *tc;           /* --tc instead of --nodes */
    const char *variant;      /* --search: Search option and bench variant; NULL: engine default */
    const char *results, *name;
    char book[MAX_BOOK_WORDS][PATH_BYTES]; /* --openings KEY=VALUE words; none: the repo's bench.epd */
    int nbook;
    BookOptions book_options; /* what the words say */
    SprtParams sprt;
    long nodes;
    double min_speed;         /* --min-speed: the speed ratio's 95% lower bound must reach it; 0: off */
    int rounds;               /* 0: one pair per opening at fixed nodes, DEFAULT_TC_ROUNDS with --tc */
    int concurrency, jobs, bench_depth, bench_runs;
    bool keep, no_match;
} RegressOptions;

#define DEFAULT_NODES 5000
#define DEFAULT_TC_ROUNDS 500
#define DEFAULT_BENCH_DEPTH 5
#define DEFAULT_BENCH_RUNS 5
/*
 * Non-regression: H0 "new is 60 normalized Elo worse" against H1 "new is no
 * worse". The window is wide because the default match is short: at fixed
 * nodes a book gives only two distinct games per opening (a repeated pair
 * would replay the same games; 60 for the 30 of bench.epd). That catches a large regression (an
 * evaluation without its piece-square tables: H0 in about 40 games); a finer
 * test (elo0=-10) needs a bigger book or --tc, and thousands of games.
 */
#define DEFAULT_ELO0 -60.0
#define DEFAULT_ELO1 0.0

static void usage(FILE *f)
{
    fprintf(f,
            "usage: qibench regress --base REV [OPTIONS]\n\n"
            "Builds the engine at git revision REV in a temporary directory and the working tree's\n"
            "engine (make bin/GAME-engine in the repository), then (a) runs both benches\n"
            "interleaved and compares node signatures and speed, (b) plays an SPRT match new vs base.\n\n"
            "  --base REV           base revision (commit, tag, branch; required)\n"
            "  --game NAME          the game (or -variant NAME; default %s): bin/NAME-engine\n"
            "  --repo DIR           git repository (default: the top level of the current directory)\n"
            "  --candidate PATH     test this engine binary instead of building the working tree\n"
            "  --jobs N             make -jN for the builds (default 2)\n"
            "  --bench-depth N      bench depth (default %d)\n"
            "  --bench-runs N       bench runs of each engine, interleaved (default %d)\n"
            "  --search VARIANT     search variant for bench and match (default: the engine's)\n"
            "  --nodes N            match: nodes per move (default %d)\n"
            "  --tc TC              match: time control instead, e.g. 10+0.1 (seconds)\n"
            "  --openings KEY=VALUE...  as in match (default: REPO/positions/GAME/openings.epd,\n"
            "                       or bench.epd where there is none)\n"
            "  --rounds N           match: at most N game pairs (default: one per opening at fixed\n"
            "                       nodes, where games are deterministic; %d with --tc)\n"
            "  --concurrency N      match: games at a time (default 1)\n"
            "  --sprt KEY=VALUE...  elo0= elo1= alpha= beta= model=normalized|logistic\n"
            "                       (default elo0=%g elo1=%g alpha=0.05 beta=0.05 model=normalized)\n"
            "  --min-speed R        fail (exit 4) when the lower end of the 95%% confidence interval of\n"
            "                       the bench speed ratio new/base is below R (e.g. 0.97; needs\n"
            "                       --bench-runs 2 or more)\n"
            "  --no-match           bench only\n"
            "  --results DIR        results root (default results); --name RUN (default regress-DATE-TIME)\n"
            "  --keep               keep the temporary base tree and build logs\n\n"
            "Exit status: 0 pass (SPRT accepted H1, or the match ended without accepting H0),\n"
            "1 regression (SPRT accepted H0), 2 usage or setup error (bad revision, failed build),\n"
            "3 error during the run (a bench failed or was not deterministic, the match stopped on errors),\n"
            "4 too slow (--min-speed: the speed ratio's lower bound below R; the SPRT did not accept H0).\n",
            game_default()->name, DEFAULT_BENCH_DEPTH, DEFAULT_BENCH_RUNS, DEFAULT_NODES, DEFAULT_TC_ROUNDS, DEFAULT_ELO0,
            DEFAULT_ELO1);
}

/* One --openings KEY=VALUE (a CliKeySet): checked as match will read it,
 * kept as a word for match's command line. */
static int book_key(void *target, const char *key, const char *value)
{
    RegressOptions *o = target;
    if (o->nbook == MAX_BOOK_WORDS || cli_openings_key(&o->book_options, key, value)) return -1;
    snprintf(o->book[o->nbook++], PATH_BYTES, "%s=%s", key, value);
    return 0;
}

/* The KEY=VALUE words after --sprt / --openings (up to the next '-' word). */
static int key_words(int argc, char **argv, int *i, RegressOptions *o, bool sprt)
{
    const char *flag = argv[*i];
    char err[256];
    if (cli_key_values(argc, argv, i, sprt ? cli_sprt_key : book_key, sprt ? (void *)&o->sprt : (void *)o, err,
                       sizeof err) == 0)
        return 0;
    fprintf(stderr, "qibench regress: %s: bad KEY=VALUE '%s'\n", flag, argv[*i]);
    return -1;
}

/* The longest value a text option may have (what the buffers it is copied
 * into hold): a longer one is an error, never cut short. 0: no limit. */
static size_t value_limit(const char *flag)
{
    static const struct {
        const char *flag;
        size_t max;
    } LIMITS[] = {{"--name", 120}, {"--results", 900}, {"--candidate", 1000}, {"--tc", 50}, {"--search", 100}};
    for (size_t k = 0; k < sizeof LIMITS / sizeof *LIMITS; k++)
        if (strcmp(flag, LIMITS[k].flag) == 0) return LIMITS[k].max;
    return 0;
}

/* A speed ratio for --min-speed: a number in (0, 10]. */
static bool parse_ratio(const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !(v > 0 && v <= 10)) return false;
    *out = v;
    return true;
}

/* One option with a value at argv[*i]; returns 0 or -1 after printing the error. */
static int value_option(int argc, char **argv, int *i, RegressOptions *o)
{
    const char *flag = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    long v;
    if (!value) return fprintf(stderr, "qibench regress: %s needs a value\n", flag), -1;
    size_t max = value_limit(flag);
    if (max && strlen(value) > max)
        return fprintf(stderr, "qibench regress: %s: the value is %zu bytes long, at most %zu are allowed\n", flag,
                       strlen(value), max), -1;
    *i += 2;
    if (strcmp(flag, "--base") == 0 && value[0]) o->base_rev = value;
    else if (strcmp(flag, "--repo") == 0 && value[0]) o->repo = value;
    else if (strcmp(flag, "--candidate") == 0 && value[0]) o->candidate = value;
    else if (strcmp(flag, "--tc") == 0 && value[0]) o->tc = value;
    else if (strcmp(flag, "--search") == 0 && value[0]) o->variant = value;
    else if (strcmp(flag, "--results") == 0 && value[0]) o->results = value;
    else if (strcmp(flag, "--name") == 0 && cli_is_run_name(value)) o->name = value;
    else if (strcmp(flag, "--nodes") == 0 && cli_parse_int(value, 1, 1000000000000L, &v)) o->nodes = v;
    else if (strcmp(flag, "--rounds") == 0 && cli_parse_int(value, 1, 10000000, &v)) o->rounds = (int)v;
    else if (strcmp(flag, "--concurrency") == 0 && cli_parse_int(value, 1, 256, &v)) o->concurrency = (int)v;
    else if (strcmp(flag, "--jobs") == 0 && cli_parse_int(value, 1, 256, &v)) o->jobs = (int)v;
    else if (strcmp(flag, "--bench-depth") == 0 && cli_parse_int(value, 1, 64, &v)) o->bench_depth = (int)v;
    else if (strcmp(flag, "--bench-runs") == 0 && cli_parse_int(value, 1, REGRESS_MAX_RUNS, &v)) o->bench_runs = (int)v;
    else if (strcmp(flag, "--min-speed") == 0 && parse_ratio(value, &o->min_speed)) (void)0;
    else return fprintf(stderr, "qibench regress: %s: bad value '%s' (see qibench regress --help)\n", flag, value), -1;
    return 0;
}

/* Fills o from argv; returns 0, 1 after --help, or -1 after printing the error. */
static int parse_options(int argc, char **argv, RegressOptions *o)
{
    bool nodes_given = false;
    char why[256];
    const Game *game = cli_game(argc, argv, why, sizeof why);
    if (!game) return fprintf(stderr, "qibench regress: %s\n", why), -1;
    *o = (RegressOptions){.game = game, .repo = ".", .results = "results", .nodes = DEFAULT_NODES, .concurrency = 1, .jobs = 2,
                          .bench_depth = DEFAULT_BENCH_DEPTH, .bench_runs = DEFAULT_BENCH_RUNS,
                          .sprt = {DEFAULT_ELO0, DEFAULT_ELO1, 0.05, 0.05, SPRT_NORMALIZED},
                          .book_options = {game, NULL, BOOK_EPD, ORDER_SEQUENTIAL, 0, 0, 1}};
    for (int i = 1; i < argc;) {
        const char *flag = argv[i];
        int rc = 0;
        if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) return usage(stdout), 1;
        if (cli_is_game_flag(flag)) i += 2; /* read by cli_game */
        else if (strcmp(flag, "--keep") == 0) o->keep = true, i++;
        else if (strcmp(flag, "--no-match") == 0) o->no_match = true, i++;
        else if (strcmp(flag, "--sprt") == 0) rc = key_words(argc, argv, &i, o, true);
        else if (strcmp(flag, "--openings") == 0) rc = key_words(argc, argv, &i, o, false);
        else if (strncmp(flag, "--", 2) == 0) {
            nodes_given |= strcmp(flag, "--nodes") == 0;
            rc = value_option(argc, argv, &i, o);
        } else {
            fprintf(stderr, "qibench regress: unexpected argument '%s' (see qibench regress --help)\n", flag);
            return -1;
        }
        if (rc) return -1;
    }
    char err[256];
    TimeControl tc;
    if (!o->base_rev) return fprintf(stderr, "qibench regress: --base REV is required (see qibench regress --help)\n"), -1;
    if (o->tc && nodes_given) return fprintf(stderr, "qibench regress: give --nodes or --tc, not both\n"), -1;
    if (o->tc && spec_parse_tc(o->tc, &tc) != 0) return fprintf(stderr, "qibench regress: bad --tc '%s'\n", o->tc), -1;
    if (stats_sprt_check(&o->sprt, err, sizeof err)) return fprintf(stderr, "qibench regress: --sprt: %s\n", err), -1;
    if (o->min_speed > 0 && o->bench_runs < 2)
        return fprintf(stderr, "qibench regress: --min-speed needs --bench-runs 2 or more (its bound needs the "
                               "spread of the runs)\n"), -1;
    return 0;
}

/* ================================================================ */
/* Part II: the match                                               */
/* ================================================================ */

/* The book's KEY=VALUE words (the user's, or the repository's
 * positions/GAME/openings.epd, or its bench.epd when it has none) and how
 * many openings it holds; returns the count, or -1 with the error printed. */
static int book_words(const RegressOptions *o, const char *top, char words[][PATH_BYTES], int *nwords)
{
    BookOptions b = o->book_options;
    OpeningBook book;
    char err[512];
    *nwords = 0;
    if (o->nbook == 0) {
        char path[PATH_BYTES];
        snprintf(path, sizeof path, "%.900s/positions/%s/openings.epd", top, o->game->name);
        if (access(path, R_OK) != 0) snprintf(path, sizeof path, "%.900s/positions/%s/bench.epd", top, o->game->name);
        snprintf(words[(*nwords)++], PATH_BYTES, "file=%.1000s", path);
        snprintf(words[(*nwords)++], PATH_BYTES, "format=epd");
        b.file = words[0] + 5;
    }
    for (int i = 0; i < o->nbook; i++) snprintf(words[(*nwords)++], PATH_BYTES, "%s", o->book[i]);
    if (book_load(&b, &book, err, sizeof err)) return fprintf(stderr, "qibench regress: --openings: %s\n", err), -1;
    int count = book.count;
    book_free(&book);
    return count;
}

typedef struct {
    int status;          /* qibench match's exit status (128 + a signal), or -1 */
    char sprt[256];      /* its last "SPRT ..." line, or "" */
    char result[256];    /* its "new vs base: ..." line, or "" */
} MatchReport;

/* proc_run's on_line for the match: each line copied to our stdout as it
 * comes, keeping the lines the verdict needs. */
static void match_line(void *ctx, const char *line, size_t len)
{
    MatchReport *m = ctx;
    fwrite(line, 1, len, stdout);
    fflush(stdout);
    size_t n = strcspn(line, "\n");
    if (strncmp(line, "SPRT", 4) == 0) snprintf(m->sprt, sizeof m->sprt, "%.*s", (int)n, line);
    if (strncmp(line, "new vs base:", 12) == 0) snprintf(m->result, sizeof m->result, "%.*s", (int)n, line);
}

/* The `qibench match` command line and the buffers its words live in. */
typedef struct {
    char ebase[PATH_BYTES + 48], enew[PATH_BYTES + 48], limit[64], each[128], rounds[32], conc[16];
    char elo0[40], elo1[40], alpha[40], beta[40], model[24];
    char *argv[64];
} MatchArgs;

/* Fills a->argv: new (first, so Elo and SPRT are from its side) against base. */
static void match_args(MatchArgs *a, const RegressOptions *o, const char *self, const char *base, const char *cand,
                       char (*words)[PATH_BYTES], int nwords, int rounds, const char *run_name)
{
    int n = 0;
    snprintf(a->enew, sizeof a->enew, "cmd=%.1000s", cand);
    snprintf(a->ebase, sizeof a->ebase, "cmd=%.1000s", base);
    if (o->tc) snprintf(a->limit, sizeof a->limit, "tc=%.50s", o->tc);
    else snprintf(a->limit, sizeof a->limit, "nodes=%ld", o->nodes);
    snprintf(a->each, sizeof a->each, "option.Search=%.100s", o->variant ? o->variant : "");
    snprintf(a->rounds, sizeof a->rounds, "%d", rounds);
    snprintf(a->conc, sizeof a->conc, "%d", o->concurrency);
    snprintf(a->elo0, sizeof a->elo0, "elo0=%.17g", o->sprt.elo0);
    snprintf(a->elo1, sizeof a->elo1, "elo1=%.17g", o->sprt.elo1);
    snprintf(a->alpha, sizeof a->alpha, "alpha=%.17g", o->sprt.alpha);
    snprintf(a->beta, sizeof a->beta, "beta=%.17g", o->sprt.beta);
    char *head[] = {(char *)self, "match", "--game", (char *)o->game->name, "-engine", "name=new", a->enew,
                    "-engine", "name=base", a->ebase, "-each", a->limit};
    for (size_t i = 0; i < sizeof head / sizeof *head; i++) a->argv[n++] = head[i];
    if (o->variant) a->argv[n++] = a->each;
    a->argv[n++] = "--openings";
    for (int i = 0; i < nwords; i++) a->argv[n++] = words[i];
    snprintf(a->model, sizeof a->model, "model=%s", stats_model_name(o->sprt.model));
    /* A base revision's engine may predate rule sets (its search knows the
     * perpetual-check rule only): both sides search, and are judged, alike. */
    if (o->game->rule_sets) {
        a->argv[n++] = "--rules";
        a->argv[n++] = "check-only";
    }
    char *tail[] = {"--rounds", a->rounds, "--concurrency", a->conc, "--sprt", a->elo0, a->elo1, a->alpha, a->beta,
                    a->model, "--results", (char *)o->results, "--name", (char *)run_name, NULL};
    for (size_t i = 0; i < sizeof tail / sizeof *tail; i++) a->argv[n++] = tail[i];
}

/* Runs `qibench match` (self) new against base with count openings in the
 * book, its stdout copied to ours. Returns 0 with m filled, or -1 if it could
 * not be started (printed). */
static int match_run_child(const RegressOptions *o, const char *self, const char *base, const char *cand,
                           char (*words)[PATH_BYTES], int nwords, int count, const char *run_name, MatchReport *m)
{
    static MatchArgs a;
    int rounds = o->rounds ? o->rounds : o->tc ? DEFAULT_TC_ROUNDS : count;
    if (!o->tc && rounds > count)
        fprintf(stderr, "regress: warning: %d rounds but %d openings: at fixed nodes the pairs after %d repeat games\n",
                rounds, count, count);
    match_args(&a, o, self, base, cand, words, nwords, rounds, run_name);
    printf("\nmatch: new vs base, %s per move, at most %d game pairs, SPRT elo0 %g elo1 %g (%s)\n", a.limit, rounds,
           o->sprt.elo0, o->sprt.elo1, stats_model_name(o->sprt.model));
    ProcRunSpec spec = {.argv = a.argv, .on_line = match_line, .ctx = m};
    m->status = regress_run(&spec);
    return m->status < 0 ? -1 : 0;
}

/* ================================================================ */
/* Part III: verdict, regress.json, the command                    */
/* ================================================================ */

typedef struct {
    char top[PATH_BYTES];        /* repository top level */
    char commit[64];             /* full hash of --base */
    char describe[128];          /* the candidate: `git describe --always --dirty` or the path */
    char tmp[PATH_BYTES];        /* temporary directory */
    char base_bin[PATH_BYTES + 32], new_bin[2 * PATH_BYTES + 32];
    char run_dir[PATH_BYTES + 256], run_name[128];
    char book[MAX_BOOK_WORDS + 2][PATH_BYTES]; /* --openings words for the match */
    int nbook, book_count;       /* the words, and the openings in the book */
    BenchReport bench;
    bool bench_ok, match_ran;
    MatchReport match;
} RegressRun;

/* What the match's status and SPRT line say; sets *status. */
static const char *match_verdict(const RegressRun *r, int *status)
{
    const MatchReport *m = &r->match;
    size_t n = strlen(m->sprt);
    *status = r->bench_ok ? REGRESS_PASS : REGRESS_ERROR;
    if (!r->match_ran) return r->bench_ok ? "pass (bench only)" : "error: a bench failed or was not deterministic";
    if (m->status == 2) return *status = REGRESS_SETUP, "error: qibench match failed to set up (exit status 2)";
    if (m->status != 0 && m->status != 1) return *status = REGRESS_ERROR, "error: the match stopped on errors";
    if (!r->bench_ok) return "error: a bench was not deterministic";
    if (m->status == 1) return *status = REGRESS_H0, "regression (SPRT accepted H0)";
    if (n >= 3 && strcmp(m->sprt + n - 3, " H1") == 0) return "pass (SPRT accepted H1)";
    return "pass (no regression found: the SPRT did not decide within the rounds)";
}

/* Is the bench too slow for --min-speed? (false when off or the bench failed) */
static bool too_slow(const RegressRun *r, const RegressOptions *o)
{
    return o->min_speed > 0 && r->bench_ok && !(r->bench.ratio_low >= o->min_speed);
}

/* The verdict (text in buf) and *status: the match's verdict, then a pass
 * that is too slow for --min-speed becomes REGRESS_SLOW. */
static const char *verdict(const RegressRun *r, const RegressOptions *o, int *status, char *buf, size_t len)
{
    const char *text = match_verdict(r, status);
    if (!too_slow(r, o) || (*status != REGRESS_PASS && *status != REGRESS_H0)) return text;
    snprintf(buf, len, "%s; too slow: speed new/base %.3f, its 95%% interval's lower end %.3f < --min-speed %g",
             text, r->bench.ratio_mean, r->bench.ratio_low, o->min_speed);
    if (*status == REGRESS_PASS) *status = REGRESS_SLOW;
    return buf;
}

/* regress.json's "bench": signatures, speed ratios, each run's speed. */
static void json_bench(Json *j, const BenchReport *b, bool ok, double min_speed)
{
    json_begin_object(j, "bench");
    json_int(j, "depth", b->depth);
    json_int(j, "runs", b->runs);
    json_bool(j, "ok", ok);
    json_uint(j, "base_nodes", b->side[0].nodes[0]);
    json_uint(j, "new_nodes", b->side[1].nodes[0]);
    json_bool(j, "same_signature", ok && b->side[0].nodes[0] == b->side[1].nodes[0]);
    json_double(j, "speed_ratio", ok ? b->ratio_mean : NAN);
    json_double(j, "speed_ratio_sd", ok ? b->ratio_sd : NAN);
    json_double(j, "speed_ratio_min", ok ? b->ratio_min : NAN);
    json_double(j, "speed_ratio_max", ok ? b->ratio_max : NAN);
    json_double(j, "speed_ratio_low", ok ? b->ratio_low : NAN);
    json_double(j, "speed_ratio_high", ok ? b->ratio_high : NAN);
    json_double(j, "wall_speed_ratio", ok ? b->wall_ratio_mean : NAN);
    json_double(j, "min_speed", min_speed > 0 ? min_speed : NAN);
    if (min_speed > 0 && ok) json_bool(j, "speed_ok", b->ratio_low >= min_speed);
    else json_null(j, "speed_ok");
    json_begin_array(j, "base_nps");
    for (int i = 0; i < b->runs; i++) json_double(j, NULL, b->side[0].nps[i]);
    json_end_array(j);
    json_begin_array(j, "new_nps");
    for (int i = 0; i < b->runs; i++) json_double(j, NULL, b->side[1].nps[i]);
    json_end_array(j);
    json_end_object(j);
}

/* The match's summary.json (RUN_DIR/summary.json, one JSON object) parsed
 * into *out; false when it is missing or unreadable. */
static bool read_summary(const char *run_dir, JsonValue *out)
{
    char path[PATH_BYTES + 300], err[128];
    snprintf(path, sizeof path, "%.1200s/summary.json", run_dir);
    FILE *f = fopen(path, "r");
    if (!f) return false;
    char *line = NULL;
    size_t cap = 0;
    bool ok = getline(&line, &cap, f) > 0 && jv_parse(line, out, err, sizeof err) == 0;
    free(line);
    fclose(f);
    return ok;
}

/* Member key of object v as a JSON number, or null when absent. */
static void copy_number(Json *j, const JsonValue *v, const char *key, const char *as)
{
    double x;
    if (jv_get_number(v, key, &x)) json_double(j, as ? as : key, x);
    else json_null(j, as ? as : key);
}

/* regress.json's "match": the child match's numbers from its summary.json
 * (new's side: new is the first engine), and its two text lines for people. */
static void json_match(Json *j, const RegressRun *r, const RegressOptions *o)
{
    JsonValue s;
    bool have = r->match_ran && read_summary(r->run_dir, &s);
    const JsonValue *pairings = have ? jv_get(&s, "pairings") : NULL;
    const JsonValue *p = pairings && pairings->type == JV_ARRAY && pairings->count == 1 ? &pairings->items[0] : NULL;
    json_begin_object(j, "match");
    json_bool(j, "ran", r->match_ran);
    json_int(j, "status", r->match.status);
    static const char *const NUMBERS[] = {"games", "pairs", "wins", "draws", "losses", "score", "elo", "elo_error",
                                          "los", "draw_ratio", "nelo", "nelo_error"};
    for (size_t i = 0; i < sizeof NUMBERS / sizeof *NUMBERS; i++) copy_number(j, p, NUMBERS[i], NULL);
    const JsonValue *penta = p ? jv_get(p, "penta") : NULL;
    if (penta && penta->type == JV_ARRAY) {
        json_begin_array(j, "penta");
        for (int i = 0; i < penta->count; i++) json_double(j, NULL, penta->items[i].number);
        json_end_array(j);
    } else {
        json_null(j, "penta");
    }
    if (r->match_ran) {
        json_begin_object(j, "sprt");
        stats_json_sprt_params(j, &o->sprt);
        copy_number(j, p, "llr", NULL);
        copy_number(j, p, "lower_bound", NULL);
        copy_number(j, p, "upper_bound", NULL);
        json_string(j, "verdict", p ? jv_get_string(p, "verdict") : NULL);
        json_end_object(j);
    } else {
        json_null(j, "sprt");
    }
    json_string(j, "result_text", r->match.result[0] ? r->match.result : NULL);
    json_string(j, "sprt_text", r->match.sprt[0] ? r->match.sprt : NULL);
    json_end_object(j);
    if (have) jv_free(&s);
}

static void write_json(const RegressRun *r, const RegressOptions *o, const char *text, int status)
{
    char path[PATH_BYTES + 300];
    snprintf(path, sizeof path, "%.1200s/regress.json", r->run_dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "qibench regress: cannot write %s: %s\n", path, strerror(errno));
        return;
    }
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_string(&j, "base", o->base_rev);
    json_string(&j, "base_commit", r->commit);
    json_string(&j, "candidate", r->describe);
    json_bench(&j, &r->bench, r->bench_ok, o->min_speed);
    json_match(&j, r, o);
    json_string(&j, "verdict", text);
    json_int(&j, "exit_status", status);
    json_end_object(&j);
    if (json_write_line(&j, f) | fclose(f)) fprintf(stderr, "qibench regress: cannot write %s\n", path);
    json_free(&j);
}

/* Resolves the repository, the base commit, the candidate and the run folder;
 * creates the temporary directory. Returns 0 or -1 (printed). */
static int setup(RegressRun *r, const RegressOptions *o)
{
    char spec[300];
    if (regress_git_line(o->repo, r->top, sizeof r->top, "rev-parse", "--show-toplevel", NULL))
        return fprintf(stderr, "qibench regress: %s is not inside a git repository\n", o->repo), -1;
    snprintf(spec, sizeof spec, "%.280s^{commit}", o->base_rev);
    if (regress_git_line(r->top, r->commit, sizeof r->commit, "rev-parse", "--verify", spec))
        return fprintf(stderr, "qibench regress: --base %s is not a commit in %s\n", o->base_rev, r->top), -1;
    if ((r->book_count = book_words(o, r->top, r->book, &r->nbook)) < 0) return -1;
    if (o->candidate) {
        char cwd[PATH_BYTES];
        if (access(o->candidate, X_OK) != 0 || (o->candidate[0] != '/' && !getcwd(cwd, sizeof cwd)))
            return fprintf(stderr, "qibench regress: --candidate %s: %s\n", o->candidate, strerror(errno)), -1;
        /* Absolute, so that exec does not look a bare name up in PATH. */
        snprintf(r->new_bin, sizeof r->new_bin, "%.1000s%s%.1000s", o->candidate[0] == '/' ? "" : cwd,
                 o->candidate[0] == '/' ? "" : "/", o->candidate);
        snprintf(r->describe, sizeof r->describe, "%.120s", o->candidate);
    } else if (regress_git_line(r->top, r->describe, sizeof r->describe, "describe", "--always", "--dirty")) {
        snprintf(r->describe, sizeof r->describe, "working tree");
    }
    cli_default_run_name("regress", r->run_name, sizeof r->run_name);
    if (o->name) snprintf(r->run_name, sizeof r->run_name, "%.120s", o->name);
    snprintf(r->run_dir, sizeof r->run_dir, "%.900s/%s", o->results, r->run_name);
    const char *tmpdir = getenv("TMPDIR") && getenv("TMPDIR")[0] ? getenv("TMPDIR") : "/tmp";
    snprintf(r->tmp, sizeof r->tmp, "%.900s/qibench-regress-XXXXXX", tmpdir);
    if (!mkdtemp(r->tmp)) return fprintf(stderr, "qibench regress: mkdtemp %s: %s\n", r->tmp, strerror(errno)), -1;
    return 0;
}

/* Builds base (and the candidate unless --candidate). Returns 0 or -1 (printed). */
static int build_both(RegressRun *r, const RegressOptions *o)
{
    char dir[PATH_BYTES + 16], logp[PATH_BYTES + 32], what[128];
    snprintf(dir, sizeof dir, "%.900s/base", r->tmp);
    if (regress_extract_commit(r->top, r->commit, r->tmp, dir)) return -1;
    snprintf(logp, sizeof logp, "%.900s/build-base.log", r->tmp);
    snprintf(what, sizeof what, "base %.12s", r->commit);
    if (regress_build_engine(dir, o->game->engine, o->jobs, logp, what)) return -1;
    snprintf(r->base_bin, sizeof r->base_bin, "%.900s/bin/%s", dir, o->game->engine);
    if (o->candidate) return 0; /* new_bin is set by setup */
    snprintf(logp, sizeof logp, "%.900s/build-new.log", r->tmp);
    snprintf(what, sizeof what, "new (%.100s)", r->describe);
    if (regress_build_engine(r->top, o->game->engine, o->jobs, logp, what)) return -1;
    snprintf(r->new_bin, sizeof r->new_bin, "%.900s/bin/%s", r->top, o->game->engine);
    return 0;
}

int regress_command(int argc, char **argv)
{
    RegressOptions o;
    static RegressRun r;
    char self[PATH_BYTES];
    int pr = parse_options(argc, argv, &o);
    if (pr) return pr > 0 ? REGRESS_PASS : REGRESS_SETUP;
    memset(&r, 0, sizeof r);
    if (util_self_path(self, sizeof self))
        return fprintf(stderr, "qibench regress: cannot read /proc/self/exe: %s\n", strerror(errno)), REGRESS_SETUP;
    if (setup(&r, &o)) return REGRESS_SETUP;
    int rc = build_both(&r, &o);
    if (rc == 0 && util_make_dirs(r.run_dir) != 0) {
        fprintf(stderr, "qibench regress: cannot create %s: %s\n", r.run_dir, strerror(errno));
        rc = -1;
    }
    if (rc != 0) {
        if (!o.keep) regress_remove_tree(r.tmp);
        return REGRESS_SETUP;
    }
    printf("regress: base %s (%.12s) against new %s\n", o.base_rev, r.commit, r.describe);
    printf("  base engine: %s\n  new engine:  %s\n", r.base_bin, r.new_bin);
    r.bench = (BenchReport){.side = {{.label = "base", .path = r.base_bin}, {.label = "new", .path = r.new_bin}},
                            .runs = o.bench_runs, .depth = o.bench_depth};
    int bench_rc = regress_bench_compare(&r.bench, o.variant, r.tmp);
    r.bench_ok = bench_rc == 0;
    if (bench_rc != BENCH_FAILED) regress_bench_print(&r.bench);
    int status = REGRESS_PASS;
    stopsig_install("match");
    /* A bench that failed skips the match; one that varied does not. */
    if (!o.no_match && bench_rc != BENCH_FAILED) {
        r.match_ran = true;
        if (match_run_child(&o, self, r.base_bin, r.new_bin, r.book, r.nbook, r.book_count, r.run_name, &r.match))
            r.match.status = -1;
    }
    int stop_status = stopsig_status();
    stopsig_restore();
    char verdict_buf[512];
    const char *text = verdict(&r, &o, &status, verdict_buf, sizeof verdict_buf);
    if (stop_status) status = stop_status;
    write_json(&r, &o, text, status);
    printf("\nverdict: %s\nregress: exit status %d; results in %s\n", text, status, r.run_dir);
    if (o.keep) printf("regress: kept %s\n", r.tmp);
    else regress_remove_tree(r.tmp);
    return status;
}
