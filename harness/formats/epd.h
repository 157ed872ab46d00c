/*
 * formats/epd.h - EPD position suites: "FEN [opcode operands;]..." one per line,
 * with `#` comments. Positions in the game's position text, moves in its
 * record notation.
 */
#ifndef HARNESS_EPD_H
#define HARNESS_EPD_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"

#define EPD_MAX_MOVES 8

typedef struct {
    char fen[GAME_TEXT_MAX];    /* the position as the game writes it ("... w - - 0 1") */
    char id[64];                /* `id "..."`, or "<file>:<line>" when absent */
    int line;                   /* line number in the file */
    MoveCode bm[EPD_MAX_MOVES];     /* best moves (`bm`) */
    int nbm;
    MoveCode am[EPD_MAX_MOVES];     /* moves to avoid (`am`) */
    int nam;
    int dm;                     /* `dm N`: mate in N, 0 if absent */
    char result[8];             /* `result 1-0|0-1|1/2-1/2`, "" if absent */
    int within;                 /* `within N`: move bound for playouts, 0 if absent */
    char ecco[4];               /* `ecco "C17"`: the opening's ECCO code (A00-E99), "" if absent */
    char opening[128];          /* `opening "..."`: its ECCO opening name, "" if absent */
    char variation[128];        /* `variation "..."`: its ECCO variation, "" if absent */
} EpdEntry;

typedef struct {
    const Game *game;
    EpdEntry *entries;
    int count;
} EpdSuite;

/*
 * Reads a suite of game. Returns 0, or -1 with a one-line error in err naming the
 * file and line and what was expected ("suite.epd:12: bad FEN: ...",
 * "suite.epd:3: bm: 'h2h9' is not a legal move here", "suite.epd:7: unknown
 * result 'x', expected 1-0, 0-1 or 1/2-1/2", "cannot open x.epd: No such
 * file or directory"). Unknown opcodes are ignored. A file without any
 * position, or with an id used twice, is an error too. On error the suite
 * is left empty. The suite is freed with epd_free.
 */
int epd_load(const Game *game, const char *path, EpdSuite *suite, char *err, size_t errlen);

/* Parses one line (no newline) into *e; same errors as epd_load without the
 * file prefix. Returns 1 for an entry, 0 for a blank or comment line, -1 on
 * error. e->line is 0 and e->id "" when the line has no id: epd_load fills
 * them in. */
int epd_parse_line(const Game *game, const char *line, EpdEntry *e, char *err, size_t errlen);

/* Frees the entries and leaves the suite empty; suite may be NULL. */
void epd_free(EpdSuite *suite);

#endif
