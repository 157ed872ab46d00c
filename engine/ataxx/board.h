/*
 * board.h - the Ataxx position: squares, moves, position text both ways
 * (the standard FEN of libataxx and UAI, and Fairy-Stockfish's dialect),
 * make/unmake, Zobrist keys, the game's end and its result.
 *
 * Squares: sq = rank * 7 + file, a1 = 0, g1 = 6, a7 = 42, g7 = 48. The
 * sides: ATX_X (`x`, moves first; libataxx's Black, Fairy-Stockfish's white
 * `P`) and ATX_O (`o`; Fairy-Stockfish's black `p`). Gaps (`-`, FSF `*`)
 * are squares no piece may enter.
 *
 * Rules (as libataxx keeps them, checked against Fairy-Stockfish): a single
 * puts a new piece on an empty square next to one of the mover's pieces; a
 * double moves a piece to an empty square two steps away (king distance 2).
 * Either way every enemy piece next to the landing square changes sides. A
 * side with no move passes (the pass is its only move) unless the game is
 * over. The halfmove clock is reset by a single and counts up on a double
 * (converting or not) and on a pass. The game is over when a side has no
 * pieces, when no empty square is within reach of any piece (the board is
 * full, or what is left is walled off by gaps), or when the halfmove clock
 * reaches 100; then (and by threefold repetition, which the rules core
 * reports but perft ignores) the result: by pieces, except that the
 * halfmove limit and repetition are draws.
 *
 * All names are prefixed atx_/Atx/ATX_ so that this folder links beside the
 * Xiangqi and Amazons ones.
 */
#ifndef ATX_BOARD_H
#define ATX_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bitboard.h"

enum { ATX_X = 0, ATX_O = 1 };

/* What a square holds (atx_piece_at). */
enum { ATX_EMPTY = 0, ATX_PIECE_X = 1, ATX_PIECE_O = 2, ATX_GAP = 3 };

#define ATX_FILES 7
#define ATX_RANKS 7
#define ATX_SQUARES 49
#define ATX_SQ(f, r) ((r) * ATX_FILES + (f))
#define ATX_SQ_FILE(s) ((s) % ATX_FILES)
#define ATX_SQ_RANK(s) ((s) / ATX_FILES)

/*
 * A move: from (bits 0-5), to (bits 6-11) and bit 12 set; a single has
 * from == to (it creates a piece on `to`). The pass is ATX_MOVE_PASS; 0 is
 * no move.
 */
typedef uint16_t AtxMove;
#define ATX_MOVE_FLAG 0x1000u
#define ATX_MOVE_NONE ((AtxMove)0)
#define ATX_MOVE_PASS ((AtxMove)0x2000u)
/* (functions, so that an argument with side effects is evaluated once) */
static inline AtxMove atx_move_single(int to) { return (AtxMove)((unsigned)to | ((unsigned)to << 6) | ATX_MOVE_FLAG); }
static inline AtxMove atx_move_double(int from, int to)
{
    return (AtxMove)((unsigned)from | ((unsigned)to << 6) | ATX_MOVE_FLAG);
}
#define ATX_MOVE_SINGLE(to) atx_move_single(to)
#define ATX_MOVE_DOUBLE(from, to) atx_move_double((from), (to))
#define ATX_MOVE_FROM(m) ((int)((m) & 63))
#define ATX_MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define ATX_MOVE_IS_PASS(m) ((m) == ATX_MOVE_PASS)
#define ATX_MOVE_IS_SINGLE(m) (((m) & ATX_MOVE_FLAG) && ATX_MOVE_FROM(m) == ATX_MOVE_TO(m))
#define ATX_MOVE_IS_DOUBLE(m) (((m) & ATX_MOVE_FLAG) && ATX_MOVE_FROM(m) != ATX_MOVE_TO(m))

/* Room for any position's legal moves: at most 49 singles, and at most
 * 16 * 24 doubles (each pairs one of P pieces with one of E empty squares,
 * P + E <= 49, at most 16 per square on either side). */
#define ATX_MAX_MOVES 448

/* Plies one position can hold in its history. */
#define ATX_MAX_PLY 2048

/* The halfmove clock that ends the game (libataxx, Fairy-Stockfish: 100). */
#define ATX_HALFMOVE_LIMIT 100

/* Longest position text and move text ("P@f2", "g1e1", "0000"), with the NUL. */
#define ATX_POS_TEXT_MAX 96
#define ATX_MOVE_TEXT_MAX 16

/* The standard start, and the same in Fairy-Stockfish's dialect. */
#define ATX_START_TEXT "x5o/7/7/7/7/7/o5x x 0 1"
#define ATX_START_TEXT_FSF "P5p/7/7/7/7/7/p5P w 0 1"

/* What make/unmake keeps per ply. */
typedef struct {
    uint64_t key;     /* Zobrist key of the position after the move */
    AtxBB flipped;    /* the pieces the move converted */
    AtxMove move;     /* the move that led here (ATX_MOVE_NONE at the root) */
    uint16_t halfmove; /* the halfmove clock after the move */
} AtxState;

typedef struct {
    AtxBB pieces[2]; /* ATX_X's, ATX_O's */
    AtxBB gaps;
    uint8_t side;    /* ATX_X or ATX_O to move */
    int ply;         /* moves made since the root; hist[ply] is current */
    int fullmove;    /* position-text fullmove number at the root */
    AtxState hist[ATX_MAX_PLY + 1];
} AtxPosition;

