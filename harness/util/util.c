/*
 * util/util.c - see util/util.h: error text, mkdir -p, the monotonic clock, the
 * program's own path, the closest name to a typo.
 */
#define _XOPEN_SOURCE 700 /* readlink, nanosleep */
#include "util/util.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int util_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void util_skip_bom(FILE *f)
{
    unsigned char b[3];
    size_t n = fread(b, 1, 3, f);
    if (n == 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) return;
    if (fseek(f, 0, SEEK_SET) != 0) /* not seekable: give back what fits */
        for (size_t i = n; i > 0; i--) ungetc(b[i - 1], f);
}

int util_make_dirs(const char *path)
{
    char buf[PATH_MAX];
    if (strlen(path) >= sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0777) && errno != EEXIST) return -1;
            *p = '/';
        }
    return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

int64_t util_monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int util_remaining_ms(int64_t deadline)
{
    if (deadline < 0) return -1;
    int64_t left = deadline - util_monotonic_ms();
    if (left <= 0) return 0;
    return left > INT32_MAX ? INT32_MAX : (int)left;
}

void util_sleep_ms(int ms)
{
    if (ms <= 0) return;
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

int util_self_path(char *out, size_t len)
{
    if (len == 0) return errno = EINVAL, -1;
    ssize_t n = readlink("/proc/self/exe", out, len - 1);
    if (n <= 0 || (size_t)n >= len - 1) {
        if (n > 0) errno = ENAMETOOLONG;
        out[0] = '\0';
        return -1;
    }
    out[n] = '\0';
    return 0;
}

int util_self_dir(char *out, size_t len)
{
    if (util_self_path(out, len)) return -1;
    char *slash = strrchr(out, '/');
    if (slash) *slash = '\0';
    return 0;
}

int util_edit_distance(const char *a, size_t alen, const char *b, size_t blen)
{
    int row[64];
    if (alen > 63 || blen > 63) return 1000;
    for (size_t j = 0; j <= blen; j++) row[j] = (int)j;
    for (size_t i = 1; i <= alen; i++) {
        int diagonal = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= blen; j++) {
            int up = row[j], best = diagonal + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            diagonal = up;
            row[j] = best;
        }
    }
    return row[blen];
}

bool util_is_close(int d, size_t len)
{
    int most = len <= 4 ? 1 : len <= 9 ? 2 : 3;
    return d <= most && (size_t)d < len;
}

const char *util_closest(const char *word, const char *const *names, int count)
{
    const char *best = NULL;
    int best_d = 1000;
    for (int k = 0; k < count; k++) {
        int d = util_edit_distance(word, strlen(word), names[k], strlen(names[k]));
        if (d < best_d) best = names[k], best_d = d;
    }
    return best && util_is_close(best_d, strlen(word)) ? best : NULL;
}
