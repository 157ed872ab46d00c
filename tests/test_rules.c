/*
 * test_rules.c - game endings on hand-worked positions: mate, stalemate,
 * perpetual check (either side), a mutual-check cycle, a quiet cycle, a
 * cycle with checks on only some moves, the no-capture rule (check-only and
 * asian, with the checks beyond each side's tenth not counted), material.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "rules.h"
#include "testhelp.h"

/* Plays the ICCS moves of `moves` (repeated `times` times) from fen. Checks
 * that the game goes on before the last move and returns the outcome after,
 * under cfg (NULL: the defaults, asian). */
static Outcome play_under(const RulesConfig *cfg, Position *pos, const char *fen, const char *moves, int times)
{
    Outcome none = {RULES_NONE, END_NONE, -1, 0, 0, 0};
    if (xq_pos_from_fen(pos, fen, NULL, 0)) {
        CHECK(false, "bad FEN %s", fen);
        return none;
    }
    for (int t = 0; t < times; t++)
        for (const char *p = moves; *p; p += p[4] ? 5 : 4) {
            Outcome before = xq_rules_outcome(pos, cfg);
            CHECK(before.reason == END_NONE, "game ended early (%s) before %.4s in %s",
                  xq_rules_reason_text(before.reason), p, fen);
            Move m = MOVE(SQ(p[0] - 'a', p[1] - '0'), SQ(p[2] - 'a', p[3] - '0'));
            CHECK(xq_move_is_legal(pos, m), "%.4s is legal in %s", p, fen);
            xq_pos_make_move(pos, m);
        }
    return xq_rules_outcome(pos, cfg);
}

static Outcome play(Position *pos, const char *fen, const char *moves, int times)
{
    return play_under(NULL, pos, fen, moves, times);
}

static void expect(Outcome got, RulesResult result, EndReason reason, const char *what)
{
    CHECK(got.result == result && got.reason == reason, "%s: expected %s (%s), got %s (%s)", what,
          xq_rules_result_text(result), xq_rules_reason_text(reason), xq_rules_result_text(got.result),
          xq_rules_reason_text(got.reason));
}

static void test_no_moves(void)
{
    static Position pos;
    /* Two chariots: a9 checks along rank 9, b8 covers rank 8; the general
     * on e9 can go nowhere and nothing can block. */
    expect(play(&pos, "R3k4/1R7/9/9/9/9/9/9/9/3K5 b", "", 1), RULES_RED_WINS, END_CHECKMATE, "double-chariot mate");
    /* Pawns d8 and f8 cover d9, f9 and e8 (sideways) without checking e9. */
    expect(play(&pos, "4k4/3P1P3/9/9/9/9/9/9/9/3K5 b", "", 1), RULES_RED_WINS, END_STALEMATE,
           "stalemate loses for the side to move");
    /* Mate by a move: the chariot goes from a7 to a9. */
    expect(play(&pos, "4k4/1R7/R8/9/9/9/9/9/9/3K5 w", "a7a9", 1), RULES_RED_WINS, END_CHECKMATE, "mating move");
    /* Flying general takes part: the red general on d0 holds the d-file, so a
     * chariot check on the e-file with f9 covered by a pawn mates. */
    expect(play(&pos, "4k4/5P3/9/9/9/9/9/9/4R4/3K5 b", "", 1), RULES_RED_WINS, END_CHECKMATE,
           "the facing rule takes d9 away");
}

