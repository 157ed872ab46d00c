/*
 * test_movegen.c - hand-worked move lists for every piece and rule, and the
 * capture generator against the full generator on many positions, and
 * xq_move_is_legal against the full generator.
 */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "notation.h"
#include "testhelp.h"

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The moves of a generator (xq_gen_legal, xq_gen_quiet_checks) in the position
 * fen from `from` (ICCS square like "h2", or "" for all), as sorted
 * space-separated ICCS text. */
static void generated_text(const char *fen, int (*gen)(Position *, Move *), const char *from, char *out,
                           size_t outlen)
{
    Position pos;
    Move list[MAX_MOVES];
    char text[MAX_MOVES][8];
    int n = 0;
    out[0] = '\0';
    if (xq_pos_from_fen(&pos, fen, NULL, 0)) {
        snprintf(out, outlen, "bad FEN");
        return;
    }
    int total = gen(&pos, list);
    for (int i = 0; i < total; i++) {
        xq_move_to_iccs(list[i], text[n]);
        if (!*from || strncmp(text[n], from, 2) == 0) n++;
    }
    qsort(text, (size_t)n, sizeof text[0], compare_text);
    for (int i = 0; i < n; i++) {
        strncat(out, text[i], outlen - strlen(out) - 1);
        if (i + 1 < n) strncat(out, " ", outlen - strlen(out) - 1);
    }
}

/* The legal moves from `from` in fen, as sorted text. */
static void moves_from(const char *fen, const char *from, char *out, size_t outlen)
{
    generated_text(fen, xq_gen_legal, from, out, outlen);
}

static void expect_moves(const char *fen, const char *from, const char *expected, const char *why)
{
    char got[2048];
    moves_from(fen, from, got, sizeof got);
    CHECK(strcmp(got, expected) == 0, "%s\n  FEN %s from '%s'\n  expected: %s\n  got:      %s", why, fen, from,
          expected, got);
}

static void test_pieces(void)
{
    /* Start position, cannon h2: down to h1 (h0 is our horse); up h3..h6,
     * h7 is the screen, h8 empty, captures the horse on h9; sideways g2..c2
     * (b2 is our cannon; nothing to capture behind it) and i2. */
    expect_moves(XQ_START_TEXT, "h2", "h2c2 h2d2 h2e2 h2f2 h2g2 h2h1 h2h3 h2h4 h2h5 h2h6 h2h9 h2i2",
                 "cannon slides and jumps one screen");
    /* Chariot a0: a1, a2 (a3 is our pawn). Horse b0: a2, c2 (d1 blocked? no:
     * leg c0 is our elephant, so d1 is blocked; a2/c2 via leg b1). */
    expect_moves(XQ_START_TEXT, "a0", "a0a1 a0a2", "chariot stops before own piece");
    expect_moves(XQ_START_TEXT, "b0", "b0a2 b0c2", "horse leg c0 blocked by own elephant");
    expect_moves(XQ_START_TEXT, "c0", "c0a2 c0e2", "elephant");
    expect_moves(XQ_START_TEXT, "d0", "d0e1", "advisor inside the palace");
    expect_moves(XQ_START_TEXT, "e0", "e0e1", "general inside the palace");
    expect_moves(XQ_START_TEXT, "e3", "e3e4", "pawn before the river: forward only");

    /* A lone horse in the open: all eight jumps; then a piece on its leg. */
    expect_moves("3k5/9/9/9/9/9/4N4/9/9/4K4 w", "e3", "e3c2 e3c4 e3d1 e3d5 e3f1 e3f5 e3g2 e3g4", "free horse");
    expect_moves("3k5/9/9/9/9/4P4/4N4/9/9/4K4 w", "e3", "e3c2 e3c4 e3d1 e3f1 e3g2 e3g4", "horse leg e4 blocked");
    /* Elephant at c4 may not cross the river to a6/e6; eye d3 blocked. */
    expect_moves("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4", "c4a2 c4e2", "elephant stays home");
    expect_moves("5k3/9/9/9/9/2B6/3R5/9/9/4K4 w", "c4", "c4a2", "elephant eye d3 blocked");
    /* Advisor in the palace centre: four corners. */
    expect_moves("5k3/9/9/9/9/9/9/9/4A4/3K5 w", "e1", "e1d2 e1f0 e1f2", "advisor (d0 holds the general)");
    /* The same with the black general on d9 is no position: the generals would face. */
    /* Pawns across the river: forward and sideways; on the last rank sideways only. */
    expect_moves("3k5/9/9/9/4P4/9/9/9/9/4K4 w", "e5", "e5d5 e5e6 e5f5", "crossed pawn");
    expect_moves("4P4/3k5/9/9/9/9/9/9/9/4K4 w", "e9", "e9d9 e9f9", "pawn on the last rank");
    expect_moves("3k5/9/9/9/9/4p4/9/9/9/4K4 b", "e4", "e4d4 e4e3 e4f4", "black pawn moves down");
    /* Cannon: captures over exactly one screen, not over two. */
    expect_moves("5k3/9/9/9/C1p1r1p2/9/9/9/9/3K5 w", "a5",
                 "a5a0 a5a1 a5a2 a5a3 a5a4 a5a6 a5a7 a5a8 a5a9 a5b5 a5e5",
                 "cannon captures e5 over c5; not g5 behind two screens");
}

