/*
 * text.c - text helpers of the protocol (see text.h).
 */
#include "text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool text_parse_i64(const char *text, int64_t min, int64_t max, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < min || v > max) return false;
    *out = v;
    return true;
}

bool text_parse_bool(const char *text, bool *out)
{
    if (strcasecmp(text, "true") == 0 || strcasecmp(text, "on") == 0) return *out = true, true;
    if (strcasecmp(text, "false") == 0 || strcasecmp(text, "off") == 0) return *out = false, true;
    return false;
}

char *text_next_word(char **cursor)
{
    char *p = *cursor;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) return NULL;
    char *word = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    if (*p) *p++ = '\0';
    *cursor = p;
    return word;
}

char *text_trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = '\0';
    return s;
}

int text_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

_Static_assert(GAME_MOVE_TEXT_MAX >= sizeof "(none)", "room for \"(none)\"");

void text_move(GameMove m, char *buf)
{
    if (m == GAME_MOVE_NONE)
        strcpy(buf, "(none)");
    else
        game_move_text(m, buf);
}
