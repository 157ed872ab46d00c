/*
 * test_stats_cmd.c - `qibench stats` (harness/stats/stats_cmd.c): its command
 * line (counts, --sprt words, --json, every kind of bad input as one line)
 * and its text and JSON output against hand-computed values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats_cmd.h"
#include "testhelp.h"

static int parse(const char *line, StatsCommand *cmd, char *err, size_t errlen)
{
    static char buf[512];
    char *argv[32];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *tok = strtok(buf, " "); tok && argc < 32; tok = strtok(NULL, " ")) argv[argc++] = tok;
    return stats_parse_command(argc, argv, cmd, err, errlen);
}

static void test_parse(void)
{
    StatsCommand cmd;
    char err[256];
    CHECK(parse("stats --wdl 1,2,3", &cmd, err, sizeof err) == 0 && !cmd.is_penta && cmd.wdl[0] == 1 &&
              cmd.wdl[1] == 2 && cmd.wdl[2] == 3 && !cmd.has_sprt && !cmd.json,
          "--wdl 1,2,3");
    CHECK(parse("stats --penta 1,2,3,4,5 --json --sprt elo0=-1.5 elo1=2 alpha=0.1 model=logistic", &cmd, err,
                sizeof err) == 0,
          "penta + sprt: %s", err);
    CHECK(cmd.is_penta && cmd.penta[4] == 5 && cmd.json && cmd.has_sprt && cmd.sprt.elo0 == -1.5 &&
              cmd.sprt.elo1 == 2 && cmd.sprt.alpha == 0.1 && cmd.sprt.beta == 0.05 && cmd.sprt.model == SPRT_LOGISTIC,
          "penta + sprt values");
    CHECK(parse("stats --sprt elo0=0 elo1=2 --wdl 0,0,0", &cmd, err, sizeof err) == 0 &&
              cmd.sprt.model == SPRT_NORMALIZED,
          "default model normalized");
    CHECK(parse("stats --wdl 1,2", &cmd, err, sizeof err) == -1 &&
              strcmp(err, "--wdl: expected W,D,L (three whole numbers), got '1,2'") == 0,
          "--wdl 1,2: %s", err);
    static const char *const bad[] = {
        "stats",
        "stats --wdl",
        "stats --wdl 1,2,3,4",
        "stats --wdl -1,2,3",
        "stats --wdl 1,,3",
        "stats --wdl 1,2,3x",
        "stats --wdl +1,2,3",
        "stats --wdl 1.5,2,3",
        "stats --wdl 99999999999999999999,1,1",
        "stats --penta 1,2,3,4",
        "stats --wdl 1,2,3 --penta 1,2,3,4,5",
        "stats --wdl 1,2,3 --wdl 1,2,3",
        "stats --wdl 1,2,3 --sprt",
        "stats --wdl 1,2,3 --sprt elo0=0",
        "stats --wdl 1,2,3 --sprt elo0=2 elo1=1",
        "stats --wdl 1,2,3 --sprt elo0=0 elo1=x",
        "stats --wdl 1,2,3 --sprt elo0=0 elo1=nan",
        "stats --wdl 1,2,3 --sprt elo0=0 elo1=2 model=bayes",
        "stats --wdl 1,2,3 --sprt elo0=0 elo1=2 gamma=1",
        "stats --wdl 1,2,3 --sprt elo0=0 elo1=2 alpha=0",
        "stats --wdl 1,2,3 --frobnicate",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        CHECK(parse(bad[i], &cmd, err, sizeof err) == -1 && err[0] && !strchr(err, '\n'), "accepted: %s", bad[i]);
    }
}

/* Runs the command line into a string (caller frees); NULL on failure. */
static char *run_to_text(const char *line, int *rc)
{
    StatsCommand cmd;
    char err[256], *text = NULL;
    size_t len = 0;
    if (parse(line, &cmd, err, sizeof err)) return NULL;
    FILE *f = open_memstream(&text, &len);
    if (!f) return NULL;
    *rc = stats_run_command(&cmd, f, err, sizeof err);
    fclose(f);
    return text;
}

static void test_output(void)
{
    static const char *const lines[] = {
        "stats --wdl 0,0,0", "stats --wdl 0,0,0 --json", "stats --wdl 10,0,0 --sprt elo0=0 elo1=5",
        "stats --wdl 0,50,0 --json --sprt elo0=0 elo1=5", "stats --penta 0,0,0,0,0 --sprt elo0=0 elo1=5",
        "stats --penta 0,0,30,0,0 --json", "stats --penta 0,0,0,0,104 --sprt elo0=0 elo1=5 model=logistic",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        int rc = -1;
        char *text = run_to_text(lines[i], &rc);
        CHECK(text && rc == 0, "%s: rc %d", lines[i], rc);
        CHECK(text && !strstr(text, "nan") && !strstr(text, "inf"), "%s printed nan/inf:\n%s", lines[i], text);
        free(text);
    }
    int rc = -1;
    char *text = run_to_text("stats --wdl 136,111,96", &rc);
    CHECK(text && strstr(text, "elo: 40.70 +/- 30.43") && strstr(text, "nelo: 49.77 +/- 36.77") &&
              strstr(text, "los: 99.57%") && strstr(text, "draw ratio: 32.36%") && strstr(text, "score: 0.5583"),
          "text output:\n%s", text ? text : "(none)");
    free(text);
    text = run_to_text("stats --wdl 0,0,0 --json", &rc);
    CHECK(text && strcmp(text, "{\"games\":0,\"pairs\":null,\"wins\":0,\"draws\":0,\"losses\":0,\"score\":null,"
                               "\"elo\":null,\"elo_error\":null,\"los\":null,\"draw_ratio\":null,\"nelo\":null,"
                               "\"nelo_error\":null,\"llr\":null,\"lower_bound\":null,\"upper_bound\":null,"
                               "\"verdict\":null}\n") == 0,
          "json for no games: %s", text ? text : "(none)");
    free(text);
    text = run_to_text("stats --penta 127,4883,10712,5150,104 --sprt elo0=-1.75 elo1=0.25", &rc);
    CHECK(text && strstr(text, "llr: 3.010 (lower bound -2.944, upper bound 2.944)") && strstr(text, "verdict: H1"),
          "sprt text:\n%s", text ? text : "(none)");
    free(text);
    text = run_to_text("stats --penta 1,2,3,2,1 --sprt elo0=0 elo1=1000", &rc);
    CHECK(rc == -1, "normalized 0..1000 should fail, rc %d", rc);
    free(text);
}

int main(void)
{
    test_parse();
    test_output();
    return TEST_REPORT();
}
