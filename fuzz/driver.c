/*
 * driver.c - replays fuzz inputs without libFuzzer, so that the regression
 * corpus runs under any compiler (gcc with ASan + UBSan in `make test`).
 *
 *     build/san-release/fuzz/replay/fuzz_fen FILE|DIR...
 *
 * Every file named, and every regular file directly inside a directory named
 * (in name order, dot files skipped), is one check: it is read into a buffer
 * of exactly its size and passed to LLVMFuzzerTestOneInput in a child
 * process, so that a crash, a sanitizer report, an abort() or a hang (more
 * than REPLAY_TIMEOUT_SECONDS) fails that input alone. A path that does not
 * exist counts as an empty directory (a target may have no regress/ folder).
 * The last line is "N passed, N failed"; the exit status is 0 only when
 * nothing failed.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* An input that runs longer than this is a hang (libFuzzer's -timeout=10). */
#define REPLAY_TIMEOUT_SECONDS 10

/* The fuzz target, defined by the fuzz_*.c file linked with this driver. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    int passed, failed;
} Tally;

/* Reads the whole file into a malloc'd buffer of exactly its size (one byte
 * at least, so that malloc(0) is never asked). Returns NULL on error. */
static uint8_t *read_input(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    uint8_t *buf = NULL;
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || st.st_size < 0) goto fail;
    *size = (size_t)st.st_size;
    buf = malloc(*size ? *size : 1);
    if (!buf || fread(buf, 1, *size, f) != *size) goto fail;
    fclose(f);
    return buf;
fail:
    free(buf);
    fclose(f);
    return NULL;
}

/* Runs one input in a child process; returns 0 when it passed. */
static int replay_one(const char *path)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: fork: %s\n", path, strerror(errno));
        return -1;
    }
    if (pid == 0) {
        size_t size;
        uint8_t *data = read_input(path, &size);
        if (!data) {
            fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errno));
            _exit(2);
        }
        alarm(REPLAY_TIMEOUT_SECONDS);
        LLVMFuzzerTestOneInput(data, size);
        free(data);
        exit(0); /* exit, not _exit: LeakSanitizer runs at exit */
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            fprintf(stderr, "%s: waitpid: %s\n", path, strerror(errno));
            return -1;
        }
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return 0;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
        fprintf(stderr, "FAIL: %s: hung for more than %d s\n", path, REPLAY_TIMEOUT_SECONDS);
    else if (WIFSIGNALED(status))
        fprintf(stderr, "FAIL: %s: killed by signal %d\n", path, WTERMSIG(status));
    else
        fprintf(stderr, "FAIL: %s: exit status %d\n", path, WEXITSTATUS(status));
    return -1;
}

static void count(Tally *t, const char *path)
{
    if (replay_one(path) == 0)
        t->passed++;
    else
        t->failed++;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Replays the regular files directly inside dir, in name order. Returns 0,
 * or -1 when the directory cannot be read (a missing one is empty). */
static int replay_dir(Tally *t, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return errno == ENOENT ? 0 : -1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        if (ent->d_name[0] == '.') continue;
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : 64;
            char **grown = realloc(names, ncap * sizeof *grown);
            if (!grown) goto fail;
            names = grown;
            cap = ncap;
        }
        size_t len = strlen(dir) + strlen(ent->d_name) + 2;
        if (!(names[n] = malloc(len))) goto fail;
        snprintf(names[n++], len, "%s/%s", dir, ent->d_name);
    }
    if (n > 1) qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) count(t, names[i]);
    }
    goto done;
fail:
    rc = -1;
done:
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    closedir(d);
    return rc;
}

int main(int argc, char **argv)
{
    Tally t = {0, 0};
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n  replays fuzz inputs through the target; "
                        "the last line is \"N passed, N failed\"\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            if (replay_dir(&t, argv[i]) != 0) {
                fprintf(stderr, "FAIL: cannot read %s: %s\n", argv[i], strerror(errno));
                t.failed++;
            }
        } else if (stat(argv[i], &st) == 0 || errno != ENOENT) {
            count(&t, argv[i]);
        }
    }
    printf("%d passed, %d failed\n", t.passed, t.failed);
    return t.failed ? 1 : 0;
}
