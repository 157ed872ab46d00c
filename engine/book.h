/*
 * book.h - the engine's own opening book: a sorted binary table of
 * {key, move, weight, learn} entries, built from PGN game records, looked
 * up by binary search over the memory-mapped file. Game-independent:
 * written against game_contract.h (compiled once per game).
 *
 * On disk (every number big-endian):
 *   header, 40 bytes: "QIBOOK1\0"; the game's name (GAME_NAME), NUL-padded
 *     to 16 bytes; the entry count (uint64); the key of the start position
 *     GAME_START_FEN (uint64: a book built with other hash keys is refused)
 *   entries, 16 bytes each, sorted by key then move: key (uint64), move
 *     (uint32, the game's GameMove), weight (uint16), learn (uint16)
 * weight = 2 * wins + draws of the side to move in the games through the
 * entry (Polyglot's convention; a game without a result, '*', counts as a
 * draw: `qibench openings` lines and unfinished games still make a book),
 * learn = the number of those games; both capped at 65535.
 */
#ifndef ENGINE_BOOK_H
#define ENGINE_BOOK_H

#include <stddef.h>
#include <stdint.h>

#include "game_contract.h"

#define BOOK_MAGIC "QIBOOK1"
#define BOOK_HEADER_BYTES 40
#define BOOK_ENTRY_BYTES 16
#define BOOK_GAME_BYTES 16
/* book build's defaults: the plies of each game kept, the games an entry needs. */
#define BOOK_MAX_PLY_DEFAULT 40
#define BOOK_MIN_GAMES_DEFAULT 1
/* The most entries of one position book_find returns. */
#define BOOK_MAX_CHOICES 64

typedef enum { BOOK_VARIETY_BEST = 0, BOOK_VARIETY_WEIGHTED = 1 } BookVariety;

typedef struct {
    uint64_t key;
    GameMove move;
    uint16_t weight, learn;
} BookEntry;

typedef struct {
    const unsigned char *map; /* the mapped file */
    size_t size;
    uint64_t count;
} Book;

/* Maps and checks the book at path (magic, game, start key, size, order).
 * Returns 0, or -1 with a one-line "PATH: what" in err. */
int book_open(Book *book, const char *path, char *err, size_t errlen);
void book_close(Book *book);

/* The entries of key into out (room for cap), by weight, highest first (then
 * by move); returns their number. */
int book_find(const Book *book, uint64_t key, BookEntry *out, int cap);

/* Sorts entries[0, n) by key then move and writes them as a book to path.
 * Returns 0, or -1 with a one-line reason in err. */
int book_write(const char *path, BookEntry *entries, size_t n, char *err, size_t errlen);

/* The plies from the game's start to pos, from its fullmove number and side
 * to move (the last field of its text; 0 without one). */
int book_ply(const GamePosition *pos);

/*
 * The book's move for pos, for `go`: the book at path (mapped once, and
 * again when the path or the file at it changes: book_write renames a new
 * file into place) has pos, at most max_ply plies from the
 * start, with an entry of weight above 0. BOOK_VARIETY_BEST takes the
 * highest weight; BOOK_VARIETY_WEIGHTED draws by weight with a generator
 * seeded by seed (the Seed option). Returns 1 with *move and *weight, 0
 * when the book has no move, -1 with a reason in err when it cannot be read.
 */
int book_choose(const char *path, int max_ply, BookVariety variety, uint64_t seed, GamePosition *pos,
                GameMove *move, int *weight, char *err, size_t errlen);

/* `GAME-engine book build [--max-ply N] [--min-games N] FILE... -o OUT` and
 * `book probe FEN [--book FILE]` (argv[0] is "book"). Returns the exit
 * status: 0, 1 (cannot write or read the book), 2 (usage, input). */
int book_command_line(int argc, char **argv);

#endif
