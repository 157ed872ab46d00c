/*
 * util/term.c - display widths, clean copies of untrusted text, the locale's
 * character set, the terminal's size.
 */
#include "util/term.h"

#include <langinfo.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>

/* Decodes one UTF-8 character at s (well-formed, no surrogates, no
 * overlong forms); returns its length and sets *cp, or 0 when s does not
 * start one. */
static int utf8_decode(const unsigned char *s, uint32_t *cp)
{
    int n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0) return 0;
    uint32_t v = n == 1 ? s[0] : (uint32_t)(s[0] & (0x7F >> n));
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        v = v << 6 | (s[i] & 0x3F);
    }
    static const uint32_t MIN[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < MIN[n] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
    *cp = v;
    return n;
}

/* Does the character take two columns (East Asian Wide or Full-width)? */
static bool is_wide(uint32_t c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF)
           || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF)
           || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F)
           || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

/* The columns of text up to its end or its first stop byte ('\0' or '\n'). */
static int width_to(const char *text, unsigned char stop)
{
    const unsigned char *s = (const unsigned char *)text;
    int width = 0;
    while (*s && *s != stop) {
        if (s[0] == 0x1B && s[1] == '[') { /* CSI: parameters, then a final letter */
            s += 2;
            while (*s && *s != stop && !(*s >= 0x40 && *s <= 0x7E)) s++;
            if (*s && *s != stop) s++;
            continue;
        }
        uint32_t cp;
        int n = utf8_decode(s, &cp);
        if (n == 0) {
            width++, s++;
            continue;
        }
        width += is_wide(cp) ? 2 : 1;
        s += n;
    }
    return width;
}

int term_width(const char *text) { return width_to(text, '\0'); }

void term_clean(const char *in, char *out, size_t len)
{
    const unsigned char *s = (const unsigned char *)in;
    size_t used = 0;
    while (*s) {
        uint32_t cp;
        int n = utf8_decode(s, &cp);
        bool bad = n == 0 || cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0);
        size_t need = bad ? 1 : (size_t)n;
        if (used + need >= len) break;
        if (bad) out[used++] = '?';
        else memcpy(out + used, s, need), used += need;
        s += n == 0 ? 1 : n;
    }
    out[used] = '\0';
}

bool term_locale_is_utf8(void)
{
    char saved[256];
    const char *now = setlocale(LC_CTYPE, NULL);
    snprintf(saved, sizeof saved, "%s", now ? now : "C");
    bool utf8 = false;
    if (setlocale(LC_CTYPE, "")) {
        const char *set = nl_langinfo(CODESET);
        utf8 = set && (strcasecmp(set, "UTF-8") == 0 || strcasecmp(set, "utf8") == 0);
    }
    setlocale(LC_CTYPE, saved);
    return utf8;
}

bool term_size(int fd, int *rows, int *cols)
{
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return false;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return true;
}

int term_lines(const char *text, int cols)
{
    int lines = 0;
    for (const char *s = text; *s;) {
        int w = width_to(s, '\n');
        lines += w == 0 ? 1 : (w + cols - 1) / cols;
        s += strcspn(s, "\n");
        if (*s == '\n') s++;
    }
    return lines;
}
