/*
 * board.h - the Xiangqi position: pieces, squares, moves, FEN, make/unmake and
 * Zobrist keys.
 *
 * Squares live on a 16x16 mailbox (as in ElephantEye) so that sliding and
 * jumping pieces stop on an OFF sentinel instead of doing bound arithmetic:
 * file f (0 = 'a', Red's left) and rank r (0 = Red's back rank) sit at
 * SQ(f, r) = (r + 3) * 16 + f + 3. Everything outside the 9x10 board is OFF.
 */
#ifndef XQ_BOARD_H
#define XQ_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { RED = 0, BLACK = 1 };

/* Piece types; a piece is type | (colour << 3), so Red 1..7, Black 9..15. */
enum {
    EMPTY = 0,
    GENERAL = 1,
    ADVISOR = 2,
    ELEPHANT = 3,
    HORSE = 4,
    CHARIOT = 5,
    CANNON = 6,
    PAWN = 7,
    OFF = 16 /* a square outside the board */
};

#define FILES 9
#define RANKS 10
#define SQ(f, r) (((r) + 3) * 16 + (f) + 3)
#define SQ_FILE(s) (((s) & 15) - 3)
#define SQ_RANK(s) (((s) >> 4) - 3)
#define MAKE_PIECE(type, colour) ((type) | ((colour) << 3))
#define PIECE_TYPE(p) ((p) & 7)
#define PIECE_COLOUR(p) ((p) >> 3)

/* A move: from-square in the low byte, to-square in the high byte. */
typedef uint16_t Move;
#define MOVE(from, to) ((Move)((from) | ((to) << 8)))
#define MOVE_FROM(m) ((m) & 255)
#define MOVE_TO(m) ((m) >> 8)
#define MOVE_NONE ((Move)0)

/* Enough for the longest legal move list (the known maximum is well under 128). */
#define MAX_MOVES 256
/* Moves that one Position can hold in its history (game plus search). */
#define POS_MAX_PLY 2048

/* What make/unmake keeps per ply. */
typedef struct {
    uint64_t key;      /* Zobrist key of the position after the move */
    Move move;         /* the move that led here (MOVE_NONE at the root) */
    uint8_t captured;  /* piece captured by that move, EMPTY if none */
    uint8_t in_check;  /* is the side to move in check here? */
    int halfmove;      /* plies since the last capture */
    uint8_t cap_slot;  /* piece-list slot the captured piece had */
    int score;         /* material + piece-square score, Red's point of view */
} StateInfo;

typedef struct {
    uint8_t board[256];   /* piece on each mailbox square, OFF outside */
    uint8_t side;         /* RED or BLACK to move */
    uint8_t king[2];      /* square of each general */
    uint8_t list[2][16];  /* squares of each side's pieces */
    uint8_t slot[256];    /* index into list[] of the piece on a square */
    uint8_t count[2];     /* number of pieces per side */
    uint8_t kinds[16];    /* number of pieces per piece code */
    int fullmove;         /* FEN fullmove number at the root */
    int ply;              /* moves made since the root; hist[ply] is current */
    StateInfo hist[POS_MAX_PLY];
} Position;

/* The start position (also as a string literal, for game.h). */
#define XQ_START_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
extern const char XQ_START_TEXT[];

/* Material plus piece-square value of each piece on each square from Red's
 * point of view (Black's entries negative). Owned here so that make/unmake
 * can keep the score incrementally; filled by xq_eval_init(), zero before. */
extern int16_t xq_board_psq[16][256];

/* Fills the Zobrist and geometry tables. Call once before anything else. */
void xq_board_init(void);

/*
 * Parses a FEN ("board side [- - halfmove fullmove]"). Returns 0 on success;
 * on failure returns -1, leaves *pos unspecified and writes a one-line reason
 * (no newline) to err when err is not NULL.
 */
int xq_pos_from_fen(Position *pos, const char *fen, char *err, size_t errlen);

/* Writes the full FEN ("board side - - halfmove fullmove") to buf. */
void xq_pos_to_fen(const Position *pos, char *buf, size_t buflen);

/* Zobrist key of the current position computed from scratch. */
uint64_t xq_pos_compute_key(const Position *pos);

/* Material + piece-square score (Red's view) computed from scratch. */
int xq_pos_compute_score(const Position *pos);

static inline uint64_t pos_key(const Position *pos) { return pos->hist[pos->ply].key; }
static inline bool pos_in_check(const Position *pos) { return pos->hist[pos->ply].in_check; }
static inline int pos_halfmove(const Position *pos) { return pos->hist[pos->ply].halfmove; }
static inline int pos_piece_on(const Position *pos, int sq) { return pos->board[sq]; }
static inline int pos_score(const Position *pos) { return pos->hist[pos->ply].score; }

/*
 * Plays a pseudo-legal move (the caller guarantees legality or checks it
 * after) and records it in the history. Returns false, changing nothing, when
 * the history is full.
 */
bool xq_pos_make_move(Position *pos, Move m);

/* Takes back the last move made with xq_pos_make_move. */
void xq_pos_unmake_move(Position *pos);

/* A pass (the search's null move): the other side to move, recorded in the
 * history with halfmove 0 (repetitions are not looked for across it).
 * Returns false when the history is full. Undo with xq_pos_unmake_null. */
bool xq_pos_make_null(Position *pos);
void xq_pos_unmake_null(Position *pos);

/* Is the general of colour c attacked (including by the facing general)? */
bool xq_pos_general_attacked(const Position *pos, int c);

/* Does the square lie on the board? */
bool xq_sq_on_board(int sq);

/* Writes a plain-text diagram of the position (for the `d` command). */
void xq_pos_print(const Position *pos, char *buf, size_t buflen);

#endif
