/*
 * text.h - the small text helpers of the protocol, the options and bench:
 * numbers and booleans with range checks, words, trimming, error text, and
 * a move as protocol text. Written against search.h (and so game.h) only.
 */
#ifndef ENGINE_TEXT_H
#define ENGINE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search.h"

/* Parses a whole decimal integer in [min, max] into *out; returns false
 * (leaving *out alone) otherwise. */
bool text_parse_i64(const char *text, int64_t min, int64_t max, int64_t *out);

/* Parses true|false|on|off (any case) into *out; returns false otherwise. */
bool text_parse_bool(const char *text, bool *out);

/* Returns the next space- or tab-separated word of *cursor, NUL-terminated
 * in place, and advances *cursor past it; NULL when none is left. */
char *text_next_word(char **cursor);

/* Removes leading and trailing blanks (and a line end) of s in place;
 * returns the trimmed start, inside s. */
char *text_trim(char *s);

/* Writes the formatted reason to err (when err is not NULL and errlen > 0)
 * and returns -1, for `return text_fail(err, errlen, ...);`. */
int text_fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Writes m as protocol text to buf (room for GAME_MOVE_TEXT_MAX), or
 * "(none)" for GAME_MOVE_NONE. */
void text_move(GameMove m, char *buf);

#endif