static void test_repetition(void)
{
    static Position pos;
    /* Red's chariot checks on every move (a9 on rank 9, a8 on rank 8); the
     * black general steps e9-e8-e9. The position after 8 plies is the
     * starting one for the third time: Red, the perpetual checker, loses. */
    expect(play(&pos, "4k4/R8/9/9/9/9/9/9/9/3K5 w", "a8a9 e9e8 a9a8 e8e9", 2), RULES_BLACK_WINS,
           END_PERPETUAL_CHECK, "red perpetual check");
    /* The mirror image: Black checks along ranks 0 and 1 and loses. */
    expect(play(&pos, "3k5/9/9/9/9/9/9/9/r8/4K4 b", "a1a0 e0e1 a0a1 e1e0", 2), RULES_RED_WINS,
           END_PERPETUAL_CHECK, "black perpetual check");
    /* Both sides check on every move: the cannon e4 steps to d4, blocking the
     * chariot d5's check and uncovering the chariot e1's; the chariot d5 steps
     * to e5, blocking and making d4 the screen of the cannon d8; and back.
     * Both checked throughout: a draw. */
    expect(play(&pos, "4k4/3c5/9/9/3r5/4C2C1/2r6/R8/3KR4/8h w", "e4d4 d5e5 d4e4 e5d5", 2), RULES_DRAW,
           END_REPETITION, "mutual perpetual check");
    /* Nobody checks: the generals step back and forth. */
    expect(play(&pos, "4k4/9/9/9/R8/9/9/9/9/3K5 w", "d0d1 e9e8 d1d0 e8e9", 2), RULES_DRAW, END_REPETITION,
           "quiet cycle");
    /* Red checks on two of its four moves in the cycle: not perpetual. (No
     * shorter cycle hides inside: every position in it is different.) */
    expect(play(&pos, "4k4/R8/9/9/8r/9/9/9/9/3K5 w", "a8a9 e9e8 d0d1 i5i6 a9a8 e8e9 d1d0 i6i5", 2), RULES_DRAW,
           END_REPETITION, "checks on only some moves");
    /* Two occurrences are not yet a repetition ending. */
    Outcome twice = play(&pos, "4k4/9/9/9/R8/9/9/9/9/3K5 w", "d0d1 e9e8 d1d0 e8e9", 1);
    expect(twice, RULES_NONE, END_NONE, "second occurrence goes on");
    CHECK(xq_rules_repetition(&pos, 2) == REP_DRAW, "xq_rules_repetition(2) sees the quiet cycle");
}

static void test_counters_and_material(void)
{
    static Position pos;
    RulesConfig cfg = xq_rules_default_config();
    CHECK(cfg.no_capture_plies == 120, "default no-capture limit is 120, got %d", cfg.no_capture_plies);
    CHECK(cfg.rule_set == RULES_ASIAN, "default rule set is asian");
    /* 118 plies without capture in the FEN, then two more: check-only calls it "no capture", asian "60-move rule". */
    RulesConfig check_only = cfg;
    check_only.rule_set = RULES_CHECK_ONLY;
    Outcome o = play_under(&check_only, &pos, "4k4/9/9/9/R8/9/9/9/9/3K5 w - - 118 80", "a5a6 e9e8", 1);
    expect(o, RULES_DRAW, END_NO_CAPTURE, "120 plies without capture");
    o = play(&pos, "4k4/9/9/9/R8/9/9/9/9/3K5 w - - 118 80", "a5a6 e9e8", 1);
    expect(o, RULES_DRAW, END_SIXTY_MOVES, "asian: 120 plies without capture, no checks");
    o = play(&pos, "4k4/9/9/9/R8/9/9/9/9/3K5 w - - 118 80", "a5a6", 1);
    expect(o, RULES_NONE, END_NONE, "119 plies go on");
    /* A capture resets the count. */
    o = play(&pos, "4k4/9/9/9/R7p/9/9/9/9/3K5 w - - 118 80", "a5i5 e9e8", 1);
    expect(o, RULES_NONE, END_NONE, "capture resets the count");
    CHECK(pos_halfmove(&pos) == 1, "one ply since the capture, got %d", pos_halfmove(&pos));
    /* Only generals, advisors and elephants: nobody can ever attack. */
    expect(play(&pos, "2bak4/9/9/9/9/9/9/9/4A4/3K2B2 w", "", 1), RULES_DRAW, END_INSUFFICIENT_MATERIAL,
           "no attacking material");
    expect(play(&pos, "5k3/9/9/9/9/9/9/9/p8/3K5 w", "", 1), RULES_NONE, END_NONE, "a pawn can still attack");
    /* The ply cap. */
    cfg.max_plies = 2;
    play(&pos, "4k4/9/9/9/R8/9/9/9/9/3K5 w", "a5a6 e9e8", 1);
    expect(xq_rules_outcome(&pos, &cfg), RULES_DRAW, END_MAX_PLIES, "ply cap");
    /* Checkmate on the 120th ply is still a win. */
    expect(play(&pos, "4k4/1R7/R8/9/9/9/9/9/9/3K5 w - - 119 1", "a7a9", 1), RULES_RED_WINS, END_CHECKMATE,
           "mate beats the no-capture draw");
}

