/*
 * test_eval_terms.c - the evaluation terms of eval_terms.c (the search
 * features Mobility, KingSafety, Pawns, Phase, Endgames) on hand-worked positions:
 * each expected value is counted by hand from the rule the file's header
 * states (squares, moves, defenders, attackers, material), not read off the
 * code. And two symmetries over the bench set: the colour-flipped mirror of
 * a position gets the opposite value, the left-right mirror the same, over
 * the bench set and the endgames.
 */
#include <ctype.h>
#include <string.h>

#include "board.h"
#include "eval.h"
#include "movegen.h"
#include "testhelp.h"

static int terms_of(const char *fen, unsigned terms)
{
    static Position pos;
    if (xq_pos_from_fen(&pos, fen, NULL, 0) != 0) {
        CHECK(false, "cannot parse %s", fen);
        return 1 << 20;
    }
    return xq_eval_terms(&pos, terms);
}

static void expect(const char *fen, unsigned terms, int want, const char *why)
{
    int got = terms_of(fen, terms);
    CHECK(got == want, "%s: %s gives %d, expected %d", why, fen, got, want);
}

static void test_hand_worked(void)
{
    /* Mobility. Chariot a0, own general d0: a1-a9 (9) and b0, c0 (2): 11 squares x 3. */
    expect("4k4/9/9/9/9/9/9/9/9/R2K5 w", EVAL_TERM_MOBILITY, 33, "chariot's 11 squares");
    /* Horse e4, every leg free, every target on the board: 8 moves x 6. */
    expect("4k4/9/9/9/9/4N4/9/9/9/3K5 w", EVAL_TERM_MOBILITY, 48, "horse's 8 moves");
    /* A pawn on e5 blocks the leg of d6 and f6: 6 moves. */
    expect("4k4/9/9/9/4P4/4N4/9/9/9/3K5 w", EVAL_TERM_MOBILITY, 36, "horse with a blocked leg");
    /* An own piece on a target (pawn d6) takes one move, an enemy one (elephant g5) does not: 7. */
    expect("4k4/9/9/3P5/6b2/4N4/9/9/9/3K5 w", EVAL_TERM_MOBILITY, 42, "horse: own and enemy targets");
    /* Cannon a0: 11 quiet squares; over the screen d0 the enemy pawn h0 is a capture: 12 x 1. */
    expect("4k4/9/9/9/9/9/9/9/9/C2K5 w", EVAL_TERM_MOBILITY, 11, "cannon's 11 squares");
    expect("4k4/9/9/9/9/9/9/9/9/C2K3p1 w", EVAL_TERM_MOBILITY, 12, "cannon's capture over a screen");
    /* Black's pieces count against Red: the chariot of the first case, colours swapped. */
    expect("r2k5/9/9/9/9/9/9/9/9/4K4 w", EVAL_TERM_MOBILITY, -33, "black chariot's 11 squares");

    /* King safety. Red's bare general against a chariot (attack 3): 4 missing x 3 x 3 = 36. */
    expect("r2k5/9/9/9/9/9/9/9/9/4K4 w", EVAL_TERM_KING_SAFETY, -36, "bare general against a chariot");
    /* Two advisors: 2 missing x 3 x 3 = 18. */
    expect("r2k5/9/9/9/9/9/9/9/9/3AKA3 w", EVAL_TERM_KING_SAFETY, -18, "two advisors against a chariot");
    /* A black cannon on e7, nothing between it and Red's general on e0: 4 x 2 x 3 + 40 (hollow cannon). */
    expect("3k5/9/4c4/9/9/9/9/9/9/4K4 w", EVAL_TERM_KING_SAFETY, -64, "hollow cannon");
    /* A screen (Red pawn e3) makes it a check, not a hollow cannon: 24. */
    expect("3k5/9/4c4/9/9/9/4P4/9/9/4K4 w", EVAL_TERM_KING_SAFETY, -24, "cannon with a screen");
    /* A Red pawn across the river is 1 point of attack on Black's bare general: 4 x 1 x 3 = 12. */
    expect("3k5/9/9/9/4P4/9/9/9/9/4K4 w", EVAL_TERM_KING_SAFETY, 12, "a pawn across the river attacks");
    /* Before the river it does not. */
    expect("3k5/9/9/9/9/4P4/9/9/9/4K4 w", EVAL_TERM_KING_SAFETY, 0, "a pawn before the river");

    /* Pawns: two side by side across the river 15, three 30 (before the river two pawns
     * are never side by side: they stand on files a, c, e, g, i). */
    expect("3k5/9/9/9/2PP5/9/9/9/9/4K4 w", EVAL_TERM_PAWNS, 15, "two linked pawns across");
    expect("3k5/9/9/9/2PPP4/9/9/9/9/3K5 w", EVAL_TERM_PAWNS, 30, "three linked pawns across");
    expect("3k5/9/9/9/9/2pp5/9/9/9/4K4 w", EVAL_TERM_PAWNS, -15, "two linked black pawns across");
    expect("3k5/9/9/9/2P1P4/9/9/9/9/4K4 w", EVAL_TERM_PAWNS, 0, "two pawns a file apart");

    /* Phase. No chariot, horse or cannon: endgame weight 48/48, a pawn across +40. */
    expect("3k5/9/9/9/2P6/9/9/9/9/4K4 w", EVAL_TERM_PHASE, 40, "pawn across, bare endgame");
    /* A chariot (6 of 48): weight 42/48, the pawn 40 x 42 / 48 = 35. */
    expect("3k5/9/9/9/2P6/9/9/9/9/R3K4 w", EVAL_TERM_PHASE, 35, "pawn across beside a chariot");
    /* A horse and a cannon (6 of 48): (40 - 60) x 42 / 48 = -17.5, rounded towards zero. */
    expect("3k5/9/9/9/9/9/9/9/9/NC2K4 w", EVAL_TERM_PHASE, -17, "horse and cannon, late");
    /* The start position: all material on, weight 0. */
    expect(XQ_START_TEXT, EVAL_TERM_PHASE, 0, "start position: no phase adjustment");

    /* Endgames: a lone chariot against at most one horse or cannon and the guard; material
     * chariot 900, horse 400, cannon 450, advisor and elephant 200 (eval.h). Black's
     * chariot against Red's horse and full guard: a draw, the difference 900 - 1200 taken
     * out (+300 for Black). */
    expect("9/4k4/9/9/9/9/7N1/4B4/4K4/1r1A1AB2 w", EVAL_TERM_ENDGAMES, -300, "chariot against horse, full guard");
    /* Without the advisor d0: a win, at least 600 - 3 x 100 = 300 against 900 - 1000 = -100. */
    expect("9/4k4/9/9/9/9/7N1/4B4/4K4/1r3AB2 w", EVAL_TERM_ENDGAMES, -400, "chariot against horse, three guards");
    /* A cannon and the full guard against Red's chariot: 900 - 1250 taken out. */
    expect("2bakab2/9/4c4/9/9/9/9/9/9/R2K5 w", EVAL_TERM_ENDGAMES, 350, "chariot against cannon, full guard");
    /* Red's chariot and advisor (1100) against a horse and two advisors (800): at least 600 - 200. */
    expect("3a1a3/4k4/9/9/9/9/9/2n6/4A4/R2K5 w", EVAL_TERM_ENDGAMES, 100, "chariot against horse, two advisors");
    /* Already more than the least: a chariot against two advisors (500 >= 400), a lone general. */
    expect("3a1a3/4k4/9/9/9/9/9/9/9/R2K5 w", EVAL_TERM_ENDGAMES, 0, "chariot against two advisors");
    expect("3k5/9/9/9/9/9/9/9/9/R3K4 w", EVAL_TERM_ENDGAMES, 0, "chariot against a lone general");
    /* Not the endgame: a pawn on the board, two chariots, two minor pieces. */
    expect("3a1a3/4k4/9/9/4p4/9/9/2n6/4A4/R2K5 w", EVAL_TERM_ENDGAMES, 0, "a pawn on the board");
    expect("2bakab2/9/4n4/9/9/9/9/9/9/RR1K5 w", EVAL_TERM_ENDGAMES, 0, "two chariots");
    expect("2bakab2/9/2n1c4/9/9/9/9/9/9/R2K5 w", EVAL_TERM_ENDGAMES, 0, "horse and cannon");

    /* King attack: one attacker is no attack; two give (units)^2 / 128, a unit being
     * 40 a chariot, 30 a horse, 8 each move into the palace, 10 each missing guard piece.
     * The chariot on a8 reaches d8, e8, f8 (40 + 24), the horse on e6 d8 and f8 (30 + 16). */
    expect("3k5/R8/9/9/9/9/9/9/9/4K4 w", EVAL_TERM_KING_ATTACK, 0, "king attack: one attacker");
    /* Bare general: 110 + 4 x 10 = 150, 150^2 / 128 = 175.8. */
    expect("3k5/R8/9/4N4/9/9/9/9/9/4K4 w", EVAL_TERM_KING_ATTACK, 175, "king attack: chariot and horse, no guard");
    /* The full guard: 110, 110^2 / 128 = 94.5. */
    expect("2bakab2/R8/9/4N4/9/9/9/9/9/4K4 w", EVAL_TERM_KING_ATTACK, 94, "king attack: chariot and horse, full guard");
    /* Black's pair against a bare Red general: the same from the other side. */
    expect("4k4/9/9/9/9/9/4n4/9/r8/3K5 w", EVAL_TERM_KING_ATTACK, -175, "king attack: Black's chariot and horse");

    /* Threats: 20 cp per capture of a more valuable piece. The horse e4 takes the chariot d6
     * (its leg e5 free): 400 < 900. */
    expect("4k4/9/9/3r5/9/4N4/9/9/9/5K3 w", EVAL_TERM_THREATS, 20, "threats: a horse on a chariot");
    /* A chariot on a horse (a0 on a5) is no threat: 900 > 400; the horse threatens nothing. */
    expect("4k4/9/9/9/n8/9/9/9/9/R4K3 w", EVAL_TERM_THREATS, 0, "threats: a chariot on a horse is none");
    /* The cannon a0 over the screen a3 on the chariot a7: 450 < 900; the chariot on the pawn a3 is none. */
    expect("4k4/9/r8/9/9/9/P8/9/9/C4K3 w", EVAL_TERM_THREATS, 20, "threats: a cannon over a screen");
    /* Black's pawn e4, across the river, sideways on the horse f4: 100 < 400, from Black's side. */
    expect("4k4/9/9/9/9/4pN3/9/9/9/3K5 w", EVAL_TERM_THREATS, -20, "threats: Black's pawn on a horse");

    /* The start position is symmetric: every term 0 but Tuned's bonus for the side to
     * move, its middlegame weight (all material on); Black to move, the opposite. */
    const unsigned all = EVAL_TERM_MOBILITY | EVAL_TERM_KING_SAFETY | EVAL_TERM_PAWNS | EVAL_TERM_PHASE
                         | EVAL_TERM_ENDGAMES | EVAL_TERM_KING_ATTACK | EVAL_TERM_TUNED | EVAL_TERM_THREATS;
    int tempo = XQ_EVAL_TUNED_WEIGHTS[0][EVAL_W_TEMPO];
    expect(XQ_START_TEXT, all & ~EVAL_TERM_TUNED, 0, "start position, all terms but Tuned");
    expect(XQ_START_TEXT, all, tempo, "start position, all terms: Tuned's side to move");
    expect("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", all, -tempo,
           "start position, Black to move: Tuned's side to move, for Black");
    /* The terms add up, and none is the empty set's 0. */
    expect("r2k5/9/9/9/9/9/9/9/9/4K4 w", EVAL_TERM_MOBILITY | EVAL_TERM_KING_SAFETY, -69, "mobility + king safety");
    expect("r2k5/9/9/9/9/9/9/9/9/4K4 w", 0, 0, "no terms");
}

