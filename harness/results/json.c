/*
 * results/json.c - compact JSON text in a growing buffer (JSON Lines output).
 * Reading it back is results/jsonread.c.
 *
 * Writing never fails loudly: when an allocation fails the Json keeps the
 * text it had, sets oom and ignores everything after, and json_write_line
 * then refuses to write the incomplete line.
 */
#include "results/json.h"
#include "version.h" /* generated: QIBENCH_VERSION (Makefile) */

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* First buffer size; it doubles from there. */
#define JSON_INITIAL_CAP 256

/* ------------------------------------------------------------------------ */
/* Buffer                                                                   */
/* ------------------------------------------------------------------------ */

void json_init(Json *j)
{
    memset(j, 0, sizeof *j);
    j->buf = malloc(JSON_INITIAL_CAP);
    if (!j->buf) {
        j->oom = true;
        return;
    }
    j->cap = JSON_INITIAL_CAP;
    j->buf[0] = '\0';
}

void json_free(Json *j)
{
    if (!j) return;
    free(j->buf);
    memset(j, 0, sizeof *j);
}

/* Makes room for n more bytes plus the NUL. Returns false (setting oom) when
 * that cannot be done. */
static bool reserve(Json *j, size_t n)
{
    if (j->oom) return false;
    if (n > SIZE_MAX / 2 - j->len) {
        j->oom = true;
        return false;
    }
    size_t need = j->len + n + 1;
    if (need <= j->cap && j->buf) return true;
    size_t cap = j->cap ? j->cap : JSON_INITIAL_CAP;
    while (cap < need) cap *= 2;
    char *grown = realloc(j->buf, cap);
    if (!grown) {
        j->oom = true;
        return false;
    }
    if (!j->buf) grown[0] = '\0';
    j->buf = grown;
    j->cap = cap;
    return true;
}

static void append(Json *j, const char *s, size_t n)
{
    if (!reserve(j, n)) return;
    memcpy(j->buf + j->len, s, n);
    j->len += n;
    j->buf[j->len] = '\0';
}

static void append_str(Json *j, const char *s) { append(j, s, strlen(s)); }

/* Appends s as a JSON string (RFC 8259): " and \ escaped, the short forms
 * for \b \f \n \r \t, \u00XX for other control characters; every other byte
 * (UTF-8 included) as it is. */
static void append_quoted(Json *j, const char *s)
{
    static const char HEX[] = "0123456789abcdef";
    append(j, "\"", 1);
    for (const char *run = s;; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        append(j, run, (size_t)(s - run));
        run = s + 1;
        if (c == '\0') break;
        char esc[7] = {'\\', 0, 0, 0, 0, 0, 0};
        const char *shortform = strchr("\"\\\b\f\n\r\t", c);
        if (shortform) {
            esc[1] = "\"\\bfnrt"[shortform - "\"\\\b\f\n\r\t"];
            append(j, esc, 2);
        } else {
            memcpy(esc + 1, "u00", 3);
            esc[4] = HEX[c >> 4];
            esc[5] = HEX[c & 15];
            append(j, esc, 6);
        }
    }
    append(j, "\"", 1);
}

/* ------------------------------------------------------------------------ */
/* Values                                                                   */
/* ------------------------------------------------------------------------ */

/* The comma before a member or element, and the member's key. */
static void begin_value(Json *j, const char *key)
{
    if (j->need_comma) append(j, ",", 1);
    if (key) {
        append_quoted(j, key);
        append(j, ":", 1);
    }
    j->need_comma = true;
}

void json_begin_object(Json *j, const char *key)
{
    begin_value(j, key);
    append(j, "{", 1);
    j->depth++;
    j->need_comma = false;
}

void json_end_object(Json *j)
{
    append(j, "}", 1);
    j->depth--;
    j->need_comma = true;
}

void json_begin_array(Json *j, const char *key)
{
    begin_value(j, key);
    append(j, "[", 1);
    j->depth++;
    j->need_comma = false;
}

void json_end_array(Json *j)
{
    append(j, "]", 1);
    j->depth--;
    j->need_comma = true;
}

void json_string(Json *j, const char *key, const char *value)
{
    begin_value(j, key);
    if (value) append_quoted(j, value);
    else append_str(j, "null");
}

void json_int(Json *j, const char *key, int64_t value)
{
    char text[24];
    snprintf(text, sizeof text, "%" PRId64, value);
    begin_value(j, key);
    append_str(j, text);
}

void json_uint(Json *j, const char *key, uint64_t value)
{
    char text[24];
    snprintf(text, sizeof text, "%" PRIu64, value);
    begin_value(j, key);
    append_str(j, text);
}

/* %.6g when that reads back as the same double, else the shortest %.Ng
 * (N up to 17) that does, so every finite double round-trips. */
void json_double(Json *j, const char *key, double value)
{
    char text[40];
    begin_value(j, key);
    if (!isfinite(value)) {
        append_str(j, "null");
        return;
    }
    for (int precision = 6; precision <= 17; precision++) {
        snprintf(text, sizeof text, "%.*g", precision, value);
        if (strtod(text, NULL) == value) break;
    }
    append_str(j, text);
}

void json_bool(Json *j, const char *key, bool value)
{
    begin_value(j, key);
    append_str(j, value ? "true" : "false");
}

void json_null(Json *j, const char *key)
{
    begin_value(j, key);
    append_str(j, "null");
}

int json_write_line(Json *j, FILE *f)
{
    if (!j || !f || j->oom || !j->buf || j->len == 0 || j->depth != 0) return -1;
    /* buf[len] holds the NUL: lend it to the newline for one fwrite. */
    j->buf[j->len] = '\n';
    size_t written = fwrite(j->buf, 1, j->len + 1, f);
    j->buf[j->len] = '\0';
    if (written != j->len + 1) return -1;
    return fflush(f) == 0 ? 0 : -1;
}

void json_summary_header(Json *j, const char *command)
{
    json_string(j, "tool", "qibench");
    json_string(j, "version", QIBENCH_VERSION);
    json_string(j, "command", command);
}

int json_write_file(Json *j, const char *dir, const char *name)
{
    char path[1400], tmp[1410];
    snprintf(path, sizeof path, "%.1000s/%.300s", dir, name);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    int rc = f ? json_write_line(j, f) : -1;
    if (f && fclose(f)) rc = -1;
    if (rc == 0 && rename(tmp, path)) rc = -1;
    if (rc && f) remove(tmp);
    return rc;
}
