/*
 * suite/suite_cmd.c - `qibench suite`: the command line (engines, suite options,
 * the timeouts), --resume from a run's saved command line, the results folder
 * and run.json, then suite_run.
 */
#include "suite/suite_cmd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/epd.h"
#include "results/io.h"
#include "cli/spec.h"
#include "results/jsonread.h"
#include "suite/suite.h"
#include "util/util.h"

#define PATH_BYTES 1024

/* A parsed suite command line. */
typedef struct {
    SuiteOptions opt;
    const char *name, *root, *log_path, *resume;
    bool debug; /* --debug: engine traffic on stderr */
} SuiteArgs;

static int suite_file(void *target, const char *word, char *err, size_t errlen)
{
    SuiteArgs *a = target;
    if (a->opt.suite_path) return util_fail(err, errlen, "unexpected argument '%s'", word);
    a->opt.suite_path = word;
    return 0;
}

#define S SuiteArgs
const CliOpt SUITE_OPTS[] = {
    CLI_ENGINE_OPTS,
    CLI_OPT_INT("--concurrency", NULL, "N", S, opt.concurrency, 1, 256, "1", CLI_RUN_LOCAL,
                "searches at a time, each in its own engine process"),
    CLI_OPT_SET("--name", NULL, CLI_VALUE, "RUN", S, name, cli_set_run_name, "suite-YYYYMMDD-HHMMSS", 0,
                "results go to RESULTS/RUN"),
    CLI_OPT_TEXT("--results", NULL, "DIR", S, root, 1, 0, "results", 0, "the results root"),
    CLI_OPT_FLAG("--force", NULL, S, opt.force, 0, "replace the results in a --name folder that exists"),
    CLI_OPT_TEXT("--resume", NULL, "DIR", S, resume, 1, 0, NULL, CLI_RUN_LOCAL,
                 "go on with an interrupted suite: its command line from DIR/run.json,\n"
                 "its searches kept, the others made (only run options beside it)"),
    CLI_OPT_TEXT("--reference", NULL, "NAME", S, opt.reference, 0, 0, "the first", 0,
                 "engine the others are compared with"),
    CLI_OPT_TEXT("--baseline", NULL, "NAME", S, opt.baseline, 0, 0, NULL, 0,
                 "engine whose nodes per depth the others are divided by"),
    CLI_OPT_SET("--log", NULL, CLI_LIST, "FILE", S, log_path, cli_set_log, NULL, CLI_RUN_LOCAL,
                "every line of engine traffic, with timestamps (or file=FILE\n[level=L] as fastchess)"),
    CLI_OPT_FLAG("--debug", NULL, S, debug, CLI_RUN_LOCAL, "every line of engine traffic on stderr"),
    CLI_OPT_FLAG("--playout", NULL, S, opt.playout, 0, "play out the positions with `result R; within N;`"),
    CLI_OPT_TEXT("--defender", NULL, "NAME", S, opt.defender, 0, 0, "each engine against itself", 0,
                 "with --playout: the -engine that defends"),
    CLI_OPT_SET("--rules", NULL, CLI_VALUE, "NAME", S, opt.rule_set, cli_set_rules, "the game's first", 0,
                "the game's rule set (qibench help lists each game's)"),
    CLI_TIMEOUT_OPTS(S, opt.timeouts, CLI_RUN_LOCAL),
    CLI_OPT_END,
};
#undef S

/* Parses argv (argv[0] "suite") into *a and engines: the engines, the
 * options, the suite file read once (a bad one is an error before any
 * results folder exists). Returns 0, or 2 after printing one line. */
