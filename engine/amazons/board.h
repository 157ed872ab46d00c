/*
 * board.h - the Game of the Amazons position: squares, lines, moves, position
 * text (as Fairy-Stockfish writes it), make/unmake and Zobrist keys.
 *
 * Squares: sq = rank * 10 + file, a1 = 0, j1 = 9, a10 = 90, j10 = 99.
 *
 * Lines: every square lies on four lines (its rank, its file, its diagonal
 * and its anti-diagonal), 58 lines in all. Each line keeps a 10-bit
 * occupancy mask (bit p = the p-th square of the line holds an amazon or an
 * arrow; bits past a short diagonal's end are always set). A queen's reach
 * along a line is then a table look-up, AMZ_SPAN[pos][mask]: the run of
 * empty squares around pos, and the number of its squares but pos itself.
 * All names are prefixed amz_/Amz/AMZ_ so that this folder links beside the
 * Xiangqi one.
 */
#ifndef AMZ_BOARD_H
#define AMZ_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { AMZ_WHITE = 0, AMZ_BLACK = 1 };

/* What a square holds. */
enum { AMZ_EMPTY = 0, AMZ_WHITE_AMAZON = 1, AMZ_BLACK_AMAZON = 2, AMZ_ARROW = 3 };

#define AMZ_FILES 10
#define AMZ_RANKS 10
#define AMZ_SQUARES 100
#define AMZ_SQ(f, r) ((r) * AMZ_FILES + (f))
#define AMZ_SQ_FILE(s) ((s) % AMZ_FILES)
#define AMZ_SQ_RANK(s) ((s) / AMZ_FILES)

/* Most amazons a side may have (the game has 4; position text may hold 1-4). */
#define AMZ_MAX_AMAZONS 4

/* Line kinds: 0 rank, 1 file, 2 diagonal (a1-j10 way), 3 anti-diagonal. */
#define AMZ_LINE_KINDS 4
#define AMZ_LINES 58

/*
 * A turn: from (bits 0-6), to (bits 7-13), arrow (bits 14-20). The value 0
 * would be "a1-a1/a1", which no legal turn is (from != to), so it is the
 * "no move" value.
 */
typedef uint32_t AmzMove;
#define AMZ_MOVE(from, to, arrow) ((AmzMove)((uint32_t)(from) | ((uint32_t)(to) << 7) | ((uint32_t)(arrow) << 14)))
#define AMZ_MOVE_FROM(m) ((int)((m) & 127))
#define AMZ_MOVE_TO(m) ((int)(((m) >> 7) & 127))
#define AMZ_MOVE_ARROW(m) ((int)(((m) >> 14) & 127))
#define AMZ_MOVE_NONE ((AmzMove)0)

/*
 * The longest legal turn list: at most 4 amazons, each with at most 35
 * destinations (a central square sees 9 + 9 + 9 + 8), each with at most 35
 * arrow squares: 4 * 35 * 35 = 4900, rounded up.
 */
#define AMZ_MAX_MOVES 5120

/* Plies one position can hold in its history. Every ply fills a square, so
 * from any position fewer than 100 more plies are possible. */
#define AMZ_MAX_PLY 128

/* Longest position text ("... b - - H F") and move text, with the NUL. */
#define AMZ_POS_TEXT_MAX 160
#define AMZ_MOVE_TEXT_MAX 16

/* What make/unmake keeps per ply. */
typedef struct {
    uint64_t key; /* Zobrist key of the position after the move */
    AmzMove move; /* the move that led here (AMZ_MOVE_NONE at the root) */
} AmzState;

typedef struct {
    uint8_t board[AMZ_SQUARES];     /* AMZ_EMPTY, ..._AMAZON or AMZ_ARROW */
    uint16_t occ[AMZ_LINES];        /* occupancy mask of each line */
    uint8_t amazon[2][AMZ_MAX_AMAZONS]; /* squares of each side's amazons */
    uint8_t count[2];               /* amazons per side (1-4) */
    uint8_t side;                   /* AMZ_WHITE or AMZ_BLACK to move */
    int ply;                        /* moves made since the root; hist[ply] is current */
    int halfmove;                   /* position-text halfmove clock at the root */
    int fullmove;                   /* position-text fullmove number at the root */
    AmzState hist[AMZ_MAX_PLY + 1];
} AmzPosition;

