/*
 * rules.c - game endings per ../shared/DESIGN.md "Xiangqi rules", under the
 * three named rule sets; chase detection is in chase.c.
 */
#include "rules.h"

#include <string.h>

#include "chase.h"
#include "movegen.h"

static const char *const SET_NAMES[RULES_SET_COUNT] = {RULES_SET_NAMES};

RulesConfig xq_rules_default_config(void)
{
    RulesConfig cfg = {RULES_DEFAULT_NO_CAPTURE, 0, RULES_ASIAN};
    return cfg;
}

const char *xq_rules_set_name(RuleSet rs) { return rs >= 0 && rs < RULES_SET_COUNT ? SET_NAMES[rs] : "?"; }

int xq_rules_set_by_name(const char *name)
{
    for (int i = 0; i < RULES_SET_COUNT; i++)
        if (strcmp(name, SET_NAMES[i]) == 0) return i;
    return -1;
}

int xq_rules_no_capture_limit(const RulesConfig *cfg)
{
    if (cfg->no_capture_plies >= 0) return cfg->no_capture_plies;
    return cfg->rule_set == RULES_CHESS_LIKE ? RULES_CHESS_LIKE_NO_CAPTURE : RULES_DEFAULT_NO_CAPTURE;
}

/* The 60-move rule's count (asian). Each side's checks beyond its tenth in
 * the window are taken off, as the rule is stated (and as Pikafish's
 * rule_judge does); Fairy-Stockfish takes off twice the larger side's
 * excess instead, which differs only when both sides check more than ten
 * times. */
int xq_rules_counted_plies(const Position *pos)
{
    int ply = pos->ply, window = pos_halfmove(pos), checks[2] = {0, 0};
    if (window > ply) window = ply; /* plies before the root (FEN counter) carry no check record */
    for (int j = ply - window + 1; j <= ply; j++)
        if (pos->hist[j].in_check) checks[(ply - j) % 2 == 1 ? pos->side : pos->side ^ 1]++;
    int counted = pos_halfmove(pos);
    for (int c = 0; c < 2; c++)
        if (checks[c] > RULES_ASIAN_FREE_CHECKS) counted -= checks[c] - RULES_ASIAN_FREE_CHECKS;
    return counted;
}

/* The same under every rule set: no piece that can cross the river is left.
 * (Pikafish also calls some cannon-only endings drawn; we do not.) */
bool xq_rules_insufficient_material(const Position *pos)
{
    static const int ATTACKERS[4] = {HORSE, CHARIOT, CANNON, PAWN};
    for (int c = RED; c <= BLACK; c++)
        for (int i = 0; i < 4; i++)
            if (pos->kinds[MAKE_PIECE(ATTACKERS[i], c)]) return false;
    return true;
}

/* The ply of the earliest of `times` occurrences of the current position
 * (same side to move, since the last capture), or -1. */
static int cycle_start(const Position *pos, int times)
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
    return seen < times ? -1 : start;
}

/* Did each side give check with every one of its moves in the cycle after
 * `start`? all[0]: the side to move now, all[1]: the other. */
static void cycle_checks(const Position *pos, int start, bool all[2])
{
    /* Move j (leading to hist[j]) gave check iff hist[j].in_check. Its mover
     * is the side to move now when ply - j is odd, the opponent otherwise. */
    all[0] = all[1] = true;
    for (int j = start + 1; j <= pos->ply; j++)
        if (!pos->hist[j].in_check) all[(pos->ply - j) % 2 == 0 ? 1 : 0] = false;
}

/* The perpetual-check verdict of the cycle after `start`. */
static RepVerdict check_verdict(const Position *pos, int start)
{
    bool all[2];
    cycle_checks(pos, start, all);
    if (all[0] == all[1]) return REP_DRAW;
    return all[0] ? REP_LOSS : REP_WIN;
}

RepVerdict xq_rules_repetition(const Position *pos, int times)
{
    int start = cycle_start(pos, times);
    return start < 0 ? REP_NONE : check_verdict(pos, start);
}

