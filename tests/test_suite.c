/*
 * test_suite.c - suite/stored.c, `qibench suite --resume`'s reader of an
 * interrupted run's searches.jsonl: a line as suite.c writes it read back
 * into its job (the reply, the best move, solved), a failed search kept as
 * failed; every kind of line that does not belong to the run refused with
 * its file, line and what was expected, nothing changed; a torn last line
 * cut off the file.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <fcntl.h>

#include "board.h"
#include "movegen.h"
#include "suite/suite_impl.h"
#include "testhelp.h"

#define XQ game_by_name("xiangqi")

static char dir[] = "/tmp/test_suite_XXXXXX";
static char epd_path[256], jsonl_path[256], err_path[256];
static EngineList engines;
static SuiteOptions opt;
static Runner run;
static Job jobs[2];
static char said[2048]; /* what suite_read_back printed on stderr */

/* The good line of position p1 (the start position, bm h2e2): found, solved. */
static char good[2048], failed_line[2048];

static void make_lines(void)
{
    snprintf(good, sizeof good,
             "{\"engine\":\"a\",\"variant\":null,\"position\":\"p1\",\"fen\":\"%s\",\"limit\":{\"depth\":1,\"nodes\":0,"
             "\"movetime\":0},\"status\":\"ok\",\"error\":null,\"depth\":1,\"seldepth\":2,\"nodes\":44,\"time_ms\":3,"
             "\"wall_ms\":4,\"nps\":14666,\"score\":{\"cp\":25},\"bestmove\":\"h2e2\",\"pv\":\"h2e2\",\"iterations\":["
             "{\"depth\":1,\"nodes\":44,\"time_ms\":3,\"cp\":25,\"move\":\"h2e2\"}],\"expected\":{\"bm\":[\"h2e2\"],"
             "\"am\":[],\"dm\":0},\"solved\":true}\n",
             run.suite.entries[0].fen);
    snprintf(failed_line, sizeof failed_line,
             "{\"engine\":\"a\",\"variant\":null,\"position\":\"p2\",\"fen\":\"%s\",\"limit\":{\"depth\":1,\"nodes\":0,"
             "\"movetime\":0},\"status\":\"stall\",\"error\":\"a: no move in time\",\"depth\":0,\"seldepth\":0,"
             "\"nodes\":0,\"time_ms\":0,\"wall_ms\":9000,\"nps\":0,\"score\":null,\"bestmove\":null,\"pv\":\"\","
             "\"iterations\":[],\"expected\":{\"bm\":[],\"am\":[],\"dm\":0},\"solved\":null}\n",
             run.suite.entries[1].fen);
}

/* text with its first `from` replaced by `to` (a static buffer). */
static const char *edit(const char *text, const char *from, const char *to)
{
    static char out[4096];
    const char *at = strstr(text, from);
    if (!at) return "(edit not found)\n";
    snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) fputs(text, f), fclose(f);
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* searches.jsonl holding text (NULL: none) read back into fresh jobs; what
 * it said on stderr into `said`. Returns suite_read_back's. */
static int read_back(const char *text)
{
    remove(jsonl_path);
    if (text) write_file(jsonl_path, text);
    memset(jobs, 0, sizeof jobs);
    for (int p = 0; p < 2; p++) jobs[p].position = p, jobs[p].status = CLIENT_START_FAILED;
    run.restored = run.done = 0;
    fflush(stderr);
    int saved = dup(2), fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 2);
    int rc = suite_read_back(&run);
    fflush(stderr);
    dup2(saved, 2);
    close(saved), close(fd);
    FILE *f = fopen(err_path, "r");
    size_t n = f ? fread(said, 1, sizeof said - 1, f) : 0;
    said[n] = '\0';
    if (f) fclose(f);
    return rc;
}

static void test_good(void)
{
    CHECK(read_back(NULL) == 0 && run.restored == 0 && said[0] == '\0', "no file: nothing read, nothing said: %s", said);
    CHECK(read_back(good) == 0 && run.restored == 1 && run.done == 1, "a good line: read (%s)", said);
    const Job *j = &jobs[0];
    CHECK(j->stored && j->status == CLIENT_OK && j->solved == 1 && !jobs[1].stored, "p1 stored, solved; p2 not");
    CHECK(j->reply.nodes == 44 && j->reply.depth == 1 && j->reply.seldepth == 2 && j->reply.time_ms == 3
              && j->reply.wall_ms == 4 && j->reply.nps == 14666 && j->reply.has_score && !j->reply.mate
              && j->reply.score == 25 && strcmp(j->reply.pv, "h2e2") == 0,
          "p1's reply");
    CHECK(j->reply.best == run.suite.entries[0].bm[0], "p1's best move is h2e2");
    CHECK(j->reply.niter == 1 && j->reply.iter[0].nodes == 44 && j->reply.iter[0].depth == 1
              && strcmp(j->reply.iter[0].move, "h2e2") == 0,
          "p1's iterations");
    char both[4096];
    snprintf(both, sizeof both, "%s%s", good, failed_line);
    CHECK(read_back(both) == 0 && run.restored == 2 && jobs[1].stored && jobs[1].status == CLIENT_STALL
              && strcmp(jobs[1].err, "a: no move in time") == 0 && jobs[1].solved == -1,
          "a failed search is kept as failed (%s)", said);
}

