/*
 * formats/pgn.h - games as PGN with the game's Variant tag and PGN tags, moves
 * in one of its PGN notations or its record notation, and a {score/depth
 * time} comment per engine move.
 */
#ifndef HARNESS_PGN_H
#define HARNESS_PGN_H

#include <stdio.h>

#include "play/gameplay.h"

typedef struct {
    const char *event, *site, *date; /* date as YYYY.MM.DD */
    int round;
    const char *first, *second;      /* engine names: the first player is PGN's White */
    const char *time_control;        /* PGN TimeControl text, e.g. "40/60+0.6" or "-" */
    /* The opening's classification (NULL or "" when none), e.g. from an
     * ECCO-classified book: written as [ECCO "C17"], [Opening "..."],
     * [Variation "..."]. */
    const char *ecco, *opening, *variation;
} PgnTags;

#define PGN_LINE_MAX 79 /* movetext lines hold at most this many bytes (PGN asks for < 80) */

/*
 * The move text of a PGN file: PGN_NOTATION_RECORD is the game's record
 * notation as games.jsonl has it, without a [Format] tag; 1 .. k are the
 * game's PGN notations (GamePgn.notations), each with its [Format] tag.
 */
typedef int PgnNotation;
#define PGN_NOTATION_RECORD 0

/* The notation called name for game: "record", or the name of one of the
 * game's PGN notations; -1 for anything else. */
PgnNotation pgn_notation_by_name(const Game *game, const char *name);

/* The names pgn_notation_by_name knows for game, for messages ("a, b or
 * record"). */
void pgn_notation_names(const Game *game, char *buf, size_t len);

/* The [Format] tag's value of notation n of game, or NULL (the record's). */
const char *pgn_format_name(const Game *game, PgnNotation n);


/* Reads text as a move written in one of game's dashed PGN notations
 * ("H2-E2", either case) in pos. 0 with *out set; -1 when text is not
 * dashed coordinates (why untouched) or names no legal move (why says). */
int pgn_read_dashed(const Game *game, GameState *pos, const char *text, MoveCode *out, char *why, size_t whylen);

/*
 * Writes one game of `game` (tags, a blank line, movetext, a blank line) and
 * flushes. Tags: the game's [Game] tag if it has one, then Event, Site,
 * Date, Round, the players (the game's roster tags, PGN's White and Black),
 * Result; the game's other tag for the first player if it has one, and
 * Format when the notation has one; ECCO, Opening and Variation when tags
 * has them; then Variant (the game's), Rules, FEN and SetUp "1" (always,
 * with the game's start FEN), Termination, TimeControl, PlyCount. Opening
 * moves carry {book}; engine moves {+0.35/12 1.234s} (score in pawns from
 * the mover's view, or +M3/-M3 for mates; just the time when the engine
 * gave no score). Lines wrap under 80 characters. Moves are in the game's
 * first PGN notation, or its record notation when it has none. Returns 0,
 * or -1 if writing failed (or g->fen is not a position).
 */
int pgn_write(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g);

/*
 * pgn_write with the moves in notation n. Returns 0, or -1 if writing
 * failed, g->fen is not a position, or n is not one of game's (see
 * pgn_notation_by_name).
 */
int pgn_write_notation(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g, PgnNotation n);

#endif
