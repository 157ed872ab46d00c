/*
 * formats/openings.h - opening books for matches: EPD (a position per line) or PGN
 * (games whose moves, in any of the game's notations, from the start or a
 * FEN tag, are played for
 * `plies` plies), taken in order or shuffled with a seed.
 */
#ifndef HARNESS_OPENINGS_H
#define HARNESS_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

#define OPENING_MAX_PLIES 64

typedef struct {
    char id[64];                      /* EPD id, PGN Opening/Event tag (Event first when the game has
                                       * an ECCO tag: xqbase's Opening is the ECCO name), or "file:N" */
    char fen[GAME_TEXT_MAX];          /* the position the opening starts from */
    MoveCode moves[OPENING_MAX_PLIES]; /* the opening's moves after fen */
    int nmoves;
    char ecco[4];                     /* ECCO code ("C17"; EPD `ecco`, PGN [ECCO]), "" if none */
    char opening[128], variation[128]; /* ECCO names (EPD `opening`/`variation`, PGN tags), "" if none */
} Opening;

typedef struct {
    Opening *items;
    int count;
} OpeningBook;

/* Does any opening of b start from a position other than g's start (an EPD
 * position, a PGN game with a FEN tag), rather than from its moves? */
bool book_has_positions(const OpeningBook *b, const Game *g);

typedef enum { ORDER_SEQUENTIAL, ORDER_RANDOM } OpeningOrder;

typedef struct {
    const Game *game;
    const char *file;
    enum { BOOK_EPD, BOOK_PGN } format;
    OpeningOrder order;
    int plies;      /* PGN: how many plies of each game to keep (0 = all, at most OPENING_MAX_PLIES) */
    int start;      /* 1-based index of the first opening to use (before ordering is applied to the rest) */
    uint64_t seed;  /* for ORDER_RANDOM: the same seed gives the same order */
} BookOptions;

/*
 * Loads and orders the book. PGN move text is any notation of the game a
 * person may type, or one of its dashed PGN notations ("H2-E2"), with move numbers, comments {...},
 * variations (...) and NAGs skipped. Returns 0, or -1 with a one-line error
 * naming file and line ("book.pgn:12: move 'h2h9': no legal move ...").
 * A book with no openings is an error. Free with book_free.
 */
int book_load(const BookOptions *opt, OpeningBook *book, char *err, size_t errlen);

void book_free(OpeningBook *book);

/*
 * Reads the first game of a PGN file whole (as book_load reads its games):
 * the position it starts from into fen (room for fenlen) and its moves
 * into moves (room for cap; moves past cap are not read). Returns how
 * many moves, or -1 with a one-line error in err (as book_load's, or "no
 * game in the file").
 */
int pgn_read_game(const Game *game, const char *path, char *fen, size_t fenlen, MoveCode *moves, int cap, char *err,
                  size_t errlen);

#endif
