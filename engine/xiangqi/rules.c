/*
 * rules.c - game endings per ../shared/DESIGN.md "Xiangqi rules".
 */
#include "rules.h"

#include "movegen.h"

RulesConfig rules_default_config(void)
{
    RulesConfig cfg = {RULES_DEFAULT_NO_CAPTURE, 0};
    return cfg;
}

bool rules_insufficient_material(const Position *pos)
{
    static const int ATTACKERS[4] = {HORSE, CHARIOT, CANNON, PAWN};
    for (int c = RED; c <= BLACK; c++)
        for (int i = 0; i < 4; i++)
            if (pos->kinds[MAKE_PIECE(ATTACKERS[i], c)]) return false;
    return true;
}

RepVerdict rules_repetition(const Position *pos, int times)
{
    int ply = pos->ply, oldest = ply - pos_halfmove(pos);
    uint64_t key = pos_key(pos);
    int seen = 1, start = -1;
    if (oldest < 0) oldest = 0;
    for (int i = ply - 2; i >= oldest && seen < times; i -= 2)
        if (pos->hist[i].key == key) {
            seen++;
            start = i;
        }
    if (seen < times) return REP_NONE;

    /* Move j (leading to hist[j]) gave check iff hist[j].in_check. Its mover
     * is the side to move now when ply - j is odd, the opponent otherwise. */
    bool all_checks[2] = {true, true}; /* [0] = side to move, [1] = opponent */
    for (int j = start + 1; j <= ply; j++)
        if (!pos->hist[j].in_check) all_checks[(ply - j) % 2 == 0 ? 1 : 0] = false;
    if (all_checks[0] == all_checks[1]) return REP_DRAW;
    return all_checks[0] ? REP_LOSS : REP_WIN;
}

Outcome rules_outcome(Position *pos, const RulesConfig *cfg)
{
    RulesConfig defaults = rules_default_config();
    Outcome out = {RULES_NONE, END_NONE};
    RulesResult to_move_wins = pos->side == RED ? RULES_RED_WINS : RULES_BLACK_WINS;
    RulesResult to_move_loses = pos->side == RED ? RULES_BLACK_WINS : RULES_RED_WINS;
    if (!cfg) cfg = &defaults;

    if (count_legal(pos) == 0) {
        out.result = to_move_loses;
        out.reason = pos_in_check(pos) ? END_CHECKMATE : END_STALEMATE;
        return out;
    }
    RepVerdict rep = rules_repetition(pos, 3);
    if (rep != REP_NONE) {
        out.reason = rep == REP_DRAW ? END_REPETITION : END_PERPETUAL_CHECK;
        out.result = rep == REP_DRAW ? RULES_DRAW : rep == REP_WIN ? to_move_wins : to_move_loses;
        return out;
    }
    if (cfg->no_capture_plies > 0 && pos_halfmove(pos) >= cfg->no_capture_plies)
        out.reason = END_NO_CAPTURE;
    else if (rules_insufficient_material(pos))
        out.reason = END_INSUFFICIENT_MATERIAL;
    else if (cfg->max_plies > 0 && pos->ply >= cfg->max_plies)
        out.reason = END_MAX_PLIES;
    if (out.reason != END_NONE) out.result = RULES_DRAW;
    return out;
}

const char *rules_result_text(RulesResult r)
{
    switch (r) {
    case RULES_RED_WINS: return "1-0";
    case RULES_BLACK_WINS: return "0-1";
    case RULES_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

const char *rules_reason_text(EndReason r)
{
    static const char *const NAMES[] = {"none", "checkmate", "stalemate", "perpetual check", "repetition",
                                        "no capture", "insufficient material", "max plies"};
    _Static_assert(sizeof NAMES / sizeof NAMES[0] == END_COUNT, "a name per reason");
    return r >= END_NONE && r < END_COUNT ? NAMES[r] : "unknown";
}
