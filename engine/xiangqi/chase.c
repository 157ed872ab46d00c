/*
 * chase.c - chase detection for the Asian (AXF) rules.
 *
 * Written from the AXF rules (the Asian Xiangqi Federation's rule book as
 * published by the WXF, www.wxf.org/xq/rule/asia/, "Asia rule" articles
 * 15, 18, 24, 28, 32 and 36 and their diagrams) and after reading the two
 * public implementations, Pikafish (src/position.cpp: chased,
 * detect_chases, rule_judge) and Fairy-Stockfish (src/position.cpp:
 * Position::chased with chasingRule AXF_CHASING). Our own code; where we
 * follow the rule text rather than a simplification of theirs, it says so.
 *
 * A move of side c chases an enemy piece T when, in the position after it,
 * c chases T and did not chase T before it ("newly attacks"; a standing
 * attack is no chase, AXF appendix "Example of Non-Perpetual Chase").
 * c chases T with its piece A (A on a, T on t) when all of these hold:
 *
 *  1. T is not the general (attacking it is a check), and not a soldier
 *     that has not crossed the river (AXF: it cannot be chased).
 *  2. A is not the general or a soldier: they may chase freely (AXF 28).
 *  3. A attacks t by its move geometry and capturing there is legal for c
 *     (its general is not left attacked or facing the other). A pinned
 *     piece does not attack. Pikafish keeps a pinned attacker's attacks on
 *     its pinner; Fairy-Stockfish does not look at the attacker's pin. We
 *     follow the rule text: a capture that cannot be played is no threat.
 *  4. Then either T is "stronger" and chased protected or not:
 *       a horse or cannon attacking a chariot (AXF 15), an advisor or
 *       elephant attacking a chariot, horse or cannon (both
 *       implementations; the same principle: attacking a more valuable
 *       piece threatens to win material even when it is protected);
 *     or T cannot be recaptured: after A takes T on t, no enemy piece can
 *     legally capture on t. A protector that is pinned to its general, or
 *     a general that would then face the other one, does not protect.
 *     Fairy-Stockfish approximates this by removing A from its square and
 *     excluding pinned protectors; we play the capture and test each
 *     recapture for legality, as the rule text asks (can it recapture?).
 *  5. When A and T are of the same type and T can legally take A back, it
 *     is an offer to exchange, not a chase (AXF 24: "if both sides can
 *     capture the other side ... a draw"); when T cannot (a blocked horse
 *     leg, a pin), it is a chase. Both implementations do the same.
 *
 * "Newly" compares the whole sets before and after the move (as Pikafish
 * does), so a move that cuts the protection of a piece another piece of
 * the mover already attacks (blocking the protector's line, taking away a
 * cannon's screen) chases it: the AXF appendix's "Example of Perpetual
 * Chase" (a pawn moved "to keep the Black Knight unprotected" makes the
 * rook a perpetual chaser). Fairy-Stockfish looks only at the moved piece's
 * direct and discovered attacks and at new pins, and misses those
 * (tests/chase_cases.txt, the both-chase cases).
 *
 * A perpetual chase: the same enemy piece (by slot, so it may move) chased
 * by every move of one side in the cycle. Chasing two pieces in turn is no
 * perpetual chase (AXF 32). Checking moves are not special: one check and
 * one chase is no perpetual chase (AXF 18, diagram 37), because the
 * checking move must also newly chase the same piece to keep it going.
 * (Pikafish calls a cycle with any check in it a draw; Fairy-Stockfish
 * keeps chase detection on checking moves as we do.)
 */
#include "chase.h"

static bool in_palace(int sq, int c)
{
    int f = SQ_FILE(sq), r = SQ_RANK(sq);
    return f >= 3 && f <= 5 && (c == RED ? r <= 2 : r >= 7);
}

static bool in_own_half(int sq, int c) { return c == RED ? SQ_RANK(sq) <= 4 : SQ_RANK(sq) >= 5; }

static int sign(int v) { return (v > 0) - (v < 0); }

/* Pieces strictly between two squares on one file or rank; -1 if they are not on one line. */
static int pieces_between(const Position *pos, int a, int b)
{
    int df = SQ_FILE(b) - SQ_FILE(a), dr = SQ_RANK(b) - SQ_RANK(a);
    if ((df != 0) == (dr != 0)) return -1;
    int step = sign(df) + 16 * sign(dr), n = 0;
    for (int s = a + step; s != b; s += step) n += pos->board[s] != EMPTY;
    return n;
}

bool xq_chase_piece_attacks(const Position *pos, int from, int to)
{
    int piece = pos->board[from], c = PIECE_COLOUR(piece);
    int df = SQ_FILE(to) - SQ_FILE(from), dr = SQ_RANK(to) - SQ_RANK(from);
    int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
    if (from == to || !xq_sq_on_board(to)) return false;
    switch (PIECE_TYPE(piece)) {
    case GENERAL: return adf + adr == 1 && in_palace(to, c);
    case ADVISOR: return adf == 1 && adr == 1 && in_palace(to, c);
    case ELEPHANT:
        return adf == 2 && adr == 2 && in_own_half(to, c) && pos->board[from + sign(df) + 16 * sign(dr)] == EMPTY;
    case HORSE:
        if (adf == 1 && adr == 2) return pos->board[from + 16 * sign(dr)] == EMPTY;
        if (adf == 2 && adr == 1) return pos->board[from + sign(df)] == EMPTY;
        return false;
    case CHARIOT: return pieces_between(pos, from, to) == 0;
    case CANNON: return pieces_between(pos, from, to) == 1;
    case PAWN: {
        int forward = c == RED ? 1 : -1;
        if (df == 0 && dr == forward) return true;
        return adf == 1 && dr == 0 && !in_own_half(from, c);
    }
    default: return false;
    }
}

