/*
 * suite/suite.h - `qibench suite`: every engine over an EPD suite at its limit,
 * one JSON line per search, a table per engine at the end.
 */
#ifndef HARNESS_SUITE_H
#define HARNESS_SUITE_H

#include <stdio.h>

#include "cli/spec.h"
#include "proc/affinity.h"

typedef struct {
    const Game *game;       /* NULL: game_default() */
    const char *suite_path;
    EngineList *engines;
    int concurrency;        /* searches at a time, each in its own engine process */
    const char *run_dir;    /* results/<run-name>: searches.jsonl goes there */
    const char *reference;  /* engine name for agreement, NULL = the first */
    const char *baseline;   /* --baseline: engine name for the per-depth node ratio, NULL = none */
    FILE *log;              /* traffic log, may be NULL */
    ClientTimeouts timeouts;
    bool playout;           /* play annotated positions out instead of searching them */
    const char *defender;   /* playouts: the engine (by name) that plays the other side */
    int rule_set;           /* --rules: playouts are judged by it (0: the game's default) */
    bool force;             /* --force: a results folder that exists is replaced (cli_make_run_dir) */
    bool resume;            /* --resume: run_dir holds an interrupted run of this command line, locked by
                             * this process: its searches are read back (suite_read_back) and only the
                             * others are made */
    CpuList affinity;       /* --use-affinity: the CPUs the slots share out (proc/affinity.h); none: not pinned */
} SuiteOptions;

/* Runs the suite; prints the table to stdout. With playout, only the
 * positions with a `result` are used, each engine plays them out (see
 * play/playout.h) and playouts.jsonl gets one line per playout. With
 * resume, the searches stored in run_dir are read back and checked first
 * (exit 2 when they fail a check, or when none is left to make), then the
 * engines are checked (spec_preflight), then the rest are made; the tables
 * and summary.json cover all. Returns the exit status: 0; 1 a playout not
 * reached; 2 a usage or setup error; 3 results not written, or a search or
 * playout failed; or the stop's (130, 128 + signal), each with a one-line
 * reason on stderr. Engine failures are recorded per search and do not
 * stop the run. */
int suite_run(const SuiteOptions *opt);

#endif
