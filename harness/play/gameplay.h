/*
 * play/gameplay.h - the one game loop: a game between two players over a
 * game, kept and judged by the harness, for matches, playouts and a
 * person at the terminal alike. It owns the only game state: clocks from
 * wall time, every reply checked (legality, time, failures), endings by
 * the game's rules, a ply bound, optional score and position adjudication, and
 * forfeits for crashes, stalls, illegal moves, resignations and time
 * losses. Players are told the game move by move (players/player.h).
 * What differs between its users are hooks: before a turn, after a move,
 * a person's command (undo, new, ...), and the end of the game.
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
    int64_t margin_ms;   /* timemargin=: grace before a time loss (game_default_grace unless given) */
} TimeControl;

/* The grace a move may take beyond its move time, or a clock beyond zero,
 * before it is lost on time, unless timemargin= says otherwise: with a move
 * time T, GAME_GRACE_MS + T / 4 (22 ms at st=0.05), well below T, so that an
 * engine taking twice its time still loses; with a clock,
 * GAME_GRACE_CLOCK_MS. On top of it the game loop excuses, move by move,
 * what the machine held the engine and the harness back (EngineReply
 * held_ms: runnable, waiting for a CPU): it is neither counted against a
 * move time nor charged to a clock, so a busy machine's delays are not the
 * engine's. scripts/forfeit_check.sh measures both sides. */
#define GAME_GRACE_MS 10
#define GAME_GRACE_CLOCK_MS 50
int64_t game_default_grace(const TimeControl *t);

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
    TERM_MATERIAL_ADJ, /* position adjudication: material (Adjudication.material) */
    TERM_DECIDED_ADJ,  /* position adjudication: decided by the game's rule (Adjudication.decided) */
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

/* Adjudication by scores and by position (0 = off for each). */
typedef struct {
    int resign_movecount, resign_score; /* both sides agree a side is lost by >= score for movecount moves */
    int draw_movenumber, draw_movecount, draw_score; /* after movenumber, |score| <= score for movecount moves each */
    int material;  /* the side to move wins when it is this much ahead in the game's material (Game.material) */
    bool decided;  /* a position the game says is decided (Game.decided) is won */
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
    char detail[256];              /* human text: "SIDE: disconnected (signal 11)", a rule's own words ... */
    char rules[16];                /* the rule set judged by ("asian"; "" when the game has no named ones) */
    ClientStatus failure;          /* for a player's failure (crash, stall, illegal move): its status; CLIENT_OK otherwise */
} GameRecord;

/* What the loop does after a person's command or at the end of a game. */
typedef enum {
    LOOP_ON,     /* go on: judge the position, ask the side to move (again) */
    LOOP_RESIGN, /* the side to move resigns */
    LOOP_NEW,    /* stop: a new game is wanted */
    LOOP_QUIT    /* stop: the session ends */
} LoopAction;

typedef struct GamePlay GamePlay;

/* What differs between the loop's users. ctx is handed to each hook; any
 * hook may be NULL. Hooks read the game (GamePlay) and never change it
 * except through game_take_back. */
typedef struct {
    void *ctx;
    /* Before each request for a move (draw the board, wait). */
    void (*before_turn)(void *ctx, GamePlay *gp);
    /* After a move was played; reply is the player's answer. */
    void (*after_move)(void *ctx, GamePlay *gp, const EngineReply *reply);
    /* A person's command (the line), or NULL when the person left: what
     * next. Without this hook a command is a forfeit. */
    LoopAction (*command)(void *ctx, GamePlay *gp, const char *line);
    /* The game has ended (gp->rec says how): LOOP_ON after taking moves
     * back (game_take_back) plays on; anything else returns. */
    LoopAction (*ended)(void *ctx, GamePlay *gp);
    /* Asked before each turn and after each answer: true (a signal came)
     * stops the game at once: an answer then is dropped, the game stays
     * unfinished, and the loop returns LOOP_QUIT. */
    bool (*interrupted)(void *ctx);
} GameHooks;

/* Who plays, with what time, judged how. */
typedef struct {
    const Game *game;
    Player *player[2];         /* [0] the first player, [1] the second (may be the same) */
    const TimeControl *tc[2];
    Adjudication adj;
    GameRules rules;           /* no-capture limit, max plies, rule set */
    int max_turns;             /* plies the players play at most (0: no bound); then the game stops unterminated */
    bool clock_only;           /* only a clock (base_ms) is lost on time; movetime is how long to think */
    const GameHooks *hooks;    /* NULL: none (a match) */
} GameSetup;

/* A game being played, as the hooks see it. */
struct GamePlay {
    const GameSetup *setup;
    GameRecord *rec;           /* the game so far (rec->fen its start) */
    GameState *pos;            /* the position now */
    int64_t clock[2];          /* ms left (for a side with a clock) */
    int moves_made[2];
    bool over;                 /* the game has ended: rec says how */
};

/*
 * Plays a game from fen after the opening moves (legal, played for both
 * sides without asking the engines) and fills g. Never fails: a player
 * that cannot go on loses, with the reason in g->term and g->detail.
 * Returns LOOP_ON when the game was played to its end (or its bound), or
 * the LOOP_NEW / LOOP_QUIT of a hook that stopped it (g is then unfinished).
 */
LoopAction game_play(const GameSetup *s, const char *fen, const MoveCode *opening, int nopening, GameRecord *g);

/* Takes moves back until keep plies remain (the opening's too), reopens a
 * game that had ended, and tells the players the game again. false when
 * there is nothing to take back (keep not below the plies played). */
bool game_take_back(GamePlay *gp, int keep);

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