/* Is capturing from `from` on `to` legal for the piece's side? The board
 * alone is changed for the test, and restored. */
static bool capture_is_legal(Position *pos, int from, int to)
{
    int piece = pos->board[from], victim = pos->board[to], c = PIECE_COLOUR(piece);
    bool general = PIECE_TYPE(piece) == GENERAL;
    pos->board[to] = (uint8_t)piece;
    pos->board[from] = EMPTY;
    if (general) pos->king[c] = (uint8_t)to;
    bool safe = !xq_pos_general_attacked(pos, c);
    if (general) pos->king[c] = (uint8_t)from;
    pos->board[from] = (uint8_t)piece;
    pos->board[to] = (uint8_t)victim;
    return safe;
}

/* Can a piece of colour e legally capture on t, in the position as it is? */
static bool can_recapture(Position *pos, int e, int t)
{
    for (int i = 0; i < pos->count[e]; i++) {
        int s = pos->list[e][i];
        if (pos->board[s] != EMPTY && PIECE_COLOUR(pos->board[s]) == e && xq_chase_piece_attacks(pos, s, t)
            && capture_is_legal(pos, s, t))
            return true;
    }
    return false;
}

/* Rule 4's second half: after A (on a) takes the piece on t, can the enemy take back? */
static bool is_protected_against(Position *pos, int a, int t)
{
    int piece = pos->board[a], victim = pos->board[t], e = PIECE_COLOUR(victim);
    pos->board[t] = (uint8_t)piece;
    pos->board[a] = EMPTY;
    bool protected_ = can_recapture(pos, e, t);
    pos->board[a] = (uint8_t)piece;
    pos->board[t] = (uint8_t)victim;
    return protected_;
}

/* Rules 1 to 5 for the piece on a (colour c) and the enemy piece on t. */
static bool chases(Position *pos, int a, int t)
{
    int attacker = PIECE_TYPE(pos->board[a]), target = PIECE_TYPE(pos->board[t]);
    int e = PIECE_COLOUR(pos->board[t]);
    if (target == GENERAL || (target == PAWN && in_own_half(t, e))) return false;    /* rule 1 */
    if (attacker == GENERAL || attacker == PAWN) return false;                       /* rule 2 */
    if (!xq_chase_piece_attacks(pos, a, t) || !capture_is_legal(pos, a, t)) return false; /* rule 3 */
    if ((attacker == HORSE || attacker == CANNON) && target == CHARIOT) return true;  /* rule 4 */
    if ((attacker == ADVISOR || attacker == ELEPHANT) && (target == CHARIOT || target == HORSE || target == CANNON))
        return true;
    if (attacker == target && xq_chase_piece_attacks(pos, t, a) && capture_is_legal(pos, t, a)) return false; /* 5 */
    return !is_protected_against(pos, a, t);
}

uint16_t xq_chase_targets(Position *pos, int c, uint8_t chaser[16])
{
    uint16_t found = 0;
    int e = c ^ 1;
    for (int i = 0; i < pos->count[c]; i++) {
        int a = pos->list[c][i], type = PIECE_TYPE(pos->board[a]);
        if (type == GENERAL || type == PAWN) continue;
        for (int j = 0; j < pos->count[e]; j++) {
            int t = pos->list[e][j];
            if (found >> j & 1 || !chases(pos, a, t)) continue;
            found |= (uint16_t)(1u << j);
            if (chaser) chaser[j] = (uint8_t)a;
        }
    }
    return found;
}

void xq_chase_cycle(Position *pos, int start, ChaseCycle out[2])
{
    Move moves[POS_MAX_PLY];
    int n = pos->ply - start;
    uint8_t chaser[16];
    bool moved[2] = {false, false};
    for (int k = n - 1; k >= 0; k--) {
        moves[k] = pos->hist[pos->ply].move;
        xq_pos_unmake_move(pos);
    }
    for (int c = 0; c < 2; c++) out[c] = (ChaseCycle){0xFFFF, 0, 0, 0};
    for (int k = 0; k < n; k++) {
        int c = pos->side;
        moved[c] = true;
        uint16_t before = out[c].targets ? xq_chase_targets(pos, c, NULL) : 0;
        xq_pos_make_move(pos, moves[k]);
        if (!out[c].targets) continue;
        out[c].targets &= (uint16_t)(xq_chase_targets(pos, c, chaser) & ~before);
        if (!out[c].targets) continue;
        int slot = __builtin_ctz(out[c].targets), t = pos->list[c ^ 1][slot];
        out[c].chaser_type = PIECE_TYPE(pos->board[chaser[slot]]);
        out[c].target_type = PIECE_TYPE(pos->board[t]);
        out[c].target_sq = t;
    }
    for (int c = 0; c < 2; c++) /* a side that made no move in it chased nothing */
        if (!moved[c]) out[c].targets = 0;
}