static int parse_suite(int argc, char **argv, SuiteArgs *a, EngineList *engines, char *own, size_t ownlen)
{
    SuiteOptions *o = &a->opt;
    char err[PATH_BYTES + 256];
    memset(a, 0, sizeof *a);
    memset(engines, 0, sizeof *engines);
    *o = (SuiteOptions){game_default(), NULL, engines, 1, NULL, NULL, NULL, NULL, client_default_timeouts(), false,
                        NULL, 0, false, false};
    a->root = "results";
    if (!(o->game = cli_game(argc, argv, err, sizeof err))) return fprintf(stderr, "qibench suite: %s\n", err), 2;
    cli_own_engine_path(o->game, own, ownlen);
    CliParse p = {cli_command("suite"), a, o->game, engines, own, suite_file};
    if (cli_parse(&p, argc, argv, err, sizeof err)) return fprintf(stderr, "qibench suite: %s\n", err), 2;
    if (a->debug) o->log = stderr;
    if (!o->suite_path) return fprintf(stderr, "qibench suite: expected an EPD file (qibench suite FILE ...)\n"), 2;
    if (spec_finish(engines, o->game, own, err, sizeof err)) return fprintf(stderr, "qibench suite: %s\n", err), 2;
    for (int e = 0; e < engines->count; e++) cli_own_engine_rules(&engines->engines[e].spec, o->game, own, o->rule_set);
    EpdSuite check;
    if (epd_load(o->game, o->suite_path, &check, err, sizeof err)) return fprintf(stderr, "qibench suite: %s\n", err), 2;
    epd_free(&check);
    return 0;
}

/* Runs the parsed suite: in a new folder (the engines checked before it is
 * made; run.json written), or with run_dir_in (--resume) in that folder,
 * taken for this process before anything is read or written (suite_run
 * checks the engines once the stored searches passed their checks).
 * Returns the exit status. */
static int start_suite(int argc, char **argv, SuiteArgs *a, const char *run_dir_in)
{
    SuiteOptions *o = &a->opt;
    char err[PATH_BYTES + 256], run_dir[PATH_BYTES];
    if (run_dir_in) {
        if (results_lock_run(run_dir_in, err, sizeof err)) return fprintf(stderr, "qibench suite: %s\n", err), 2;
        snprintf(run_dir, sizeof run_dir, "%s", run_dir_in);
        o->resume = true;
    } else {
        if (cli_check_run_dir(a->root, a->name, "suite", o->force, err, sizeof err))
            return fprintf(stderr, "qibench suite: %s\n", err), 2; /* before any engine starts */
        int checked = spec_preflight(o->engines, &o->timeouts, false, "qibench suite"); /* before any folder or search */
        if (checked) return checked < 0 ? 2 : checked;
        if (cli_make_run_dir(a->root, a->name, "suite", o->force, run_dir, sizeof run_dir, err, sizeof err))
            return fprintf(stderr, "qibench suite: %s\n", err), 2;
    }
    o->run_dir = run_dir;
    if (a->log_path && !(o->log = fopen(a->log_path, "a")))
        return fprintf(stderr, "qibench suite: cannot open %s: %s\n", a->log_path, strerror(errno)), 2;
    RunInfo info = {"suite", o->suite_path, o->engines, o->concurrency, 0, NULL, 0,
                    game_rule_set_name(o->game, o->rule_set)};
    if (!run_dir_in && results_write_run_json(run_dir, argc, argv, &info))
        return fprintf(stderr, "qibench suite: cannot write %s/run.json\n", run_dir), 2;
    int status = suite_run(o);
    if (o->log && o->log != stderr) fclose(o->log);
    return status;
}

/* qibench suite --resume DIR [run options]: the saved command line of DIR,
 * then the run options given now. */
static int resume_suite(int argc, char **argv, int at)
{
    static EngineList engines;
    static SuiteArgs a;
    const char *dir = argv[at + 1];
    char own[PATH_BYTES];
    int nsaved, n;
    char **saved = results_read_argv(dir, "suite", &nsaved);
    if (!saved) return 2;
    char **all = cli_resume_argv("qibench suite", cli_command("suite"), dir, saved, nsaved, argc, argv, at, &n);
    int status = all ? parse_suite(n, all, &a, &engines, own, sizeof own) : 2;
    if (status == 0) status = start_suite(n, all, &a, dir);
    free(all);
    json_free_strings(saved);
    return status;
}

int suite_command(int argc, char **argv)
{
    static EngineList engines;
    static SuiteArgs a;
    char own[PATH_BYTES];
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--resume") == 0) {
            if (i + 1 >= argc) return fprintf(stderr, "qibench suite: --resume needs the run's folder\n"), 2;
            return resume_suite(argc, argv, i);
        }
    int status = parse_suite(argc, argv, &a, &engines, own, sizeof own);
    return status ? status : start_suite(argc, argv, &a, NULL);
}
