/*
 * results/json.h - writing JSON objects into a memory buffer, one line each, for
 * the results files (JSON Lines), and reading them back for --resume.
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

/*
 * Finds "key": in a one-line JSON object and copies its string value
 * (unescaped, \uXXXX as UTF-8) or its raw text (numbers, true, false,
 * null, nested objects and arrays) into out. The first member with that
 * name at any depth, in text order, counts. Returns true if found; false,
 * with out = "", when absent, malformed before it, or too long for out.
 * Keys of 256 bytes or more never match; nesting deeper than 64 levels
 * counts as malformed. For --resume, which reads back the keys it wrote.
 */
bool json_get(const char *line, const char *key, char *out, size_t outlen);

/*
 * Finds "key": like json_get and reads its value as an array of strings
 * (each under 4 KB, the array under 64 KB): *items is a NULL-terminated,
 * heap-allocated list (free with json_free_strings). Returns the count, or
 * -1 (and *items NULL) when absent, malformed or not all strings.
 */
int json_get_strings(const char *line, const char *key, char ***items);
void json_free_strings(char **items);

#endif
