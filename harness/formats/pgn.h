/*
 * formats/pgn.h - games as PGN with the game's Variant tag, moves in its record
 * notation (Xiangqi: ICCS) and a
 * {score/depth time} comment per engine move.
 */
#ifndef HARNESS_PGN_H
#define HARNESS_PGN_H

#include <stdio.h>

#include "play/gameplay.h"

typedef struct {
    const char *event, *site, *date; /* date as YYYY.MM.DD */
    int round;
    const char *red, *black;         /* engine names: Red is PGN's White */
    const char *time_control;        /* PGN TimeControl text, e.g. "40/60+0.6" or "-" */
    /* The opening's ECCO classification (Xiangqi; NULL or "" when none):
     * written as [ECCO "C17"], [Opening "..."], [Variation "..."]. */
    const char *ecco, *opening, *variation;
} PgnTags;

/*
 * The move text of a PGN file. PGN_NOTATION_RECORD is the game's record
 * notation as games.jsonl has it (Xiangqi: ICCS "h2e2"; Amazons: its own).
 * The others are Xiangqi's, as xqbase.com's PGN files have them, with the
 * [Format] tag naming them: ICCS "H2-E2" ([Format "ICCS"]), WXF "C2.5"
 * ([Format "WXF"]), Chinese "炮二平五" ([Format "Chinese"], UTF-8).
 */
#define PGN_LINE_MAX 79 /* movetext lines hold at most this many bytes (PGN asks for < 80) */

typedef enum { PGN_NOTATION_RECORD, PGN_NOTATION_ICCS, PGN_NOTATION_WXF, PGN_NOTATION_CHINESE } PgnNotation;

/* The notation called name ("iccs", "wxf", "chinese", "record") for game, or
 * -1 (a game other than Xiangqi has "record" only). */
int pgn_notation_by_name(const Game *game, const char *name);

/*
 * Writes one game of `game` (tags, a blank line, movetext, a blank line) and flushes.
 * Tags: for Xiangqi first [Game "Chinese Chess"] (xqbase's convention), then
 * Event, Site, Date, Round, White, Black, Result; for Xiangqi then Red
 * (xqbase's name for White: the same engine; Black is the same tag in both)
 * and Format ("ICCS", "WXF" or "Chinese");
 * ECCO, Opening and Variation when tags has them; then Variant (the game's),
 * FEN and SetUp "1" (always, with the game's start FEN), Termination,
 * TimeControl, PlyCount. Opening moves carry {book}; engine moves
 * {+0.35/12 1.234s} (score in pawns from the mover's view, or +M3/-M3 for
 * mates; just the time when the engine gave no score). Lines wrap under 80
 * characters. Returns 0, or -1 if writing failed (or g->fen is not a position).
 */
int pgn_write(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g);

/*
 * pgn_write writes Xiangqi moves as ICCS "H2-E2" (PGN_NOTATION_ICCS) and
 * other games' in their record notation. pgn_write_notation writes them in
 * notation n (PGN_NOTATION_RECORD: "h2e2", without a Format tag). Returns
 * 0, or -1 if writing failed, g->fen is not a position, or n is not one of
 * game's (see pgn_notation_by_name).
 */
int pgn_write_notation(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g, PgnNotation n);

#endif
