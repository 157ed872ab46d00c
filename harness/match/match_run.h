/*
 * match/match_run.h - private to the files of `qibench match` / `tournament`:
 * match/match.c (scheduling and workers), match/standings.c (tallies, kept in
 * memory as each game is stored, and the printed tables), results/summary.c
 * (summary.json from those tallies), results/io.c (games.jsonl, games.pgn
 * and games.sgf written) and results/load.c and replay.c (read back through
 * results/record.h: resumed, merged). The run's state and what these files
 * call in each other. Nothing else includes it.
 */
#ifndef HARNESS_MATCH_RUN_H
#define HARNESS_MATCH_RUN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#include "results/json.h"
#include "results/record.h"
#include "match/match.h"
#include "formats/pgn.h"
#include "stats/ratings.h"
#include "stats/searchstats.h"

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
} Pairing;

/* A game pair: the unit of scheduling, of sharding and of the pentanomial. */
typedef struct {
    int pairing, round;
    bool mine;              /* in this shard (always, without --shard) */
    unsigned char done;     /* bit i: game i of the pair is in games.jsonl */
    signed char half[2];    /* engine a's half points in game i */
} PairJob;

typedef struct FormatPlan FormatPlan;

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
    int games_fd, pgn_fd, sgf_fd; /* appended (O_APPEND); sgf_fd -1 for a game without SGF */
    char chain[17];         /* the check of the last line of games.jsonl (results/check.h) */
    bool rollback_failed;   /* a failed write could not be undone (results_write_game) */
    /* Loading (results_load): games.jsonl (merge), games.pgn, games.sgf as
     * derived from the games read, in temporary files until results_commit. */
    FILE *derived[3];
    long torn_at;           /* --resume: where a torn last line starts, or -1 */
    int games_done, pairs_done;
    int games_planned;      /* games of this shard's pairs */
    long plies_played;      /* engine moves, for the harness CPU per ply */
    int term_counts[TERM_KEYS];
    bool write_failed, engine_failed;
    bool interrupted;       /* a signal stopped the scheduling (proc/stopsig.h) */
    int stop_status;        /* its exit status: 130, or 128 + the signal of a hard stop */
    SprtResult sprt;
    bool sprt_done;
    bool tty;               /* stderr is a terminal: one live status line */
    bool status_shown;      /* the status line is on the screen (tty only) */
    int64_t start_ms;       /* util_monotonic_ms when the games began */
    int64_t engine_wdl[MAX_ENGINES][3]; /* each engine's W/D/L over all its games */
    FormatPlan *plan;       /* knockout and Swiss: the stages so far (match/formats.c); NULL otherwise */
    pthread_cond_t wake;    /* knockout and Swiss: a pair finished or a stage was planned */
    int in_flight;          /* pairs handed to a worker and not yet finished (guarded by lock) */
    /* Every stored game (written, or read back) counted as it comes, for the
     * summaries and the final tables: nothing re-reads games.jsonl. */
    StoredGame stored;      /* the record last parsed (its move array reused) */
    SearchStats *search;    /* the search statistics (NULL: out of memory) */
    RatingGames ratings;    /* the games for the rating list */
} MatchRun;

/* ---- match/formats.c: knockout and Swiss ---- */

/* Is the format planned stage by stage from the results (knockout, Swiss)? */
bool formats_staged(const MatchOptions *opt);
/* Allocates the plan and the jobs (room for every pair the event can
 * have) and plans the first stage. Returns 0, or -1 out of memory. */
int formats_init(MatchRun *run);
void formats_free(MatchRun *run);
/* Once every job so far is done: plans the next stage from the results
 * (adds pairings and jobs, and to games_planned for tie-break pairs).
 * Returns the pairs added, 0 when the event is over (or ended early:
 * printed), -1 when a job is not yet done. Caller holds the lock (or is
 * loading, single-threaded). */
int formats_extend(MatchRun *run);
/* Is the event complete (always true for the other formats)? */
bool formats_over(const MatchRun *run);
/* The bracket (knockout) or the Swiss standings on stdout. */
void formats_print(const MatchRun *run);
/* "knockout" or "swiss": the rounds, each encounter and the standings. */
void formats_json(Json *j, const MatchRun *run);

/* ---- match/standings.c: tallies, the status line, the printed tables ---- */

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

/* Counts a stored game's record (as written, or read back) into the search
 * statistics and the rating list. A record the search statistics cannot
 * count ends them (run->search NULL, "search": null) with a warning.
 * Caller holds the lock. */
void standings_count_stored(MatchRun *run, const StoredGame *sg);

/* Parses the line just written for a game and counts it
 * (standings_count_stored); a failure is printed as a warning. Caller holds the lock. */
void standings_count_line(MatchRun *run, const char *line);

/* The status line, without a line end: games, W/D/L, Elo and LLR of the
 * first pairing (a match only), games per minute and time left. Its Elo
 * interval is the pairs' (pentanomial), as in the final table: "Elo +12.3 ±
 * 95.0 (95%, pairs)". */
void standings_put_status(const MatchRun *run, FILE *f);

