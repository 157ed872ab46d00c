/*
 * notation_impl.h - what notation.c (writing) and notation_read.c (reading)
 * share: the descriptive notations' vocabulary and the facts of a piece's
 * file. Private to engine/xiangqi/.
 */
#ifndef XQ_NOTATION_IMPL_H
#define XQ_NOTATION_IMPL_H

#include "board.h"
#include "notation.h"

typedef enum { ACT_FORWARD, ACT_BACKWARD, ACT_SIDEWAYS } Action;

/* How a text picks one of several same pieces standing on one file. */
typedef enum {
    MARK_NONE,    /* by the file number alone */
    MARK_FRONT,   /* WXF '+': the front one of 2-3, the second of 4-5 */
    MARK_REAR,    /* WXF '-': the rear one of 2-3, the second rearmost of 4-5 */
    MARK_FIRST,   /* WXF "++", Chinese 前: the foremost */
    MARK_LAST,    /* WXF "--", Chinese 后: the rearmost */
    MARK_MIDDLE,  /* WXF "33." form, Chinese 中: the middle one of 3 or 5 */
    MARK_ORDINAL  /* Chinese 一兵..五兵: counted from the front */
} Mark;

/* Each notation's name and what a move in it looks like, for messages. */
extern const char *const XQ_NOTATION_NAME[4];
extern const char *const XQ_NOTATION_HINT[4];
/* U+3000, the full-width space of Chinese text, in UTF-8. */
extern const char XQ_IDEOGRAPHIC_SPACE[];

/* File number as the side `colour` counts it: 1 on its right, 9 on its left. */
int xq_notation_relative_file(int colour, int file);

/* How many of the mover's pieces of the kind on sq stand on its file
 * (*stack), and how many of them are in front of it (*index). */
void xq_notation_file_stack(const Position *pos, int sq, int *stack, int *index);

/* The direction of m and its number (target file or ranks moved). */
void xq_notation_move_direction(const Position *pos, Move m, Action *action, int *number);

#endif
