/*
 * results/json.h - writing JSON objects into a memory buffer, one line each, for
 * the results files (JSON Lines). Reading them back is results/jsonread.h,
 * the one JSON parser.
 */
#ifndef HARNESS_JSON_H
#define HARNESS_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    char *buf;     /* NUL-terminated text so far (heap; freed by json_free) */
    size_t len, cap;
    int depth;     /* nesting level */
    bool need_comma;
    bool oom;      /* an allocation failed: the text is incomplete */
} Json;

/* Starts an empty text (sets oom if even that cannot be allocated). */
void json_init(Json *j);
/* Frees the text; j may be NULL. j can be json_init'ed again afterwards. */
void json_free(Json *j);

void json_begin_object(Json *j, const char *key); /* key NULL inside arrays / at top */
void json_end_object(Json *j);
void json_begin_array(Json *j, const char *key);
void json_end_array(Json *j);
void json_string(Json *j, const char *key, const char *value); /* escapes per RFC 8259; NULL -> null */
void json_int(Json *j, const char *key, int64_t value);
void json_uint(Json *j, const char *key, uint64_t value);
void json_double(Json *j, const char *key, double value);      /* %.6g, more digits if needed to read back the same double; non-finite -> null */
void json_bool(Json *j, const char *key, bool value);
void json_null(Json *j, const char *key);

/*
 * Writes the finished object as one line (text + '\n') with a single
 * fwrite, then fflush (no fsync): returns 0, or -1 if the text is
 * incomplete (oom, empty, or an object or array left open) or the write
 * failed. j is left as it was (json_free it). The file should be opened in
 * append mode so that concurrent writers never interleave lines.
 */
int json_write_line(Json *j, FILE *f);

/* The members a summary.json starts with: "tool": "qibench", "version"
 * (the git hash of the build, or null) and "command". */
void json_summary_header(Json *j, const char *command);

/*
 * Writes the finished object as the whole of dir/name, replacing it at
 * once: written to dir/name.tmp, then renamed, so a reader never sees half
 * a file. Returns 0 or -1 (j is left as it was).
 */
int json_write_file(Json *j, const char *dir, const char *name);

#endif