/* Engine e's pentanomial over all its finished pairs, from its side (a pair
 * against each opponent counted as that opponent's pairing has it, mirrored
 * when e is the pairing's second engine). */
void standings_engine_penta(const MatchRun *run, int e, int64_t penta[PENTA_CELLS]);

/* The games of half-finished pairs (one of its two games played) of
 * pairing (-1: of every pairing): counted in the games and W/D/L, left out
 * of the pair statistics (pentanomial, Elo, LOS, SPRT). */
int standings_unpaired(const MatchRun *run, int pairing);

/* Why a pair is half-finished, for a message: the run was interrupted, was
 * stopped by an error, the SPRT ended it, or its other game is still to come. */
const char *standings_unpaired_reason(const MatchRun *run);

/* The standings table on stdout: every engine's games, score and draw ratio
 * over all its games, and its Elo +- 95% from its pairs
 * (standings_engine_penta), best score first. Caller holds the lock (or the
 * run is over). */
void standings_print(const MatchRun *run);

/* The end of a run on stdout: standings (a tournament, or with a rating
 * interval), each pairing's statistics, the SPRT, the endings. */
void standings_print_results(const MatchRun *run);

/* ---- results/summary.c ---- */

/* Writes RUN_DIR/summary.json whole (a temporary file renamed over it);
 * state: "running", "finished", "interrupted" or "stopped". A failure is
 * printed and otherwise ignored. */
void summary_write(const MatchRun *run, const char *state);

/* ---- results/io.c: games.jsonl, games.pgn, games.sgf ---- */

/* One finished game as it is written: its JSON line and PGN tags. */
typedef struct {
    Json json;
    PgnTags tags;     /* points into tc and date */
    char tc[64], date[16];
} GameOutput;

/* Fills *out (in place: tags point into it) for game i of pair k between
 * engines red and black from opening op (NULL: the start position), dated
 * today; the JSON object is left open for its check (results_write_game).
 * Free out->json with json_free. */
void results_game_output(const MatchRun *run, const GameRecord *g, int red, int black, int k, int i,
                         const Opening *op, GameOutput *out);

/* Only out's PGN tags, for a game of round (0-based) dated date
 * ("YYYY.MM.DD", "" or NULL unknown). */
void results_game_tags(const MatchRun *run, int red, int black, int round, const char *date, GameOutput *out);

/* The game's PGN text and (for a game with SGF) its SGF tree, malloc'd
 * (*sgf NULL without SGF; free both). Returns 0, or -1 when one cannot be
 * written. */
int results_game_texts(const MatchRun *run, const GameRecord *g, const GameOutput *out, char **pgn, size_t *pgn_len,
                       char **sgf, size_t *sgf_len);

/*
 * Seals the game's line with the next check of the chain, appends its PGN
 * text to games.pgn, its SGF tree to games.sgf, then its line to
 * games.jsonl (the record: a game is in it only once the others are
 * written). When a write fails (ENOSPC, EFBIG, EIO) all three files are
 * cut back to where they were (rollback_failed if even that fails).
 * Caller holds the lock. Returns 0, or -1 (errno set when the system said why).
 */
int results_write_game(MatchRun *run, const GameRecord *g, GameOutput *out);

/* write(2) until all of buf is written. Returns 0 or -1 (errno). */
int results_write_all(int fd, const char *buf, size_t len);

/* Opens RUN_DIR/games.jsonl, games.pgn (and games.sgf for a game with
 * SGF) for appending. Returns 0, or -1 with err set (all closed). */
int results_open(MatchRun *run, char *err, size_t errlen);
/* Closes them; returns 0, or -1 if a close failed. */
int results_close(MatchRun *run);

/* ---- results/replay.c ---- */

/*
 * The stored game sg (pair k) into *g: its start
 * position must be the opening's, the opening's moves marked "book", every
 * move legal in turn and none after the game ended, "plies" and "round"
 * right, and a game ended by a rule must have the result the rules give.
 * Returns 0, or -1 with err.
 */
int results_replay(const MatchRun *run, const StoredGame *sg, int k, GameRecord *g, char *err, size_t errlen);

/* ---- results/load.c ---- */

#define DERIVED_COUNT 3

/*
 * Reads dir/games.jsonl back into the run: every line whole and sealed in
 * the chain that starts at dir/run.json's check, every game one of this
 * run's and this shard's, not yet read, and replayed (results_replay);
 * each is counted (standings_account) and its PGN, SGF and (merge) its
 * line resealed in the merged run's chain added to the derived files. A
 * torn last line (no line end) is reported and, at results_commit, cut
 * off (--resume). Nothing is written here. Returns 0, or -1 after
 * printing a one-line error naming the file and line.
 */
int results_load(MatchRun *run, const char *dir, bool merge);

/*
 * After results_load: --resume rewrites games.pgn and games.sgf from the
 * games read when they differ (a temporary file renamed over), then cuts
 * a torn last line; a merge writes all three. On a failure nothing is
 * changed and the reason is printed. Returns 0 or -1.
 */
int results_commit(MatchRun *run, bool merge);
void results_free_derived(MatchRun *run);

#endif
