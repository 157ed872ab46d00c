/*
 * pgn_lex.h - the PGN lexer: text only, no game, no move checked. Used by
 * the harness's opening books (harness/formats/openings.c) and the
 * engine's book builder (engine/book.c); game-independent (it includes no
 * game.h), so the Makefile compiles it into qibench, the tests and every
 * engine alike.
 *
 * pgnlex_load reads a file into memory as UTF-8: a UTF-8 byte order mark
 * is dropped, and a file that is not valid UTF-8 is converted from GBK
 * (POSIX iconv), or refused naming the line it cannot read.
 *
 * pgnlex_next then hands out the file's tokens one at a time: tag pairs
 * ([Name "value"], \" and \\ unescaped in the value), result tokens
 * (1-0, 0-1, 1/2-1/2, *), variation brackets, move numbers alone ("12.",
 * "12...", "..."), NAGs ("$1") and annotations ("!", "?!"), and every
 * other token, a move (with any annotation suffix "!?#+" taken off and the
 * length of a glued move number, "1.h2e2", given). Comments ("{...}", ";"
 * to the end of the line) and '%' escape lines are skipped. Each token
 * carries its line and its variation depth: a token inside a variation is
 * handed out too (the reader decides what a variation is worth), a tag
 * inside one is an error, as are ')' without '(' and a variation open at
 * the end of the file.
 *
 * Hand-typed records are read as typed: the ideographic space (U+3000) and
 * the no-break space are white space, and the full-width forms of ASCII
 * (U+FF01-U+FF5E: "１．", "（") are read as their ASCII characters outside
 * tag values and comments.
 *
 * Errors are one line, "FILE:LINE: what" (or "cannot open FILE: why").
 */
#ifndef ENGINE_PGN_LEX_H
#define ENGINE_PGN_LEX_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Longest movetext token (a move in CJK characters is 12 bytes of UTF-8). */
#define PGNLEX_TOKEN_MAX 64
/* Longest tag name kept (longer ones are cut). */
#define PGNLEX_NAME_MAX 32
/* Room for a tag value with its NUL: a longer one is cut (and `cut` set). */
#define PGNLEX_VALUE_MAX 1024

typedef enum {
    PGNLEX_END,     /* the end of the text */
    PGNLEX_TAG,     /* name, value, cut */
    PGNLEX_RESULT,  /* text: 1-0, 0-1, 1/2-1/2 or * */
    PGNLEX_SKIPPED, /* text: a move number alone, a NAG or an annotation */
    PGNLEX_MOVE,    /* text, number */
    PGNLEX_OPEN,    /* '(' (depth counts it) */
    PGNLEX_CLOSE,   /* ')' (depth no longer counts it) */
} PgnLexKind;

typedef struct {
    PgnLexKind kind;
    int line;  /* where the token starts */
    int depth; /* variation nesting: 0 is the main line */
    /* PGNLEX_MOVE: bytes of a glued move number in front ("12." of
     * "12.h2e2"), 0 when none. A reader tries the whole text first (a
     * notation may look like "33.4"), then text + number. */
    int number;
    bool cut; /* PGNLEX_TAG: the value was longer than PGNLEX_VALUE_MAX - 1 */
    char text[PGNLEX_TOKEN_MAX];
    char name[PGNLEX_NAME_MAX];
    char value[PGNLEX_VALUE_MAX];
} PgnToken;

typedef struct {
    const char *path;
    const char *begin, *p, *end;
    int line;
    int depth;
    int open_line; /* where the outermost open variation started */
    char *err;
    size_t errlen;
} PgnLex;

/* Reads the file at path into a NUL-terminated UTF-8 buffer (*text, to
 * free(); *len bytes without the NUL). Returns 0, or -1 with a one-line
 * reason in err. */
int pgnlex_load(const char *path, char **text, size_t *len, char *err, size_t errlen);

/* Starts lexing text[0, len) of the file path (for messages); errors go to
 * err (may be NULL). */
void pgnlex_init(PgnLex *lx, const char *path, const char *text, size_t len, char *err, size_t errlen);

/* The next token into *tok: 0, or -1 with a one-line reason in err. */
int pgnlex_next(PgnLex *lx, PgnToken *tok);

/* After an error, for a reader that goes on with the next game: skips the
 * rest of the game (the tag lines that follow when the error is in a tag,
 * then the movetext) to the next line that starts with '[', out of any
 * variation. An unterminated comment has taken the rest of the file. */
void pgnlex_skip_game(PgnLex *lx);

/* Writes the formatted text to err (may be NULL), control characters
 * turned to '?' (one line); returns -1. For a reader's own errors too. */
int pgnlex_fail(char *err, size_t errlen, const char *fmt, ...)
#if defined __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The same with the arguments as a va_list. */
int pgnlex_vfail(char *err, size_t errlen, const char *fmt, va_list ap)
#if defined __GNUC__
    __attribute__((format(printf, 3, 0)))
#endif
    ;

#endif
