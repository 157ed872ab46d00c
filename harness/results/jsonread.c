/*
 * results/jsonread.c - a recursive-descent reader of RFC 8259 JSON into a tree
 * (see results/jsonread.h). Strict: no trailing commas, no comments, no NaN, only
 * the escapes of the RFC, surrogate pairs checked.
 */
#include "results/jsonread.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JV_MAX_DEPTH 64

typedef struct {
    const char *text, *p;
    char *err;
    size_t errlen;
    int depth;
} Reader;

__attribute__((format(printf, 2, 3))) static int fail(Reader *r, const char *fmt, ...)
{
    if (r->err && r->errlen) {
        int n = snprintf(r->err, r->errlen, "at byte %ld: ", (long)(r->p - r->text) + 1);
        va_list ap;
        va_start(ap, fmt);
        if (n >= 0 && (size_t)n < r->errlen) vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static void skip_space(Reader *r)
{
    while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r') r->p++;
}

static int parse_value(Reader *r, JsonValue *v);

/* Appends code point c as UTF-8 to buf (at least 4 bytes free). */
static size_t put_utf8(char *buf, uint32_t c)
{
    if (c < 0x80) return buf[0] = (char)c, 1;
    if (c < 0x800) return buf[0] = (char)(0xC0 | c >> 6), buf[1] = (char)(0x80 | (c & 0x3F)), 2;
    if (c < 0x10000) {
        buf[0] = (char)(0xE0 | c >> 12), buf[1] = (char)(0x80 | ((c >> 6) & 0x3F)), buf[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    buf[0] = (char)(0xF0 | c >> 18), buf[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    buf[2] = (char)(0x80 | ((c >> 6) & 0x3F)), buf[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

static int hex4(Reader *r, uint32_t *out)
{
    uint32_t c = 0;
    for (int i = 0; i < 4; i++, r->p++) {
        char h = *r->p;
        int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (d < 0) return fail(r, "expected four hex digits after \\u");
        c = c << 4 | (uint32_t)d;
    }
    *out = c;
    return 0;
}

/* One escape after the backslash into buf; returns its length or -1. */
static int parse_escape(Reader *r, char *buf)
{
    static const char FROM[] = "\"\\/bfnrt", TO[] = "\"\\/\b\f\n\r\t";
    const char *e = *r->p ? strchr(FROM, *r->p) : NULL;
    if (e) return r->p++, buf[0] = TO[e - FROM], 1;
    if (*r->p != 'u') return fail(r, "unknown escape '\\%c'", *r->p ? *r->p : '0');
    r->p++;
    uint32_t c, lo;
    if (hex4(r, &c)) return -1;
    if (c >= 0xDC00 && c <= 0xDFFF) return fail(r, "a lone low surrogate");
    if (c >= 0xD800 && c <= 0xDBFF) {
        if (r->p[0] != '\\' || r->p[1] != 'u') return fail(r, "a high surrogate without its low one");
        r->p += 2;
        if (hex4(r, &lo)) return -1;
        if (lo < 0xDC00 || lo > 0xDFFF) return fail(r, "a high surrogate without its low one");
        c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
    }
    if (c == 0) return fail(r, "\\u0000 in a string");
    return (int)put_utf8(buf, c);
}

/* A string at r->p (on the opening quote) into a new heap string. */
static int parse_string(Reader *r, char **out)
{
    r->p++;
    size_t cap = 32, len = 0;
    char *s = malloc(cap);
    if (!s) return fail(r, "out of memory");
    for (;;) {
        if (len + 5 > cap) {
            char *grown = realloc(s, cap *= 2);
            if (!grown) return free(s), fail(r, "out of memory");
            s = grown;
        }
        unsigned char c = (unsigned char)*r->p;
        if (c == '"') break;
        if (c == '\0') return free(s), fail(r, "unterminated string");
        if (c < 0x20) return free(s), fail(r, "a control character in a string");
        if (c == '\\') {
            r->p++;
            int n = parse_escape(r, s + len);
            if (n < 0) return free(s), -1;
            len += (size_t)n;
        } else {
            s[len++] = (char)c;
            r->p++;
        }
    }
    r->p++;
    s[len] = '\0';
    *out = s;
    return 0;
}

static int parse_number(Reader *r, JsonValue *v)
{
    const char *start = r->p, *q = r->p;
    if (*q == '-') q++;
    if (*q == '0') q++;
    else if (*q >= '1' && *q <= '9') while (*q >= '0' && *q <= '9') q++;
    else return fail(r, "expected a value");
    if (*q == '.') {
        if (*++q < '0' || *q > '9') return r->p = q, fail(r, "expected a digit after '.'");
        while (*q >= '0' && *q <= '9') q++;
    }
    if (*q == 'e' || *q == 'E') {
        if (*++q == '+' || *q == '-') q++;
        if (*q < '0' || *q > '9') return r->p = q, fail(r, "expected a digit in the exponent");
        while (*q >= '0' && *q <= '9') q++;
    }
    v->type = JV_NUMBER;
    v->number = strtod(start, NULL);
    r->p = q;
    return 0;
}

/* Grows an array or object by one slot; returns it zeroed, or NULL. */
static JsonValue *add_item(JsonValue *v, bool keyed)
{
    JsonValue *items = realloc(v->items, (size_t)(v->count + 1) * sizeof *items);
    if (!items) return NULL;
    v->items = items;
    if (keyed) {
        char **keys = realloc(v->keys, (size_t)(v->count + 1) * sizeof *keys);
        if (!keys) return NULL;
        v->keys = keys;
        keys[v->count] = NULL;
    }
    memset(&items[v->count], 0, sizeof *items);
    return &items[v->count++];
}

/* An array or an object, r->p on its opening bracket. */
static int parse_container(Reader *r, JsonValue *v, bool object)
{
    char close = object ? '}' : ']';
    v->type = object ? JV_OBJECT : JV_ARRAY;
    if (++r->depth > JV_MAX_DEPTH) return fail(r, "nested deeper than %d", JV_MAX_DEPTH);
    r->p++;
    skip_space(r);
    if (*r->p == close) return r->p++, r->depth--, 0;
    for (;;) {
        JsonValue *item = add_item(v, object);
        if (!item) return fail(r, "out of memory");
        if (object) {
            skip_space(r);
            if (*r->p != '"') return fail(r, "expected a member name in quotes");
            if (parse_string(r, &v->keys[v->count - 1])) return -1;
            skip_space(r);
            if (*r->p != ':') return fail(r, "expected ':'");
            r->p++;
        }
        if (parse_value(r, item)) return -1;
        skip_space(r);
        if (*r->p == ',') {
            r->p++;
            continue;
        }
        if (*r->p == close) return r->p++, r->depth--, 0;
        return fail(r, "expected ',' or '%c'", close);
    }
}

static int parse_value(Reader *r, JsonValue *v)
{
    skip_space(r);
    switch (*r->p) {
    case '{': return parse_container(r, v, true);
    case '[': return parse_container(r, v, false);
    case '"': return v->type = JV_STRING, parse_string(r, &v->string);
    case 't':
        if (strncmp(r->p, "true", 4)) break;
        return r->p += 4, v->type = JV_BOOL, v->boolean = true, 0;
    case 'f':
        if (strncmp(r->p, "false", 5)) break;
        return r->p += 5, v->type = JV_BOOL, 0;
    case 'n':
        if (strncmp(r->p, "null", 4)) break;
        return r->p += 4, v->type = JV_NULL, 0;
    case '\0': return fail(r, "expected a value, found the end of the line");
    default: return parse_number(r, v);
    }
    return fail(r, "expected a value");
}

int jv_parse(const char *text, JsonValue *out, char *err, size_t errlen)
{
    Reader r = {text, text, err, errlen, 0};
    memset(out, 0, sizeof *out);
    int rc = parse_value(&r, out);
    if (rc == 0) {
        skip_space(&r);
        if (*r.p) rc = fail(&r, "unexpected text after the value");
    }
    if (rc) {
        jv_free(out);
        memset(out, 0, sizeof *out);
    }
    return rc;
}

void jv_free(JsonValue *v)
{
    if (!v) return;
    for (int i = 0; i < v->count; i++) {
        jv_free(&v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->string);
    v->items = NULL, v->keys = NULL, v->string = NULL, v->count = 0;
}

const JsonValue *jv_get(const JsonValue *v, const char *key)
{
    if (!v || v->type != JV_OBJECT) return NULL;
    for (int i = v->count - 1; i >= 0; i--)
        if (v->keys[i] && strcmp(v->keys[i], key) == 0) return &v->items[i];
    return NULL;
}

const char *jv_get_string(const JsonValue *v, const char *key)
{
    const JsonValue *m = jv_get(v, key);
    return m && m->type == JV_STRING ? m->string : NULL;
}

bool jv_get_number(const JsonValue *v, const char *key, double *out)
{
    const JsonValue *m = jv_get(v, key);
    if (!m || m->type != JV_NUMBER) return false;
    *out = m->number;
    return true;
}

char **jv_get_strings(const JsonValue *v, const char *key, int *count)
{
    const JsonValue *a = jv_get(v, key);
    *count = -1;
    if (!a || a->type != JV_ARRAY) return NULL;
    char **list = calloc((size_t)a->count + 1, sizeof *list);
    for (int i = 0; list && i < a->count; i++) {
        if (a->items[i].type != JV_STRING || !(list[i] = strdup(a->items[i].string))) {
            json_free_strings(list);
            return NULL;
        }
    }
    if (list) *count = a->count;
    return list;
}

void json_free_strings(char **items)
{
    if (!items) return;
    for (char **s = items; *s; s++) free(*s);
    free(items);
}
