/*
 * util/term.h - text on a terminal: how many columns a UTF-8 string takes (ANSI
 * escapes none, CJK two), making typed or engine text safe to print, and
 * whether the locale is UTF-8, the terminal's size. For `qibench play`'s
 * screen and its tests.
 */
#ifndef HARNESS_TERM_H
#define HARNESS_TERM_H

#include <stdbool.h>
#include <stddef.h>

/* The columns s takes on a terminal: ANSI escape sequences (ESC [ ... letter)
 * none, CJK ideographs, kana, hangul and full-width forms two, every other
 * character one; a byte that is not part of valid UTF-8 counts as one. */
int term_width(const char *s);

/* Copies in to out (room for len, len > 0) for printing: control
 * characters and bytes that are not valid UTF-8 become '?', and the copy is
 * cut at a character boundary when it does not fit. */
void term_clean(const char *in, char *out, size_t len);

/* Does the environment's locale (LC_ALL, else LC_CTYPE, else LANG, as
 * setlocale reads them) use UTF-8? The process's own locale is left as it was. */
bool term_locale_is_utf8(void);

/* The size of the terminal fd is (TIOCGWINSZ): true with *rows and *cols
 * set, false when fd is not a terminal or it does not know its size. */
bool term_size(int fd, int *rows, int *cols);

/* The lines text takes on a terminal cols wide (cols > 0): each of its
 * lines (split at '\n'; a last one without it counts) at least one, a
 * longer one as many as it wraps to. 0 for "". */
int term_lines(const char *text, int cols);

#endif
