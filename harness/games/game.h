/*
 * game.h - what the harness knows of a game: one Game descriptor per game
 * (harness/games/<game>.c), found by name. Everything else in harness/ is
 * written against this file alone: positions are opaque GameStates owned by
 * the game, moves are opaque 32-bit MoveCodes, sides are 0 (the first
 * player) and 1, named by the game, and every ending carries a reason the
 * game names. No game's name, side or notation appears outside its own
 * files (tests/e2e_neutral.sh checks). The per-move path (gameplay, engine
 * replies) calls through these pointers; the engines' hot paths (search,
 * move generation) never do.
 */
#ifndef HARNESS_GAME_H
#define HARNESS_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A move, as the game encodes it; MOVE_CODE_NONE is never a legal move. */
typedef uint32_t MoveCode;
#define MOVE_CODE_NONE 0u

/* Room for any game's position text (with the NUL): a FEN-like text of a
 * 19x19 board (361 squares, 18 rank separators, side, counters) is under
 * 450 bytes; 1024 leaves room for larger boards' counters and tags (a
 * game's position_text never writes more). And room for a move's text. */
#define GAME_TEXT_MAX 1024
#define MOVE_TEXT_BYTES 64
/* Most reasons a game may have (Game.reason_count is at most this). */
#define GAME_REASONS_MAX 64
/* Room for any game's legal move list (each game's max_moves is at most this). */
#define GAME_MOVES_MAX 8192

/* A position with its history since it was set (for undo and repetition). */
typedef struct GameState GameState;

/* PGN's results: the first player is PGN's White. */
typedef enum { RESULT_NONE, RESULT_FIRST_WINS, RESULT_SECOND_WINS, RESULT_DRAW } GameResult;

/* How a game stands: reason 0 while it goes on, else one of the game's
 * reasons (1 .. reason_count - 1), named by Game.reason_name. */
typedef struct {
    GameResult result;
    int reason;
    char detail[96]; /* the reason's particulars in words (which piece chases which), or "" */
} GameOutcome;

/* The limits a harness sets on a game (0 = never). */
typedef struct {
    int limit;     /* the game's own move-limit rule (Game.limit_rule): its count for a draw; < 0: the rule set's */
    int max_plies; /* draw after this many plies from the start position */
    int rule_set;  /* an index of Game.rule_sets (0: the game's default) */
} GameRules;

/* One notation of a game. */
typedef struct {
    const char *name;    /* lower case: notation=NAME, --notation NAME */
    const char *label;   /* in messages, as the notation is spelled */
    const char *article; /* "a" or "an", before the label */
    const char *example; /* a move in it: "h2e2" */
    bool protocol;    /* engines may write it (UCI / xboard moves) */
    bool writable;    /* the harness can write moves in it (not only read) */
    int san;          /* the SAN reading with the same square names, or -1 */
} GameNotation;

/* What parse_move returns besides 0. */
enum { MOVE_MALFORMED = -1, MOVE_ILLEGAL = -2 };

/* Any notation a person may type (parse_move's notation argument). */
#define NOTATION_ANY (-1)

/* How a board is drawn (Game.render). */
typedef struct {
    bool ascii;    /* letters only: no colour, no box drawing, no wide characters */
    bool colour;   /* ANSI colours (ignored with ascii) */
    bool flipped;  /* the second player's side at the bottom */
    MoveCode last; /* the last move, marked (MOVE_CODE_NONE: none) */
    bool compact;  /* for a small terminal: at most RENDER_LINES_COMPACT lines
                      (a board that is never taller may ignore it) */
} RenderOptions;

/* A drawn board is at most this wide (in terminal columns), so that a
 * panel of text fits beside it in 80. */
#define RENDER_COLUMNS_MAX 46
/* A compact board is at most this tall, so that it, the prompt and a few
 * messages fit 24 lines. */
#define RENDER_LINES_COMPACT 14

/* What a game writes in SGF files (Game.sgf). */
typedef struct {
    int gm;         /* GM[]: the game's SGF number */
    int size;       /* SZ[] */
    char colour[2]; /* each side's move property ('W', 'B') */
    /* The property value of move m ("djddgd"); 0, or -1 when it cannot be written. */
    int (*move_value)(MoveCode m, char *buf, size_t len);
    /* The setup properties (AB[..]AW[..]...) of s, or "" when s is the
     * start position the game's SGF assumes; 0, or -1 when they do not fit. */
    int (*setup)(const GameState *s, char *buf, size_t len);
} GameSgf;

