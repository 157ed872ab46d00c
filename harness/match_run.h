/*
 * match_run.h - private to the files of `qibench match` / `tournament`:
 * match.c (scheduling and workers), standings.c (tallies and the printed
 * tables), summary.c (summary.json) and results_io.c (games.jsonl and
 * games.pgn: written, read back, resumed, merged). The run's state and what
 * these files call in each other. Nothing else includes it.
 */
#ifndef HARNESS_MATCH_RUN_H
#define HARNESS_MATCH_RUN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#include "json.h"
#include "match.h"
#include "pgn.h"

#define MAX_PAIRINGS (MAX_ENGINES * MAX_ENGINES / 2)
/*
 * Endings are counted by key: 1 .. TERM_COUNT - 1 for the harness's own
 * terminations, TERM_COUNT - 1 + reason for the game's (1 .. reason_count
 * - 1); key 0 is unused. standings_term_keys() says how many a run's game uses.
 */
#define TERM_KEYS (TERM_COUNT - 1 + GAME_REASONS_MAX)
_Static_assert(TERM_RULES == 0, "the term keys leave out TERM_RULES");

typedef struct {
    int a, b;               /* engine indexes; results are from a's side */
    int64_t wdl[3];
    int64_t penta[PENTA_CELLS];
    int64_t game_wdl[3];    /* per finished game (wdl and penta count whole pairs) */
    double (*llr)[2];       /* with --sprt: (pairs, LLR) after each finished pair */
    int nllr, llr_cap;
} Pairing;

/* A game pair: the unit of scheduling, of sharding and of the pentanomial. */
typedef struct {
    int pairing, round;
    bool mine;              /* in this shard (always, without --shard) */
    unsigned char done;     /* bit i: game i of the pair is in games.jsonl */
    signed char half[2];    /* engine a's half points in game i */
} PairJob;

typedef struct {
    const MatchOptions *opt;
    OpeningBook book;
    Pairing pairings[MAX_PAIRINGS];
    int npairings;
    PairJob *jobs;
    int njobs;
    atomic_int next;
    atomic_bool stop;       /* SPRT verdict or an engine failure without --recover */
    pthread_mutex_t lock;   /* guards everything below and the output files */
    FILE *games, *pgn;
    int games_done, pairs_done;
    int games_planned;      /* games of this shard's pairs */
    long plies_played;      /* engine moves, for the harness CPU per ply */
    int term_counts[TERM_KEYS];
    bool write_failed, engine_failed;
    bool interrupted;       /* a signal stopped the scheduling (stopsig.h) */
    int stop_status;        /* its exit status: 130, or 128 + the signal of a hard stop */
    SprtResult sprt;
    bool sprt_done;
    bool tty;               /* stderr is a terminal: one live status line */
    bool status_shown;      /* the status line is on the screen (tty only) */
    int64_t start_ms;       /* util_monotonic_ms when the games began */
    int64_t engine_wdl[MAX_ENGINES][3]; /* each engine's W/D/L over all its games */
} MatchRun;

/* ---- standings.c: tallies, the status line, the printed tables ---- */

/* The index of a game's ending in term_counts; 0 (not counted) for one
 * outside the known terminations and reasons. */
int standings_term_key(const MatchRun *run, const GameRecord *g);
/* How many term keys the run's game uses (keys are below this). */
int standings_term_keys(const MatchRun *run);
/* The text of a term key (1 .. TERM_KEYS - 1), as games.jsonl and
 * summary.json write it. */
const char *standings_term_key_name(const MatchRun *run, int k);
/* The term key of a reason as games.jsonl writes it; -1 if unknown. */
int standings_term_key_of(const MatchRun *run, const char *name);

/*
 * Counts a finished game (played now, or read back by --resume / merge):
 * game k / i of the jobs (red and black engine indexes), W/D/L, its
 * ending by term key, engine_plies for the CPU per ply, and the pair once
 * both its games are in, with the SPRT (which stops a match on a verdict).
 * Caller holds the lock.
 */
void standings_account(MatchRun *run, int k, int i, int red, int black, GameResult result, int key, int engine_plies);

/* The status line, without a line end: games, W/D/L, Elo and LLR of the
 * first pairing (a match only), games per minute and time left. */
void standings_put_status(const MatchRun *run, FILE *f);

/* The standings table on stdout: every engine's games, score, Elo and draw
 * ratio over all its games, best score first. Caller holds the lock (or the
 * run is over). */
void standings_print(const MatchRun *run);

/* The end of a run on stdout: standings (a tournament, or with a rating
 * interval), each pairing's statistics, the SPRT, the endings. */
void standings_print_results(const MatchRun *run);

/* ---- summary.c ---- */

/* Writes RUN_DIR/summary.json whole (a temporary file renamed over it);
 * state: "running", "finished", "interrupted" or "stopped". A failure is
 * printed and otherwise ignored. */
void summary_write(const MatchRun *run, const char *state);

/* ---- results_io.c: games.jsonl and games.pgn ---- */

/* One finished game as it is written: its JSON line and PGN tags. */
typedef struct {
    Json json;
    PgnTags tags;     /* points into tc and date */
    char tc[64], date[16];
} GameOutput;

/* Fills *out (in place: tags point into it) for game i of pair k between
 * engines red and black from opening op (NULL: the start position); free
 * out->json with json_free. */
void results_game_output(const MatchRun *run, const GameRecord *g, int red, int black, int k, int i,
                         const Opening *op, GameOutput *out);

/* Appends the game to games.pgn, then its line to games.jsonl (the record:
 * a game is in it only once its PGN is written too), flushing both.
 * Caller holds the lock. Returns 0, or -1 (errno set when the system said why). */
int results_write_game(MatchRun *run, const GameRecord *g, GameOutput *out);

/* Opens RUN_DIR/games.jsonl and games.pgn with fopen mode ("a", or "w" for
 * a merge) into run->games / run->pgn. Returns 0, or -1 with err set. */
int results_open(MatchRun *run, const char *mode, char *err, size_t errlen);

/*
 * Reads dir/games.jsonl back into the run (standings_account per game).
 * --resume (out_jsonl NULL): a torn last line is cut off the file with a
 * warning, and games.pgn is cut to the same games. merge: the good lines
 * and their PGN games are copied to out_jsonl / out_pgn. Returns 0, or -1
 * after printing a one-line error.
 */
int results_load(MatchRun *run, const char *dir, FILE *out_jsonl, FILE *out_pgn);

#endif
