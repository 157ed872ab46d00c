/*
 * test_book.c - the engine's opening book (engine/book.h), Xiangqi's:
 * the file format round trip (bytes big-endian as book.h says), corrupt
 * books refused with one line, the builder over a hand-made PGN whose
 * entries are worked out by hand below (a position reached by two move
 * orders finds the same entries), --min-games and --max-ply, the plies of
 * a position, and the engine's choice (best, weighted, BookDepth).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "book.h"
#include "testhelp.h"

static char dir[] = "/tmp/test_book.XXXXXX";

static const char *tmp(const char *name)
{
    static char paths[8][256];
    static int next;
    char *p = paths[next++ % 8];
    snprintf(p, 256, "%s/%s", dir, name);
    return p;
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n) {
        perror(path);
        exit(2);
    }
    fclose(f);
}

static size_t read_all(const char *path, unsigned char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    size_t n = fread(buf, 1, cap, f);
    fclose(f);
    return n;
}

/* The position after the moves (ICCS, space-separated) from the start. */
static void play(GamePosition *pos, const char *moves)
{
    char err[200], buf[256], *save = NULL;
    game_pos_from_text(pos, GAME_START_FEN, err, sizeof err);
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *m = strtok_r(buf, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
        GameMove gm;
        if (game_move_parse(pos, m, &gm, err, sizeof err) != 0) {
            fprintf(stderr, "test_book: %s: %s\n", m, err);
            exit(2);
        }
        game_make(pos, gm);
    }
}

static GameMove move_of(const char *moves_before, const char *move)
{
    static GamePosition pos;
    char err[200];
    GameMove m = GAME_MOVE_NONE;
    play(&pos, moves_before);
    game_move_parse(&pos, move, &m, err, sizeof err);
    return m;
}

/* The entries of the position after moves: "move weight learn, ..." by weight. */
static void probe(const Book *book, const char *moves, char *out, size_t len)
{
    static GamePosition pos;
    BookEntry e[BOOK_MAX_CHOICES];
    play(&pos, moves);
    int n = book_find(book, game_key(&pos), e, BOOK_MAX_CHOICES);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char m[GAME_MOVE_TEXT_MAX];
        game_move_text(e[i].move, m);
        size_t used = strlen(out);
        snprintf(out + used, len - used, "%s%s %u %u", i ? ", " : "", m, e[i].weight, e[i].learn);
    }
}

/* ---- The format ------------------------------------------------------------ */

static void test_round_trip(void)
{
    BookEntry e[] = {
        {UINT64_C(0x0102030405060708), 0x0A0B, 0x0C0D, 0x0E0F},
        {5, 7, 1, 1},
        {5, 3, 9, 4},
        {UINT64_C(0xFFFFFFFFFFFFFFFF), 2, 65535, 65535},
    };
    char err[640];
    const char *path = tmp("round.bin");
    CHECK(book_write(path, e, 4, err, sizeof err) == 0, "write: %s", err);
    unsigned char buf[256];
    size_t n = read_all(path, buf, sizeof buf);
    CHECK(n == 40 + 4 * 16, "size %zu", n);
    CHECK(memcmp(buf, "QIBOOK1\0xiangqi\0\0\0\0\0\0\0\0\0", 24) == 0, "magic and game name");
    CHECK(buf[31] == 4 && buf[24] == 0, "count big-endian");
    /* sorted: key 5 (moves 3, 7), 0x0102..., 0xFFFF... */
    const unsigned char third[16] = {1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F};
    CHECK(memcmp(buf + 40 + 2 * 16, third, 16) == 0, "entry bytes big-endian, sorted third");
    CHECK(buf[40 + 7] == 5 && buf[40 + 11] == 3 && buf[40 + 16 + 11] == 7, "key 5's moves sorted 3, 7");

    Book book;
    CHECK(book_open(&book, path, err, sizeof err) == 0, "open: %s", err);
    CHECK(book.count == 4, "count %llu", (unsigned long long)book.count);
    BookEntry got[8];
    int k = book_find(&book, 5, got, 8);
    CHECK(k == 2 && got[0].move == 3 && got[0].weight == 9 && got[0].learn == 4 && got[1].move == 7,
          "key 5: by weight: %d entries", k);
    k = book_find(&book, UINT64_C(0x0102030405060708), got, 8);
    CHECK(k == 1 && got[0].move == 0x0A0B && got[0].weight == 0x0C0D && got[0].learn == 0x0E0F, "key 0x0102...");
    k = book_find(&book, UINT64_C(0xFFFFFFFFFFFFFFFF), got, 8);
    CHECK(k == 1 && got[0].weight == 65535, "last key");
    CHECK(book_find(&book, 6, got, 8) == 0 && book_find(&book, 0, got, 8) == 0, "absent keys");
    book_close(&book);

    CHECK(book_write(tmp("empty.bin"), e, 0, err, sizeof err) == 0, "empty book written");
    CHECK(book_open(&book, tmp("empty.bin"), err, sizeof err) == 0 && book.count == 0, "empty book opens: %s", err);
    book_close(&book);
}

