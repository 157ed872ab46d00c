/*
 * eval.c - the Ataxx evaluation (eval.h).
 */
#include "eval.h"

/* Pieces of `own` with no empty square next to them. */
static int stable_count(AtxBB own, AtxBB empty)
{
    /* a piece is unstable when it is next to an empty square */
    return atx_bb_count(own & ~atx_bb_singles(empty));
}

int atx_eval_terms(const AtxPosition *pos, AtxEvalTerms *terms)
{
    AtxBB x = pos->pieces[ATX_X], o = pos->pieces[ATX_O], empty = atx_empty(pos);
    AtxEvalTerms t;
    t.material = atx_bb_count(x) - atx_bb_count(o);
    t.mobility = atx_bb_count(atx_bb_singles(x) & empty) - atx_bb_count(atx_bb_singles(o) & empty);
    t.stability = stable_count(x, empty) - stable_count(o, empty);
    AtxBB rx = atx_bb_reach(x) & empty, ro = atx_bb_reach(o) & empty;
    t.fill = atx_bb_count(rx & ~ro) - atx_bb_count(ro & ~rx);
    t.empty = atx_bb_count(empty);
    if (terms) *terms = t;
    int w = t.empty >= ATX_EVAL_ENDGAME_EMPTY ? 16 : 16 * t.empty / ATX_EVAL_ENDGAME_EMPTY;
    return 100 * t.material + w * (ATX_EVAL_MOBILITY * t.mobility + ATX_EVAL_STABILITY * t.stability) / 16
           + (16 - w) * 100 * t.fill / 16;
}

int atx_eval(const AtxPosition *pos)
{
    int v = atx_eval_terms(pos, NULL);
    return pos->side == ATX_X ? v : -v;
}