/* A spelling of moves in PGN files with a [Format] tag (GamePgn). */
typedef struct {
    const char *name;   /* pgn_notation_by_name's NAME, notation=NAME */
    const char *format; /* the [Format] tag's value */
    int notation;       /* the Game.notations index the moves are written in */
    bool dashed;        /* coordinates upper case with a dash between the squares ("H2-E2") */
} GamePgnNotation;

/* What a game writes in PGN files (Game.pgn). */
typedef struct {
    const char *game_tag;         /* [Game] written first, or NULL */
    const char *player_tag[2];    /* the roster's tags for the players (PGN's, by chess's colours) */
    const char *first_player_tag; /* another tag naming the first player, after Result, or NULL */
    const GamePgnNotation *notations; /* with a [Format] tag; the first is pgn_write's (none: the record's) */
    int notation_count;
} GamePgn;

/* A third-party engine the game knows (players/client.c reads it). */
typedef struct {
    const char *name;     /* for quirks=profile=NAME */
    const char *match;    /* words of the engine's name that select it (lower case, '|'-separated) */
    const char *notation; /* its move notation (a protocol notation of the game) */
    const char *quirks;   /* how it departs from its protocol, in quirks= syntax ("setboard=0,pv=san") */
} GameEngine;

typedef struct Game {
    const char *name;        /* --game NAME, positions/NAME/ */
    const char *variant;     /* UCI_Variant / xboard variant, PGN Variant tag */
    const char *engine;      /* our engine's program name, next to qibench ("NAME-engine") */
    const char *side_name[2];/* each side's name, capitalised, in the game's words */
    const char *start;       /* the start position's text */
    int max_moves;           /* room for the longest legal move list */
    int max_plies;           /* no game can be longer (0: no such bound) */
    int phase_end[2];        /* the last ply of the opening and of the middle game, for the search statistics (0: 20, 80) */
    bool has_draws;          /* can a game end drawn? */
    GameRules default_rules;
    const GameNotation *notations;
    int notation_count;
    int record_notation;     /* in games.jsonl, EPD and PGN files */
    int protocol_notation;   /* what engines speak unless told otherwise */
    int reason_count;        /* reasons are 1 .. reason_count - 1 */
    const GameEngine *profiles; /* third-party engines' quirks for this game */
    int profile_count;
    const GameSgf *sgf;      /* NULL: the game has no SGF */
    const GamePgn *pgn;      /* NULL: the game has no PGN */
    const char *const *rule_sets; /* --rules names, NULL-terminated, the default first (NULL: one, unnamed) */
    const char *limit_rule;  /* what GameRules.limit counts ("plies without a capture"), NULL: no such rule */

    /* A short lower-case name of a reason ("checkmate", "perpetual check"). */
    const char *(*reason_name)(int reason);
    /* A new state at the start position (NULL when memory runs out). */
    GameState *(*state_new)(void);
    void (*state_free)(GameState *s); /* NULL is a no-op */
    void (*state_copy)(GameState *dst, const GameState *src);
    /* Sets the position from text; 0, or -1 with a one-line reason. */
    int (*set_position)(GameState *s, const char *text, char *err, size_t errlen);
    /* The position's full text in the game's canonical form (it fits in
     * GAME_TEXT_MAX bytes). */
    void (*position_text)(const GameState *s, char *buf, size_t len);
    int (*side_to_move)(const GameState *s);
    /* The full-move number (PGN move numbering). */
    int (*move_number)(const GameState *s);
    /* Plies played since set_position. */
    int (*plies)(const GameState *s);
    /* Every legal move (list: room for max_moves); returns the count. */
    int (*legal_moves)(GameState *s, MoveCode *list);
    /* Is m (any value) a legal move here? */
    bool (*is_legal)(GameState *s, MoveCode m);
    /* Plays a legal move; false (nothing changed) when the history is full. */
    bool (*play)(GameState *s, MoveCode m);
    void (*undo)(GameState *s);
    /* Reads a move in notation n (NOTATION_ANY: every notation a person may
     * type). 0 with *out set, MOVE_MALFORMED or MOVE_ILLEGAL with a
     * one-line reason in err, for a person to read: for an illegal move the
     * rule that refuses it ("the horse's leg is blocked at c1"), or which
     * pieces match when several do. The state is unchanged. */
    int (*parse_move)(GameState *s, const char *text, int n, MoveCode *out, char *err, size_t errlen);
    /* Writes the legal move m of s in notation n; 0, or -1 (buf "") when it
     * cannot. Coordinate notations may ignore s (then any position will do). */
    int (*format_move)(GameState *s, MoveCode m, int n, char *buf, size_t len);
    /* How the game stands under rules (NULL: default_rules). */
    GameOutcome (*outcome)(GameState *s, const GameRules *rules);
    /* The position text spelled for an engine in the game's dialect named
     * dialect (quirks fen=NAME; "": the usual one). 0, or -1 with a reason
     * naming the dialects there are, or when out is too small. */
    int (*engine_position)(const char *text, const char *dialect, char *out, size_t len, char *err, size_t errlen);
    /* Draws the board of s on out: lines of at most RENDER_COLUMNS_MAX
     * columns, each ending '\n', with the files and ranks labelled. */
    void (*render)(const GameState *s, const RenderOptions *o, FILE *out);
    /* An ending (o.result not RESULT_NONE, o.reason one of the game's) in
     * words, with the winner ("X is checkmated: Y wins", X and Y side names). */
    void (*ending_text)(GameOutcome o, char *buf, size_t len);

    /* Adjudication by position (match --material N, --decided), each
     * optional: NULL when the game has none (the option is then refused). */
    const char *material_unit; /* what material counts, plural ("pieces") */
    /* The material of side (0 or 1) in s, in material_unit. */
    int (*material)(const GameState *s, int side);
    const char *decided_rule;  /* the rule of decided in a few words, for help ("easy fill") */
    /* Is the game decided though its rules play on (the side to move
     * cannot stop the other from winning)? The winner (0 or 1), with the
     * particulars in words in detail; -1 when it is not. */
    int (*decided)(GameState *s, char *detail, size_t len);
} Game;

