/*
 * eval.c - material and piece-square tables.
 *
 * The piece-square tables are this project's own, written from the usual
 * Xiangqi principles (centralise horses, keep cannons on open central files,
 * pawns gain value across the river and most near the enemy palace but are
 * weak on the last rank, the general stays home). They are small next to the
 * material values on purpose: this engine exists to compare search
 * algorithms on equal terms, not to win on evaluation.
 *
 * Each table is drawn from Red's side: the first row is rank 9 (Black's back
 * rank), the last row rank 0; Black uses the mirror image.
 */
#include "eval.h"

static const int VALUES[8] = {0, VALUE_GENERAL, VALUE_ADVISOR, VALUE_ELEPHANT, VALUE_HORSE,
                              VALUE_CHARIOT, VALUE_CANNON, VALUE_PAWN};

static const int8_t PST_GENERAL[RANKS][FILES] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, -20, -25, -20, 0, 0, 0}, {0, 0, 0, -10, -10, -10, 0, 0, 0},
    {0, 0, 0, 0, 5, 0, 0, 0, 0},
};
static const int8_t PST_ADVISOR[RANKS][FILES] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, -5, 0, -5, 0, 0, 0}, {0, 0, 0, 0, 10, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
};
static const int8_t PST_ELEPHANT[RANKS][FILES] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, -5, 0, 0, 0, -5, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0}, {-5, 0, 0, 0, 10, 0, 0, 0, -5}, {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
};
static const int8_t PST_HORSE[RANKS][FILES] = {
    {0, 5, 10, 15, 5, 15, 10, 5, 0},   {5, 15, 25, 20, 15, 20, 25, 15, 5},
    {10, 20, 30, 35, 30, 35, 30, 20, 10}, {10, 25, 30, 35, 35, 35, 30, 25, 10},
    {5, 20, 25, 30, 30, 30, 25, 20, 5},  {5, 15, 20, 25, 25, 25, 20, 15, 5},
    {0, 10, 15, 15, 15, 15, 15, 10, 0},  {0, 5, 10, 10, 5, 10, 10, 5, 0},
    {-5, 0, 5, 5, -10, 5, 5, 0, -5},    {-10, -5, 0, -5, -15, -5, 0, -5, -10},
};
static const int8_t PST_CHARIOT[RANKS][FILES] = {
    {10, 15, 10, 15, 15, 15, 10, 15, 10}, {15, 20, 15, 25, 25, 25, 15, 20, 15},
    {5, 10, 5, 15, 15, 15, 5, 10, 5},     {5, 10, 5, 15, 15, 15, 5, 10, 5},
    {5, 15, 10, 15, 15, 15, 10, 15, 5},   {5, 10, 10, 10, 10, 10, 10, 10, 5},
    {0, 10, 5, 10, 10, 10, 5, 10, 0},     {-5, 5, 0, 5, 5, 5, 0, 5, -5},
    {0, 5, 0, 5, 0, 5, 0, 5, 0},          {-10, 5, 0, 5, 0, 5, 0, 5, -10},
};
static const int8_t PST_CANNON[RANKS][FILES] = {
    {5, 5, 0, -5, -5, -5, 0, 5, 5},  {5, 5, 0, -5, -10, -5, 0, 5, 5}, {0, 0, 0, 0, 5, 0, 0, 0, 0},
    {0, 0, 0, 5, 10, 5, 0, 0, 0},    {0, 0, 0, 0, 10, 0, 0, 0, 0},    {0, 0, 0, 0, 10, 0, 0, 0, 0},
    {0, 0, 0, 0, 5, 0, 0, 0, 0},     {5, 5, 0, 5, 15, 5, 0, 5, 5},    {0, 0, 0, 0, 5, 0, 0, 0, 0},
    {0, 0, 5, 5, 5, 5, 5, 0, 0},
};
static const int8_t PST_PAWN[RANKS][FILES] = {
    {0, 10, 20, 30, 40, 30, 20, 10, 0},           {60, 80, 100, 120, 120, 120, 100, 80, 60},
    {60, 80, 100, 115, 120, 115, 100, 80, 60},    {60, 80, 90, 100, 110, 100, 90, 80, 60},
    {50, 60, 70, 80, 80, 80, 70, 60, 50},         {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {-10, 0, 0, 0, 10, 0, 0, 0, -10},             {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},                  {0, 0, 0, 0, 0, 0, 0, 0, 0},
};

static const int8_t (*const TABLES[8])[FILES] = {NULL, PST_GENERAL, PST_ADVISOR, PST_ELEPHANT,
                                                 PST_HORSE, PST_CHARIOT, PST_CANNON, PST_PAWN};

void xq_eval_init(void)
{
    for (int type = GENERAL; type <= PAWN; type++)
        for (int rank = 0; rank < RANKS; rank++)
            for (int file = 0; file < FILES; file++) {
                /* Row 0 of a table is rank 9 seen from Red. */
                int red = VALUES[type] + TABLES[type][RANKS - 1 - rank][file];
                int black = VALUES[type] + TABLES[type][rank][FILES - 1 - file];
                xq_board_psq[MAKE_PIECE(type, RED)][SQ(file, rank)] = (int16_t)red;
                xq_board_psq[MAKE_PIECE(type, BLACK)][SQ(file, rank)] = (int16_t)-black;
            }
}

int xq_eval_piece_value(int type)
{
    return type >= 0 && type < 8 ? VALUES[type] : 0;
}

int xq_eval_hand_value(int type, int rrank, int hfile)
{
    if (type < GENERAL || type > PAWN || rrank < 0 || rrank >= RANKS || hfile < 0 || hfile >= FILES) return 0;
    return VALUES[type] + TABLES[type][RANKS - 1 - rrank][hfile];
}

int xq_eval_phase(const Position *pos)
{
    int phase = 0;
    for (int c = RED; c <= BLACK; c++)
        phase += 6 * pos->kinds[MAKE_PIECE(CHARIOT, c)] + 3 * pos->kinds[MAKE_PIECE(HORSE, c)]
                 + 3 * pos->kinds[MAKE_PIECE(CANNON, c)];
    return phase < EVAL_PHASE_FULL ? phase : EVAL_PHASE_FULL;
}
