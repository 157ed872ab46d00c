/*
 * fuzz_openings.c - libFuzzer target for the opening-book readers
 * (book_load): the input is written to a file, then read as an EPD book
 * (which goes through epd_load) and as a PGN book, with several options.
 *
 * Rules checked:
 *   - book_load returns 0 or -1; on -1 the book is empty and err is one
 *     NUL-terminated line without control characters;
 *   - on 0 the book holds at least one opening, each with a NUL-terminated
 *     id, a FEN the parser accepts, at most the asked plies (none for EPD)
 *     and moves that are legal one after the other from that FEN;
 *   - skipping openings (start) and shuffling (order) keep the count.
 * The file is created once per process (mkstemp, in TMPDIR or /dev/shm or
 * /tmp) and unlinked at once, being reached through /proc/self/fd; where
 * that does not work, the named file is used and removed at exit.
 * A broken rule calls abort(), which libFuzzer (or fuzz/driver.c) reports.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "board.h"
#include "eval.h"
#include "movegen.h"
#include "formats/openings.h"

/* Books past this size only slow the fuzzer down. */
#define FUZZ_BOOK_MAX_INPUT 65536


static Position pos;
static int book_fd = -1;
static char book_path[64];
static char named_path[64]; /* the file's name while it still has one */

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_openings: %s: %s\n", what, detail);
    abort();
}

static void remove_named_file(void)
{
    if (named_path[0]) unlink(named_path);
}

/* Creates the book file, and reaches it without a name when possible. */
static void open_book_file(void)
{
    /* Memory-backed /dev/shm when there is one: a disk-backed file is
     * several times slower to rewrite for every input. */
    const char *dir = getenv("TMPDIR");
    if (!dir || !dir[0] || strlen(dir) > 40) dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(named_path, sizeof named_path, "%s/qibench-fuzz-XXXXXX", dir);
    book_fd = mkstemp(named_path);
    if (book_fd < 0) fail("mkstemp", strerror(errno));
    snprintf(book_path, sizeof book_path, "/proc/self/fd/%d", book_fd);
    if (access(book_path, R_OK) == 0 && unlink(named_path) == 0) {
        named_path[0] = '\0';
    } else {
        snprintf(book_path, sizeof book_path, "%s", named_path);
        atexit(remove_named_file);
    }
}

static void init_once(void)
{
    static bool done;
    if (done) return;
    fuzz_init_tables();
    open_book_file();
    done = true;
}

/* Replaces the book file's contents with data. */
static void write_book(const uint8_t *data, size_t size)
{
    if (ftruncate(book_fd, 0) != 0) fail("ftruncate", strerror(errno));
    for (size_t done = 0; done < size;) {
        ssize_t n = pwrite(book_fd, data + done, size - done, (off_t)done);
        if (n <= 0) fail("pwrite", strerror(errno));
        done += (size_t)n;
    }
}

static bool is_one_line(const char *s, size_t len)
{
    if (!memchr(s, '\0', len)) return false;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c < 0x20 || *c == 0x7F) return false;
    return true;
}

/* An opening's FEN parses and its moves are legal in turn. */
static void check_opening(const Opening *op, int max_plies)
{
    char err[160];
    if (!memchr(op->id, '\0', sizeof op->id) || !memchr(op->fen, '\0', sizeof op->fen))
        fail("an id or FEN not NUL-terminated", op->id);
    if (xq_pos_from_fen(&pos, op->fen, err, sizeof err) != 0) fail("an opening's FEN does not parse", op->fen);
    if (op->nmoves < 0 || op->nmoves > max_plies) fail("more moves than plies", op->fen);
    for (int i = 0; i < op->nmoves; i++) {
        Move list[MAX_MOVES];
        int n = xq_gen_legal(&pos, list);
        bool legal = false;
        for (int j = 0; j < n && !legal; j++) legal = list[j] == op->moves[i];
        if (!legal) fail("an opening holds an illegal move", op->fen);
        xq_pos_make_move(&pos, op->moves[i]);
    }
}

/* Loads the book with these options and checks it; returns its size or -1. */
static int load_and_check(int format, int plies, int start, OpeningOrder order, uint64_t seed)
{
    BookOptions opt = {game_default(), book_path, BOOK_EPD, order, plies, start, seed};
    OpeningBook book;
    char err[300];
    opt.format = format == BOOK_PGN ? BOOK_PGN : BOOK_EPD;
    memset(err, 0x55, sizeof err);
    int rc = book_load(&opt, &book, err, sizeof err);
    if (rc == -1) {
        if (book.items != NULL || book.count != 0) fail("a failed load left openings", err);
        if (!is_one_line(err, sizeof err) || err[0] == '\0') fail("a failed load without a one-line reason", "");
        return -1;
    }
    if (rc != 0) fail("book_load returned neither 0 nor -1", "");
    if (book.count < 1 || !book.items) fail("a loaded book without openings", "");
    int max_plies = format == BOOK_EPD ? 0 : plies == 0 || plies > OPENING_MAX_PLIES ? OPENING_MAX_PLIES : plies;
    for (int i = 0; i < book.count; i++) check_opening(&book.items[i], max_plies);
    int count = book.count;
    book_free(&book);
    return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    init_once();
    if (size > FUZZ_BOOK_MAX_INPUT) return 0;
    write_book(data, size);
    load_and_check(BOOK_EPD, 0, 0, ORDER_SEQUENTIAL, 0);
    int all = load_and_check(BOOK_PGN, 0, 0, ORDER_SEQUENTIAL, 0);
    if (all > 0) {
        /* Fewer plies and a later start: the same games, fewer openings. */
        int plies = 1 + (int)(size % 3);
        int rest = load_and_check(BOOK_PGN, plies, 2, ORDER_RANDOM, size);
        if (rest != (all >= 2 ? all - 1 : -1)) fail("start 2 did not drop exactly one opening", "");
    }
    return 0;
}
