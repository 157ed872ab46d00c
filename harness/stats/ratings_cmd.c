/*
 * stats/ratings_cmd.c - `qibench ratings`: reads the games of finished runs,
 * fits one rating list (stats/ratings.c) and prints it with the LOS matrix, the
 * crosstable and the W/D/L matrix, or all of it as one JSON object.
 */
#include "stats/ratings_cmd.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/commands.h"
#include "results/json.h"
#include "results/record.h"
#include "util/util.h"

#define PATH_BYTES 4096

static const char USAGE[] = "usage: qibench ratings DIR... [--anchor NAME] [--json]\n"
                            "  DIR: a match or tournament folder (its games.jsonl), or a games.jsonl file\n";

/* ------------------------------------------------------------------------ */
/* Reading games.jsonl                                                      */
/* ------------------------------------------------------------------------ */

/* One stored game into the ratings. */
static int add_stored(void *ctx, const StoredGame *sg, const char *line, size_t len, char *err, size_t errlen)
{
    (void)line, (void)len;
    return ratings_add_stored(ctx, sg, err, errlen);
}

int ratings_add_stored(RatingGames *g, const StoredGame *sg, char *err, size_t errlen)
{
    int r = ratings_engine(g, sg->side[0]), b = r < 0 ? -1 : ratings_engine(g, sg->side[1]);
    if (r < 0 || b < 0) return util_fail(err, errlen, "more than %d engines (or out of memory)", RATINGS_MAX_ENGINES);
    ratings_add_game(g, r, b, sg->points2);
    return 0;
}

int ratings_read_games(const char *path, RatingGames *g, char *err, size_t errlen)
{
    return record_read_file(path, NULL, false, add_stored, g, err, errlen);
}

/* A folder's stored games, the path itself for a file. */
static void games_path(const char *arg, char *out, size_t len)
{
    struct stat st;
    if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) record_games_path(arg, out, len);
    else snprintf(out, len, "%s", arg);
}

/* ------------------------------------------------------------------------ */
/* Printing                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct {
    const RatingGames *g;
    const RatingFit *fit;
    int order[RATINGS_MAX_ENGINES]; /* best first */
    int anchor;
    int64_t games;
} Report;

static void rank_engines(Report *r)
{
    int n = r->g->count;
    for (int i = 0; i < n; i++) r->order[i] = i;
    for (int i = 1; i < n; i++) /* insertion sort, stable: ties keep their first appearance */
        for (int j = i; j > 0 && r->fit->elo[r->order[j]] > r->fit->elo[r->order[j - 1]]; j--) {
            int t = r->order[j];
            r->order[j] = r->order[j - 1], r->order[j - 1] = t;
        }
}

static int name_width(const RatingGames *g)
{
    int w = 6;
    for (int i = 0; i < g->count; i++) w = (int)strlen(g->name[i]) > w ? (int)strlen(g->name[i]) : w;
    return w;
}

static void print_list(const Report *r)
{
    const RatingGames *g = r->g;
    int w = name_width(g);
    printf("ratings of %d engines from %lld game%s (maximum likelihood, Bradley-Terry, draws as half points;\n"
           "anchor: %s%s = 0; 95%% intervals from the Fisher information)\n",
           g->count, (long long)r->games, r->games == 1 ? "" : "s", r->anchor >= 0 ? "" : "the average",
           r->anchor >= 0 ? g->name[r->anchor] : "");
    printf("%4s  %-*s %6s %7s %8s  %-19s %6s %6s %6s\n", "rank", w, "engine", "games", "score", "Elo", "95% interval",
           "wins", "draws", "losses");
    for (int k = 0; k < g->count; k++) {
        int i = r->order[k];
        int64_t wdl[3] = {0, 0, 0};
        for (int j = 0; j < g->count; j++)
            for (int c = 0; c < 3; c++) wdl[c] += ratings_count(g, i, j, c);
        int64_t games = ratings_games_of(g, i);
        printf("%4d  %-*s %6lld %6.1f%% %+8.1f  [%+7.1f, %+7.1f]  %6lld %6lld %6lld\n", k + 1, w, g->name[i],
               (long long)games, 100 * ratings_points_of(g, i) / (double)games, r->fit->elo[i], r->fit->low[i],
               r->fit->high[i], (long long)wdl[0], (long long)wdl[1], (long long)wdl[2]);
    }
}