RepJudgement xq_rules_judge_repetition(Position *pos, int times, RuleSet rs)
{
    RepJudgement j = {REP_NONE, END_NONE, -1, 0, 0, 0};
    int start = cycle_start(pos, times);
    if (start < 0) return j;
    j.reason = END_REPETITION;
    j.verdict = REP_DRAW;
    if (rs == RULES_CHESS_LIKE) return j;
    bool all[2];
    cycle_checks(pos, start, all);
    if (all[0] != all[1]) {
        j.verdict = all[0] ? REP_LOSS : REP_WIN;
        j.reason = END_PERPETUAL_CHECK;
    }
    /* Checking first: a perpetual checker loses whatever the other side
     * did (so a checker loses to a chaser), and checks on both sides are a
     * draw (AXF 7). The chase rule applies only when neither side checked
     * with every move. */
    if (rs != RULES_ASIAN || all[0] || all[1]) return j;
    ChaseCycle cc[2];
    xq_chase_cycle(pos, start, cc);
    int us = pos->side, them = us ^ 1;
    if ((cc[us].targets != 0) == (cc[them].targets != 0)) return j; /* neither, or both: a draw */
    int chaser = cc[us].targets ? us : them;
    j.verdict = chaser == us ? REP_LOSS : REP_WIN;
    j.reason = END_PERPETUAL_CHASE;
    j.chaser = chaser;
    j.chaser_type = cc[chaser].chaser_type;
    j.target_type = cc[chaser].target_type;
    j.target_sq = cc[chaser].target_sq;
    return j;
}

Outcome xq_rules_outcome(Position *pos, const RulesConfig *cfg)
{
    RulesConfig defaults = xq_rules_default_config();
    Outcome out = {RULES_NONE, END_NONE, -1, 0, 0, 0};
    RulesResult to_move_wins = pos->side == RED ? RULES_RED_WINS : RULES_BLACK_WINS;
    RulesResult to_move_loses = pos->side == RED ? RULES_BLACK_WINS : RULES_RED_WINS;
    if (!cfg) cfg = &defaults;

    if (xq_count_legal(pos) == 0) {
        out.result = to_move_loses;
        out.reason = pos_in_check(pos) ? END_CHECKMATE : END_STALEMATE;
        return out;
    }
    RepJudgement rep = xq_rules_judge_repetition(pos, 3, cfg->rule_set);
    if (rep.verdict != REP_NONE) {
        out.reason = rep.reason;
        out.result = rep.verdict == REP_DRAW ? RULES_DRAW : rep.verdict == REP_WIN ? to_move_wins : to_move_loses;
        out.chaser = rep.chaser;
        out.chaser_type = rep.chaser_type;
        out.target_type = rep.target_type;
        out.target_sq = rep.target_sq;
        return out;
    }
    int limit = xq_rules_no_capture_limit(cfg);
    if (limit > 0 && pos_halfmove(pos) >= limit
        && (cfg->rule_set != RULES_ASIAN || xq_rules_counted_plies(pos) >= limit))
        out.reason = cfg->rule_set == RULES_ASIAN ? END_SIXTY_MOVES : END_NO_CAPTURE;
    else if (xq_rules_insufficient_material(pos))
        out.reason = END_INSUFFICIENT_MATERIAL;
    else if (cfg->max_plies > 0 && pos->ply >= cfg->max_plies)
        out.reason = END_MAX_PLIES;
    if (out.reason != END_NONE) out.result = RULES_DRAW;
    return out;
}

const char *xq_rules_result_text(RulesResult r)
{
    switch (r) {
    case RULES_RED_WINS: return "1-0";
    case RULES_BLACK_WINS: return "0-1";
    case RULES_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

const char *xq_rules_reason_text(EndReason r)
{
    static const char *const NAMES[] = {"none", "checkmate", "stalemate", "perpetual check", "repetition",
                                        "no capture", "insufficient material", "max plies",
                                        "perpetual chase", "60-move rule"};
    _Static_assert(sizeof NAMES / sizeof NAMES[0] == END_COUNT, "a name per reason");
    return r >= END_NONE && r < END_COUNT ? NAMES[r] : "unknown";
}
