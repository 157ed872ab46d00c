/*
 * suite/suite_impl.h - what the two files of `qibench suite` share, private
 * to them: suite.c (the jobs, the worker threads, one JSON line per search)
 * and tables.c (the totals printed at the end and written to summary.json).
 */
#ifndef SUITE_IMPL_H
#define SUITE_IMPL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "formats/epd.h"
#include "play/playout.h"
#include "suite/suite.h"

typedef struct {
    int engine, position;
    ClientStatus status;
    EngineReply reply;
    char err[256];
    int solved; /* 1 solved, 0 not, -1 nothing to solve or failed */
    PlayoutResult *playout; /* playout mode only */
} Job;

typedef struct {
    const SuiteOptions *opt;
    EpdSuite suite;
    Job *jobs;
    int njobs;
    atomic_int next;
    pthread_mutex_t lock; /* guards jsonl and write_failed */
    FILE *jsonl;
    bool write_failed;
    int done;             /* searches recorded, for the progress lines */
    int defender;         /* playouts: index of the defending engine, -1 = self-play */
} Runner;

/* A playout is passed, not reached (played to its end without the expected
 * result: a loss, a draw where a win was expected, the move bound) or engine
 * failed (an engine did not play it to its end). */
typedef struct {
    int played, passed, not_reached, failed;
} PlayoutTotals;

/* The playout totals of engine e, or of every engine when e < 0. */
PlayoutTotals suite_playout_totals(const Runner *run, int e);

/* The tables printed at the end of a run on stdout: per engine (with the
 * agreement with engine `ref`) and per depth (against `baseline`, -1: none),
 * or the playouts' table. */
void suite_print_tables(const Runner *run, int ref, int baseline);

/* summary.json in the run's folder, with its state ("finished",
 * "interrupted", "stopped"). Returns 0 or -1. */
int suite_write_summary(const Runner *run, int ref, int baseline, const char *state);

/* A failed search or playout (a crash, a stall, an illegal move, a position
 * the engine cannot set up) fails the run: one line on stderr says how many
 * and, for unsupported positions, what to do. Returns the number failed. */
int suite_report_failures(const Runner *run);

#endif
