/*
 * results/check.h - what makes a run's files tamper-evident: the checksum
 * every line of run.json and games.jsonl ends with, and the replay of a
 * stored game under the rules.
 *
 * A sealed line is a JSON object whose last member is "check": sixteen
 * hexadecimal digits of FNV-1a (64 bits) over the seed, a '\n', and the
 * line's text before ,"check": (the object without that member and its
 * closing brace). run.json's seed is empty; the first game line's is
 * run.json's check, each later line's the check of the line before. So a
 * changed line, and a line deleted, added, duplicated or moved, breaks the
 * chain at the line where it happened, and the games of another run do
 * not fit this run.json. It guards against accidents and edits by hand,
 * not against someone who recomputes the chain (FNV is no signature).
 */
#ifndef HARNESS_RESULTS_CHECK_H
#define HARNESS_RESULTS_CHECK_H

#include <stddef.h>

#include "results/json.h"

#define CHECK_BYTES 17 /* 16 hex digits and the NUL */

/* The checksum of text[0..len) after seed (NULL: "") into out. */
void check_text(const char *seed, const char *text, size_t len, char out[CHECK_BYTES]);

/* Closes the open top-level object of j with a "check" member sealing it
 * (seed NULL: ""); the check goes to out when out is not NULL. */
void check_seal(Json *j, const char *seed, char out[CHECK_BYTES]);

/*
 * Verifies a sealed line (len bytes, without or with its '\n'): 0 with
 * its check in out; -1 when it does not end with a "check" member (not
 * sealed, or cut); -2 when the check is not the one its text and seed give.
 */
int check_line(const char *line, size_t len, const char *seed, char out[CHECK_BYTES]);

/* What dir/run.json is: sealed (its check, verified, into out), missing,
 * not sealed (written before the checksums, or cut), changed after it was
 * sealed, or more than one line. */
enum { CHECK_SEALED, CHECK_MISSING, CHECK_UNSEALED, CHECK_CHANGED, CHECK_EXTRA };
int check_run_json_state(const char *dir, char out[CHECK_BYTES]);

/*
 * dir/run.json's check, verified, into out (the seed of its games.jsonl).
 * Returns 0, or -1 with err: "DIR/run.json:1: ..." naming what is wrong.
 */
int check_run_json(const char *dir, char out[CHECK_BYTES], char *err, size_t errlen);

#endif
