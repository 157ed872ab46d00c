/*
 * results/jsonread.h - the one JSON parser: a strict RFC 8259 reader for one
 * JSON text (a line of a JSON Lines file) into a small tree. Every reader
 * of the results takes its values from it (the stored games through
 * results/record.h); results/json.h writes them.
 */
#ifndef HARNESS_JSONREAD_H
#define HARNESS_JSONREAD_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { JV_NULL, JV_BOOL, JV_NUMBER, JV_STRING, JV_ARRAY, JV_OBJECT } JvType;

typedef struct JsonValue JsonValue;
struct JsonValue {
    JvType type;
    bool boolean;      /* JV_BOOL */
    double number;     /* JV_NUMBER */
    char *string;      /* JV_STRING: UTF-8, NUL-terminated (an embedded \u0000 is refused) */
    int count;         /* JV_ARRAY items, JV_OBJECT members */
    JsonValue *items;  /* JV_ARRAY items, JV_OBJECT values */
    char **keys;       /* JV_OBJECT keys, in text order */
};

/*
 * Parses text (the whole of it, surrounding white space allowed; nesting
 * at most 64 deep) into *out. Returns 0, or -1 with a one-line reason in
 * err ("at byte 17: expected ':'") and *out a JV_NULL that needs no free.
 * On success free *out with jv_free.
 */
int jv_parse(const char *text, JsonValue *out, char *err, size_t errlen);

/* Frees what jv_parse allocated inside v (v itself is the caller's); v may be NULL. */
void jv_free(JsonValue *v);

/* The value of member key of an object (the last one if repeated), or NULL
 * when v is NULL, not an object or has no such member. */
const JsonValue *jv_get(const JsonValue *v, const char *key);

/* The string of member key, or NULL when absent or not a string. */
const char *jv_get_string(const JsonValue *v, const char *key);

/* Member key as a number into *out: true when present and a number. */
bool jv_get_number(const JsonValue *v, const char *key, double *out);

/*
 * Member key of an object as an array of strings: a NULL-terminated,
 * heap-allocated list (free with json_free_strings) with its length in
 * *count; NULL (and *count -1) when absent, not an array of strings, or
 * out of memory.
 */
char **jv_get_strings(const JsonValue *v, const char *key, int *count);

/* Frees a list from jv_get_strings; items may be NULL. */
void json_free_strings(char **items);

#endif