/* The side to move's view: eval_with_terms adds the terms to eval() and negates for Black. */
static void test_side_to_move(void)
{
    static Position pos;
    const char *red = "r2k5/9/9/9/9/9/9/9/9/4K4 w", *black = "r2k5/9/9/9/9/9/9/9/9/4K4 b";
    xq_pos_from_fen(&pos, red, NULL, 0);
    int base = eval(&pos);
    CHECK(eval_with_terms(&pos, EVAL_TERM_MOBILITY) == base - 33, "Red to move: eval %d - 33, got %d", base,
          eval_with_terms(&pos, EVAL_TERM_MOBILITY));
    CHECK(eval_with_terms(&pos, 0) == base, "no terms: eval() itself");
    xq_pos_from_fen(&pos, black, NULL, 0);
    CHECK(eval_with_terms(&pos, EVAL_TERM_MOBILITY) == -(xq_eval_terms(&pos, 0) + pos_score(&pos) - 33),
          "Black to move: the negation");
    CHECK(eval_with_terms(&pos, EVAL_TERM_MOBILITY) == -base + 33, "Black to move: %d", -base + 33);
}

/* fen's colour-flipped mirror (ranks reversed, cases swapped, the other side to
 * move) or, if lr, its left-right mirror. */
static void mirror(const char *fen, char *out, size_t len, bool lr)
{
    char board[128], side[8] = "w";
    sscanf(fen, "%127s %7s", board, side);
    char *rows[RANKS];
    int n = 0;
    for (char *tok = strtok(board, "/"); tok && n < RANKS; tok = strtok(NULL, "/")) rows[n++] = tok;
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char row[16];
        const char *src = rows[lr ? i : n - 1 - i];
        size_t m = strlen(src);
        for (size_t j = 0; j < m; j++) {
            char ch = lr ? src[m - 1 - j] : src[j];
            row[j] = lr ? ch : (char)(isupper((unsigned char)ch) ? tolower(ch) : toupper(ch));
        }
        row[m] = 0;
        if (i) strncat(out, "/", len - strlen(out) - 1);
        strncat(out, row, len - strlen(out) - 1);
    }
    strncat(out, lr ? (side[0] == 'b' ? " b" : " w") : (side[0] == 'b' ? " w" : " b"), len - strlen(out) - 1);
}

