/*
 * results/json.c - compact JSON text in a growing buffer (JSON Lines output) and a
 * small scanner that reads values back out of such lines.
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
/* Deepest nesting json_get follows (deeper input is treated as malformed). */
#define JSON_GET_MAX_DEPTH 64
/* Longest object key json_get compares (longer keys never match). */
#define JSON_GET_MAX_KEY 256

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

/* ------------------------------------------------------------------------ */
/* Reading back                                                             */
/* ------------------------------------------------------------------------ */

typedef struct {
    const char *p;     /* scanning position */
    const char *key;   /* key sought */
    char *out;
    size_t outlen;
    bool done;         /* the key was met: stop scanning */
    bool found;        /* ... and its value fitted into out */
} Finder;

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}

/* Adds n bytes to dst[*o]; clears *fits instead when they do not fit. */
static void put_bytes(char *dst, size_t dstlen, size_t *o, const char *s, size_t n, bool *fits)
{
    if (!dst || !*fits) return;
    if (*o + n >= dstlen) {
        *fits = false;
        return;
    }
    memcpy(dst + *o, s, n);
    *o += n;
    dst[*o] = '\0';
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Reads the four hex digits at p; -1 if they are not there. */
static long read_hex4(const char *p)
{
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_digit(p[i]);
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

/* Writes code point cp as UTF-8 into buf; returns its length. */
static size_t utf8_encode(long cp, char *buf)
{
    if (cp < 0x80) {
        buf[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        buf[0] = (char)(0xC0 | (cp >> 6));
        buf[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        buf[0] = (char)(0xE0 | (cp >> 12));
        buf[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        buf[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    buf[0] = (char)(0xF0 | (cp >> 18));
    buf[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    buf[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    buf[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Decodes the \u escape at *pp (on the 'u'), joining a surrogate pair; a
 * lone surrogate becomes U+FFFD. Returns the code point, or -1 if malformed
 * or U+0000 (which a C string cannot hold). */
static long read_unicode_escape(const char **pp)
{
    long cp = read_hex4(*pp + 1);
    if (cp <= 0) return -1;
    *pp += 5;
    if (cp >= 0xD800 && cp <= 0xDBFF && (*pp)[0] == '\\' && (*pp)[1] == 'u') {
        long low = read_hex4(*pp + 2);
        if (low >= 0xDC00 && low <= 0xDFFF) {
            *pp += 6;
            return 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
    }
    return cp >= 0xD800 && cp <= 0xDFFF ? 0xFFFD : cp;
}

/* Reads the string at *pp (on its opening quote), unescaped into dst when
 * dst is not NULL (*fits cleared if it does not fit). Returns false when
 * malformed. */
static bool scan_string(const char **pp, char *dst, size_t dstlen, bool *fits)
{
    static const char ESC_IN[] = "\"\\/bfnrt", ESC_OUT[] = "\"\\/\b\f\n\r\t";
    const char *p = *pp + 1;
    size_t o = 0;
    if (dst && dstlen) dst[0] = '\0';
    while (*p != '"') {
        char utf8[4];
        size_t n = 1;
        if ((unsigned char)*p < 0x20) return false; /* the end, or a raw control character */
        if (*p != '\\') {
            put_bytes(dst, dstlen, &o, p++, 1, fits);
            continue;
        }
        const char *esc = p[1] ? strchr(ESC_IN, p[1]) : NULL;
        if (esc) {
            utf8[0] = ESC_OUT[esc - ESC_IN];
            p += 2;
        } else if (p[1] == 'u') {
            p++;
            long cp = read_unicode_escape(&p);
            if (cp < 0) return false;
            n = utf8_encode(cp, utf8);
        } else {
            return false;
        }
        put_bytes(dst, dstlen, &o, utf8, n, fits);
    }
    *pp = p + 1;
    return true;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Reads a JSON number at *pp. Returns false when there is none. */
static bool scan_number(const char **pp)
{
    const char *p = *pp;
    if (*p == '-') p++;
    if (!is_digit(*p)) return false;
    if (*p == '0') p++;
    else while (is_digit(*p)) p++;
    if (*p == '.') {
        if (!is_digit(*++p)) return false;
        while (is_digit(*p)) p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!is_digit(*p)) return false;
        while (is_digit(*p)) p++;
    }
    *pp = p;
    return true;
}

static bool scan_value(Finder *f, int depth);

/* Copies the value at f->p, the one the key names, into f->out: a string
 * unescaped, anything else as its raw text. */
static void take_value(Finder *f)
{
    bool fits = true;
    const char *start = f->p;
    f->done = true;
    if (*f->p == '"') {
        f->found = scan_string(&f->p, f->out, f->outlen, &fits) && fits;
        return;
    }
    const char *key = f->key;
    f->key = NULL; /* scan the value without looking inside it */
    f->done = false;
    bool ok = scan_value(f, 0);
    f->key = key;
    f->done = true;
    size_t o = 0;
    f->out[0] = '\0';
    put_bytes(f->out, f->outlen, &o, start, (size_t)(f->p - start), &fits);
    f->found = ok && fits;
}

/* Scans the object at f->p (on its '{'), taking the value of the first
 * member named f->key, at this level or deeper. */
static bool scan_object(Finder *f, int depth)
{
    f->p = skip_ws(f->p + 1);
    if (*f->p == '}') {
        f->p++;
        return true;
    }
    for (;;) {
        char name[JSON_GET_MAX_KEY];
        bool fits = true;
        if (*f->p != '"' || !scan_string(&f->p, name, sizeof name, &fits)) return false;
        f->p = skip_ws(f->p);
        if (*f->p != ':') return false;
        f->p = skip_ws(f->p + 1);
        if (f->key && fits && strcmp(name, f->key) == 0) {
            take_value(f);
            return true;
        }
        if (!scan_value(f, depth + 1)) return false;
        if (f->done) return true;
        f->p = skip_ws(f->p);
        if (*f->p == '}') {
            f->p++;
            return true;
        }
        if (*f->p != ',') return false;
        f->p = skip_ws(f->p + 1);
    }
}

static bool scan_array(Finder *f, int depth)
{
    f->p = skip_ws(f->p + 1);
    if (*f->p == ']') {
        f->p++;
        return true;
    }
    for (;;) {
        if (!scan_value(f, depth + 1)) return false;
        if (f->done) return true;
        f->p = skip_ws(f->p);
        if (*f->p == ']') {
            f->p++;
            return true;
        }
        if (*f->p != ',') return false;
        f->p = skip_ws(f->p + 1);
    }
}

/* Scans one value at f->p; false when malformed or nested too deep. */
static bool scan_value(Finder *f, int depth)
{
    static const char *const LITERALS[] = {"true", "false", "null"};
    bool fits = true;
    if (depth > JSON_GET_MAX_DEPTH) return false;
    switch (*f->p) {
    case '{': return scan_object(f, depth);
    case '[': return scan_array(f, depth);
    case '"': return scan_string(&f->p, NULL, 0, &fits);
    default: break;
    }
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(LITERALS[i]);
        if (strncmp(f->p, LITERALS[i], n) == 0) {
            f->p += n;
            return true;
        }
    }
    return scan_number(&f->p);
}

bool json_get(const char *line, const char *key, char *out, size_t outlen)
{
    if (!out || outlen == 0) return false;
    out[0] = '\0';
    if (!line || !key) return false;
    Finder f = {skip_ws(line), key, out, outlen, false, false};
    scan_value(&f, 0);
    if (!f.found) out[0] = '\0';
    return f.found;
}

int json_get_strings(const char *line, const char *key, char ***items)
{
    char raw[65536];
    *items = NULL;
    if (!json_get(line, key, raw, sizeof raw)) return -1;
    const char *p = skip_ws(raw);
    if (*p != '[') return -1;
    int n = 0;
    char **list = calloc(1, sizeof *list);
    p = skip_ws(p + 1);
    while (list && *p != ']') {
        char buf[4096];
        bool fits = true;
        char **grown = realloc(list, (size_t)(n + 2) * sizeof *list);
        if (!grown || *p != '"' || !scan_string(&p, buf, sizeof buf, &fits) || !fits) {
            list = grown ? grown : list;
            list[n] = NULL;
            json_free_strings(list);
            return -1;
        }
        list = grown;
        list[n] = strdup(buf);
        list[++n] = NULL;
        if (!list[n - 1]) {
            json_free_strings(list);
            return -1;
        }
        p = skip_ws(p);
        if (*p == ',') p = skip_ws(p + 1);
        else if (*p != ']') {
            json_free_strings(list);
            return -1;
        }
    }
    if (!list) return -1;
    *items = list;
    return n;
}

void json_free_strings(char **items)
{
    if (!items) return;
    for (char **s = items; *s; s++) free(*s);
    free(items);
}
