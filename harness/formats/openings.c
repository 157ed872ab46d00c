/*
 * formats/openings.c - opening books: EPD positions or the first plies of PGN games,
 * in file order or shuffled with a seeded, portable generator.
 *
 * The PGN reader takes its tokens from the lexer it shares with the engine's
 * book builder (engine/pgn_lex.h: UTF-8 or GBK files, full-width
 * punctuation, line numbers), over the whole file held in memory. A game
 * is its tag pairs followed by movetext; it ends at a result token
 * (1-0, 0-1, 1/2-1/2, *), at the next tag pair, or at the end of the file.
 * In the movetext, move numbers ("1.", "12...", also glued: "1.h2e2"),
 * comments ("{...}" and ";" to the end of the line), variations ("(...)",
 * nested, skipped whole), NAGs ("$1") and annotation suffixes ("!", "?")
 * are skipped; every other token is a move in any notation of the game a
 * person may type, or in one of its dashed PGN notations ("H2-E2"),
 * checked against the legal moves of the position. Moves past the kept
 * plies are skipped without being checked. A line starting with '%' is an
 * escape line and ignored.
 */
#include "formats/openings.h"

#include <ctype.h>

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/epd.h"
#include "formats/pgn.h"
#include "pgn_lex.h"
#include "util/util.h"

/* Longest tag value kept: longer values (Event, Opening, ...) are cut; a
 * FEN tag longer than a position text (GAME_TEXT_MAX) is an error. */
#define PGN_TAG_VALUE_MAX 128
_Static_assert(PGNLEX_VALUE_MAX == GAME_TEXT_MAX, "a FEN tag value is cut where a position text is");

/* ------------------------------------------------------------------------ */
/* Shared helpers                                                           */
/* ------------------------------------------------------------------------ */

/* Where errors go (err may be NULL). */
typedef struct {
    char *err;
    size_t errlen;
} ErrSink;