static void test_symmetry(const char *path)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "%s opens", path);
    if (!f) return;
    char line[512];
    int positions = 0, nonzero = 0;
    const unsigned all =
        EVAL_TERM_MOBILITY | EVAL_TERM_KING_SAFETY | EVAL_TERM_PAWNS | EVAL_TERM_PHASE | EVAL_TERM_ENDGAMES
            | EVAL_TERM_KING_ATTACK | EVAL_TERM_TUNED | EVAL_TERM_THREATS;
    int endgames = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char fen[512], flip[256], lr[256];
        char *semi = strchr(line, ';');
        if (semi) *semi = 0;
        snprintf(fen, sizeof fen, "%s", line);
        mirror(fen, flip, sizeof flip, false);
        mirror(fen, lr, sizeof lr, true);
        for (unsigned t = 1; t <= all; t <<= 1) {
            int v = terms_of(fen, t), w = terms_of(flip, t), x = terms_of(lr, t);
            CHECK(v == -w, "term %u: %s gives %d, its colour mirror %s %d", t, fen, v, flip, w);
            CHECK(v == x, "term %u: %s gives %d, its left-right mirror %s %d", t, fen, v, lr, x);
            nonzero += v != 0;
            endgames += t == EVAL_TERM_ENDGAMES && v != 0;
        }
        positions++;
    }
    fclose(f);
    CHECK(positions >= 20, "%s: %d positions", path, positions);
    CHECK(nonzero > 0, "%s: some term is not 0 (%d)", path, nonzero);
    printf("%s: %d positions, %d with the Endgames term on\n", path, positions, endgames);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    xq_eval_init();
    test_hand_worked();
    test_side_to_move();
    test_symmetry("positions/xiangqi/bench.epd");
    /* The endgames, where the Endgames term applies (eg-r-2a2b, eg-r-n2a2b). */
    test_symmetry("positions/xiangqi/endgames.epd");
    return TEST_REPORT();
}
