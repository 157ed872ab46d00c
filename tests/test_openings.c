/*
 * test_openings.c - opening books: EPD and PGN books (tags, comments,
 * variations, NAGs, glued move numbers, ICCS / WXF / Chinese moves), the
 * plies cut, the start index, the seeded shuffle (reproducible, a
 * permutation, the same order as a reference splitmix64 Fisher-Yates) and
 * one exact error per kind of mistake; a PGN game read whole (pgn_read_game).
 *
 * Moves are worked out by hand from the start position
 *   rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR
 * (Red cannons on b2 and h2, horses on b0 and h0; ICCS ranks 0-9).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "movegen.h"
#include "formats/openings.h"
#include "testhelp.h"

#define START_FULL "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

/* Temp files made by this run, removed at the end. */
static char temp_paths[32][64];
static int ntemp;

/* The move named by ICCS text, computed without the notation module. */
static Move iccs(const char *s)
{
    return MOVE(SQ(s[0] - 'a', s[1] - '0'), SQ(s[2] - 'a', s[3] - '0'));
}

/* Writes content to a fresh temp file and returns its path. */
static const char *write_temp(const char *content)
{
    if (ntemp == 32) {
        fprintf(stderr, "too many temp files\n");
        exit(1);
    }
    char *path = temp_paths[ntemp++];
    strcpy(path, "/tmp/qibench_book_XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0) {
        perror("mkstemp");
        exit(1);
    }
    size_t len = strlen(content);
    if (write(fd, content, len) != (ssize_t)len) {
        perror(path);
        exit(1);
    }
    close(fd);
    return path;
}

static BookOptions options(const char *file, int format, int plies, int start)
{
    BookOptions o;
    memset(&o, 0, sizeof o);
    o.file = file;
    o.format = format;
    o.order = ORDER_SEQUENTIAL;
    o.plies = plies;
    o.start = start;
    return o;
}

/* Does op hold exactly the ICCS moves listed (space separated)? */
static bool has_moves(const Opening *op, const char *list)
{
    char buf[512];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "), n++)
        if (n >= op->nmoves || op->moves[n] != iccs(t)) return false;
    return n == op->nmoves;
}

/* Loads, expecting -1, an empty book and exactly `want` as the error. */
static void expect_error(const BookOptions *o, const char *want, int at)
{
    OpeningBook book = {(Opening *)1, 99};
    char err[256] = "";
    int rc = book_load(o, &book, err, sizeof err);
    CHECK(rc == -1, "line %d: returned %d, expected -1", at, rc);
    CHECK(book.items == NULL && book.count == 0, "line %d: book not left empty", at);
    CHECK(strcmp(err, want) == 0, "line %d: error '%s', expected '%s'", at, err, want);
}

#define EXPECT_ERROR(o, want) expect_error(o, want, __LINE__)

/* ------------------------------------------------------------------------ */

static void test_epd_book(void)
{
    const char *path = write_temp("# a comment\n" START_FULL " id \"start\";\n"
                                  "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n");
    BookOptions o = options(path, BOOK_EPD, 0, 0);
    OpeningBook book;
    char err[256] = "", id[96];
    int rc = book_load(&o, &book, err, sizeof err);
    CHECK(rc == 0, "EPD book: %s", err);
    CHECK(book.count == 2, "EPD book: %d openings", book.count);
    if (book.count == 2) {
        CHECK(strcmp(book.items[0].id, "start") == 0, "EPD id '%s'", book.items[0].id);
        CHECK(strcmp(book.items[0].fen, START_FULL) == 0, "EPD fen '%s'", book.items[0].fen);
        CHECK(book.items[0].nmoves == 0 && book.items[1].nmoves == 0, "EPD openings have no moves");
        snprintf(id, sizeof id, "%s:3", path);
        CHECK(strcmp(book.items[1].id, id) == 0, "EPD default id '%s', expected '%s'", book.items[1].id, id);
        CHECK(strncmp(book.items[1].fen, "rnbakabnr/9/1c2c4/", 18) == 0, "EPD fen 2 '%s'", book.items[1].fen);
    }
    book_free(&book);
    CHECK(book.items == NULL && book.count == 0, "book_free empties the book");
    book_free(NULL);
}

/* Three games: tags, comments holding brackets and results, nested
 * variations, NAGs, annotations, WXF and Chinese moves, a FEN with Black to
 * move, a glued move number, and a game without tags. */