/* A copy of round.bin changed by edit, opened: the error (or "" when it opens). */
static void open_changed(const char *name, void (*edit)(unsigned char *, size_t *), char *err, size_t errlen)
{
    unsigned char buf[256];
    size_t n = read_all(tmp("round.bin"), buf, sizeof buf);
    edit(buf, &n);
    const char *path = tmp(name);
    write_file(path, buf, n);
    Book book;
    err[0] = '\0';
    if (book_open(&book, path, err, errlen) == 0) {
        book_close(&book);
        err[0] = '\0';
    }
}

static void edit_magic(unsigned char *b, size_t *n) { (void)n, b[0] = 'X'; }
static void edit_truncate(unsigned char *b, size_t *n) { (void)b, *n -= 5; }
static void edit_header_only(unsigned char *b, size_t *n) { (void)b, *n = 30; }
static void edit_game(unsigned char *b, size_t *n) { (void)n, memcpy(b + 8, "amazons\0", 8); }
static void edit_keys(unsigned char *b, size_t *n) { (void)n, b[39] ^= 1; }
static void edit_unsorted(unsigned char *b, size_t *n)
{
    (void)n;
    unsigned char t[16];
    memcpy(t, b + 40, 16); /* swap entries 2 and 3 */
    memcpy(b + 40, b + 40 + 32, 16);
    memcpy(b + 40 + 32, t, 16);
}
static void edit_twice(unsigned char *b, size_t *n) { (void)n, memcpy(b + 40 + 16, b + 40, 16); }
static void edit_none(unsigned char *b, size_t *n) { (void)b, (void)n; }

