/*
 * results/io.h - a run's files: run.json (the configuration, the tool's
 * version and the machine, written by suite, match, tournament and merge;
 * read back by --resume and merge). The games.jsonl / games.pgn side of a
 * match is in match/match_run.h.
 */
#ifndef HARNESS_RESULTS_IO_H
#define HARNESS_RESULTS_IO_H

#include <stdint.h>

#include "cli/spec.h"
#include "results/jsonread.h" /* json_free_strings */

/* What run.json records besides argv, the engines and the machine. */
typedef struct {
    const char *command;     /* "suite", "match", "tournament" */
    const char *input;       /* suite file or opening book, may be NULL */
    const EngineList *engines;
    int concurrency;
    uint64_t seed;
    const char *const *merged_from; /* qibench merge: the shards' folders */
    int nmerged;
    const char *rules;       /* the rule set's name (--rules), may be NULL */
} RunInfo;

/* Writes RUN_DIR/run.json (one line): tool, version, command, argv,
 * start time, input, concurrency, seed, merged_from, the engines, the
 * machine. Returns 0, or -1 when the file cannot be written. */
int results_write_run_json(const char *run_dir, int argc, char **argv, const RunInfo *info);

/*
 * The saved command line of a run folder (argv[0] "match" or
 * "tournament"; for who "suite", "suite"), with *argc its length: a
 * NULL-terminated list to free with json_free_strings, or NULL after
 * printing why ("qibench WHO: ...": another command's run is named so).
 */
char **results_read_argv(const char *dir, const char *who, int *argc);

/* --force: removes from dir the files a run writes in its folder (run.json,
 * the games and searches files, the summaries, their temporary copies, the
 * engines' NAME.stderr.log) and nothing else. Returns 0, or -1 (errno). */
int results_remove_run_files(const char *dir);

/*
 * One writer per run folder. A process that writes a run holds an exclusive
 * lock (flock) on DIR/run.lock, which holds its PID, until it ends: the
 * kernel releases it when the process dies, however it dies, so no stale
 * lock survives a SIGKILL (the file stays, unlocked). Readers (ratings,
 * stats, the report) take no lock.
 */
#define RUN_LOCK_FILE "run.lock"

/* Takes dir for this process (dir must exist). 0, or -1 with the reason in
 * err: "results folder DIR is being written by process PID (...)" when
 * another process holds it. Taking a folder this process holds is a no-op. */
int results_lock_run(const char *dir, char *err, size_t errlen);

/* 0 when no process writes the run in dir (or dir has no run.lock), else
 * -1 with results_lock_run's reason in err; takes nothing. */
int results_refuse_if_written(const char *dir, char *err, size_t errlen);

#endif
