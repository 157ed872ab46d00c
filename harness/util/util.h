/*
 * util/util.h - the small helpers every part of the harness shares, one of each:
 * a one-line error into a caller's buffer, mkdir -p, the monotonic clock in
 * milliseconds, where this program lives, and the closest name to a typo
 * ("did you mean").
 */
#ifndef HARNESS_UTIL_H
#define HARNESS_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Formats a one-line reason into err (cut to errlen - 1 characters) and
 * returns -1, so that an error path reads `return util_fail(err, errlen,
 * "bad %s", x);`. err NULL or errlen 0: nothing is written.
 */
int util_fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * mkdir -p: creates path and every missing folder above it (mode 0777
 * before the umask). An existing folder is fine. Returns 0, or -1 with
 * errno set (ENAMETOOLONG for a path of PATH_MAX bytes or more).
 */
int util_make_dirs(const char *path);

/* Skips a UTF-8 byte order mark (EF BB BF) at the start of f, just
 * opened; anything else is left unread. Every text input calls it. */
void util_skip_bom(FILE *f);

/* Milliseconds on CLOCK_MONOTONIC (from an arbitrary start; never jumps). */
int64_t util_monotonic_ms(void);

/*
 * Milliseconds left until deadline (a util_monotonic_ms value), never
 * negative and at most INT32_MAX; a negative deadline means "none" and
 * gives -1 (as poll's "forever").
 */
int util_remaining_ms(int64_t deadline);

/* Sleeps ms milliseconds (0 or less: returns at once), across signals. */
void util_sleep_ms(int ms);

/*
 * The path of this executable (readlink /proc/self/exe) into out. Returns
 * 0, or -1 with errno set and out "" when it cannot be read or does not
 * fit in len - 1 bytes.
 */
int util_self_path(char *out, size_t len);

/*
 * The folder this executable is in (util_self_path without its last
 * component) into out. Returns 0, or -1 with errno set and out "".
 */
int util_self_dir(char *out, size_t len);

/* The one of names[0..count-1] closest to word by edit distance, if close
 * enough to be a likely typo (1 edit in a word of up to 4 letters, 2 up to
 * 9, else 3); else NULL. */
const char *util_closest(const char *word, const char *const *names, int count);

/* The edit distance (insertions, deletions, substitutions) between the
 * first alen bytes of a and the first blen of b, each at most 63 long (a
 * longer one counts as far). */
int util_edit_distance(const char *a, size_t alen, const char *b, size_t blen);

/* Is an edit distance d to a word of len bytes close enough for "did you
 * mean" (the rule of util_closest)? */
bool util_is_close(int d, size_t len);

#endif