/* One matrix over the ranked engines: cell(i, j) formatted into a buffer. */
static void print_matrix(const Report *r, const char *title, void (*cellf)(const Report *, int, int, char *, size_t))
{
    const RatingGames *g = r->g;
    int w = name_width(g), cw = w > 9 ? w : 9;
    char text[64];
    printf("\n%s\n%-*s", title, w, "");
    for (int k = 0; k < g->count; k++) printf(" %*s", cw, g->name[r->order[k]]);
    printf("\n");
    for (int a = 0; a < g->count; a++) {
        printf("%-*s", w, g->name[r->order[a]]);
        for (int b = 0; b < g->count; b++) {
            cellf(r, r->order[a], r->order[b], text, sizeof text);
            printf(" %*s", cw, text);
        }
        printf("\n");
    }
}

static void los_cell(const Report *r, int i, int j, char *out, size_t len)
{
    double p = r->fit->los[i * r->g->count + j];
    if (isfinite(p)) snprintf(out, len, "%.1f", 100 * p);
    else snprintf(out, len, "-");
}

static void cross_cell(const Report *r, int i, int j, char *out, size_t len)
{
    int64_t w = ratings_count(r->g, i, j, 0), d = ratings_count(r->g, i, j, 1), l = ratings_count(r->g, i, j, 2);
    if (i == j || w + d + l == 0) snprintf(out, len, "-");
    else snprintf(out, len, "%g/%lld", (double)w + d / 2.0, (long long)(w + d + l));
}

static void wdl_cell(const Report *r, int i, int j, char *out, size_t len)
{
    int64_t w = ratings_count(r->g, i, j, 0), d = ratings_count(r->g, i, j, 1), l = ratings_count(r->g, i, j, 2);
    if (i == j || w + d + l == 0) snprintf(out, len, "-");
    else snprintf(out, len, "+%lld=%lld-%lld", (long long)w, (long long)d, (long long)l);
}

static void print_report(const Report *r)
{
    print_list(r);
    print_matrix(r, "LOS (%: the likelihood that the row engine is stronger than the column engine):", los_cell);
    print_matrix(r, "crosstable (the row engine's points / games against the column engine):", cross_cell);
    print_matrix(r, "W/D/L (the row engine's wins, draws and losses against the column engine):", wdl_cell);
}

static void json_report(const Report *r, Json *j, const char *key)
{
    const RatingGames *g = r->g;
    int n = g->count;
    json_begin_object(j, key);
    json_string(j, "model", "bradley-terry, draws as half points");
    json_string(j, "interval", "fisher information, 95%");
    json_string(j, "anchor", r->anchor >= 0 ? g->name[r->anchor] : NULL);
    json_int(j, "games", r->games);
    json_begin_array(j, "engines");
    for (int k = 0; k < n; k++) {
        int i = r->order[k];
        int64_t games = ratings_games_of(g, i);
        json_begin_object(j, NULL);
        json_string(j, "name", g->name[i]);
        json_int(j, "games", games);
        json_double(j, "score", ratings_points_of(g, i) / (double)games);
        json_double(j, "elo", r->fit->elo[i]);
        json_double(j, "elo_low", r->fit->low[i]);
        json_double(j, "elo_high", r->fit->high[i]);
        json_end_object(j);
    }
    json_end_array(j);
    json_begin_object(j, "crosstable");
    for (int a = 0; a < n; a++) {
        int i = r->order[a];
        json_begin_object(j, g->name[i]);
        for (int b = 0; b < n; b++) {
            int k = r->order[b];
            int64_t w = ratings_count(g, i, k, 0), d = ratings_count(g, i, k, 1), l = ratings_count(g, i, k, 2);
            if (k == i || w + d + l == 0) continue;
            json_begin_object(j, g->name[k]);
            json_int(j, "games", w + d + l);
            json_int(j, "wins", w);
            json_int(j, "draws", d);
            json_int(j, "losses", l);
            json_double(j, "score", ((double)w + d / 2.0) / (double)(w + d + l));
            json_end_object(j);
        }
        json_end_object(j);
    }
    json_end_object(j);
    json_begin_object(j, "los");
    for (int a = 0; a < n; a++) {
        json_begin_object(j, g->name[r->order[a]]);
        for (int b = 0; b < n; b++)
            if (a != b) json_double(j, g->name[r->order[b]], r->fit->los[r->order[a] * n + r->order[b]]);
        json_end_object(j);
    }
    json_end_object(j);
    json_end_object(j);
}

