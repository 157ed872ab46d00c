/*
 * play/play_impl.h - what the parts of `qibench play` share: the session
 * (play/play.c: options, sides, the game loop, endings, saving), the screen
 * (play/view.c: the board with a panel beside it) and the commands at the
 * prompt (play/prompt.c). Private to those three files.
 */
#ifndef HARNESS_PLAY_IMPL_H
#define HARNESS_PLAY_IMPL_H

#include <stdbool.h>
#include <stdio.h>

#include "players/client.h"
#include "play/gameplay.h"
#include "players/human.h"
#include "cli/spec.h"

#define PLAY_PATH_BYTES 1024
/* Limit for an engine given none: ms per move (also for hints). */
#define PLAY_DEFAULT_MOVETIME_MS 1000

typedef struct {
    const Game *game;
    GameRules rules;       /* what the games are judged by (--rules) */

    /* The sides: a person, or an engine (the same client may play both). */
    bool human[2];
    EngineEntry *entry[2];
    Client *client[2];
    Player *player[2];
    TimeControl tc[2];     /* the engine's time control and limits; zero for a person */
    Human *person;         /* the terminal, for every human side */
    EngineList *engines;
    char own_engine[PLAY_PATH_BYTES];
    Client *hint_engine;   /* started for hints when no side is an engine */
    bool hint_failed;

    /* The screen. */
    FILE *out;
    RenderOptions view;
    bool clear;            /* clear the screen before each board */
    int notation;          /* moves are shown in this notation */
    int delay_ms;          /* between two engines' moves */
    char message[1024];    /* shown under the board at the next drawing */
    bool redraw;           /* the board changed since it was drawn */

    /* The game. */
    char root[GAME_TEXT_MAX];   /* where every game starts */
    MoveCode *prelude;          /* --pgn's moves, played at the start of every game */
    int nprelude;
    GameState *state;
    GameRecord *rec;
    MoveCode played[GAME_MAX_PLIES];
    int64_t clock[2];
    int moves_made[2];
    EngineReply last;           /* the last engine search */
    int last_ply;               /* the ply it was asked for, -1 for none */
    bool over;                  /* the game has ended (rec says how) */
    bool dirty;                 /* moves not yet saved */
    bool quit;
    char ending[256];           /* the ending in words */

    /* Where games are saved. */
    const char *results_root;
    char run_dir[PLAY_PATH_BYTES]; /* "" until the first save */
    int saved;                  /* games saved so far */
    bool save_failed;
} Play;

/* play/play.c */

/* Is a side an engine that thinks now (the game goes on, it is to move)? */
bool play_engine_to_move(const Play *p);
/* Takes back moves (see the undo command); false when there is nothing to take back. */
bool play_undo(Play *p);
/* Writes the game so far to path (appended, or replacing the file), as
 * SGF (the game must have it) or PGN. 0, or -1 when that fails. */
int play_write_game(const Play *p, const char *path, bool sgf, bool append);
/* The player names for PGN / SGF and the panel. */
const char *play_side_name(const Play *p, int side);

/* play/view.c */

/* Clears the screen (when on a terminal) and draws the board, the panel
 * beside it and the pending message. */
void view_draw(Play *p);
/* "+0.35", "-M3" from an engine's reply; "" without a score. */
void view_score(const EngineReply *r, char *buf, size_t len);
/* The move m of the position s in the session's notation (record notation when that fails). */
void view_move(const Play *p, GameState *s, MoveCode m, char *buf, size_t len);

/* play/prompt.c */

/* The prompt's command hook (HumanHooks.command) with ctx a Play. */
HumanAction cmd_run(void *ctx, const char *line);

#endif
