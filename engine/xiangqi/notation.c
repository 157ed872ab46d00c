/*
 * notation.c - move text: ICCS and Fairy-Stockfish coordinates, WXF and
 * Chinese descriptive notation; writing, and what reading shares.
 *
 * The descriptive notations name a move by its piece (the kind plus its file,
 * or a front/rear marker when several of the mover's pieces of that kind share
 * a file), a direction (forward, backward, sideways) and a number: the target
 * file, or for the straight movers (K R C P) going forward or back the number
 * of ranks. Files and directions are seen from the mover: file 1 is on the
 * mover's right, forward is towards the opponent.
 *
 * Writing (here) describes the move from the position (MoveFacts) and
 * prints the canonical form. Reading (notation_read.c) decodes the text into
 * conditions (MoveSpec) and keeps the legal moves of the position that meet
 * them, so any text that names exactly one legal move is accepted.
 */
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "notation_impl.h"

/* ------------------------------------------------------------------------ */
/* Shared vocabulary                                                        */
/* ------------------------------------------------------------------------ */




/* What the descriptive notations say about one legal move. */
typedef struct {
    int colour;       /* the mover */
    int kind;         /* GENERAL..PAWN */
    int file;         /* source file, 1-9 from the mover's right */
    int stack;        /* the mover's pieces of this kind on that file */
    int index;        /* how many of them stand in front of this one */
    int tandem_files; /* files with two or more of the mover's pawns */
    Action action;
    int number;       /* target file or ranks moved, 1-9 */
} MoveFacts;

const char *const XQ_NOTATION_NAME[4] = {"ICCS", "Fairy", "WXF", "Chinese"};

/* U+3000, the full-width space of Chinese text, in UTF-8. */
const char XQ_IDEOGRAPHIC_SPACE[] = "\xE3\x80\x80";

static const char WXF_LETTER[8] = " KAEHRCP";
static const char WXF_OPERATOR[3] = {'+', '-', '.'};

static const char *const CN_PIECE[2][8] = {
    {"", "帅", "仕", "相", "马", "车", "炮", "兵"},
    {"", "将", "士", "象", "马", "车", "炮", "卒"},
};
static const char *const CN_NUMERAL[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
static const char *const ASCII_DIGIT[10] = {"", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
static const char *const CN_ACTION[3] = {"进", "退", "平"};

const char *const XQ_NOTATION_HINT[4] = {
    "expected a move like h2e2",
    "expected a move like h3e3",
    "expected a move like C2.5, H8+7 or R+.3",
    "expected a move like 炮二平五, 马8进7 or 前车进一",
};


/* ------------------------------------------------------------------------ */
/* Describing a move                                                        */
/* ------------------------------------------------------------------------ */

/* File number as the side `colour` counts it: 1 on its right, 9 on its left. */
int xq_notation_relative_file(int colour, int file)
{
    return colour == RED ? FILES - file : file + 1;
}

static int forward_step(int colour)
{
    return colour == RED ? 1 : -1;
}

static bool moves_diagonally(int kind)
{
    return kind == ADVISOR || kind == ELEPHANT || kind == HORSE;
}

/* Counts the pieces equal to the one on sq on its file (*stack) and those of
 * them nearer the opponent than it (*index). */
void xq_notation_file_stack(const Position *pos, int sq, int *stack, int *index)
{
    int piece = pos->board[sq], file = SQ_FILE(sq), rank = SQ_RANK(sq);
    int fwd = forward_step(PIECE_COLOUR(piece));
    *stack = 0;
    *index = 0;
    for (int r = 0; r < RANKS; r++) {
        if (pos->board[SQ(file, r)] != piece) continue;
        (*stack)++;
        if ((r - rank) * fwd > 0) (*index)++;
    }
}

/* Number of files holding two or more pawns of colour. */
static int tandem_pawn_files(const Position *pos, int colour)
{
    int pawn = MAKE_PIECE(PAWN, colour), files = 0;
    for (int f = 0; f < FILES; f++) {
        int n = 0;
        for (int r = 0; r < RANKS; r++) n += pos->board[SQ(f, r)] == pawn;
        files += n >= 2;
    }
    return files;
}

/* Direction of m and its number: target file, or ranks for straight movers. */
void xq_notation_move_direction(const Position *pos, Move m, Action *action, int *number)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m), piece = pos->board[from];
    int colour = PIECE_COLOUR(piece);
    int ranks = (SQ_RANK(to) - SQ_RANK(from)) * forward_step(colour);
    if (ranks == 0) {
        *action = ACT_SIDEWAYS;
        *number = xq_notation_relative_file(colour, SQ_FILE(to));
        return;
    }
    *action = ranks > 0 ? ACT_FORWARD : ACT_BACKWARD;
    *number = moves_diagonally(PIECE_TYPE(piece)) ? xq_notation_relative_file(colour, SQ_FILE(to)) : abs(ranks);
}