/* The game called name, or NULL. */
const Game *game_by_name(const char *name);

/* The number of games, and game i of them (0 .. game_count() - 1). */
int game_count(void);
const Game *game_at(int i);

/* The default game (the registry's first). */
const Game *game_default(void);

/* The known games' names, ", "-separated, for messages. */
const char *game_names(void);

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *game_result_text(GameResult r);

/* Is position (a position text of g) g's start position, side to move included? */
bool game_is_start(const Game *g, const char *position);

/* The result a text names (RESULT_NONE for anything else). */
GameResult game_result_parse(const char *text);

/* The result when side (0 or 1) wins. */
static inline GameResult game_win_for(int side) { return side == 0 ? RESULT_FIRST_WINS : RESULT_SECOND_WINS; }

/* Points of side (0 or 1) in half points: 2 win, 1 draw, 0 loss. */
int game_points2(GameResult r, int side);

/* The notation called name, or -1. */
int game_notation_by_name(const Game *g, const char *name);

/* The rule set called name, or -1 (a game without rule_sets has none). */
int game_rule_set_by_name(const Game *g, const char *name);

/* The name of rule set i of g ("asian"), or "standard" for a game without rule sets. */
const char *game_rule_set_name(const Game *g, int i);

/* Sets s from the position text and plays moves[0..n) (moves the caller
 * checked when they were played). Returns 0, or -1 when that fails. */
int game_replay(const Game *g, GameState *s, const char *root, const MoveCode *moves, int n);

/* A new state set to position (NULL when it is not one, or no memory). */
GameState *game_state_at(const Game *g, const char *position);

/* g->engine_position (a game without one has one spelling: dialect ""). */
int game_engine_position(const Game *g, const char *text, const char *dialect, char *out, size_t len, char *err,
                         size_t errlen);

/* The move in the game's record notation ("" when it cannot be written). */
void game_move_record(const Game *g, GameState *s, MoveCode m, char *buf, size_t len);

#endif
