/*
 * test_chase.c - xq_chase_targets on hand-worked positions: which enemy pieces
 * a side "chases" (attacks so that the AXF chase rule counts it) by the
 * rules written out in engine/xiangqi/chase.c, each case next to the same
 * position with one thing changed. The repetition cycles themselves are in
 * tests/chase_cases.txt (e2e_chase.sh, with the oracle's verdicts).
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "chase.h"
#include "movegen.h"
#include "testhelp.h"

/* The squares of the pieces colour c chases in fen, in list order, space-separated. */
static void expect(const char *fen, int c, const char *want, const char *what)
{
    static Position pos;
    char got[64] = "", sq[4];
    if (xq_pos_from_fen(&pos, fen, NULL, 0)) {
        CHECK(false, "bad FEN %s", fen);
        return;
    }
    uint16_t t = xq_chase_targets(&pos, c, NULL);
    char before[sizeof pos.board];
    memcpy(before, pos.board, sizeof pos.board);
    for (int i = 0; i < pos.count[c ^ 1]; i++)
        if (t >> i & 1) {
            snprintf(sq, sizeof sq, "%c%d", 'a' + SQ_FILE(pos.list[c ^ 1][i]), SQ_RANK(pos.list[c ^ 1][i]));
            if (got[0]) strcat(got, " ");
            strcat(got, sq);
        }
    CHECK(strcmp(got, want) == 0, "%s: chased '%s', expected '%s' (%s)", what, got, want, fen);
    CHECK(memcmp(before, pos.board, sizeof pos.board) == 0, "%s: the board is restored", what);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    /* The chariot a5 attacks the soldier e5 along rank 5 (not crossed: it
     * cannot be chased) and the soldier a4 below it (crossed, unprotected). */
    expect("4k4/9/9/9/R3p4/p8/9/9/9/3K5 w", RED, "a4", "only a crossed soldier can be chased");
    /* The chariot a9 attacks the advisor d9, whose only protector is its
     * general e9: taking back on d9 would face the red general d0 (flying
     * general), so it does not protect; with the red general on f0 it does. */
    expect("R2ak4/9/9/9/9/9/9/9/9/3K5 w", RED, "d9", "a recapture into the facing generals does not protect");
    expect("R2ak4/9/9/9/9/9/9/9/9/5K3 w", RED, "", "the general protects when it may take back");
    /* The elephant e2 attacks the horse g4 (eye f3), protected by the
     * chariot g9: an advisor or elephant attacking a horse, chariot or
     * cannon chases it protected or not; a chariot attacking it does not. */
    expect("5kr2/9/9/9/9/6n2/9/4B4/9/3K5 w", RED, "g4", "an elephant chases a protected horse");
    expect("5kr2/9/9/9/9/R5n2/9/9/9/3K5 w", RED, "", "a chariot does not chase a protected horse");
    /* The chariot d3 is pinned to its general d0 by the chariot d8: it
     * cannot take the horse f3, so it does not chase it; the chariot d8 it
     * attacks can take it back (an offer to exchange). Unpinned (general
     * on e0), it chases the horse. */
    expect("5k3/3r5/9/9/9/9/3R1n3/9/9/3K5 w", RED, "", "a pinned piece does not chase");
    expect("5k3/3r5/9/9/9/9/3R1n3/9/9/4K4 w", RED, "f3", "the same piece unpinned chases");
    /* Black's view of the same: the chariot d8 attacks the chariot d3,
     * which can take back (exchange), and nothing else. */
    expect("5k3/3r5/9/9/9/9/3R1n3/9/9/4K4 w", BLACK, "", "chariot against chariot is no chase");
    /* A horse attacking a chariot chases it even when protected (the
     * chariot i5 protects i3 along the file). */
    expect("5k3/9/9/9/8r/9/8r/6H2/9/3K5 w", RED, "i3", "a horse chases a protected chariot");
    return TEST_REPORT();
}
