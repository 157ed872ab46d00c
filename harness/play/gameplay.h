/*
 * play/gameplay.h - one game between two players over a game, kept and judged by
 * the harness: clocks from wall time, every move checked, endings by the
 * game's rules,
 * optional score adjudication, and forfeits for crashes, stalls, illegal
 * moves and time losses.
 */
#ifndef HARNESS_GAMEPLAY_H
#define HARNESS_GAMEPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"
#include "players/player.h"

#define GAME_MAX_PLIES 1024

/* A time control: moves per period (0 = whole game), base and increment in ms. */
typedef struct {
    int moves;
    int64_t base_ms, inc_ms;
    int64_t movetime_ms; /* st=: fixed time per move, 0 = none */
    int depth;           /* depth=, 0 = none */
    uint64_t nodes;      /* nodes=, 0 = none */
    int64_t margin_ms;   /* timemargin=: grace before a time loss */
} TimeControl;

/* How a game ended, beyond the rules core's reasons. */
typedef enum {
    TERM_RULES,        /* see Outcome.reason */
    TERM_TIME,         /* lost on time */
    TERM_CRASH,        /* the engine disconnected */
    TERM_STALL,        /* the engine stopped answering */
    TERM_ILLEGAL,      /* an illegal or unreadable move */
    TERM_RESIGN,       /* score adjudication: resignation */
    TERM_DRAW_ADJ,     /* score adjudication: draw */
    TERM_ENGINE_RESIGN,/* the player resigned itself (xboard, a person) */
    TERM_COUNT         /* the number of terminations: a table sentinel */
} Termination;

/* One move as played. */
typedef struct {
    MoveCode move;
    int64_t time_ms; /* wall time used */
    int depth;
    uint64_t nodes;
    bool has_score, mate;
    int score;       /* from the mover's view */
    int seldepth;    /* as the engine reported it (0: not reported) */
    int64_t allot_ms; /* the time the mover had: movetime, or its clock left; 0 for depth and nodes limits */
} MoveRecord;

/* Score adjudication (0 = off for each). */
typedef struct {
    int resign_movecount, resign_score; /* both sides agree a side is lost by >= score for movecount moves */
    int draw_movenumber, draw_movecount, draw_score; /* after movenumber, |score| <= score for movecount moves each */
} Adjudication;

typedef struct {
    char fen[GAME_TEXT_MAX];       /* the start position */
    int opening_plies;             /* plies of the opening included in moves[] (not played by engines) */
    MoveRecord moves[GAME_MAX_PLIES];
    int plies;
    GameResult result;
    Termination term;
    int reason;                    /* for TERM_RULES: the game's reason */
    int start_side;                /* side to move in fen (0 the first player, 1 the second) */
    int loser_side;                /* for forfeits: 0 or 1, -1 otherwise */
    char detail[256];              /* human text: "red: disconnected (signal 11)", "chariot chasing the horse on c7" ... */
    char rules[16];                /* the rule set judged by ("asian"; "" when the game has no named ones) */
} GameRecord;

/* Who plays, with what time, judged how. */
typedef struct {
    const Game *game;
    Player *player[2];         /* [0] the first player, [1] the second (may be the same) */
    const TimeControl *tc[2];
    Adjudication adj;
    GameRules rules;           /* no-capture limit, max plies, rule set */
} GameSetup;

/*
 * Plays a game from fen after the opening moves (legal, played for both
 * sides without asking the engines) and fills g. Never fails: an engine
 * that cannot go on loses, with the reason in g->term and g->detail.
 */
void game_play(const GameSetup *s, const char *fen, const MoveCode *opening, int nopening, GameRecord *g);

/* The limits of the next search of `side` (0 or 1) from its time control
 * (depth, nodes, movetime, clock) and both clocks (ms left). */
GoLimits game_next_limits(const GameSetup *s, int side, const int64_t clock[2], const int moves_made[2]);

/* Charges a move's time (used, ms) to a side's clock under its time control
 * t (adding the increment, and the base again after each period); false if
 * the flag fell or a fixed move time was exceeded beyond the margin. */
bool game_charge_clock(const TimeControl *t, int64_t *clock, int *moves_made, int64_t used);

/* A termination as text: "checkmate", "perpetual check", "time forfeit", ...
 * (the game names its reasons); "unterminated" for a game that has not ended. */
const char *game_termination_name(const Game *game, Termination term, int reason);

/* The termination of a game of `game` as text (game_termination_name of its fields). */
const char *game_termination_text(const Game *game, const GameRecord *g);

#endif