static void test_general_rules(void)
{
    /* Flying general: the horse on e4 is the only piece between the generals. */
    expect_moves("4k4/9/9/9/9/4N4/9/9/9/4K4 w", "e4", "", "horse pinned by the facing generals");
    expect_moves("4k4/9/9/9/9/4N4/9/9/9/4K4 w", "e0", "e0d0 e0e1 e0f0", "general may leave the file");
    /* General may not step onto an open file facing the other general. */
    expect_moves("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0", "e0e1 e0f0", "d0 faces the black general on d9");
    /* In check from a chariot on the file: step aside or block. */
    expect_moves("4k4/9/9/9/4r4/9/9/9/9/3K5 w", "", "d0d1", "e0 is on the chariot's file");
    /* Cannon check over a screen: remove the screen, add a second one, or move. */
    /* Cannon e4 checks over the chariot e1. The chariot may leave the file or
     * take the cannon; on e2/e3 it is still the one screen. d0 faces d9. */
    expect_moves("3k5/9/9/9/9/4c4/9/9/4R4/4K4 w", "",
                 "e0f0 e1a1 e1b1 e1c1 e1d1 e1e4 e1f1 e1g1 e1h1 e1i1", "cannon check through a screen");
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static unsigned rng_below(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

static int compare_move(const void *a, const void *b)
{
    return (int)*(const Move *)a - (int)*(const Move *)b;
}

/* The capture generator returns exactly the captures of the full generator. */
static void test_captures_agree(void)
{
    static Position pos;
    Move all[MAX_MOVES], caps[MAX_MOVES], filtered[MAX_MOVES];
    int mismatches = 0, positions = 0, captures = 0, to_mismatches = 0, to_captures = 0;
    for (int walk = 0; walk < 300; walk++) {
        xq_pos_from_fen(&pos, XQ_START_TEXT, NULL, 0);
        for (int ply = 0; ply < 200; ply++) {
            int n = xq_gen_legal(&pos, all), nf = 0;
            for (int i = 0; i < n; i++)
                if (pos_piece_on(&pos, MOVE_TO(all[i])) != EMPTY) filtered[nf++] = all[i];
            int nc = xq_gen_captures(&pos, caps);
            /* xq_gen_captures_to: xq_gen_captures' list onto each square, in its order. */
            for (int to = 0; to < 256; to++) {
                Move onto[MAX_MOVES], want[MAX_MOVES];
                int no = xq_gen_captures_to(&pos, to, onto), nw = 0;
                for (int i = 0; i < nc; i++)
                    if (MOVE_TO(caps[i]) == to) want[nw++] = caps[i];
                to_mismatches += no != nw || memcmp(onto, want, (size_t)no * sizeof(Move)) != 0;
                to_captures += no;
            }
            qsort(filtered, (size_t)nf, sizeof(Move), compare_move);
            qsort(caps, (size_t)nc, sizeof(Move), compare_move);
            mismatches += nc != nf || memcmp(caps, filtered, (size_t)nc * sizeof(Move)) != 0;
            positions++;
            captures += nc;
            if (n == 0) break;
            /* Prefer captures so that the walks reach endgames. */
            Move m = nc && rng_below(2) ? caps[rng_below((unsigned)nc)] : all[rng_below((unsigned)n)];
            xq_pos_make_move(&pos, m);
        }
    }
    CHECK(positions > 20000 && captures > 20000, "%d positions, %d captures", positions, captures);
    CHECK(mismatches == 0, "capture generator disagrees in %d of %d positions", mismatches, positions);
    CHECK(to_captures == captures, "xq_gen_captures_to found %d captures over all squares, xq_gen_captures %d", to_captures,
          captures);
    CHECK(to_mismatches == 0, "xq_gen_captures_to disagrees with xq_gen_captures onto %d squares", to_mismatches);
}

/* xq_move_is_legal (from the moving piece's moves alone) accepts exactly the
 * moves of xq_gen_legal (the perft-proven list): every from-to pair from a
 * square holding a piece of either side, on random walks from the start. */
static void test_legal_agrees(void)
{
    static Position pos;
    static bool listed[1 << 16];
    Move all[MAX_MOVES];
    int mismatches = 0, positions = 0, checked = 0, legal = 0;
    for (int walk = 0; walk < 20; walk++) {
        xq_pos_from_fen(&pos, XQ_START_TEXT, NULL, 0);
        for (int ply = 0; ply < 100; ply++) {
            int n = xq_gen_legal(&pos, all);
            for (int i = 0; i < n; i++) listed[all[i]] = true;
            for (int from = 0; from < 256; from++) {
                if (pos.board[from] == EMPTY || pos.board[from] == OFF) continue;
                for (int to = 0; to < 256; to++) {
                    Move m = MOVE(from, to);
                    bool ok = xq_move_is_legal(&pos, m);
                    mismatches += ok != listed[m];
                    legal += ok;
                    checked++;
                }
            }
            for (int i = 0; i < n; i++) listed[all[i]] = false;
            positions++;
            if (n == 0) break;
            xq_pos_make_move(&pos, all[rng_below((unsigned)n)]);
        }
    }
    CHECK(positions > 1000 && legal > 20000, "%d positions, %d of %d moves legal", positions, legal, checked);
    CHECK(mismatches == 0, "xq_move_is_legal disagrees with xq_gen_legal on %d of %d moves", mismatches, checked);
}

/* The quiet checks (QChecks): hand-worked positions, then the generator
 * against make + in-check over every legal quiet move on random walks. */
static void test_quiet_checks(void)
{
    static const struct {
        const char *fen, *expected, *why;
    } cases[] = {
        /* The chariot checks along rank 9 (b9, c9 empty) or up the d-file. */
        {"3k5/9/9/9/9/9/9/9/9/R3K4 w", "a0a9 a0d0", "a chariot's two checks"},
        /* A cannon without a screen gives none. */
        {"3k5/9/9/9/9/9/9/9/9/C3K4 w", "", "a cannon with no screen: no check"},
        /* The horse on d3 screens a cannon on the d-file (its own moves give no check). */
        {"3k5/9/9/9/9/9/3N5/9/9/C3K4 w", "a0d0", "a cannon behind a screen"},
        /* The horse on b5 checks from c7 (the leg c8 free); its other moves do not. */
        {"3k5/9/9/9/1N7/9/9/9/9/4K4 w", "b5c7", "a horse's check"},
        /* The horse on d4 blocks the chariot's file: each of its eight moves uncovers a check. */
        {"3k5/9/9/9/9/3N5/9/9/9/3RK4 w", "d4b3 d4b5 d4c2 d4c6 d4e2 d4e6 d4f3 d4f5", "discovered checks"},
    };
    char got[1024];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        generated_text(cases[i].fen, xq_gen_quiet_checks, "", got, sizeof got);
        CHECK(strcmp(got, cases[i].expected) == 0, "%s: FEN %s\n  expected: %s\n  got:      %s", cases[i].why,
              cases[i].fen, cases[i].expected, got);
    }
    static Position pos;
    Move all[MAX_MOVES], checks[MAX_MOVES], brute[MAX_MOVES];
    int mismatches = 0, positions = 0, found = 0;
    for (int walk = 0; walk < 100; walk++) {
        xq_pos_from_fen(&pos, XQ_START_TEXT, NULL, 0);
        for (int ply = 0; ply < 200; ply++) {
            int n = xq_gen_legal(&pos, all), nb = 0;
            for (int i = 0; i < n; i++) {
                if (pos_piece_on(&pos, MOVE_TO(all[i])) != EMPTY) continue;
                xq_pos_make_move(&pos, all[i]);
                if (pos_in_check(&pos)) brute[nb++] = all[i];
                xq_pos_unmake_move(&pos);
            }
            int nc = xq_gen_quiet_checks(&pos, checks);
            qsort(brute, (size_t)nb, sizeof(Move), compare_move);
            qsort(checks, (size_t)nc, sizeof(Move), compare_move);
            mismatches += nc != nb || memcmp(checks, brute, (size_t)nc * sizeof(Move)) != 0;
            positions++;
            found += nb;
            if (n == 0) break;
            xq_pos_make_move(&pos, all[rng_below((unsigned)n)]);
        }
    }
    CHECK(positions > 5000 && found > 2000, "%d positions, %d quiet checks", positions, found);
    CHECK(mismatches == 0, "xq_gen_quiet_checks disagrees with make + in-check in %d of %d positions", mismatches,
          positions);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    test_pieces();
    test_general_rules();
    test_captures_agree();
    test_legal_agrees();
    test_quiet_checks();
    return TEST_REPORT();
}
