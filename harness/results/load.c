/*
 * results/load.c - a match's results read back: --resume (the run's own
 * folder) and merge (the shards' folders). Every line's checksum chain is
 * verified (results/check.h), every game replayed under the rules
 * (results/replay.c) and counted, and games.pgn / games.sgf derived from
 * the games read into temporary files (the memory does not grow with the
 * games). Nothing is written until everything was read: then
 * results_commit replaces what differs (see match/match_run.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/match_run.h"
#include "results/check.h"
#include "results/record.h"
#include "util/util.h"

enum { DERIVED_JSONL, DERIVED_PGN, DERIVED_SGF };

/* What take_game reads into. */
typedef struct {
    MatchRun *run;
    bool merge;
} Loading;
static const char *const DERIVED_NAME[DERIVED_COUNT] = {RECORD_GAMES_FILE, "games.pgn", "games.sgf"};

static int engine_index(const EngineList *list, const char *name)
{
    for (int e = 0; e < list->count; e++)
        if (strcmp(list->engines[e].spec.name, name) == 0) return e;
    return -1;
}

/* Which game of the run a stored game is: pair *k, game *i (0 or 1),
 * engines *red and *black (the first and second side). Returns 0, or -1
 * with err when it is not a game of this run, of this shard, or is one
 * already read. */
static int which_game(MatchRun *run, const StoredGame *sg, int *k, int *i, int *red, int *black, char *err,
                      size_t errlen)
{
    if (sg->pair < 0 || sg->game < 0)
        return util_fail(err, errlen, "expected one game as a JSON object (pair, game, %s, %s, ...)",
                         record_side_key(run->opt->game, 0), record_side_key(run->opt->game, 1));
    const EngineList *list = run->opt->engines;
    long kk = sg->pair > INT32_MAX ? INT32_MAX : (long)sg->pair;
    /* knockout, Swiss: a later stage's pairs, planned once the stage before is read */
    while (kk >= run->njobs && run->plan && formats_extend(run) > 0) {}
    if (kk >= run->njobs)
        return util_fail(err, errlen, "pair %lld is not a pair of this run (0 to %d)", (long long)sg->pair, run->njobs - 1);
    const PairJob *job = &run->jobs[kk];
    const Pairing *p = &run->pairings[job->pairing];
    const char *rname = sg->side[0], *bname = sg->side[1];
    int r = engine_index(list, rname), b = engine_index(list, bname);
    if (r < 0 || b < 0) return util_fail(err, errlen, "'%s' is not an engine of this run", r < 0 ? rname : bname);
    long ii = (long)(sg->game > 3 ? 3 : sg->game) - 1;
    if (ii < 0 || ii > 1 || r != (ii == 0 ? p->a : p->b) || b != (ii == 0 ? p->b : p->a))
        return util_fail(err, errlen, "pair %ld game %lld is %s against %s, not %s - %s", kk, (long long)sg->game,
                         list->engines[p->a].spec.name, list->engines[p->b].spec.name, rname, bname);
    if (!job->mine) return util_fail(err, errlen, "pair %ld belongs to another shard", kk);
    if (job->done & (1u << ii)) return util_fail(err, errlen, "pair %ld game %ld is recorded twice", kk, ii + 1);
    *k = (int)kk, *i = (int)ii, *red = r, *black = b;
    return 0;
}

/* A line sealed again after seed (merge: the merged file's own chain),
 * appended to f; *seed becomes its check. */
static void reseal(FILE *f, const char *line, size_t len, char seed[CHECK_BYTES])
{
    size_t body = len - 1 - (sizeof ",\"check\":\"\"}" - 1) - (CHECK_BYTES - 1); /* the line has its '\n' */
    char next[CHECK_BYTES];
    check_text(seed, line, body, next);
    fprintf(f, "%.*s,\"check\":\"%s\"}\n", (int)body, line, next);
    memcpy(seed, next, CHECK_BYTES);
}

/* One whole, sealed line (its record sg): replayed, counted, and its PGN /
 * SGF (and for a merge the line itself) added to the derived files.
 * Returns 0 or -1 with err. */
static int take_game(void *ctx, const StoredGame *sg, const char *line, size_t len, char *err, size_t errlen)
{
    static GameRecord g; /* callers hold no lock: loading is single-threaded */
    Loading *l = ctx;
    MatchRun *run = l->run;
    int k = 0, i = 0, red = 0, black = 0;
    if (which_game(run, sg, &k, &i, &red, &black, err, errlen) || results_replay(run, sg, k, &g, err, errlen)) return -1;
    standings_account(run, k, i, red, black, g.result, standings_term_key(run, &g), 0);
    standings_count_stored(run, sg);
    GameOutput out;
    results_game_tags(run, red, black, run->jobs[k].round, sg->date, &out);
    char *pgn, *sgf;
    size_t pgn_len, sgf_len;
    if (results_game_texts(run, &g, &out, &pgn, &pgn_len, &sgf, &sgf_len))
        return free(pgn), free(sgf), util_fail(err, errlen, "cannot write this game as PGN or SGF");
    fwrite(pgn, 1, pgn_len, run->derived[DERIVED_PGN]);
    if (sgf) fwrite(sgf, 1, sgf_len, run->derived[DERIVED_SGF]);
    if (l->merge) reseal(run->derived[DERIVED_JSONL], line, len, run->chain);
    free(pgn);
    free(sgf);
    return 0;
}

