/*
 * test_amz_board.c - position text both ways and its errors; make/unmake and
 * Zobrist-key invariants over random games.
 */
#include <stdlib.h>
#include <string.h>

#include "amz_testlib.h"
#include "board.h"
#include "movegen.h"
#include "testhelp.h"

static AmzPosition pos, copy;

/* ------------------------------------------------------------------------ */
/* Position text                                                            */
/* ------------------------------------------------------------------------ */

static void test_start_text(void)
{
    char text[AMZ_POS_TEXT_MAX], err[160] = "";
    CHECK(amz_pos_from_text(&pos, AMZ_START_TEXT, err, sizeof err) == 0, "start: %s", err);
    amz_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, AMZ_START_TEXT), "start written back as %s", text);
    CHECK(pos.side == AMZ_WHITE && pos.count[0] == 4 && pos.count[1] == 4, "start: side or counts");
    static const char *const WHITE_SQ[4] = {"a4", "d1", "g1", "j4"}, *const BLACK_SQ[4] = {"a7", "d10", "g10", "j7"};
    for (int i = 0; i < 4; i++) {
        char name[4];
        int f = WHITE_SQ[i][0] - 'a', r = atoi(WHITE_SQ[i] + 1) - 1;
        CHECK(pos.board[AMZ_SQ(f, r)] == AMZ_WHITE_AMAZON, "white amazon on %s", WHITE_SQ[i]);
        f = BLACK_SQ[i][0] - 'a', r = atoi(BLACK_SQ[i] + 1) - 1;
        CHECK(pos.board[AMZ_SQ(f, r)] == AMZ_BLACK_AMAZON, "black amazon on %s", BLACK_SQ[i]);
        amz_square_name(AMZ_SQ(f, r), name);
        CHECK(!strcmp(name, BLACK_SQ[i]), "square name %s, expected %s", name, BLACK_SQ[i]);
    }
    /* Board and side only (the short form) is accepted and completed. */
    CHECK(amz_pos_from_text(&pos, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w", err, sizeof err) == 0, "%s", err);
    amz_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, AMZ_START_TEXT), "short start written back as %s", text);
}

/* Texts as Fairy-Stockfish printed them (its `d` command), read and written back. */
static void test_fairy_texts(void)
{
    static const char *const TEXTS[] = {
        "3q2q3/6*3/10/q8q/3Q6/10/Q8Q/10/10/6Q3 b - - 1 1",
        "Q*8/**8/10/10/10/10/10/10/10/9q w - - 0 1",
        "q*8/**8/10/10/10/10/10/10/10/9Q b - - 0 1",
        ("**********/**********/**********/**********/*****Q****/**********/**********/**********/"
         "**********/*********q w - - 40 21"),
    };
    char text[AMZ_POS_TEXT_MAX], err[160] = "";
    for (size_t i = 0; i < sizeof TEXTS / sizeof *TEXTS; i++) {
        CHECK(amz_pos_from_text(&pos, TEXTS[i], err, sizeof err) == 0, "%s: %s", TEXTS[i], err);
        amz_pos_to_text(&pos, text, sizeof text);
        CHECK(!strcmp(text, TEXTS[i]), "%s written back as %s", TEXTS[i], text);
    }
}

