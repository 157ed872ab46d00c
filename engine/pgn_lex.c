/*
 * pgn_lex.c - the PGN lexer (see pgn_lex.h): a file read into memory as
 * UTF-8 (from GBK when it is not UTF-8), then its tokens one at a time.
 */
#include "pgn_lex.h"

#include <errno.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pgnlex_vfail(char *err, size_t errlen, const char *fmt, va_list ap)
{
    if (!err || errlen == 0) return -1;
    vsnprintf(err, errlen, fmt, ap);
    for (char *c = err; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7F) *c = '?'; /* keep it one printable line */
    return -1;
}

int pgnlex_fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pgnlex_vfail(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* ------------------------------------------------------------------------ */
/* Reading a file: UTF-8, or GBK converted                                  */
/* ------------------------------------------------------------------------ */

/* Bytes of the valid UTF-8 character at s (n bytes left), or 0. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80) return 1;
    size_t len = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3 : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    if (len == 0 || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (s[0] == 0xE0 && s[1] < 0xA0) return 0; /* overlong */
    if (s[0] == 0xED && s[1] >= 0xA0) return 0; /* surrogate */
    if (s[0] == 0xF0 && s[1] < 0x90) return 0;
    if (s[0] == 0xF4 && s[1] >= 0x90) return 0;
    return len;
}

/* The offset of the first byte that is not UTF-8, or n. */
static size_t utf8_invalid(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < n) {
        size_t len = utf8_char(s + i, n - i);
        if (len == 0) return i;
        i += len;
    }
    return n;
}

static int line_of(const char *text, size_t offset)
{
    int line = 1;
    for (size_t i = 0; i < offset; i++) line += text[i] == '\n';
    return line;
}

/* Converts text[0, n) from GBK to UTF-8 into *out (NUL-terminated). */
static int from_gbk(const char *path, const char *text, size_t n, char **out, size_t *outlen, char *err, size_t errlen)
{
    iconv_t cd = iconv_open("UTF-8", "GBK");
    if (cd == (iconv_t)-1)
        return pgnlex_fail(err, errlen, "%s:%d: not UTF-8, and GBK cannot be converted here (iconv: %s)", path,
                           line_of(text, utf8_invalid(text, n)), strerror(errno));
    size_t cap = n * 3 / 2 + 16; /* a GBK character (2 bytes) is 3 bytes of UTF-8 */
    char *buf = malloc(cap + 1);
    if (!buf) {
        iconv_close(cd);
        return pgnlex_fail(err, errlen, "out of memory reading %s", path);
    }
    char *in = (char *)text, *o = buf;
    size_t inleft = n, outleft = cap;
    size_t rc = iconv(cd, &in, &inleft, &o, &outleft);
    int saved = errno;
    iconv_close(cd);
    if (rc == (size_t)-1) {
        size_t at = (size_t)(in - text);
        free(buf);
        return pgnlex_fail(err, errlen, "%s:%d: neither UTF-8 nor GBK text: cannot read byte 0x%02X (%s)", path,
                           line_of(text, at), at < n ? (unsigned char)text[at] : 0,
                           saved == EINVAL ? "a character cut at the end of the file" : "not a GBK character");
    }
    *o = '\0';
    *out = buf;
    *outlen = (size_t)(o - buf);
    return 0;
}

int pgnlex_load(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
    *text = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return pgnlex_fail(err, errlen, "cannot open %s: %s", path, strerror(errno));
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1) break;
        char *grown = realloc(buf, cap * 2);
        if (!grown) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        pgnlex_fail(err, errlen, buf ? "cannot read %s" : "out of memory reading %s", path);
        free(buf);
        return -1;
    }
    buf[n] = '\0';
    if (n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) { /* a UTF-8 byte order mark */
        memmove(buf, buf + 3, n - 2);
        n -= 3;
    }
    if (utf8_invalid(buf, n) < n) {
        char *conv = NULL;
        size_t convlen = 0;
        int rc = from_gbk(path, buf, n, &conv, &convlen, err, errlen);
        free(buf);
        if (rc != 0) return -1;
        buf = conv;
        n = convlen;
    }
    *text = buf;
    *len = n;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Characters                                                               */
/* ------------------------------------------------------------------------ */

/* The character at p as the lexer reads it, its bytes into *len: the
 * ideographic and no-break spaces are ' ', a full-width form of ASCII
 * (U+FF01-U+FF5E) its ASCII character, any other byte itself. */