int results_load(MatchRun *run, const char *dir, bool merge)
{
    char path[1200], err[1800], seed[CHECK_BYTES];
    for (int d = 0; d < DERIVED_COUNT; d++) /* on disk, not in memory: a run may hold any number of games */
        if (!run->derived[d] && !(run->derived[d] = tmpfile()))
            return fprintf(stderr, "qibench: cannot create a temporary file: %s\n", strerror(errno)), -1;
    if (check_run_json(dir, seed, err, sizeof err)) return fprintf(stderr, "qibench: %s\n", err), -1;
    record_games_path(dir, path, sizeof path);
    Loading l = {run, merge};
    /* a resumed run that finished no game has no games.jsonl */
    RecordReader r = {.game = run->opt->game, .missing_ok = !merge, .torn_ok = true, .seed = seed, .fn = take_game,
                      .ctx = &l};
    int rc = record_read(path, &r, err, sizeof err);
    if (!merge) memcpy(run->chain, r.last, CHECK_BYTES), run->torn_at = r.torn_line ? r.whole : -1;
    if (rc) fprintf(stderr, "qibench: %s\n", err);
    else if (r.torn_line)
        fprintf(stderr, "qibench: %s:%ld: discarded a torn last line (a write cut short)\n", path, r.torn_line);
    return rc;
}

/* Does the file at path hold exactly what src holds (both read from their start)? */
static bool file_holds(const char *path, FILE *src)
{
    FILE *f = fopen(path, "r");
    if (!f) return false;
    char a[8192], b[8192];
    size_t n, m;
    bool same = true;
    rewind(src);
    do {
        n = fread(a, 1, sizeof a, f), m = fread(b, 1, sizeof b, src);
        same = n == m && memcmp(a, b, n) == 0;
    } while (same && n > 0);
    fclose(f);
    return same && !ferror(src);
}

/* Copies src (from its start) to f. Returns 0, or -1 when a read or write failed. */
static int copy_file(FILE *src, FILE *f)
{
    char chunk[8192];
    size_t n;
    rewind(src);
    while ((n = fread(chunk, 1, sizeof chunk, src)) > 0)
        if (fwrite(chunk, 1, n, f) != n) return -1;
    return ferror(src) ? -1 : 0;
}

/* dir/name replaced by what src holds: written to name.tmp, then renamed
 * over it. Returns 0, or -1 (printed; the .tmp removed, name unchanged). */
static int replace_file(const char *dir, const char *name, FILE *src)
{
    char path[1200], tmp[1300];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (file_holds(path, src)) return 0;
    FILE *f = fopen(tmp, "w");
    const char *what = "create";
    int rc = f ? 0 : -1;
    if (f && (copy_file(src, f) | fflush(f) | fsync(fileno(f)))) what = "write", rc = -1;
    if (f && fclose(f) && rc == 0) what = "write", rc = -1;
    if (rc == 0 && rename(tmp, path) != 0) what = "rename", rc = -1;
    if (rc) {
        int saved = errno;
        unlink(tmp);
        fprintf(stderr, "qibench: cannot %s %s: %s; nothing was changed\n", what, rc && what[0] == 'r' ? path : tmp,
                strerror(saved));
    }
    return rc;
}

int results_commit(MatchRun *run, bool merge)
{
    const char *dir = run->opt->run_dir;
    int rc = 0;
    for (int d = 0; d < DERIVED_COUNT && rc == 0; d++) {
        if (!run->derived[d]) continue;
        if (fflush(run->derived[d]))
            return fprintf(stderr, "qibench: cannot write a temporary file: %s\n", strerror(errno)), -1;
        if (d == DERIVED_JSONL && !merge) continue;
        if (d == DERIVED_SGF && !run->opt->game->sgf) continue;
        rc = replace_file(dir, DERIVED_NAME[d], run->derived[d]);
    }
    if (rc == 0 && !merge && run->torn_at >= 0) { /* the PGN matches the whole lines: cut the torn one */
        char path[1200];
        record_games_path(dir, path, sizeof path);
        if (truncate(path, run->torn_at) != 0)
            rc = -1, fprintf(stderr, "qibench: cannot cut the torn last line of %s: %s\n", path, strerror(errno));
    }
    return rc;
}

void results_free_derived(MatchRun *run)
{
    for (int d = 0; d < DERIVED_COUNT; d++) {
        if (run->derived[d]) fclose(run->derived[d]);
        run->derived[d] = NULL;
    }
}
