/*
 * fuzz_moves.c - libFuzzer target for the move-text readers of notation.h:
 * xq_move_parse in each notation (ICCS, Fairy, WXF, Chinese) and
 * xq_move_parse_any, on a fixed set of positions.
 *
 * The input, cut at its first NUL, is the move text. For every position and
 * reader (every position for the readers that can decode the text at all):
 *   - the position is unchanged afterwards;
 *   - a failure comes with a one-line reason that starts as documented
 *     ("malformed", "no legal move" or "ambiguous:"), also when err is
 *     short or NULL;
 *   - a success names a legal move, and that move, written in every
 *     notation, reads back as itself.
 * A broken rule calls abort(), which libFuzzer (or fuzz/driver.c) reports.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "board.h"
#include "eval.h"
#include "movegen.h"
#include "notation.h"

/* Move text is short; longer inputs only test the length check. */
#define FUZZ_MOVES_MAX_INPUT 256


/* Positions where the descriptive notations need all their forms: the
 * start, both sides' pieces stacked on a file (front / rear markers),
 * three, four and five pawns on a file, pawns stacked on two files, and
 * middlegames with Black to move. */
static const char *const FENS[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
    "5k3/9/9/9/R6C1/2N6/9/2N4C1/R8/4K4 w",
    "4k4/8r/1c4n2/9/6n2/8r/1c7/9/9/3K5 b",
    "5k3/9/9/9/9/2B6/9/3A5/9/2BAK4 w",
    "5k3/9/4P4/P3P4/4P4/9/9/9/9/3K5 w",
    "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w",
    "3k5/9/9/9/9/6p2/6p2/6p2/6p2/4K1p2 b",
    "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w",
    "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b",
    "r1bak3r/4a4/2n1b2c1/p1C1p4/5Rpnp/2P6/P3Pc2P/2N1B1C2/5N3/2BAKA2R b",
    "2bakab2/2r6/9/p1n1C1p1p/9/6P1P/P8/B5r2/4R4/2RAK1B2 w",
};
#define NUM_FENS ((int)(sizeof FENS / sizeof FENS[0]))

static const Notation ALL[4] = {NOTATION_ICCS, NOTATION_FAIRY, NOTATION_WXF, NOTATION_CHINESE};
/* check_position's mask for the four of ALL and xq_move_parse_any. */
#define ALL_READERS 0x1Fu

/* Set up once; kept unchanged by every call (checked). */
static Position positions[NUM_FENS];

/* The parts of a position a reader might disturb (a Position is too big to
 * copy whole for every read). */
typedef struct {
    uint8_t board[256], list[2][16], king[2], count[2], side;
    int ply;
    uint64_t key;
} Snapshot;

static void fail(const char *what, int fen, const char *text)
{
    fprintf(stderr, "fuzz_moves: %s\n  position: %s\n  text: '%s'\n", what, FENS[fen], text);
    abort();
}

static void init_once(void)
{
    static bool done;
    char err[160];
    if (done) return;
    fuzz_init_tables();
    for (int i = 0; i < NUM_FENS; i++) {
        if (xq_pos_from_fen(&positions[i], FENS[i], err, sizeof err) != 0) {
            fprintf(stderr, "fuzz_moves: bad built-in FEN '%s': %s\n", FENS[i], err);
            abort();
        }
    }
    done = true;
}

static bool is_generated(Position *p, Move m)
{
    Move list[MAX_MOVES];
    int n = xq_gen_legal(p, list);
    for (int i = 0; i < n; i++)
        if (list[i] == m) return true;
    return false;
}

static void take_snapshot(const Position *p, Snapshot *s)
{
    memcpy(s->board, p->board, sizeof s->board);
    memcpy(s->list, p->list, sizeof s->list);
    memcpy(s->king, p->king, sizeof s->king);
    memcpy(s->count, p->count, sizeof s->count);
    s->side = p->side;
    s->ply = p->ply;
    s->key = pos_key(p);
}

/* Is p as it was when the snapshot was taken? */
static bool is_unchanged(const Position *p, const Snapshot *before)
{
    Snapshot now;
    take_snapshot(p, &now);
    return memcmp(now.board, before->board, sizeof now.board) == 0 && memcmp(now.list, before->list, sizeof now.list) == 0
           && memcmp(now.king, before->king, sizeof now.king) == 0
           && memcmp(now.count, before->count, sizeof now.count) == 0 && now.side == before->side
           && now.ply == before->ply && now.key == before->key;
}

/* A reader's reason for failing: NUL-terminated in errlen, one line of
 * printable text, starting as documented (when errlen leaves room). */