/* Where a square lies on each of its four lines. */
typedef struct {
    uint8_t line[AMZ_LINE_KINDS];
    uint8_t pos[AMZ_LINE_KINDS];
} AmzSquareLines;

/* The empty run around pos in a line: squares lo..hi (pos itself counted as
 * empty); n = hi - lo, the squares a queen on pos reaches along the line. */
typedef struct {
    uint8_t lo, hi, n;
} AmzSpan;

extern const char AMZ_START_TEXT[];
/* Read-only geometry, filled by amz_board_init(). */
extern AmzSquareLines AMZ_SQ_LINES[AMZ_SQUARES];
extern uint8_t AMZ_LINE_SQ[AMZ_LINES][AMZ_FILES];
extern AmzSpan AMZ_SPAN[AMZ_FILES][1024];
/* AMZ_SPAN's n alone: a smaller table for the counter's inner loop. */
extern uint8_t AMZ_REACH[AMZ_FILES][1024];

/* Fills the geometry, span and Zobrist tables. Call once before anything else;
 * calling it again is harmless. */
void amz_board_init(void);

/*
 * Parses position text "BOARD SIDE [F3 F4 [HALFMOVE [FULLMOVE]]]" as
 * Fairy-Stockfish writes it (`Q` white amazon, `q` black, `*` arrow, digits
 * 1-10 for empty runs, ranks 10 down to 1, side w/b; fields 3 and 4 ignored).
 * Each side needs 1-4 amazons. Returns 0 on success; on failure returns -1,
 * leaves *pos unspecified and writes a one-line reason (no newline) to err
 * when err is not NULL.
 */
int amz_pos_from_text(AmzPosition *pos, const char *text, char *err, size_t errlen);

/* Writes "BOARD SIDE - - HALFMOVE FULLMOVE" (what Fairy-Stockfish writes) to
 * buf (AMZ_POS_TEXT_MAX bytes suffice); truncated to buflen. */
void amz_pos_to_text(const AmzPosition *pos, char *buf, size_t buflen);

/* Zobrist key of the current position computed from scratch. */
uint64_t amz_pos_compute_key(const AmzPosition *pos);

static inline uint64_t amz_pos_key(const AmzPosition *pos) { return pos->hist[pos->ply].key; }

/* Flips the occupancy bit of sq in its four line masks (make/unmake, and the
 * move generator's lifting of an amazon off its square). */
static inline void amz_toggle_occ(AmzPosition *pos, int sq)
{
    const AmzSquareLines *sl = &AMZ_SQ_LINES[sq];
    for (int k = 0; k < AMZ_LINE_KINDS; k++) pos->occ[sl->line[k]] ^= (uint16_t)(1u << sl->pos[k]);
}

/* Occupancy mask of line `line` as computed from board[] (for checks). */
uint16_t amz_line_mask_from_board(const AmzPosition *pos, int line);

/*
 * Plays a turn that the caller knows to be legal and records it in the
 * history. Returns false, changing nothing, when the history is full.
 */
bool amz_pos_make(AmzPosition *pos, AmzMove m);

/* Takes back the last turn made with amz_pos_make; no-op at the root. */
void amz_pos_unmake(AmzPosition *pos);

/* Writes a plain-text diagram (ranks 10 to 1, files a-j, side to move) into
 * buf; truncated to buflen. */
void amz_pos_print(const AmzPosition *pos, char *buf, size_t buflen);

/* Writes a square's name ("a1" .. "j10") to buf (room for 4) and returns the
 * number of characters written. */
int amz_square_name(int sq, char *buf);

#endif