/* Fills f for the move m of pos (m must move a piece of pos). */
static void describe_move(const Position *pos, Move m, MoveFacts *f)
{
    int from = MOVE_FROM(m), piece = pos->board[from];
    f->colour = PIECE_COLOUR(piece);
    f->kind = PIECE_TYPE(piece);
    f->file = xq_notation_relative_file(f->colour, SQ_FILE(from));
    xq_notation_file_stack(pos, from, &f->stack, &f->index);
    f->tandem_files = f->kind == PAWN ? tandem_pawn_files(pos, f->colour) : 0;
    xq_notation_move_direction(pos, m, &f->action, &f->number);
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */
/* ------------------------------------------------------------------------ */

/* Writes m as "h2e2" (5 bytes with the NUL) to buf; a move with a square
 * off the board (MOVE_NONE) is written "0000". buf must not be NULL. */
void xq_move_to_iccs(Move m, char *buf)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    if (!xq_sq_on_board(from) || !xq_sq_on_board(to)) {
        strcpy(buf, "0000");
        return;
    }
    buf[0] = (char)('a' + SQ_FILE(from));
    buf[1] = (char)('0' + SQ_RANK(from));
    buf[2] = (char)('a' + SQ_FILE(to));
    buf[3] = (char)('0' + SQ_RANK(to));
    buf[4] = '\0';
}

/* Writes one square in the Fairy form (rank 1-10); returns the chars written. */
static int write_fairy_square(int sq, char *buf)
{
    int rank = SQ_RANK(sq) + 1, n = 0;
    buf[n++] = (char)('a' + SQ_FILE(sq));
    if (rank == 10) buf[n++] = '1';
    buf[n++] = (char)('0' + rank % 10);
    return n;
}

/* Writes m as "h3e3" / "b3b10" (at most 7 bytes with the NUL) to buf; a move
 * with a square off the board is written "0000". buf must not be NULL. */
void xq_move_to_fairy(Move m, char *buf)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    if (!xq_sq_on_board(from) || !xq_sq_on_board(to)) {
        strcpy(buf, "0000");
        return;
    }
    int n = write_fairy_square(from, buf);
    n += write_fairy_square(to, buf + n);
    buf[n] = '\0';
}

/* The two WXF characters naming the piece: "R2", "R+", "P3" (middle pawn),
 * "++"/"P+"/"P-"/"--" (4-5 pawns), "3+" (pawns tandem on two files). */
static void wxf_designator(const MoveFacts *f, char d[2])
{
    char digit = (char)('0' + f->file);
    int last = f->stack - 1;
    d[0] = WXF_LETTER[f->kind];
    d[1] = digit;
    if (f->stack <= 1) return;
    if (f->stack >= 4) { /* only pawns: ++ P+ [P3] P- -- */
        if (f->index == 0 || f->index == last) d[0] = f->index == 0 ? '+' : '-';
        d[1] = f->index <= 1 ? '+' : f->index >= last - 1 ? '-' : digit;
        return;
    }
    if (f->kind == PAWN && f->tandem_files >= 2) d[0] = digit;
    d[1] = f->index == 0 ? '+' : f->index == last ? '-' : digit;
}

static void write_wxf(const MoveFacts *f, char *buf)
{
    wxf_designator(f, buf);
    buf[2] = WXF_OPERATOR[f->action];
    buf[3] = (char)('0' + f->number);
    buf[4] = '\0';
}

/* Red writes files and counts in Chinese numerals, Black in ASCII digits. */
static const char *chinese_number(int colour, int n)
{
    return colour == RED ? CN_NUMERAL[n] : ASCII_DIGIT[n];
}

/* The Chinese piece part: 车二, 前车, 中兵, 前兵四 (two tandem files), 二兵 (4-5). */
static void chinese_designator(const MoveFacts *f, char *out, size_t outlen)
{
    const char *piece = CN_PIECE[f->colour][f->kind];
    const char *file = chinese_number(f->colour, f->file);
    int last = f->stack - 1;
    if (f->stack <= 1) {
        snprintf(out, outlen, "%s%s", piece, file);
    } else if (f->stack >= 4) {
        snprintf(out, outlen, "%s%s", CN_NUMERAL[f->index + 1], piece);
    } else {
        const char *mark = f->index == 0 ? "前" : f->index == last ? "后" : "中";
        bool with_file = f->kind == PAWN && f->tandem_files >= 2;
        snprintf(out, outlen, "%s%s%s", mark, piece, with_file ? file : "");
    }
}

static void write_chinese(const MoveFacts *f, char *buf, size_t buflen)
{
    char who[MOVE_TEXT_MAX];
    chinese_designator(f, who, sizeof who);
    snprintf(buf, buflen, "%s%s%s", who, CN_ACTION[f->action], chinese_number(f->colour, f->number));
}

/* Writes the legal move m of pos in notation n to buf. Returns 0, or -1 (buf
 * holding "" when buflen > 0) when m is not legal in pos, n is unknown, buf
 * is NULL or buflen too small; MOVE_TEXT_MAX is always enough. pos is
 * changed during the call and restored. */
int xq_move_to_text(Position *pos, Move m, Notation n, char *buf, size_t buflen)
{
    char text[MOVE_TEXT_MAX];
    MoveFacts facts;
    if (buf && buflen) buf[0] = '\0';
    if (!buf || !xq_move_is_legal(pos, m)) return -1;
    describe_move(pos, m, &facts);
    switch (n) {
    case NOTATION_ICCS: xq_move_to_iccs(m, text); break;
    case NOTATION_FAIRY: xq_move_to_fairy(m, text); break;
    case NOTATION_WXF: write_wxf(&facts, text); break;
    case NOTATION_CHINESE: write_chinese(&facts, text, sizeof text); break;
    default: return -1;
    }
    size_t len = strlen(text);
    if (len >= buflen) return -1;
    memcpy(buf, text, len + 1);
    return 0;
}
