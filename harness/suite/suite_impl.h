/*
 * suite/suite_impl.h - what the files of `qibench suite` share, private to
 * them: suite.c (the jobs, the worker threads, one JSON line per search),
 * stored.c (the lines of an interrupted run read back for --resume) and
 * tables.c (the totals printed at the end and written to summary.json).
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
    bool stored; /* its line is in the results file (written, or read back by --resume); a job
                  * without one was never searched (a stopped run): unsearched, not failed */
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
    int done;             /* searches recorded (read back ones included), for the progress lines */
    int restored;         /* --resume: the searches read back */
    int defender;         /* playouts: index of the defending engine, -1 = self-play */
} Runner;

/* A playout is passed, not reached (played to its end without the expected
 * result: a loss, a draw where a win was expected, the move bound) or engine
 * failed (an engine did not play it to its end). */
typedef struct {
    int played, passed, not_reached, failed;
    int unplayed; /* never played out (a stopped run): not in played */
} PlayoutTotals;

/* --resume: reads back the run folder's searches.jsonl (playouts.jsonl),
 * each line checked (an engine and a position of this run, its limit, its
 * status, the values of their kinds, its moves legal, `solved` / `passed`
 * as its move gives them, no job twice) into its job, stored; a torn last
 * line (a write cut short) is cut off the file once every line was read.
 * A missing file holds nothing. Returns 0, or -1 after printing one line
 * ("qibench suite: PATH:LINE: expected ..."). */
int suite_read_back(Runner *run);

/* Did the answer meet the position's bm / am / dm? 1 or 0; -1 when it has
 * none or the search failed. */
int suite_judge(const EpdEntry *e, const Job *j);

/* The playout totals of engine e, or of every engine when e < 0. */
PlayoutTotals suite_playout_totals(const Runner *run, int e);

/* The tables printed at the end of a run on stdout: per engine (with the
 * agreement with engine `ref`) and per depth (against `baseline`, -1: none),
 * or the playouts' table. */
void suite_print_tables(const Runner *run, int ref, int baseline);

/* summary.json in the run's folder, with its state ("finished",
 * "interrupted", "stopped"): per engine searched, failed and unsearched
 * (playouts: playouts, passed, not_reached, failed and unplayed). Returns
 * 0 or -1. */
int suite_write_summary(const Runner *run, int ref, int baseline, const char *state);

/* A failed search or playout (a crash, a stall, an illegal move, a position
 * the engine cannot set up) fails the run: one line on stderr says how many
 * and, for unsupported positions, what to do. Searches never made are not
 * failures (see suite_report_unsearched). Returns the number failed. */
int suite_report_failures(const Runner *run);

/* Jobs never searched (a run stopped): one line on stderr says how many and
 * that `qibench suite --resume DIR` searches them. Returns how many. */
int suite_report_unsearched(const Runner *run);

#endif