static void test_corrupt(void)
{
    char err[640];
    struct {
        const char *name;
        void (*edit)(unsigned char *, size_t *);
        const char *want;
    } cases[] = {
        {"magic.bin", edit_magic, "not a book: bad magic"},
        {"truncated.bin", edit_truncate, "but the header says 4 entries (104 bytes): truncated or padded"},
        {"short.bin", edit_header_only, "not a book: 30 bytes, shorter than the 40-byte header"},
        {"game.bin", edit_game, "a book of the game 'amazons', not of xiangqi"},
        {"keys.bin", edit_keys, "built with other position keys"},
        {"unsorted.bin", edit_unsorted, "entry 2 is not after entry 1"},
        {"twice.bin", edit_twice, "entry 2 is not after entry 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        open_changed(cases[i].name, cases[i].edit, err, sizeof err);
        CHECK(strstr(err, cases[i].want) != NULL, "%s: want '%s', got '%s'", cases[i].name, cases[i].want, err);
        CHECK(strncmp(err, tmp(cases[i].name), strlen(tmp(cases[i].name))) == 0 && !strchr(err, '\n'),
              "%s: one line naming the file: '%s'", cases[i].name, err);
    }
    open_changed("same.bin", edit_none, err, sizeof err);
    CHECK(err[0] == '\0', "an unchanged copy opens: %s", err);
    Book book;
    CHECK(book_open(&book, tmp("none.bin"), err, sizeof err) != 0 && strstr(err, "none.bin: cannot open the book"),
          "missing file: %s", err);
}

/* ---- The builder ------------------------------------------------------------- */

/*
 * Three games; P is the position after h2e2 h9g7 g3g4 (games 1 and 3) =
 * g3g4 h9g7 h2e2 (game 2), Black to move. By hand (weight = 2 per win, 1
 * per draw of the side to move; learn = games):
 *   start:              h2e2 2+0=2 (games 1, 3), g3g4 1 (game 2)
 *   h2e2:               h9g7 0+2=2 learn 2 (Black lost game 1, won game 3)
 *   g3g4:               h9g7 1 learn 1
 *   h2e2 h9g7:          g3g4 2+0=2 learn 2
 *   g3g4 h9g7:          h2e2 1 learn 1
 *   P:                  i9h9 0+2=2 learn 2 (games 1, 3), b9c7 1 learn 1 (game 2)
 * 6 positions, 8 entries.
 */
static const char THREE_GAMES[] =
    "[Event \"one\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. g3g4 i9h9 1-0\n\n"
    "[Event \"two\"]\n[Result \"1/2-1/2\"]\n\n1. g3g4 h9g7 2. h2e2 b9c7 1/2-1/2\n\n"
    "[Event \"three\"]\n[Result \"0-1\"]\n\n1. h2e2 h9g7 2. g3g4 i9h9 0-1\n";

static int build(const char *extra, const char *out)
{
    char *argv[8];
    int argc = 0;
    char buf[64];
    argv[argc++] = "book";
    argv[argc++] = "build";
    if (extra) {
        snprintf(buf, sizeof buf, "%s", extra);
        argv[argc++] = strtok(buf, " ");
        argv[argc++] = strtok(NULL, " ");
    }
    argv[argc++] = (char *)tmp("three.pgn");
    argv[argc++] = "-o";
    argv[argc++] = (char *)out;
    fflush(stdout);
    return book_command_line(argc, argv);
}

static void test_builder(void)
{
    char err[640], got[512];
    write_file(tmp("three.pgn"), THREE_GAMES, strlen(THREE_GAMES));
    CHECK(build(NULL, tmp("three.bin")) == 0, "build");
    Book book;
    CHECK(book_open(&book, tmp("three.bin"), err, sizeof err) == 0, "open: %s", err);
    CHECK(book.count == 8, "8 entries, got %llu", (unsigned long long)book.count);
    struct {
        const char *moves, *want;
    } cases[] = {
        {"", "h2e2 2 2, g3g4 1 1"},
        {"h2e2", "h9g7 2 2"},
        {"g3g4", "h9g7 1 1"},
        {"h2e2 h9g7", "g3g4 2 2"},
        {"g3g4 h9g7", "h2e2 1 1"},
        {"h2e2 h9g7 g3g4", "i9h9 2 2, b9c7 1 1"},
        {"g3g4 h9g7 h2e2", "i9h9 2 2, b9c7 1 1"}, /* the same position by the other order */
        {"h2e2 h9g7 g3g4 i9h9", ""},              /* past the games' last moves */
        {"b2e2", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        probe(&book, cases[i].moves, got, sizeof got);
        CHECK(strcmp(got, cases[i].want) == 0, "after '%s': want '%s', got '%s'", cases[i].moves, cases[i].want, got);
    }
    book_close(&book);

    /* --min-games 2: the entries of two games or more */
    CHECK(build("--min-games 2", tmp("min2.bin")) == 0, "build --min-games 2");
    CHECK(book_open(&book, tmp("min2.bin"), err, sizeof err) == 0 && book.count == 4, "4 entries: %s", err);
    probe(&book, "g3g4 h9g7 h2e2", got, sizeof got);
    CHECK(strcmp(got, "i9h9 2 2") == 0, "P with --min-games 2: %s", got);
    probe(&book, "", got, sizeof got);
    CHECK(strcmp(got, "h2e2 2 2") == 0, "start with --min-games 2: %s", got);
    book_close(&book);

    /* --max-ply 1: the first move of each game */
    CHECK(build("--max-ply 1", tmp("ply1.bin")) == 0, "build --max-ply 1");
    CHECK(book_open(&book, tmp("ply1.bin"), err, sizeof err) == 0 && book.count == 2, "2 entries: %s", err);
    book_close(&book);

    CHECK(build("--max-ply 0", tmp("bad.bin")) == 2, "--max-ply 0 is a usage error");
    CHECK(build("--nonsense 1", tmp("bad.bin")) == 2, "unknown option");
}

/* ---- The engine's choice ----------------------------------------------------- */

static void test_choose(void)
{
    static GamePosition pos;
    char err[640];
    GameMove m;
    int w;
    const char *path = tmp("three.bin");
    play(&pos, "");
    CHECK(book_ply(&pos) == 0, "start ply %d", book_ply(&pos));
    CHECK(book_choose(path, 20, BOOK_VARIETY_BEST, 1, &pos, &m, &w, err, sizeof err) == 1 && m == move_of("", "h2e2")
              && w == 2,
          "best at the start: h2e2 weight 2");
    play(&pos, "g3g4 h9g7 h2e2");
    CHECK(book_ply(&pos) == 3, "P ply %d", book_ply(&pos));
    CHECK(book_choose(path, 3, BOOK_VARIETY_BEST, 1, &pos, &m, &w, err, sizeof err) == 1
              && m == move_of("g3g4 h9g7 h2e2", "i9h9") && w == 2,
          "best at P within BookDepth 3: i9h9");
    CHECK(book_choose(path, 2, BOOK_VARIETY_BEST, 1, &pos, &m, &w, err, sizeof err) == 0, "P past BookDepth 2");
    CHECK(book_choose("", 20, BOOK_VARIETY_BEST, 1, &pos, &m, &w, err, sizeof err) == 0, "no BookFile");
    CHECK(book_choose(tmp("magic.bin"), 20, BOOK_VARIETY_BEST, 1, &pos, &m, &w, err, sizeof err) == -1
              && strstr(err, "bad magic"),
          "a bad book: %s", err);

    /* a position of one entry, of a draw: weight 1 */
    play(&pos, "g3g4");
    CHECK(book_choose(path, 20, BOOK_VARIETY_BEST, 1, &pos, &m, &w, err, sizeof err) == 1 && w == 1, "g3g4: h9g7 1");

    /* the book rewritten at the same path while it is open: the new one is read */
    BookEntry one = {game_key(&pos), move_of("g3g4", "h9g7"), 3, 1};
    CHECK(book_write(tmp("swap.bin"), &one, 1, err, sizeof err) == 0, "swap: %s", err);
    CHECK(book_choose(tmp("swap.bin"), 20, BOOK_VARIETY_BEST, 1, &pos, &m, &w, err, sizeof err) == 1 && w == 3,
          "the first book's move");
    one.weight = 4;
    CHECK(book_write(tmp("swap.bin"), &one, 1, err, sizeof err) == 0, "swap again: %s", err);
    CHECK(book_choose(tmp("swap.bin"), 20, BOOK_VARIETY_BEST, 1, &pos, &m, &w, err, sizeof err) == 1 && w == 4,
          "the rewritten book's move: weight %d", w);

    /* weighted at the start: h2e2 (weight 2) two times in three, g3g4 (1) one in three */
    play(&pos, "");
    int h2e2 = 0, g3g4 = 0, other = 0;
    GameMove a = move_of("", "h2e2"), b = move_of("", "g3g4");
    for (int i = 0; i < 3000; i++) {
        if (book_choose(path, 20, BOOK_VARIETY_WEIGHTED, 7, &pos, &m, &w, err, sizeof err) != 1) other++;
        else if (m == a) h2e2++;
        else if (m == b) g3g4++;
        else other++;
    }
    CHECK(other == 0 && h2e2 > 1850 && h2e2 < 2150 && g3g4 > 850 && g3g4 < 1150, "weighted: h2e2 %d, g3g4 %d, other %d",
          h2e2, g3g4, other);
}

int main(void)
{
    game_init();
    if (!mkdtemp(dir)) return perror("mkdtemp"), 2;
    test_round_trip();
    test_corrupt();
    test_builder();
    test_choose();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "test_book: cannot remove %s\n", dir);
    return TEST_REPORT();
}