/* Each line refused: exit -1, one line naming the file, line and what. */
static void refused(const char *text, int line, const char *why)
{
    char where[300];
    snprintf(where, sizeof where, "qibench suite: %s:%d: ", jsonl_path, line);
    long before = (long)strlen(text);
    int rc = read_back(text);
    CHECK(rc == -1 && strncmp(said, where, strlen(where)) == 0 && strstr(said, why) && strchr(said, '\n') == strrchr(said, '\n'),
          "line %d refused with '%s': rc %d, said %s", line, why, rc, said);
    CHECK(file_size(jsonl_path) == before, "nothing changed after '%s'", why);
}

static void test_refused(void)
{
    char twice[4096];
    snprintf(twice, sizeof twice, "%s%s", good, good);
    refused(twice, 2, "'a' on 'p1' is recorded twice");
    refused(edit(good, "\"engine\":\"a\"", "\"engine\":\"zz\""), 1, "'zz' is not an engine of this run");
    refused(edit(good, "\"position\":\"p1\"", "\"position\":\"p9\""), 1, "position 'p9' is not in");
    refused(edit(good, " w ", " b "), 1, "(was the suite changed?)");
    refused(edit(good, "\"limit\":{\"depth\":1", "\"limit\":{\"depth\":2"), 1, "\"limit\" is not the engine's");
    refused(edit(good, "\"status\":\"ok\"", "\"status\":\"fine\""), 1, "unknown \"status\" 'fine'");
    refused(edit(good, "\"error\":null", "\"error\":\"x\""), 1, "expected \"error\" null");
    refused(edit(good, "\"bestmove\":\"h2e2\"", "\"bestmove\":\"a0a5\""), 1, "'a0a5' is not a legal move here");
    refused(edit(good, "\"solved\":true", "\"solved\":false"), 1, "expected \"solved\" true");
    refused(edit(good, "\"nodes\":44,\"time_ms\":3,\"wall", "\"nodes\":-1,\"time_ms\":3,\"wall"), 1,
            "expected \"nodes\" a whole number");
    refused(edit(good, "\"seldepth\":2", "\"seldepth\":2.5"), 1, "expected \"seldepth\" a whole number");
    refused(edit(good, "\"score\":{\"cp\":25}", "\"score\":{\"cp\":\"25\"}"), 1, "expected \"cp\" a whole number");
    refused(edit(good, "\"iterations\":[{", "\"iterations\":[7,{"), 1, "expected each iteration an object");
    refused(edit(good, "}\n", "\n"), 1, "expected a JSON object");
    refused("[1]\n", 1, "expected a JSON object");
    char broken[4096];
    snprintf(broken, sizeof broken, "{\"engine\n%s", good);
    refused(broken, 1, "expected a JSON object");
}

static void test_torn(void)
{
    char torn[4096];
    snprintf(torn, sizeof torn, "%s{\"engine\":\"a\",\"pos", good);
    CHECK(read_back(torn) == 0 && run.restored == 1 && jobs[0].stored && !jobs[1].stored, "torn: the whole line read");
    CHECK(file_size(jsonl_path) == (long)strlen(good), "torn: the file cut back to its whole line (%ld bytes)",
          file_size(jsonl_path));
    CHECK(strstr(said, ":2: discarded a torn last line") != NULL, "torn: said so: %s", said);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    char err[512];
    if (!mkdtemp(dir)) return fprintf(stderr, "cannot make a temporary folder\n"), 1;
    snprintf(epd_path, sizeof epd_path, "%s/two.epd", dir);
    snprintf(jsonl_path, sizeof jsonl_path, "%s/searches.jsonl", dir);
    snprintf(err_path, sizeof err_path, "%s/err.txt", dir);
    write_file(epd_path, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;bm h2e2 ;id \"p1\"\n"
                         "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b ;id \"p2\"\n");
    engines.count = 1;
    snprintf(engines.engines[0].spec.name, sizeof engines.engines[0].spec.name, "a");
    engines.engines[0].limits.depth = 1;
    opt = (SuiteOptions){.game = XQ, .suite_path = epd_path, .engines = &engines, .concurrency = 1, .run_dir = dir,
                         .resume = true};
    run.opt = &opt;
    run.jobs = jobs;
    run.njobs = 2;
    run.defender = -1;
    CHECK(epd_load(XQ, epd_path, &run.suite, err, sizeof err) == 0, "the suite: %s", err);
    if (run.suite.count == 2) {
        make_lines();
        test_good();
        test_refused();
        test_torn();
    }
    epd_free(&run.suite);
    remove(jsonl_path), remove(err_path), remove(epd_path), rmdir(dir);
    return TEST_REPORT();
}
