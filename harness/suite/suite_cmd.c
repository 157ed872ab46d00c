/*
 * suite/suite_cmd.c - `qibench suite`: the command line (engines, suite options,
 * the timeouts), the results folder and run.json, then suite_run.
 */
#include "suite/suite_cmd.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/epd.h"
#include "results/io.h"
#include "cli/spec.h"
#include "suite/suite.h"
#include "util/util.h"

#define PATH_BYTES 1024

/* Parses suite's own options; returns 0, or -1 after printing the error. */
static int suite_option(int argc, char **argv, int *i, SuiteOptions *opt, const char **name, const char **root,
                        const char **log_path)
{
    const char *flag = argv[*i];
    long v;
    if (strcmp(flag, "--debug") == 0) return (*i)++, opt->log = stderr, 0;
    if (strcmp(flag, "--log") == 0) {
        char err[256];
        if (cli_log_option(argc, argv, i, log_path, err, sizeof err) == 0) return 0;
        fprintf(stderr, "qibench suite: %s\n", err);
        return -1;
    }
    if (strcmp(flag, "--playout") == 0 || strcmp(flag, "--force") == 0) {
        if (flag[2] == 'p') opt->playout = true;
        else opt->force = true;
        (*i)++;
        return 0;
    }
    if (*i + 1 >= argc) {
        fprintf(stderr, "qibench suite: %s needs a value\n", flag);
        return -1;
    }
    const char *value = argv[++*i];
    (*i)++;
    if (strcmp(flag, "--concurrency") == 0 && cli_parse_int(value, 1, 256, &v)) opt->concurrency = (int)v;
    else if (strcmp(flag, "--name") == 0 && cli_is_run_name(value)) *name = value;
    else if (strcmp(flag, "--results") == 0 && value[0]) *root = value;
    else if (strcmp(flag, "--reference") == 0) opt->reference = value;
    else if (strcmp(flag, "--baseline") == 0) opt->baseline = value;
    else if (strcmp(flag, "--defender") == 0) opt->defender = value;
    else if (strcmp(flag, "--rules") == 0) {
        char err[256];
        if (cli_rule_set(opt->game, value, &opt->rule_set, err, sizeof err) == 0) return 0;
        fprintf(stderr, "qibench suite: %s\n", err);
        return -1;
    }
    else if (cli_timeout_option(flag, value, &opt->timeouts) != 0) {
        fprintf(stderr, "qibench suite: %s: bad value '%s' (see qibench suite --help)\n", flag, value);
        return -1;
    }
    return 0;
}

int suite_command(int argc, char **argv)
{
    static EngineList engines;
    SuiteOptions opt = {game_default(), NULL, &engines, 1, NULL, NULL, NULL, NULL, client_default_timeouts(), false, NULL, 0, false};
    const char *name = NULL, *root = "results", *log_path = NULL;
    char own[PATH_BYTES], err[PATH_BYTES + 256], run_dir[PATH_BYTES];
    if (!(opt.game = cli_game(argc, argv, err, sizeof err))) return fprintf(stderr, "qibench suite: %s\n", err), 2;
    cli_own_engine_path(opt.game, own, sizeof own);
    for (int i = 1; i < argc;) {
        int r = spec_parse(argc, argv, &i, &engines, own, err, sizeof err);
        if (r < 0) return fprintf(stderr, "qibench suite: %s\n", err), 2;
        if (r > 0) continue;
        if (cli_is_game_flag(argv[i])) {
            i += 2; /* read by cli_game */
        } else if (strncmp(argv[i], "--", 2) == 0) {
            if (suite_option(argc, argv, &i, &opt, &name, &root, &log_path)) return 2;
        } else if (!opt.suite_path) {
            opt.suite_path = argv[i++];
        } else {
            return fprintf(stderr, "qibench suite: unexpected argument '%s'\n", argv[i]), 2;
        }
    }
    if (!opt.suite_path) return fprintf(stderr, "qibench suite: expected an EPD file (qibench suite FILE ...)\n"), 2;
    if (spec_finish(&engines, opt.game, own, err, sizeof err)) return fprintf(stderr, "qibench suite: %s\n", err), 2;
    for (int e = 0; e < engines.count; e++) cli_own_engine_rules(&engines.engines[e].spec, opt.game, own, opt.rule_set);
    EpdSuite check; /* a bad suite is an error before any results folder exists */
    if (epd_load(opt.game, opt.suite_path, &check, err, sizeof err)) return fprintf(stderr, "qibench suite: %s\n", err), 2;
    epd_free(&check);
    int checked = spec_preflight(&engines, &opt.timeouts, "qibench suite"); /* before any folder or search */
    if (checked) return checked < 0 ? 2 : checked;
    if (cli_make_run_dir(root, name, "suite", opt.force, run_dir, sizeof run_dir, err, sizeof err))
        return fprintf(stderr, "qibench suite: %s\n", err), 2;
    opt.run_dir = run_dir;
    if (log_path && !(opt.log = fopen(log_path, "a")))
        return fprintf(stderr, "qibench suite: cannot open %s: %s\n", log_path, strerror(errno)), 2;
    RunInfo info = {"suite", opt.suite_path, &engines, opt.concurrency, 0, NULL, 0,
                    game_rule_set_name(opt.game, opt.rule_set)};
    if (results_write_run_json(run_dir, argc, argv, &info))
        return fprintf(stderr, "qibench suite: cannot write %s/run.json\n", run_dir), 2;
    int status = suite_run(&opt);
    if (opt.log && opt.log != stderr) fclose(opt.log);
    return status;
}
