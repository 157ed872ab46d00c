/*
 * bench/bench_cmd.c - `qibench bench`: engines (default: ours once per search
 * variant), --depth, --expect and --json; then bench_run.
 */
#include "bench/bench_cmd.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/spec.h"

#define PATH_BYTES 1024

const CliOpt BENCH_OPTS[] = {
    CLI_ENGINE_OPTS,
    CLI_OPT_INT("--depth", NULL, "N", BenchOptions, depth, 1, 64, "the engine's bench depth", 0, "search depth"),
    CLI_OPT_TEXT("--expect", NULL, "FILE", BenchOptions, expect, 0, 0, NULL, 0,
                 "check the node counts against \"variant depth nodes\" lines"),
    CLI_OPT_TEXT("--json", NULL, "FILE", BenchOptions, json_path, 0, 0, NULL, 0, "write the results as JSON"),
    CLI_OPT_END,
};

int bench_command(int argc, char **argv)
{
    static EngineList engines;
    BenchOptions opt = {&engines, 0, NULL, NULL};
    char own[PATH_BYTES], err[1024];
    const Game *game = cli_game(argc, argv, err, sizeof err);
    if (!game) return fprintf(stderr, "qibench bench: %s\n", err), 2;
    cli_own_engine_path(game, own, sizeof own);
    CliParse p = {cli_command("bench"), &opt, game, &engines, own, NULL};
    if (cli_parse(&p, argc, argv, err, sizeof err)) return fprintf(stderr, "qibench bench: %s\n", err), 2;
    if (opt.expect && access(opt.expect, R_OK) != 0)
        return fprintf(stderr, "qibench bench: cannot read %s: %s\n", opt.expect, strerror(errno)), 2;
    if (engines.count == 0) {
        char *all[] = {"-variant-engines", "all"};
        int i = 0;
        spec_parse(2, all, &i, &engines, own, err, sizeof err);
    }
    if (spec_finish(&engines, game, own, err, sizeof err)) return fprintf(stderr, "qibench bench: %s\n", err), 2;
    return bench_run(&opt);
}
