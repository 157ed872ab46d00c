/*
 * match/match.h - `qibench match` and `qibench tournament`: paired games (each
 * opening twice, colours swapped), scheduled over worker threads, written
 * as they end (games.jsonl, games.pgn), with W/D/L, Elo, LOS, pentanomial
 * counts and an optional SPRT that stops the run.
 */
#ifndef HARNESS_MATCH_H
#define HARNESS_MATCH_H

#include <stdio.h>

#include "formats/openings.h"
#include "cli/spec.h"
#include "proc/affinity.h"
#include "stats/stats.h"

typedef enum { FORMAT_MATCH, FORMAT_ROUND_ROBIN, FORMAT_GAUNTLET, FORMAT_KNOCKOUT, FORMAT_SWISS } MatchFormat;

typedef struct {
    const Game *game;
    EngineList *engines;
    MatchFormat format;
    bool has_book;
    BookOptions book;
    int rounds;             /* game pairs per pairing (knockout, Swiss: per encounter) */
    int tiebreak_pairs;     /* knockout: more pairs for a tied encounter, at most this many */
    int swiss_rounds;       /* Swiss: rounds */
    int concurrency;
    CpuList affinity;       /* --use-affinity: the CPUs the game slots share out (proc/affinity.h); none: not pinned */
    const char *run_dir;
    FILE *log;
    ClientTimeouts timeouts;
    Adjudication adj;
    GameRules rules;
    bool noswap;            /* --noswap: the pairing's first engine has Red in both games of a pair */
    int wait_ms;            /* --wait: pause after each game of a worker */
    bool recover;           /* restart a failed engine and go on (otherwise stop after that game) */
    bool force;             /* --force: a results folder that exists is replaced (cli_make_run_dir) */
    bool has_sprt;
    SprtParams sprt;
    const char *event;
    struct PgnOut *pgnout;  /* --pgnout FILE: each game appended as it ends (NULL: none) */
    int progress;           /* off a terminal: a status line every N games (0: the default, 10) */
    int rating_interval;    /* standings table every N games (0: only at the end) */
    bool resume;            /* run_dir holds an interrupted run: keep its games, play the rest */
    int shard_k, shard_n;   /* --shard K/N: only pairs k with k % N == K - 1 (shard_n 0: all) */
    const char *const *merge_dirs; /* merge: read these runs' games into run_dir, play nothing */
    int nmerge;
} MatchOptions;

/* Plays the run (or, with merge_dirs, merges finished shards); prints progress (on a terminal a status line on stderr,
 * rewritten after each game; otherwise the game lines and a status line
 * every opt->progress games), standings tables and the results. Returns the exit status:
 * 0 finished (or SPRT accepted H1), 1 SPRT accepted H0, 2 setup error (bad
 * book, unwritable results, results of another run), 3 stopped by errors
 * (engine failure without --recover, a failed write), 130 interrupted by
 * Ctrl-C (a second Ctrl-C or SIGTERM exits at once with 128 + the signal).
 * Writes summary.json at the end and at every rating interval. */
int match_run(const MatchOptions *opt);

#endif
