/*
 * results/check.c - run.json and games.jsonl checksums (results/check.h).
 */
#include "results/check.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull
#define CHECK_KEY ",\"check\":\""

static uint64_t fnv_add(uint64_t h, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * FNV_PRIME;
    return h;
}

void check_text(const char *seed, const char *text, size_t len, char out[CHECK_BYTES])
{
    uint64_t h = FNV_OFFSET;
    if (seed) h = fnv_add(h, seed, strlen(seed));
    h = fnv_add(h, "\n", 1);
    h = fnv_add(h, text, len);
    snprintf(out, CHECK_BYTES, "%016llx", (unsigned long long)h);
}

void check_seal(Json *j, const char *seed, char out[CHECK_BYTES])
{
    char c[CHECK_BYTES];
    check_text(seed, j->buf ? j->buf : "", j->len, c);
    json_string(j, "check", c);
    json_end_object(j);
    if (out) memcpy(out, c, CHECK_BYTES);
}

int check_line(const char *line, size_t len, const char *seed, char out[CHECK_BYTES])
{
    size_t key = strlen(CHECK_KEY), tail = key + CHECK_BYTES - 1 + 2; /* ,"check":" hex "} */
    if (len && line[len - 1] == '\n') len--;
    if (len < tail + 1 || memcmp(line + len - 2, "\"}", 2) != 0 || memcmp(line + len - tail, CHECK_KEY, key) != 0)
        return -1;
    const char *stored = line + len - tail + key;
    for (int i = 0; i < CHECK_BYTES - 1; i++)
        if (!strchr("0123456789abcdef", stored[i])) return -1;
    char want[CHECK_BYTES];
    check_text(seed, line, len - tail, want);
    if (memcmp(want, stored, CHECK_BYTES - 1) != 0) return -2;
    memcpy(out, want, CHECK_BYTES);
    return 0;
}

int check_run_json_state(const char *dir, char out[CHECK_BYTES])
{
    char path[1200];
    snprintf(path, sizeof path, "%s/run.json", dir);
    FILE *f = fopen(path, "r");
    if (!f) return CHECK_MISSING;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, f);
    int extra = n > 0 && fgetc(f) != EOF;
    fclose(f);
    int rc = n > 0 ? check_line(line, (size_t)n, NULL, out) : -1;
    free(line);
    return extra ? CHECK_EXTRA : rc == 0 ? CHECK_SEALED : rc == -2 ? CHECK_CHANGED : CHECK_UNSEALED;
}

int check_run_json(const char *dir, char out[CHECK_BYTES], char *err, size_t errlen)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/run.json", dir);
    switch (check_run_json_state(dir, out)) {
    case CHECK_SEALED: return 0;
    case CHECK_MISSING: return util_fail(err, errlen, "cannot open %s for reading: %s", path, strerror(errno));
    case CHECK_EXTRA: return util_fail(err, errlen, "%s:2: expected run.json to be one line", path);
    case CHECK_CHANGED:
        return util_fail(err, errlen, "%s:1: the checksum does not match: run.json was changed after the run wrote it",
                         path);
    default: return util_fail(err, errlen, "%s:1: expected run.json to end with its \"check\" (written by qibench)", path);
    }
}