/* Each bad text is refused with a reason that contains `why`. */
static void test_text_errors(void)
{
    static const struct {
        const char *text, *why;
    } BAD[] = {
        {"", "empty"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/3Q2Q3 w", "9 ranks, expected 10"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/10/3Q2Q3 w", "11 ranks, expected 10"},
        {"3q2q3/10/10/q8q/9/10/Q8Q/10/10/3Q2Q3 w", "rank 6 has 9 files, expected 10"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q2 w", "rank 1 has 9 files, expected 10"},
        {"3q2q3/10/10/q8q/10/10/Q9Q/10/10/3Q2Q3 w", "rank 4 has more than 10 files"},
        {"3q2q3/11/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w", "rank 9: bad empty-square count"},
        {"3q2q3/0QQ8/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w", "rank 9: bad empty-square count"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3K2Q3 w", "unknown letter 'K'"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2p3 w", "unknown letter 'p'"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/Q9/3Q2Q3 w", "more than 4 white amazons"},
        {"3q2q3/10/q9/q8q/10/10/Q8Q/10/10/3Q2Q3 w", "more than 4 black amazons"},
        {"10/10/10/10/10/10/Q8Q/10/10/3Q2Q3 w", "black has no amazon"},
        {"3q2q3/10/10/q8q/10/10/10/10/10/10 b", "white has no amazon"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3", "missing side to move"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 x", "side to move must be 'w' or 'b'"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 white", "side to move must be 'w' or 'b'"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - x 1", "bad halfmove clock 'x'"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 0", "bad fullmove number '0'"},
        {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1 extra", "unexpected text"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        char err[160] = "";
        int rc = amz_pos_from_text(&pos, BAD[i].text, err, sizeof err);
        CHECK(rc == -1 && strstr(err, BAD[i].why), "'%s': rc %d, reason '%s', expected '%s'", BAD[i].text, rc, err,
              BAD[i].why);
        CHECK(!strchr(err, '\n'), "reason has a newline: '%s'", err);
    }
    char err[16];
    CHECK(amz_pos_from_text(&pos, NULL, err, sizeof err) == -1, "NULL text accepted");
    CHECK(amz_pos_from_text(&pos, "x", NULL, 0) == -1, "no error buffer: still refused");
}

/* 1-4 amazons a side are all accepted (puzzles and endgames). */
static void test_amazon_counts(void)
{
    char err[160] = "";
    CHECK(amz_pos_from_text(&pos, "q9/10/10/10/10/10/10/10/10/9Q w", err, sizeof err) == 0, "1 v 1: %s", err);
    CHECK(pos.count[0] == 1 && pos.count[1] == 1, "1 v 1 counts");
    CHECK(amz_pos_from_text(&pos, "qq8/10/10/10/10/10/10/10/10/6QQQQ b", err, sizeof err) == 0, "4 v 2: %s", err);
    CHECK(pos.count[0] == 4 && pos.count[1] == 2 && pos.side == AMZ_BLACK, "4 v 2 counts and side");
}

/* ------------------------------------------------------------------------ */
/* Make / unmake                                                            */
/* ------------------------------------------------------------------------ */

static int count_cells(const AmzPosition *p, int what)
{
    int n = 0;
    for (int s = 0; s < AMZ_SQUARES; s++) n += p->board[s] == what;
    return n;
}

/* Every derived field agrees with board[]: masks, amazon lists, key. */
static bool consistent(const AmzPosition *p)
{
    for (int l = 0; l < AMZ_LINES; l++)
        if (p->occ[l] != amz_line_mask_from_board(p, l)) return false;
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < p->count[side]; i++)
            if (p->board[p->amazon[side][i]] != (side == AMZ_WHITE ? AMZ_WHITE_AMAZON : AMZ_BLACK_AMAZON))
                return false;
    return amz_pos_key(p) == amz_pos_compute_key(p);
}

/* One random game from the start: the invariants after every ply, then every
 * ply taken back restores the earlier position byte for byte. */
static void check_game(uint64_t *rng, int game)
{
    static AmzPosition before[AMZ_MAX_PLY + 1];
    static AmzMove list[AMZ_MAX_MOVES];
    amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
    int plies = 0, bad = 0;
    for (;; plies++) {
        before[plies] = pos;
        bad += !consistent(&pos) || count_cells(&pos, AMZ_ARROW) != plies || count_cells(&pos, AMZ_WHITE_AMAZON) != 4
               || count_cells(&pos, AMZ_BLACK_AMAZON) != 4 || pos.side != (plies & 1);
        int n = amz_gen_moves(&pos, list);
        if (n == 0) break;
        bad += !amz_pos_make(&pos, list[amz_test_random(rng) % (uint64_t)n]);
    }
    CHECK(bad == 0, "game %d: %d plies broke an invariant", game, bad);
    CHECK(plies <= 92 && plies >= 2, "game %d lasted %d plies", game, plies);
    for (int ply = plies; ply > 0; ply--) {
        amz_pos_unmake(&pos);
        bad += memcmp(&pos, &before[ply - 1], offsetof(AmzPosition, hist)) != 0
               || memcmp(pos.hist, before[ply - 1].hist, sizeof pos.hist[0] * (size_t)ply) != 0;
    }
    CHECK(bad == 0, "game %d: %d unmakes did not restore the position", game, bad);
    amz_pos_unmake(&pos); /* at the root: a no-op */
    CHECK(pos.ply == 0 && memcmp(&pos, &before[0], offsetof(AmzPosition, hist)) == 0, "unmake at the root changed it");
}

static void test_random_games(void)
{
    uint64_t rng = 20240601;
    for (int g = 0; g < 200; g++) check_game(&rng, g);
}

/* The text after moves: counters as Fairy-Stockfish keeps them. */
static void test_counters(void)
{
    char text[AMZ_POS_TEXT_MAX];
    uint64_t rng = 7;
    amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
    amz_test_play_random(&pos, 3, &rng);
    amz_pos_to_text(&pos, text, sizeof text);
    CHECK(strstr(text, " b - - 3 2") != NULL, "after 3 plies: %s", text);
    /* A text read back is the same position with the same key. */
    CHECK(amz_pos_from_text(&copy, text, NULL, 0) == 0, "re-read %s", text);
    CHECK(amz_pos_key(&copy) == amz_pos_key(&pos), "key of the re-read position differs");
    CHECK(memcmp(copy.board, pos.board, sizeof pos.board) == 0, "board of the re-read position differs");
    amz_pos_from_text(&pos, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 b - - 7 12", NULL, 0);
    amz_test_play_random(&pos, 1, &rng);
    amz_pos_to_text(&pos, text, sizeof text);
    CHECK(strstr(text, " w - - 8 13") != NULL, "black moved at 12: %s", text);
}

/* A full history: make refuses and changes nothing. */
static void test_history_full(void)
{
    amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
    pos.ply = AMZ_MAX_PLY;
    pos.hist[AMZ_MAX_PLY].key = amz_pos_compute_key(&pos);
    copy = pos;
    AmzMove list[AMZ_MAX_MOVES];
    amz_gen_moves(&pos, list);
    CHECK(!amz_pos_make(&pos, list[0]), "make accepted a move with a full history");
    CHECK(memcmp(&pos, &copy, offsetof(AmzPosition, hist)) == 0, "refused make changed the position");
}

int main(void)
{
    amz_board_init();
    test_start_text();
    test_fairy_texts();
    test_text_errors();
    test_amazon_counts();
    test_random_games();
    test_counters();
    test_history_full();
    return TEST_REPORT();
}