static int peek(const PgnLex *lx, const char *p, int *len)
{
    const unsigned char *u = (const unsigned char *)p;
    size_t left = (size_t)(lx->end - p);
    *len = 1;
    if (left >= 2 && u[0] == 0xC2 && u[1] == 0xA0) return *len = 2, ' ';
    if (left >= 3 && u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x80) return *len = 3, ' ';
    if (left >= 3 && u[0] == 0xEF && (u[1] & 0xC0) == 0x80 && (u[2] & 0xC0) == 0x80) {
        unsigned cp = ((u[0] & 0x0Fu) << 12) | ((u[1] & 0x3Fu) << 6) | (u[2] & 0x3Fu);
        if (cp >= 0xFF01 && cp <= 0xFF5E) return *len = 3, (int)(cp - 0xFF01 + 0x21);
    }
    return u[0];
}

static bool is_space(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

static bool is_delimiter(int c) { return is_space(c) || (c != 0 && strchr("{}()[];", c) != NULL) || c == '\0'; }

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* ------------------------------------------------------------------------ */
/* The lexer                                                                */
/* ------------------------------------------------------------------------ */

void pgnlex_init(PgnLex *lx, const char *path, const char *text, size_t len, char *err, size_t errlen)
{
    const char *begin = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? text + 3 : text; /* UTF-8 BOM */
    *lx = (PgnLex){.path = path, .begin = begin, .p = begin, .end = text + len, .line = 1, .err = err, .errlen = errlen};
}

/* Skips white space and '%' escape lines, counting lines. */
static void skip_space(PgnLex *lx)
{
    bool line_start = lx->p == lx->begin || lx->p[-1] == '\n';
    while (lx->p < lx->end) {
        int len, c = peek(lx, lx->p, &len);
        if (line_start && c == '%') {
            while (lx->p < lx->end && *lx->p != '\n') lx->p++;
            continue;
        }
        if (!is_space(c)) return;
        line_start = c == '\n';
        if (c == '\n') lx->line++;
        lx->p += len;
    }
}

/* Skips "{...}" (lx->p past '{'). */
static int skip_brace_comment(PgnLex *lx)
{
    int opened = lx->line;
    while (lx->p < lx->end) {
        int len, c = peek(lx, lx->p, &len);
        lx->p += len;
        if (c == '}') return 0;
        if (c == '\n') lx->line++;
    }
    return pgnlex_fail(lx->err, lx->errlen, "%s:%d: unterminated comment: '{' without '}'", lx->path, opened);
}

/* Reads a token up to the next delimiter into buf (full-width forms as ASCII). */
static int read_token(PgnLex *lx, char *buf, size_t buflen)
{
    const char *start = lx->p;
    size_t n = 0;
    while (lx->p < lx->end) {
        int len, c = peek(lx, lx->p, &len);
        if (is_delimiter(c)) break;
        if (n + 1 >= buflen)
            return pgnlex_fail(lx->err, lx->errlen, "%s:%d: token '%.20s...' is too long for a move", lx->path,
                               lx->line, start);
        buf[n++] = (char)c;
        lx->p += len;
    }
    buf[n] = '\0';
    return 0;
}

/* Reads "[Name "value"]" (lx->p past '['), unescaping \" and \\ in the
 * value, which is cut at PGNLEX_VALUE_MAX - 1 bytes (tok->cut set then). */
static int read_tag(PgnLex *lx, PgnToken *tok)
{
    int line = tok->line;
    size_t n = 0, v = 0;
    char *name = tok->name, *value = tok->value;
    tok->cut = false;
    while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t')) lx->p++;
    while (lx->p < lx->end && !is_space(*lx->p) && *lx->p != '"' && *lx->p != ']')
        if (n + 1 < PGNLEX_NAME_MAX) name[n++] = *lx->p++;
        else lx->p++;
    name[n] = '\0';
    while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t')) lx->p++;
    if (n == 0 || lx->p >= lx->end || *lx->p != '"')
        return pgnlex_fail(lx->err, lx->errlen, "%s:%d: malformed tag, expected [Name \"value\"]", lx->path, line);
    for (lx->p++; lx->p < lx->end && *lx->p != '"' && *lx->p != '\n'; lx->p++) {
        if (*lx->p == '\\' && lx->p + 1 < lx->end && (lx->p[1] == '"' || lx->p[1] == '\\')) lx->p++;
        if (v + 1 < PGNLEX_VALUE_MAX) value[v++] = *lx->p;
        else tok->cut = true;
    }
    value[v] = '\0';
    if (lx->p >= lx->end || *lx->p != '"')
        return pgnlex_fail(lx->err, lx->errlen, "%s:%d: tag %s: value without a closing '\"'", lx->path, line, name);
    lx->p++;
    while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t')) lx->p++;
    if (lx->p >= lx->end || *lx->p != ']')
        return pgnlex_fail(lx->err, lx->errlen, "%s:%d: tag %s: expected ']' after the value", lx->path, line, name);
    lx->p++;
    return 0;
}

static bool is_result(const char *tok)
{
    return strcmp(tok, "1-0") == 0 || strcmp(tok, "0-1") == 0 || strcmp(tok, "1/2-1/2") == 0 || strcmp(tok, "*") == 0;
}

/* Is tok a move number alone ("12.", "12...", "...") or a NAG / annotation? */
static bool is_skipped_token(const char *tok)
{
    const char *p = tok;
    if (*p == '$') {
        for (p++; is_digit(*p); p++) {}
        return *p == '\0' && p > tok + 1;
    }
    if (strspn(tok, "!?") == strlen(tok)) return true;
    while (is_digit(*p)) p++;
    if (*p != '.') return false;
    while (*p == '.') p++;
    return *p == '\0';
}

/* A movetext token at lx->p: a result, a skipped token or a move. */
static int lex_word(PgnLex *lx, PgnToken *tok)
{
    if (read_token(lx, tok->text, sizeof tok->text) != 0) return -1;
    if (tok->text[0] == '\0') { /* a stray ']', '}' or NUL byte */
        unsigned char c = (unsigned char)*lx->p;
        if (c > 0x20 && c < 0x7F) return pgnlex_fail(lx->err, lx->errlen, "%s:%d: unexpected '%c'", lx->path, lx->line, c);
        return pgnlex_fail(lx->err, lx->errlen, "%s:%d: unexpected byte 0x%02X", lx->path, lx->line, c);
    }
    if (is_result(tok->text)) {
        tok->kind = PGNLEX_RESULT;
        return 0;
    }
    if (is_skipped_token(tok->text)) {
        tok->kind = PGNLEX_SKIPPED;
        return 0;
    }
    tok->kind = PGNLEX_MOVE;
    size_t len = strlen(tok->text);
    while (len > 1 && strchr("!?#+", tok->text[len - 1])) tok->text[--len] = '\0'; /* annotations, check marks */
    const char *rest = tok->text;
    while (is_digit(*rest)) rest++;
    if (rest != tok->text && *rest == '.') {
        while (*rest == '.') rest++;
        tok->number = (int)(rest - tok->text);
    }
    return 0;
}

int pgnlex_next(PgnLex *lx, PgnToken *tok)
{
    for (;;) {
        skip_space(lx);
        tok->line = lx->line;
        tok->depth = lx->depth;
        tok->number = 0;
        tok->cut = false;
        tok->text[0] = tok->name[0] = tok->value[0] = '\0';
        if (lx->p >= lx->end) {
            if (lx->depth > 0)
                return pgnlex_fail(lx->err, lx->errlen, "%s:%d: unterminated variation: '(' without ')'", lx->path,
                                   lx->open_line);
            tok->kind = PGNLEX_END;
            return 0;
        }
        int len, c = peek(lx, lx->p, &len);
        switch (c) {
        case '[':
            if (lx->depth > 0)
                return pgnlex_fail(lx->err, lx->errlen, "%s:%d: tag inside a variation", lx->path, lx->line);
            lx->p += len;
            tok->kind = PGNLEX_TAG;
            return read_tag(lx, tok);
        case '{':
            lx->p += len;
            if (skip_brace_comment(lx) != 0) return -1;
            continue;
        case ';':
            while (lx->p < lx->end && *lx->p != '\n') lx->p++; /* the newline is left for skip_space */
            continue;
        case '(':
            if (lx->depth++ == 0) lx->open_line = lx->line;
            lx->p += len;
            tok->kind = PGNLEX_OPEN;
            tok->depth = lx->depth;
            return 0;
        case ')':
            if (lx->depth == 0) return pgnlex_fail(lx->err, lx->errlen, "%s:%d: ')' without '('", lx->path, lx->line);
            lx->p += len;
            tok->kind = PGNLEX_CLOSE;
            tok->depth = --lx->depth;
            return 0;
        default:
            return lex_word(lx, tok);
        }
    }
}

void pgnlex_skip_game(PgnLex *lx)
{
    /* past the rest of the game: its tag lines (when the error is in one),
     * then its movetext, to the next line that starts with '[' */
    const char *start = lx->p;
    while (start > lx->begin && start[-1] != '\n') start--;
    bool past_tags = *start != '[';
    lx->depth = 0;
    while (lx->p < lx->end)
        if (*lx->p++ == '\n') {
            lx->line++;
            if (lx->p >= lx->end) break;
            if (*lx->p != '[') past_tags = true;
            else if (past_tags) return;
        }
}