static int fail(const ErrSink *sink, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pgnlex_vfail(sink->err, sink->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* Copies src into dst (size n), cutting at a UTF-8 character boundary. */
static void copy_text(char *dst, size_t n, const char *src)
{
    size_t len = strlen(src);
    if (len >= n) {
        len = n - 1;
        while (len > 0 && ((unsigned char)src[len] & 0xC0) == 0x80) len--;
    }
    memcpy(dst, src, len);
    dst[len] = '\0';
}

/* A growable list of openings. */
typedef struct {
    Opening *items;
    int count, cap;
} OpeningList;

static int list_push(OpeningList *list, const Opening *op, const ErrSink *sink)
{
    if (list->count == list->cap) {
        int cap = list->cap ? list->cap * 2 : 64;
        Opening *items = realloc(list->items, (size_t)cap * sizeof *items);
        if (!items) return fail(sink, "out of memory reading the book");
        list->items = items;
        list->cap = cap;
    }
    list->items[list->count++] = *op;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* EPD books                                                                */
/* ------------------------------------------------------------------------ */

static int load_epd(const Game *game, const char *path, OpeningList *list, const ErrSink *sink)
{
    EpdSuite suite;
    if (epd_load(game, path, &suite, sink->err, sink->errlen) != 0) return -1;
    int rc = 0;
    for (int i = 0; i < suite.count && rc == 0; i++) {
        Opening op;
        memset(&op, 0, sizeof op);
        copy_text(op.id, sizeof op.id, suite.entries[i].id);
        copy_text(op.fen, sizeof op.fen, suite.entries[i].fen);
        copy_text(op.ecco, sizeof op.ecco, suite.entries[i].ecco);
        copy_text(op.opening, sizeof op.opening, suite.entries[i].opening);
        copy_text(op.variation, sizeof op.variation, suite.entries[i].variation);
        rc = list_push(list, &op, sink);
    }
    epd_free(&suite);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* PGN games                                                                */
/* ------------------------------------------------------------------------ */

typedef struct {
    bool any;       /* a tag or movetext token was seen */
    bool begun;     /* movetext seen: pos is set up */
    int first_line; /* where the game starts */
    char fen[GAME_TEXT_MAX];
    int fen_line;   /* 0 = no FEN tag */
    char opening[PGN_TAG_VALUE_MAX], event[PGN_TAG_VALUE_MAX];
    char ecco[PGN_TAG_VALUE_MAX], variation[PGN_TAG_VALUE_MAX]; /* xqbase's ECCO tags */
    Opening op;
} PgnGame;

typedef struct {
    PgnLex lx;
    const ErrSink *sink;
    int max_plies;
    MoveCode *whole; /* pgn_read_game: every move of the first game goes here (room for max_plies) */
    const Game *game;
    GameState *pos;
    PgnGame g;
    OpeningList *list;
} PgnReader;

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static void game_reset(PgnReader *r)
{
    memset(&r->g, 0, sizeof r->g);
}

static void game_touch(PgnReader *r, int line)
{
    if (!r->g.any) r->g.first_line = line;
    r->g.any = true;
}

/* Sets up the start position from the FEN tag (or the standard start). */
static int game_begin(PgnReader *r)
{
    PgnGame *g = &r->g;
    char why[160];
    if (g->begun) return 0;
    if (r->game->set_position(r->pos, g->fen_line ? g->fen : r->game->start, why, sizeof why) != 0)
        return fail(r->sink, "%s:%d: bad FEN: %s", r->lx.path, g->fen_line, why);
    r->game->position_text(r->pos, g->op.fen, sizeof g->op.fen);
    bool classified = g->ecco[0] != '\0'; /* xqbase style: Opening is the ECCO name, Event the line's name */
    if (classified) {
        copy_text(g->op.ecco, sizeof g->op.ecco, g->ecco);
        copy_text(g->op.opening, sizeof g->op.opening, g->opening);
        copy_text(g->op.variation, sizeof g->op.variation, g->variation);
    }
    if (g->opening[0] && !(classified && g->event[0] && strcmp(g->event, "?") != 0)) {
        copy_text(g->op.id, sizeof g->op.id, g->opening);
    } else if (g->event[0] && strcmp(g->event, "?") != 0) {
        copy_text(g->op.id, sizeof g->op.id, g->event);
    } else {
        char id[sizeof g->op.id + 16];
        snprintf(id, sizeof id, "%.*s:%d", (int)sizeof g->op.id, r->lx.path, g->first_line);
        copy_text(g->op.id, sizeof g->op.id, id);
    }
    g->begun = true;
    return 0;
}

/* Ends the current game, if any, adding it to the list. */
static int game_finish(PgnReader *r)
{
    if (!r->g.any) return 0;
    if (game_begin(r) != 0 || list_push(r->list, &r->g.op, r->sink) != 0) return -1;
    game_reset(r);
    return 0;
}

static int game_tag(PgnReader *r, const PgnToken *tok)
{
    const char *name = tok->name, *value = tok->value;
    bool cut = tok->cut;
    int line = tok->line;
    if (r->g.begun && game_finish(r) != 0) return -1;
    game_touch(r, line);
    if (strcmp(name, "FEN") == 0) {
        if (cut)
            return fail(r->sink, "%s:%d: FEN tag: longer than a position text (%d bytes)", r->lx.path, line,
                        GAME_TEXT_MAX - 1);
        copy_text(r->g.fen, sizeof r->g.fen, value);
        r->g.fen_line = line;
    } else if (strcmp(name, "Opening") == 0) {
        copy_text(r->g.opening, sizeof r->g.opening, value);
    } else if (strcmp(name, "Event") == 0) {
        copy_text(r->g.event, sizeof r->g.event, value);
    } else if (strcmp(name, "ECCO") == 0) {
        if (strlen(value) != 3 || value[0] < 'A' || value[0] > 'E' || !is_digit(value[1]) || !is_digit(value[2]))
            return fail(r->sink, "%s:%d: ECCO tag: expected a code A00-E99, got '%.20s'", r->lx.path, line, value);
        copy_text(r->g.ecco, sizeof r->g.ecco, value);
    } else if (strcmp(name, "Variation") == 0) {
        copy_text(r->g.variation, sizeof r->g.variation, value);
    }
    return 0; /* SetUp and the rest need nothing: a FEN tag is used when present */
}

/* Parses text as a move of the current position and plays it. */
static int try_move(PgnReader *r, const char *text, char *why, size_t whylen)
{
    MoveCode m;
    if (r->game->parse_move(r->pos, text, NOTATION_ANY, &m, why, whylen) != 0
        && pgn_read_dashed(r->game, r->pos, text, &m, why, whylen) != 0)
        return -1;
    if (r->whole) r->whole[r->g.op.nmoves++] = m;
    else r->g.op.moves[r->g.op.nmoves++] = m;
    r->game->play(r->pos, m);
    return 0;
}

/* One movetext move token (a move number may be glued in front). */
static int game_move(PgnReader *r, const PgnToken *tok)
{
    char why[200];
    if (game_begin(r) != 0) return -1;
    if (r->g.op.nmoves >= r->max_plies) return 0;
    /* "1.h2e2"; but a move such as "33.4" (a notation of files and steps)
     * is a move whole */
    if (tok->number && try_move(r, tok->text, why, sizeof why) == 0) return 0;
    if (try_move(r, tok->text + tok->number, why, sizeof why) == 0) return 0;
    return fail(r->sink, "%s:%d: move '%s': %s", r->lx.path, tok->line, tok->text, why);
}

/* Handles one token of the lexer (not the end). */
static int pgn_step(PgnReader *r, const PgnToken *tok)
{
    if (tok->kind == PGNLEX_TAG) return game_tag(r, tok);
    if (tok->kind == PGNLEX_CLOSE) return 0;
    game_touch(r, tok->line);
    if (tok->depth > 0) return 0; /* inside a variation ('(' included) */
    if (tok->kind == PGNLEX_RESULT) return game_finish(r);
    if (tok->kind == PGNLEX_SKIPPED) return 0;
    return game_move(r, tok);
}

/* Reads the games of a PGN file into list, each cut at max_plies; with
 * whole, only the first game, its moves into whole (room for max_plies). */
static int load_pgn(const Game *game, const char *path, int max_plies, MoveCode *whole, OpeningList *list,
                    const ErrSink *sink)
{
    size_t len;
    char *text;
    if (pgnlex_load(path, &text, &len, sink->err, sink->errlen) != 0) return -1;
    PgnReader *r = calloc(1, sizeof *r);
    PgnToken *tok = malloc(sizeof *tok);
    GameState *pos = game->state_new();
    int rc = -1;
    if (!r || !tok || !pos) {
        fail(sink, "out of memory reading %s", path);
        goto done;
    }
    pgnlex_init(&r->lx, path, text, len, sink->err, sink->errlen);
    r->sink = sink;
    r->max_plies = max_plies;
    r->whole = whole;
    r->game = game;
    r->pos = pos;
    r->list = list;
    while (!(whole && list->count > 0)) {
        if (pgnlex_next(&r->lx, tok) != 0) goto done;
        if (tok->kind == PGNLEX_END) break;
        if (pgn_step(r, tok) != 0) goto done;
    }
    rc = game_finish(r);
done:
    if (pos) game->state_free(pos);
    free(tok);
    free(r);
    free(text);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* Ordering                                                                 */
/* ------------------------------------------------------------------------ */

/* splitmix64: the same sequence for a seed on every machine. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, bound), without modulo bias. */
static uint64_t random_below(uint64_t *state, uint64_t bound)
{
    uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        uint64_t x = splitmix64(state);
        if (x >= threshold) return x % bound;
    }
}

/* Fisher-Yates. */
static void shuffle(Opening *items, int count, uint64_t seed)
{
    uint64_t state = seed;
    for (int i = count - 1; i > 0; i--) {
        int j = (int)random_below(&state, (uint64_t)i + 1);
        Opening t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */
/* ------------------------------------------------------------------------ */

int book_load(const BookOptions *opt, OpeningBook *book, char *err, size_t errlen)
{
    ErrSink sink = {err, errlen};
    OpeningList list = {NULL, 0, 0};
    book->items = NULL;
    book->count = 0;
    if (!opt->file || !opt->file[0]) return fail(&sink, "no opening book file given");
    if (opt->plies < 0) return fail(&sink, "%s: plies must be 0 (all) or more, not %d", opt->file, opt->plies);
    if (opt->start < 0) return fail(&sink, "%s: start must be 1 or more, not %d", opt->file, opt->start);

    int max_plies = opt->plies == 0 || opt->plies > OPENING_MAX_PLIES ? OPENING_MAX_PLIES : opt->plies;
    const Game *game = opt->game ? opt->game : game_default();
    int rc = opt->format == BOOK_EPD ? load_epd(game, opt->file, &list, &sink)
                                     : load_pgn(game, opt->file, max_plies, NULL, &list, &sink);
    if (rc != 0) goto fail;
    if (list.count == 0) {
        fail(&sink, "%s: no openings in the book", opt->file);
        goto fail;
    }
    int skip = opt->start > 1 ? opt->start - 1 : 0;
    if (skip >= list.count) {
        fail(&sink, "%s: start %d is past the book's %d openings", opt->file, opt->start, list.count);
        goto fail;
    }
    memmove(list.items, list.items + skip, (size_t)(list.count - skip) * sizeof *list.items);
    list.count -= skip;
    if (opt->order == ORDER_RANDOM) shuffle(list.items, list.count, opt->seed);
    book->items = list.items;
    book->count = list.count;
    return 0;
fail:
    free(list.items);
    return -1;
}

int pgn_read_game(const Game *game, const char *path, char *fen, size_t fenlen, MoveCode *moves, int cap, char *err,
                  size_t errlen)
{
    ErrSink sink = {err, errlen};
    OpeningList list = {NULL, 0, 0};
    int n = load_pgn(game, path, cap, moves, &list, &sink);
    if (n == 0 && list.count == 0) n = fail(&sink, "%s: no game in the file", path);
    if (n == 0) {
        copy_text(fen, fenlen, list.items[0].fen);
        n = list.items[0].nmoves;
    }
    free(list.items);
    return n;
}

void book_free(OpeningBook *book)
{
    if (!book) return;
    free(book->items);
    book->items = NULL;
    book->count = 0;
}

bool book_has_positions(const OpeningBook *b, const Game *g)
{
    for (int i = 0; i < b->count; i++)
        if (!game_is_start(g, b->items[i].fen)) return true;
    return false;
}