static bool is_good_reason(const char *err, size_t errlen)
{
    static const char *const STARTS[] = {"malformed", "no legal move", "ambiguous:"};
    if (!memchr(err, '\0', errlen)) return false;
    for (const unsigned char *c = (const unsigned char *)err; *c; c++)
        if (*c < 0x20 || *c == 0x7F) return false;
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(STARTS[i]);
        if (strncmp(err, STARTS[i], n < errlen - 1 ? n : errlen - 1) == 0) return true;
    }
    return false;
}

/* The legal move m, written in every notation, reads back as m. */
static void check_writes_back(Position *p, Move m, int fen, const char *text)
{
    for (int i = 0; i < 4; i++) {
        char out[MOVE_TEXT_MAX], err[200];
        Move back = MOVE_NONE;
        if (xq_move_to_text(p, m, ALL[i], out, sizeof out) != 0) fail("xq_move_to_text refused a parsed move", fen, text);
        if (xq_move_parse(p, out, ALL[i], &back, err, sizeof err) != 0 || back != m) {
            fprintf(stderr, "fuzz_moves: '%s' (notation %d) reads back as %04x: %s\n", out, i, back, err);
            fail("a parsed move, written again, does not read back", fen, text);
        }
    }
}

/* Reads text on position fen with the readers in the mask (bit i: ALL[i],
 * bit 4: xq_move_parse_any) and checks the outcomes. Returns the mask of the
 * readers that could decode the text (success, or a failure other than
 * "malformed"). */
static unsigned check_position(int fen, const char *text, unsigned readers)
{
    Position *p = &positions[fen];
    char err[200];
    Snapshot before;
    unsigned decoded = 0;
    Move written = MOVE_NONE;
    take_snapshot(p, &before);
    for (int i = 0; i <= 4; i++) {
        Move m = MOVE_NONE;
        if (!(readers & 1u << i)) continue;
        memset(err, 0x55, sizeof err);
        int rc = i < 4 ? xq_move_parse(p, text, ALL[i], &m, err, sizeof err) : xq_move_parse_any(p, text, &m, err, sizeof err);
        if (!is_unchanged(p, &before)) fail("a reader changed the position", fen, text);
        if (rc != 0 && rc != -1) fail("a reader returned neither 0 nor -1", fen, text);
        if (rc == -1 && !is_good_reason(err, sizeof err)) {
            fprintf(stderr, "fuzz_moves: reason: '%.*s'\n", (int)sizeof err, err);
            fail("a failed read without a proper reason", fen, text);
        }
        if (rc == 0 && (!xq_move_is_legal(p, m) || !is_generated(p, m)))
            fail("a reader accepted an illegal move", fen, text);
        if (rc == 0 && m != written) check_writes_back(p, m, fen, text);
        if (rc == 0) written = m; /* the readers mostly agree: write it back once */
        if (rc == 0 || strncmp(err, "malformed", 9) != 0) decoded |= 1u << i;
    }
    return decoded;
}

/* The readers with a short err (cut, still NUL-terminated) and without one. */
static void check_short_errors(Position *p, int fen, const char *text, size_t errlen)
{
    Move m;
    char *err = malloc(errlen + 1);
    if (!err) abort();
    memset(err, 0x55, errlen + 1);
    int rc = xq_move_parse_any(p, text, &m, err, errlen);
    if (err[errlen] != 0x55) fail("xq_move_parse_any wrote past errlen", fen, text);
    if (rc != 0 && errlen > 0 && !is_good_reason(err, errlen)) fail("a cut reason is broken", fen, text);
    rc = xq_move_parse(p, text, ALL[errlen % 4], &m, err, errlen);
    if (err[errlen] != 0x55) fail("xq_move_parse wrote past errlen", fen, text);
    if (rc != 0 && errlen > 0 && !is_good_reason(err, errlen)) fail("a cut reason is broken", fen, text);
    xq_move_parse(p, text, ALL[errlen % 4], &m, NULL, 0);
    xq_move_parse_any(p, text, &m, NULL, 0);
    free(err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    init_once();
    if (size > FUZZ_MOVES_MAX_INPUT) return 0;
    char *text = malloc(size + 1);
    if (!text) abort();
    memcpy(text, data, size);
    text[size] = '\0';
    /* Whether text is well-formed does not depend on the position, so
     * the other positions need only the readers that decoded it on the
     * first (all readers on one more, to check just that). */
    unsigned decoded = check_position(0, text, ALL_READERS);
    int fen = 1 + (int)(size % (NUM_FENS - 1));
    if (check_position(fen, text, ALL_READERS) != decoded) fail("well-formedness depends on the position", fen, text);
    for (int i = 1; i < NUM_FENS && decoded; i++)
        if (i != fen) check_position(i, text, decoded);
    check_short_errors(&positions[fen], fen, text, size % 24);
    free(text);
    return 0;
}