/* The quiet moves of pos that lead to a position not in seen[0, n). */
static int fresh_quiet_moves(Position *pos, const uint64_t *seen, int n, Move *out)
{
    Move list[MAX_MOVES];
    int count = xq_gen_legal(pos, list), found = 0;
    for (int i = 0; i < count; i++) {
        if (pos->board[MOVE_TO(list[i])] != EMPTY) continue;
        xq_pos_make_move(pos, list[i]);
        bool fresh = true;
        for (int k = 0; k < n && fresh; k++) fresh = seen[k] != pos_key(pos);
        xq_pos_unmake_move(pos);
        if (fresh) out[found++] = list[i];
    }
    return found;
}

/* Plays a game of quiet moves with two chariots a side (no capture, no position
 * twice) in which each side checks with every other move when it can
 * (with a check that leaves a quiet reply), and follows the 60-move rule by its text:
 * each side's checks beyond its tenth since the last capture do not count.
 * The checks are counted here from the board (xq_pos_general_attacked), the
 * limit worked out here; xq_rules_outcome must end the game exactly there
 * (asian), and at the 120th ply (check-only). */
static void test_sixty_moves_with_checks(void)
{
    static Position pos;
    static uint64_t seen[400];
    RulesConfig asian = xq_rules_default_config(), check_only = asian;
    check_only.rule_set = RULES_CHECK_ONLY;
    CHECK(xq_pos_from_fen(&pos, "5k3/r7r/9/9/9/9/9/9/R7R/3K5 w", NULL, 0) == 0, "FEN");
    int checks[2] = {0, 0}, nseen = 0, ended_asian = -1, ended_check_only = -1, expect_end = -1;
    seen[nseen++] = pos_key(&pos);
    for (int ply = 1; ply < 300 && (ended_asian < 0 || ended_check_only < 0); ply++) {
        Move moves[MAX_MOVES], replies[MAX_MOVES], pick = MOVE_NONE, fallback = MOVE_NONE;
        int n = fresh_quiet_moves(&pos, seen, nseen, moves), mover = pos.side;
        for (int i = 0; i < n && pick == MOVE_NONE; i++) {
            xq_pos_make_move(&pos, moves[i]);
            seen[nseen] = pos_key(&pos);
            bool gives_check = xq_pos_general_attacked(&pos, pos.side);
            bool goes_on = fresh_quiet_moves(&pos, seen, nseen + 1, replies) > 0;
            xq_pos_unmake_move(&pos);
            if (goes_on && gives_check && (ply / 2) % 2 == 0) pick = moves[i]; /* each side: every other move */
            else if (goes_on && fallback == MOVE_NONE) fallback = moves[i];
        }
        if (pick == MOVE_NONE) pick = fallback;
        if (pick == MOVE_NONE) {
            CHECK(false, "no fresh quiet move at ply %d", ply);
            break;
        }
        xq_pos_make_move(&pos, pick);
        seen[nseen++] = pos_key(&pos);
        if (xq_pos_general_attacked(&pos, pos.side)) checks[mover]++;
        int counted = ply;
        for (int c = 0; c < 2; c++)
            if (checks[c] > 10) counted -= checks[c] - 10;
        if (expect_end < 0 && counted >= 120) expect_end = ply;
        Outcome a = xq_rules_outcome(&pos, &asian), b = xq_rules_outcome(&pos, &check_only);
        if (ended_asian < 0 && a.reason != END_NONE) {
            ended_asian = ply;
            CHECK(a.reason == END_SIXTY_MOVES && a.result == RULES_DRAW, "asian ends by the 60-move rule, got %s",
                  xq_rules_reason_text(a.reason));
        }
        if (ended_check_only < 0 && b.reason != END_NONE) {
            ended_check_only = ply;
            CHECK(b.reason == END_NO_CAPTURE, "check-only ends by no capture, got %s", xq_rules_reason_text(b.reason));
        }
    }
    if (getenv("QB_VERBOSE")) printf("checks red %d black %d, asian draw at ply %d\n", checks[RED], checks[BLACK], ended_asian);
    CHECK(checks[RED] > 10 && checks[BLACK] > 10, "both sides gave more than ten checks (red %d, black %d)",
          checks[RED], checks[BLACK]);
    CHECK(ended_check_only == 120, "check-only: a draw at ply 120, got %d", ended_check_only);
    CHECK(expect_end > 122 && ended_asian == expect_end,
          "asian: a draw at ply %d (checks beyond the tenth not counted), got %d", expect_end, ended_asian);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    test_no_moves();
    test_repetition();
    test_counters_and_material();
    test_sixty_moves_with_checks();
    return TEST_REPORT();
}
