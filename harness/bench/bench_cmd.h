/*
 * bench/bench_cmd.h - `qibench bench [ENGINES] [--depth N] [--expect FILE]
 * [--json FILE]`: its command line; the benches are bench_run (bench.h).
 */
#ifndef HARNESS_BENCH_CMD_H
#define HARNESS_BENCH_CMD_H

/* argv[0] is "bench". Returns the exit status: bench_run's, or 2 for a
 * usage error (one line on stderr). */
int bench_command(int argc, char **argv);

#endif