/* Fits g into *fit and fills *r (anchor engine index or -1). Returns 0 or -1 (err). */
static int fit_report(Report *r, const RatingGames *g, RatingFit *fit, int anchor, char *err, size_t errlen)
{
    *r = (Report){.g = g, .fit = fit, .anchor = anchor};
    if (ratings_fit(g, anchor, fit, err, errlen)) return -1;
    for (int i = 0; i < g->count; i++) r->games += ratings_games_of(g, i);
    r->games /= 2;
    rank_engines(r);
    return 0;
}

void ratings_json_member(Json *j, const char *key, const RatingGames *g)
{
    RatingFit fit;
    Report r;
    char err[512];
    if (fit_report(&r, g, &fit, -1, err, sizeof err) == 0) {
        json_report(&r, j, key);
        ratings_fit_free(&fit);
    } else {
        json_null(j, key);
    }
}

/* ------------------------------------------------------------------------ */
/* The command                                                              */
/* ------------------------------------------------------------------------ */

/* A parsed ratings command line. */
typedef struct {
    const char *anchor;
    bool json;
    const char **dirs; /* argc entries */
    int ndirs;
} RatingsArgs;

static int ratings_dir(void *target, const char *word, char *err, size_t errlen)
{
    RatingsArgs *a = target;
    (void)err, (void)errlen;
    a->dirs[a->ndirs++] = word;
    return 0;
}

const CliOpt RATINGS_OPTS[] = {
    CLI_OPT_TEXT("--anchor", NULL, "NAME", RatingsArgs, anchor, 1, 0, "the mean is 0", 0, "this engine is at Elo 0"),
    CLI_OPT_FLAG("--json", NULL, RatingsArgs, json, 0, "JSON on stdout instead of text"),
    CLI_OPT_END,
};

int ratings_command(int argc, char **argv)
{
    const char *dirs[argc > 0 ? argc : 1];
    RatingsArgs a = {NULL, false, dirs, 0};
    char err[PATH_BYTES + 512], path[PATH_BYTES];
    CliParse p = {cli_command("ratings"), &a, NULL, NULL, NULL, ratings_dir};
    if (cli_parse(&p, argc, argv, err, sizeof err)) return fprintf(stderr, "qibench ratings: %s\n", err), 2;
    if (a.ndirs == 0) return fprintf(stderr, "qibench ratings: expected at least one run folder\n%s", USAGE), 2;
    const char *anchor_name = a.anchor;
    bool json = a.json;
    RatingGames g;
    RatingFit fit;
    int rc;
    ratings_games_init(&g);
    for (int i = 0; i < a.ndirs; i++) {
        games_path(a.dirs[i], path, sizeof path);
        if (ratings_read_games(path, &g, err, sizeof err)) goto fail;
    }
    Report r;
    int anchor = -1;
    if (anchor_name) {
        for (int i = 0; i < g.count; i++)
            if (strcmp(g.name[i], anchor_name) == 0) anchor = i;
        if (anchor < 0) {
            util_fail(err, sizeof err, "--anchor %s: no engine of that name in the games", anchor_name);
            goto fail;
        }
    }
    if (fit_report(&r, &g, &fit, anchor, err, sizeof err)) goto fail;
    if (json) {
        Json j;
        json_init(&j);
        json_report(&r, &j, NULL);
        rc = json_write_line(&j, stdout) ? 1 : 0;
        json_free(&j);
    } else {
        print_report(&r);
        rc = fflush(stdout) ? 1 : 0;
    }
    ratings_fit_free(&fit);
    ratings_games_free(&g);
    if (rc) fprintf(stderr, "qibench ratings: cannot write the output\n");
    return rc;
fail: /* what was given cannot be rated: an input error */
    fprintf(stderr, "qibench ratings: %s\n", err);
    ratings_games_free(&g);
    return 2;
}
