/*
 * play/play_impl.h - the session of `qibench play` that its parts share:
 * play/play.c (options, sides, the hooks of the game loop), play/view.c
 * (the board with a panel beside it, view.h), play/save.c (saving games,
 * save.h) and play/prompt.c (the commands at the prompt, prompt.h). Only
 * data: each part's functions are in its own header, and no part includes
 * one above it (view, save, prompt, play).
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

    /* The moves as shown: texts[0..shown) in `notation`, with the move
     * number before each; cursor is the position after them. Formatted
     * once each; shown = 0 starts again from the root (a new game, an
     * undo, another notation). */
    char (*texts)[MOVE_TEXT_BYTES];
    int *numbers;
    int shown, width;           /* width: of the widest first column so far */
    GameState *cursor;

    /* The game: played by the game loop (play/gameplay.h), which owns it. */
    char root[GAME_TEXT_MAX];   /* where every game starts */
    MoveCode *prelude;          /* --pgn's moves, played at the start of every game */
    int nprelude;
    GameRecord *rec;            /* the game so far (kept after the loop returns, for saving) */
    GamePlay *gp;               /* the loop's game while it runs (NULL between games) */
    EngineReply last;           /* the last engine search */
    int last_ply;               /* the ply it was asked for, -1 for none */
    GameState *searched;        /* the position it searched */
    bool dirty;                 /* moves not yet saved */
    bool quit;
    char ending[256];           /* the ending in words */

    /* Where games are saved. */
    const char *results_root;
    char run_dir[PLAY_PATH_BYTES]; /* "" until the first save */
    int saved;                  /* games saved so far */
    bool save_failed;
} Play;

#endif