static const char PGN_BOOK[] =
    "; a file comment\n"                                                    /* 1 */
    "[Event \"Club\"]\n"                                                    /* 2 */
    "[Site \"?\"]\n"                                                        /* 3 */
    "[Opening \"Central \\\"cannon\\\"\"]\n"                                /* 4 */
    "\n"                                                                    /* 5 */
    "1. h2e2 {comment with ( and ) and 1-0} h9g7 ; rest 0-1 (\n"            /* 6 */
    "2. 马二进三 $1 (2. b0c2 (2... b9c7) i9h9) 2... i9h9! 3. C8.7 马2进3 1-0\n" /* 7 */
    "\n"                                                                    /* 8 */
    "[Event \"Second\"]\n"                                                  /* 9 */
    "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n" /* 10 */
    "[SetUp \"1\"]\n"                                                       /* 11 */
    "\n"                                                                    /* 12 */
    "1... h7e7 2.h0g2 *\n"                                                  /* 13 */
    "\n"                                                                    /* 14 */
    "{ a game without tags }\n"                                             /* 15 */
    "% an escape line h2h9\n"                                               /* 16 */
    "1. h2e2 h9g7 2. h0g2 1/2-1/2\n";                                       /* 17 */

static void test_pgn_book(void)
{
    const char *path = write_temp(PGN_BOOK);
    BookOptions o = options(path, BOOK_PGN, 0, 0);
    OpeningBook book;
    char err[256] = "", id[96];
    int rc = book_load(&o, &book, err, sizeof err);
    CHECK(rc == 0, "PGN book: %s", err);
    CHECK(book.count == 3, "PGN book: %d openings", book.count);
    if (book.count != 3) {
        book_free(&book);
        return;
    }
    const Opening *a = &book.items[0], *b = &book.items[1], *c = &book.items[2];
    CHECK(strcmp(a->id, "Central \"cannon\"") == 0, "Opening tag as id: '%s'", a->id);
    CHECK(strcmp(a->fen, START_FULL) == 0, "no FEN tag: start position, got '%s'", a->fen);
    CHECK(has_moves(a, "h2e2 h9g7 h0g2 i9h9 b2c2 b9c7"), "game 1: %d moves", a->nmoves);
    CHECK(strcmp(b->id, "Second") == 0, "Event tag as id: '%s'", b->id);
    CHECK(strcmp(b->fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1") == 0,
          "FEN tag: '%s'", b->fen);
    CHECK(has_moves(b, "h7e7 h0g2"), "game 2: %d moves", b->nmoves);
    snprintf(id, sizeof id, "%s:17", path);
    CHECK(strcmp(c->id, id) == 0, "default id '%s', expected '%s'", c->id, id);
    CHECK(has_moves(c, "h2e2 h9g7 h0g2"), "game 3: %d moves", c->nmoves);
    book_free(&book);
}

static void test_plies_and_start(void)
{
    const char *path = write_temp(PGN_BOOK);
    OpeningBook book;
    char err[256] = "";

    BookOptions o = options(path, BOOK_PGN, 2, 0);
    CHECK(book_load(&o, &book, err, sizeof err) == 0, "plies 2: %s", err);
    CHECK(book.count == 3 && has_moves(&book.items[0], "h2e2 h9g7") && has_moves(&book.items[1], "h7e7 h0g2") &&
              has_moves(&book.items[2], "h2e2 h9g7"),
          "plies 2 keeps two plies of each game");
    book_free(&book);

    o = options(path, BOOK_PGN, 1, 2);
    CHECK(book_load(&o, &book, err, sizeof err) == 0, "start 2: %s", err);
    CHECK(book.count == 2 && strcmp(book.items[0].id, "Second") == 0 && has_moves(&book.items[0], "h7e7"),
          "start 2 skips the first game");
    book_free(&book);

    o = options(path, BOOK_PGN, 0, 1);
    CHECK(book_load(&o, &book, err, sizeof err) == 0 && book.count == 3, "start 1 is the first opening");
    book_free(&book);

    o = options(path, BOOK_PGN, 1000, 3);
    CHECK(book_load(&o, &book, err, sizeof err) == 0 && book.count == 1 && has_moves(&book.items[0], "h2e2 h9g7 h0g2"),
          "start 3 with plies above the cap");
    book_free(&book);

    /* A game longer than OPENING_MAX_PLIES is cut at the cap; moves past it are not checked. */
    char text[2048] = "";
    for (int i = 1; i <= 20; i++) {
        char mv[64];
        snprintf(mv, sizeof mv, "%d. h0g2 h9g7 %d. g2h0 g7h9 ", 2 * i - 1, 2 * i);
        strcat(text, mv);
    }
    strcat(text, "41. h2h9 *\n");
    o = options(write_temp(text), BOOK_PGN, 0, 0);
    CHECK(book_load(&o, &book, err, sizeof err) == 0, "long game: %s", err);
    CHECK(book.count == 1 && book.items[0].nmoves == OPENING_MAX_PLIES, "long game cut at %d plies",
          OPENING_MAX_PLIES);
    book_free(&book);
}

/* Reference orders from a splitmix64 Fisher-Yates written independently (Python). */
static const int ORDER_SEED_42[20] = {17, 4, 9, 12, 18, 19, 5, 7, 20, 8, 11, 2, 15, 10, 13, 3, 6, 1, 16, 14};
static const int ORDER_SEED_7_FROM_5[16] = {15, 7, 5, 3, 6, 12, 14, 2, 4, 13, 16, 11, 9, 1, 10, 8};

static int id_number(const Opening *op) { return atoi(op->id + 1); }

static void test_random_order(void)
{
    char text[4096] = "";
    for (int i = 1; i <= 20; i++) {
        char line[160];
        snprintf(line, sizeof line, "%s id \"o%d\";\n", START_FULL, i);
        strcat(text, line);
    }
    const char *path = write_temp(text);
    OpeningBook one, two;
    char err[256] = "";
    BookOptions o = options(path, BOOK_EPD, 0, 0);
    o.order = ORDER_RANDOM;
    o.seed = 42;
    CHECK(book_load(&o, &one, err, sizeof err) == 0 && one.count == 20, "random: %s", err);
    CHECK(book_load(&o, &two, err, sizeof err) == 0 && two.count == 20, "random again: %s", err);
    bool same = true, seen[21] = {false}, portable = true;
    for (int i = 0; i < 20 && one.count == 20 && two.count == 20; i++) {
        int k = id_number(&one.items[i]);
        same = same && strcmp(one.items[i].id, two.items[i].id) == 0;
        if (k >= 1 && k <= 20) seen[k] = true;
        portable = portable && k == ORDER_SEED_42[i];
    }
    bool perm = true;
    for (int k = 1; k <= 20; k++) perm = perm && seen[k];
    CHECK(same, "the same seed gives the same order");
    CHECK(perm, "the order is a permutation");
    CHECK(portable, "seed 42 gives the reference order");
    book_free(&two);

    o.seed = 43;
    CHECK(book_load(&o, &two, err, sizeof err) == 0 && two.count == 20, "seed 43: %s", err);
    bool differs = false;
    for (int i = 0; i < 20 && two.count == 20; i++) differs = differs || strcmp(one.items[i].id, two.items[i].id) != 0;
    CHECK(differs, "another seed gives another order");
    book_free(&one);
    book_free(&two);

    o.seed = 7;
    o.start = 5;
    CHECK(book_load(&o, &one, err, sizeof err) == 0 && one.count == 16, "random from 5: %s", err);
    portable = true;
    for (int i = 0; i < 16 && one.count == 16; i++) portable = portable && id_number(&one.items[i]) == ORDER_SEED_7_FROM_5[i] + 4;
    CHECK(portable, "start 5 then shuffle with seed 7 gives the reference order");
    book_free(&one);
}

static void test_errors(void)
{
    char want[512];
    OpeningBook book;
    char err[256] = "";

    /* An illegal move names file, line and move. */
    const char *path = write_temp("[Event \"x\"]\n\n1. h2e2 h9g7\n2. h2h9 *\n");
    BookOptions o = options(path, BOOK_PGN, 0, 0);
    CHECK(book_load(&o, &book, err, sizeof err) == -1, "illegal move rejected");
    snprintf(want, sizeof want, "%s:4: move 'h2h9': ", path);
    CHECK(strncmp(err, want, strlen(want)) == 0 && !strchr(err, '\n'), "illegal move error '%s'", err);

    o = options(write_temp("1. h2e2 h9g7 2. 炮八平九九 *\n"), BOOK_PGN, 0, 0);
    CHECK(book_load(&o, &book, err, sizeof err) == -1 && strstr(err, ":1: move '") != NULL, "bad Chinese move: '%s'", err);

    path = write_temp("1. h2e2 {oops\n\nh9g7 *\n");
    o = options(path, BOOK_PGN, 0, 0);
    snprintf(want, sizeof want, "%s:1: unterminated comment: '{' without '}'", path);
    EXPECT_ERROR(&o, want);

    path = write_temp("1. h2e2\n(1. b2e2 h9g7\n*\n");
    o = options(path, BOOK_PGN, 0, 0);
    snprintf(want, sizeof want, "%s:2: unterminated variation: '(' without ')'", path);
    EXPECT_ERROR(&o, want);

    path = write_temp("1. h2e2 h9g7 ) *\n");
    o = options(path, BOOK_PGN, 0, 0);
    snprintf(want, sizeof want, "%s:1: ')' without '('", path);
    EXPECT_ERROR(&o, want);

    path = write_temp("[Event \"x\"]\n[FEN \"not a fen\"]\n\n*\n");
    o = options(path, BOOK_PGN, 0, 0);
    CHECK(book_load(&o, &book, err, sizeof err) == -1, "bad FEN tag rejected");
    snprintf(want, sizeof want, "%s:2: bad FEN: ", path);
    CHECK(strncmp(err, want, strlen(want)) == 0, "bad FEN error '%s'", err);

    /* A FEN tag longer than any position text is refused, not cut. */
    static char long_fen[GAME_TEXT_MAX + 64];
    snprintf(long_fen, sizeof long_fen, "[FEN \"%0*d\"]\n\n*\n", GAME_TEXT_MAX + 8, 0);
    path = write_temp(long_fen);
    o = options(path, BOOK_PGN, 0, 0);
    snprintf(want, sizeof want, "%s:1: FEN tag: longer than a position text (%d bytes)", path, GAME_TEXT_MAX - 1);
    EXPECT_ERROR(&o, want);

    path = write_temp("[Event x]\n*\n");
    o = options(path, BOOK_PGN, 0, 0);
    snprintf(want, sizeof want, "%s:1: malformed tag, expected [Name \"value\"]", path);
    EXPECT_ERROR(&o, want);

    o = options("/tmp/qibench_no_such_book.pgn", BOOK_PGN, 0, 0);
    EXPECT_ERROR(&o, "cannot open /tmp/qibench_no_such_book.pgn: No such file or directory");
    o.format = BOOK_EPD;
    CHECK(book_load(&o, &book, err, sizeof err) == -1 && strstr(err, "qibench_no_such_book.pgn") != NULL,
          "missing EPD book: '%s'", err);

    path = write_temp("; nothing\n{ but comments }\n\n");
    o = options(path, BOOK_PGN, 0, 0);
    snprintf(want, sizeof want, "%s: no openings in the book", path);
    EXPECT_ERROR(&o, want);

    path = write_temp("# nothing\n\n");
    o = options(path, BOOK_EPD, 0, 0);
    CHECK(book_load(&o, &book, err, sizeof err) == -1 && strstr(err, path) != NULL, "empty EPD book: '%s'", err);

    path = write_temp(PGN_BOOK);
    o = options(path, BOOK_PGN, 0, 4);
    snprintf(want, sizeof want, "%s: start 4 is past the book's 3 openings", path);
    EXPECT_ERROR(&o, want);
    o = options(path, BOOK_PGN, -1, 0);
    snprintf(want, sizeof want, "%s: plies must be 0 (all) or more, not -1", path);
    EXPECT_ERROR(&o, want);
    o = options(NULL, BOOK_PGN, 0, 0);
    EXPECT_ERROR(&o, "no opening book file given");
}

/* pgn_read_game: a whole game, longer than a book keeps (OPENING_MAX_PLIES),
 * from a FEN tag, and only the first game of the file; errors. */
static void test_whole_game(void)
{
    const Game *g = game_by_name("xiangqi");
    GameState *s = game_state_at(g, START_FULL);
    MoveCode want[100], got[200];
    char text[8192] = "[Event \"long\"]\n[FEN \"" START_FULL "\"]\n\n", move[MOVE_TEXT_BYTES], fen[GAME_TEXT_MAX];
    int n = 0;
    MoveCode *list = malloc(GAME_MOVES_MAX * sizeof *list);
    while (n < 100 && g->outcome(s, NULL).result == RESULT_NONE) {
        int count = g->legal_moves(s, list);
        want[n] = list[(n * 7) % count];
        game_move_record(g, s, want[n], move, sizeof move);
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s ", n % 2 ? "" : "1. ", move);
        g->play(s, want[n++]);
    }
    strcat(text, "*\n\n[Event \"second\"]\n\n1. b2e2 *\n");
    const char *path = write_temp(text);
    char err[256] = "";
    int read = pgn_read_game(g, path, fen, sizeof fen, got, 200, err, sizeof err);
    CHECK(n > OPENING_MAX_PLIES && read == n, "whole game: %d moves read of %d (%s)", read, n, err);
    CHECK(read == n && memcmp(got, want, (size_t)n * sizeof *got) == 0, "whole game: the same moves");
    CHECK(strcmp(fen, START_FULL) == 0, "whole game: fen '%s'", fen);
    CHECK(pgn_read_game(g, path, fen, sizeof fen, got, 10, err, sizeof err) == 10, "whole game: cut at the room");
    CHECK(pgn_read_game(g, write_temp("\n"), fen, sizeof fen, got, 10, err, sizeof err) == -1
              && strstr(err, "no game in the file"), "no game: %s", err);
    CHECK(pgn_read_game(g, write_temp("1. h2h8 *\n"), fen, sizeof fen, got, 10, err, sizeof err) == -1
              && strstr(err, "move 'h2h8'"), "bad move: %s", err);
    free(list);
    g->state_free(s);
}

/* The shipped books: positions/xiangqi/openings.pgn holds the same openings
 * as openings.epd (read back by the two readers): the same ids in the same
 * order, the same ECCO code, opening and variation, and the PGN's moves
 * played from the start reach the EPD's position. Every EPD opening has an
 * ECCO code (A00-E99) and opening name. */
static void test_shipped_books(void)
{
    const Game *g = game_by_name("xiangqi");
    BookOptions eo = {g, "positions/xiangqi/openings.epd", BOOK_EPD, ORDER_SEQUENTIAL, 0, 0, 0};
    BookOptions po = {g, "positions/xiangqi/openings.pgn", BOOK_PGN, ORDER_SEQUENTIAL, 0, 0, 0};
    OpeningBook epd, pgn;
    char err[256] = "";
    if (book_load(&eo, &epd, err, sizeof err) != 0) {
        CHECK(0, "openings.epd: %s", err);
        return;
    }
    if (book_load(&po, &pgn, err, sizeof err) != 0) {
        CHECK(0, "openings.pgn: %s", err);
        book_free(&epd);
        return;
    }
    CHECK(epd.count >= 60 && pgn.count == epd.count, "%d EPD openings, %d PGN games", epd.count, pgn.count);
    GameState *s = g->state_new();
    char fen[GAME_TEXT_MAX];
    for (int i = 0; i < epd.count && i < pgn.count; i++) {
        const Opening *e = &epd.items[i], *p = &pgn.items[i];
        CHECK(strcmp(e->id, p->id) == 0, "opening %d: id '%s' vs '%s'", i + 1, e->id, p->id);
        const char *c = e->ecco;
        CHECK(strlen(c) == 3 && c[0] >= 'A' && c[0] <= 'E' && c[1] >= '0' && c[1] <= '9' && c[2] >= '0' && c[2] <= '9'
                  && e->opening[0],
              "%s: ECCO code '%s' and opening '%s'", e->id, c, e->opening);
        CHECK(strcmp(e->ecco, p->ecco) == 0 && strcmp(e->opening, p->opening) == 0
                  && strcmp(e->variation, p->variation) == 0,
              "%s: ECCO %s/%s/%s vs %s/%s/%s", e->id, e->ecco, e->opening, e->variation, p->ecco, p->opening,
              p->variation);
        CHECK(strcmp(p->fen, g->start) == 0 && p->nmoves >= 4 && game_replay(g, s, p->fen, p->moves, p->nmoves) == 0,
              "%s: the PGN game replays from the start", e->id);
        g->position_text(s, fen, sizeof fen);
        CHECK(strcmp(fen, e->fen) == 0, "%s: PGN reaches '%s', EPD has '%s'", e->id, fen, e->fen);
    }
    g->state_free(s);
    book_free(&epd);
    book_free(&pgn);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    test_epd_book();
    test_pgn_book();
    test_plies_and_start();
    test_random_order();
    test_errors();
    test_whole_game();
    test_shipped_books();
    for (int i = 0; i < ntemp; i++) unlink(temp_paths[i]);
    return TEST_REPORT();
}
