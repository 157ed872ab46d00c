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
#include "cli/spec.h"

#define PATH_BYTES 1024

int bench_command(int argc, char **argv)
{
    static EngineList engines;
    BenchOptions opt = {&engines, 0, NULL, NULL};
    char own[PATH_BYTES], err[512];
    long v;
    const Game *game = cli_game(argc, argv, err, sizeof err);
    if (!game) return fprintf(stderr, "qibench bench: %s\n", err), 2;
    cli_own_engine_path(game, own, sizeof own);
    for (int i = 1; i < argc;) {
        int r = spec_parse(argc, argv, &i, &engines, own, err, sizeof err);
        if (r < 0) return fprintf(stderr, "qibench bench: %s\n", err), 2;
        if (r > 0) continue;
        const char *flag = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!value) return fprintf(stderr, "qibench bench: %s needs a value\n", flag), 2;
        if (cli_is_game_flag(flag)) {} /* read by cli_game */
        else if (strcmp(flag, "--depth") == 0 && cli_parse_int(value, 1, 64, &v)) opt.depth = (int)v;
        else if (strcmp(flag, "--expect") == 0) opt.expect = value;
        else if (strcmp(flag, "--json") == 0) opt.json_path = value;
        else return fprintf(stderr, "qibench bench: %s: bad value '%s' (see qibench bench --help)\n", flag, value), 2;
        i += 2;
    }
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