/* Game results (atx_result): none yet, a side's win, a draw. */
typedef enum { ATX_RESULT_NONE = 0, ATX_RESULT_X_WINS, ATX_RESULT_O_WINS, ATX_RESULT_DRAW } AtxResult;

/* Why a game ended (atx_end_reason). */
typedef enum {
    ATX_END_NONE = 0,
    ATX_END_NO_PIECES,  /* a side has no pieces */
    ATX_END_NO_MOVES,   /* no empty square in reach of either side (board full) */
    ATX_END_HALFMOVE,   /* the halfmove clock reached 100 */
    ATX_END_REPETITION, /* the position occurred for the third time */
} AtxEnd;

/* Fills the neighbour and Zobrist tables. Call once before anything else;
 * calling it again is harmless. */
void atx_board_init(void);

/*
 * Parses position text "BOARD SIDE [HALFMOVE [FULLMOVE]]": ranks 7 down to
 * 1 separated by '/', digits 1-7 for empty runs; pieces `x`/`o` and gaps `-`
 * (the standard dialect) or Fairy-Stockfish's `P` (= x), `p` (= o) and
 * `*` (`X`/`O` read as `x`/`o`); the side `x`/`o`, or FSF's `w` (= x) and `b` (= o).
 * FSF's "w - - 0 1" (castling and en-passant dashes) is accepted too; the
 * word "startpos" alone is the start. Returns 0 on success; on failure -1,
 * *pos unspecified, and a one-line reason (no newline) in err when err is
 * not NULL.
 */
int atx_pos_from_text(AtxPosition *pos, const char *text, char *err, size_t errlen);

/* Standard text "x5o/7/7/7/7/7/o5x x 0 1" (libataxx, UAI) into buf
 * (ATX_POS_TEXT_MAX bytes suffice); truncated to buflen. */
void atx_pos_to_text(const AtxPosition *pos, char *buf, size_t buflen);

/* Fairy-Stockfish's text "P5p/7/7/7/7/7/p5P w 0 1" into buf. */
void atx_pos_to_text_fsf(const AtxPosition *pos, char *buf, size_t buflen);

/* Zobrist key of the current position computed from scratch. */
uint64_t atx_pos_compute_key(const AtxPosition *pos);

static inline uint64_t atx_pos_key(const AtxPosition *pos) { return pos->hist[pos->ply].key; }
static inline int atx_halfmove(const AtxPosition *pos) { return pos->hist[pos->ply].halfmove; }
/* The fullmove number of the current position (counts up after o moves). */
static inline int atx_fullmove(const AtxPosition *pos)
{
    /* the root's side: o at the root shifts the count by one ply */
    int root_o = (pos->side ^ (pos->ply & 1)) == ATX_O;
    return pos->fullmove + (pos->ply + root_o) / 2;
}
static inline AtxBB atx_empty(const AtxPosition *pos)
{
    return ATX_BB_ALL & ~(pos->pieces[0] | pos->pieces[1] | pos->gaps);
}
/* ATX_EMPTY, ATX_PIECE_X, ATX_PIECE_O or ATX_GAP. */
int atx_piece_at(const AtxPosition *pos, int sq);
/* The last move made (ATX_MOVE_NONE at the root). */
static inline AtxMove atx_last_move(const AtxPosition *pos) { return pos->hist[pos->ply].move; }
/* The pieces the last move converted (0 at the root). */
static inline AtxBB atx_last_flipped(const AtxPosition *pos) { return pos->hist[pos->ply].flipped; }

/*
 * Plays a move the caller knows to be legal (the pass included) and records
 * it in the history. Returns false, changing nothing, when the history is
 * full.
 */
bool atx_pos_make(AtxPosition *pos, AtxMove m);

/* Takes back the last move made with atx_pos_make; no-op at the root. */
void atx_pos_unmake(AtxPosition *pos);

/* Is the game over by the board alone (a side without pieces, no empty
 * square in reach of either side, the halfmove clock at 100)? Repetition is
 * not looked at: see atx_end_reason. */
bool atx_game_over(const AtxPosition *pos);

/* How many times the current position occurred before, within the moves
 * since the last single (the positions the halfmove clock spans) and the
 * history held. */
int atx_repetitions(const AtxPosition *pos);

/* Why the game is over (ATX_END_NONE: it is not). With `repetition`,
 * threefold repetition (two earlier occurrences) ends it too. */
AtxEnd atx_end_reason(const AtxPosition *pos, bool repetition);

/* The result: ATX_RESULT_NONE while the game goes on; by pieces (the
 * larger count wins, equal is a draw) at a board end; a draw at the
 * halfmove limit and by repetition (when `repetition`). */
AtxResult atx_result(const AtxPosition *pos, bool repetition);

/* Pieces of x minus pieces of o. */
static inline int atx_score(const AtxPosition *pos)
{
    return atx_bb_count(pos->pieces[ATX_X]) - atx_bb_count(pos->pieces[ATX_O]);
}

/* Writes a plain-text diagram (ranks 7 to 1, files a-g, side to move) into
 * buf; truncated to buflen. */
void atx_pos_print(const AtxPosition *pos, char *buf, size_t buflen);

/* Writes a square's name ("a1" .. "g7") to buf (room for 3) and returns 2. */
int atx_square_name(int sq, char *buf);

/* Writes a one-line reason, printf-style, to err (when err is not NULL and
 * errlen not 0) and returns -1: the parsers' error return. */
int atx_error(char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
