/*
 * book.c - the engine's opening book (see book.h): the file format, its
 * memory-mapped lookup, the builder (`book build`) and `book probe`.
 */
#include "book.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pgn_lex.h"
#include "rng.h"
#include "text.h"

/* The most plies of a game book build keeps (--max-ply). */
#define BOOK_MAX_PLY_LIMIT 500
#define BOOK_COUNT_CAP 65535u

/* ------------------------------------------------------------------------ */
/* The format                                                               */
/* ------------------------------------------------------------------------ */

static uint64_t get_be(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) v = v << 8 | p[i];
    return v;
}

static void put_be(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = bytes - 1; i >= 0; i--, v >>= 8) p[i] = (unsigned char)(v & 0xFF);
}

static void entry_decode(const unsigned char *p, BookEntry *e)
{
    e->key = get_be(p, 8);
    e->move = (GameMove)get_be(p + 8, 4);
    e->weight = (uint16_t)get_be(p + 12, 2);
    e->learn = (uint16_t)get_be(p + 14, 2);
}

/* The key of the game's start position (what a book is built with). */
static uint64_t start_key(void)
{
    static GamePosition pos;
    char err[160];
    if (game_pos_from_text(&pos, GAME_START_FEN, err, sizeof err) != 0) return 0;
    return game_key(&pos);
}

static int entry_cmp(const void *a, const void *b)
{
    const BookEntry *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    if (x->move != y->move) return x->move < y->move ? -1 : 1;
    return 0;
}

int book_open(Book *book, const char *path, char *err, size_t errlen)
{
    memset(book, 0, sizeof *book);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return text_fail(err, errlen, "%s: cannot open the book: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return text_fail(err, errlen, "%s: cannot read the book: %s", path, strerror(e));
    }
    size_t size = (size_t)st.st_size;
    if (size < BOOK_HEADER_BYTES) {
        close(fd);
        return text_fail(err, errlen, "%s: not a book: %zu bytes, shorter than the %d-byte header", path, size,
                         BOOK_HEADER_BYTES);
    }
    void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    int e = errno;
    close(fd);
    if (map == MAP_FAILED) return text_fail(err, errlen, "%s: cannot map the book: %s", path, strerror(e));
    const unsigned char *p = map;
    char game[BOOK_GAME_BYTES + 1];
    memcpy(game, p + 8, BOOK_GAME_BYTES);
    game[BOOK_GAME_BYTES] = '\0';
    uint64_t count = get_be(p + 24, 8);
    int rc = 0;
    if (memcmp(p, BOOK_MAGIC, sizeof BOOK_MAGIC) != 0)
        rc = text_fail(err, errlen, "%s: not a book: bad magic (expected \"%s\")", path, BOOK_MAGIC);
    else if (strcmp(game, GAME_NAME) != 0)
        rc = text_fail(err, errlen, "%s: a book of the game '%.16s', not of %s", path, game, GAME_NAME);
    else if (get_be(p + 32, 8) != start_key())
        rc = text_fail(err, errlen, "%s: built with other position keys (the start position's key differs)", path);
    else if (count > (size - BOOK_HEADER_BYTES) / BOOK_ENTRY_BYTES
             || size != BOOK_HEADER_BYTES + count * BOOK_ENTRY_BYTES)
        rc = text_fail(err, errlen, "%s: %zu bytes, but the header says %" PRIu64 " entries (%" PRIu64 " bytes): "
                       "truncated or padded", path, size, count, (uint64_t)BOOK_HEADER_BYTES + count * BOOK_ENTRY_BYTES);
    for (uint64_t i = 1; rc == 0 && i < count; i++) {
        BookEntry a, b;
        entry_decode(p + BOOK_HEADER_BYTES + (i - 1) * BOOK_ENTRY_BYTES, &a);
        entry_decode(p + BOOK_HEADER_BYTES + i * BOOK_ENTRY_BYTES, &b);
        if (entry_cmp(&a, &b) >= 0)
            rc = text_fail(err, errlen, "%s: entry %" PRIu64 " is not after entry %" PRIu64
                           " (entries must be sorted by key, then move, each once)", path, i + 1, i);
    }
    if (rc != 0) {
        munmap(map, size);
        return -1;
    }
    book->map = p;
    book->size = size;
    book->count = count;
    return 0;
}

void book_close(Book *book)
{
    if (book->map) munmap((void *)book->map, book->size);
    memset(book, 0, sizeof *book);
}

/* By weight, highest first, then by move. */
static int choice_cmp(const void *a, const void *b)
{
    const BookEntry *x = a, *y = b;
    if (x->weight != y->weight) return x->weight > y->weight ? -1 : 1;
    return x->move < y->move ? -1 : x->move > y->move;
}

int book_find(const Book *book, uint64_t key, BookEntry *out, int cap)
{
    uint64_t lo = 0, hi = book->count; /* the first entry with a key >= key */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (get_be(book->map + BOOK_HEADER_BYTES + mid * BOOK_ENTRY_BYTES, 8) < key) lo = mid + 1;
        else hi = mid;
    }
    int n = 0;
    for (uint64_t i = lo; i < book->count && n < cap; i++) {
        entry_decode(book->map + BOOK_HEADER_BYTES + i * BOOK_ENTRY_BYTES, &out[n]);
        if (out[n].key != key) break;
        n++;
    }
    qsort(out, (size_t)n, sizeof *out, choice_cmp);
    return n;
}

int book_write(const char *path, BookEntry *entries, size_t n, char *err, size_t errlen)
{
    qsort(entries, n, sizeof *entries, entry_cmp);
    /* into PATH.tmp, then renamed: an engine that has the old book mapped keeps reading it whole */
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) return text_fail(err, errlen, "%s: path too long", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) return text_fail(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
    unsigned char head[BOOK_HEADER_BYTES] = {0};
    memcpy(head, BOOK_MAGIC, sizeof BOOK_MAGIC);
    strncpy((char *)head + 8, GAME_NAME, BOOK_GAME_BYTES);
    put_be(head + 24, n, 8);
    put_be(head + 32, start_key(), 8);
    bool ok = fwrite(head, sizeof head, 1, f) == 1;
    for (size_t i = 0; ok && i < n; i++) {
        unsigned char e[BOOK_ENTRY_BYTES];
        put_be(e, entries[i].key, 8);
        put_be(e + 8, (uint64_t)entries[i].move, 4);
        put_be(e + 12, entries[i].weight, 2);
        put_be(e + 14, entries[i].learn, 2);
        ok = fwrite(e, sizeof e, 1, f) == 1;
    }
    if (fclose(f) != 0) ok = false;
    if (ok && rename(tmp, path) != 0) ok = false;
    if (!ok) {
        int e = errno;
        remove(tmp);
        return text_fail(err, errlen, "cannot write %s: %s", path, strerror(e));
    }
    return 0;
}

int book_ply(const GamePosition *pos)
{
    char text[GAME_POS_TEXT_MAX];
    game_pos_to_text(pos, text, sizeof text);
    size_t len = strcspn(text, "\r\n");
    while (len > 0 && text[len - 1] == ' ') len--;
    size_t start = len;
    while (start > 0 && text[start - 1] >= '0' && text[start - 1] <= '9') start--;
    if (start == len || (start > 0 && text[start - 1] != ' ')) return 0;
    long fullmove = strtol(text + start, NULL, 10);
    return fullmove < 1 ? 0 : (int)(2 * (fullmove - 1) + game_side(pos));
}

/* ------------------------------------------------------------------------ */
/* The engine's choice                                                      */
/* ------------------------------------------------------------------------ */

int book_choose(const char *path, int max_ply, BookVariety variety, uint64_t seed, GamePosition *pos,
                GameMove *move, int *weight, char *err, size_t errlen)
{
    static Book book;
    static char open_path[4096];
    static struct stat open_st; /* of the file mapped: another file at the path is opened anew */
    static uint64_t rng, rng_for_seed;
    static bool seeded;
    if (!path || !path[0]) return 0;
    struct stat st;
    bool same = stat(path, &st) == 0 && st.st_ino == open_st.st_ino && st.st_dev == open_st.st_dev
                && st.st_size == open_st.st_size && st.st_mtime == open_st.st_mtime;
    if (strcmp(path, open_path) != 0 || !same) {
        book_close(&book);
        open_path[0] = '\0';
        if (strlen(path) >= sizeof open_path) return text_fail(err, errlen, "%s: path too long", path);
        if (book_open(&book, path, err, errlen) != 0) return -1;
        snprintf(open_path, sizeof open_path, "%s", path);
        open_st = st;
    }
    if (book_ply(pos) > max_ply) return 0;
    BookEntry e[BOOK_MAX_CHOICES];
    int n = book_find(&book, game_key(pos), e, BOOK_MAX_CHOICES);
    uint32_t total = 0;
    for (int i = 0; i < n; i++) total += e[i].weight;
    if (total == 0) return 0;
    int pick = 0;
    if (variety == BOOK_VARIETY_WEIGHTED) {
        if (!seeded || rng_for_seed != seed) rng = rng_seed(seed, 0), rng_for_seed = seed, seeded = true;
        uint32_t r = (uint32_t)(rng_next(&rng) % total);
        while (r >= e[pick].weight) r -= e[pick++].weight;
    }
    /* the key may be shared by another position: the move must be legal */
    GameMove legal[GAME_MAX_MOVES];
    int nl = game_moves(pos, legal);
    for (int i = 0; i < nl; i++)
        if (legal[i] == e[pick].move) {
            *move = e[pick].move;
            *weight = e[pick].weight;
            return 1;
        }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* book build                                                               */
/* ------------------------------------------------------------------------ */

typedef struct {
    uint64_t key;
    GameMove move;
    int side;
} BuildPly;

typedef struct {
    int max_ply, min_games;
    BookEntry *recs; /* one per kept ply of a good game: weight 0, 1 or 2, learn 1 */
    size_t nrecs, cap;
    long games, skipped;
    GamePosition *pos;
    const char *path;
    /* the current game */
    bool any, begun, bad;
    int number;                 /* in its file, from 1 */
    int fen_line;
    char fen[PGNLEX_VALUE_MAX];
    char result_tag[16], result_token[16];
    char why[PGNLEX_VALUE_MAX + 512];
    int why_line;
    BuildPly plies[BOOK_MAX_PLY_LIMIT];
    int nplies;
} Builder;

static void game_skip(Builder *b, int line, const char *fmt, const char *a, const char *c)
{
    /* fmt: a format of two strings */
    if (b->bad) return;
    b->bad = true;
    b->why_line = line;
    snprintf(b->why, sizeof b->why, fmt, a, c);
}

static void game_touch(Builder *b)
{
    if (b->any) return;
    b->any = true;
    b->number++;
}

/* 0: the first player won, 1: the second, 2: a draw or no result. */
static int result_of(const char *r)
{
    return strcmp(r, "1-0") == 0 ? 0 : strcmp(r, "0-1") == 0 ? 1 : 2;
}

static bool is_decisive(const char *r) { return strcmp(r, "1-0") == 0 || strcmp(r, "0-1") == 0 || strcmp(r, "1/2-1/2") == 0; }

/* Ends the current game: its plies into recs, or its skip reported. */
static int game_end(Builder *b)
{
    if (!b->any) return 0;
    if (b->bad) {
        fprintf(stderr, "%s:%d: skipped game %d: %s\n", b->path, b->why_line, b->number, b->why);
        b->skipped++;
    } else {
        const char *r = is_decisive(b->result_tag) ? b->result_tag : b->result_token;
        int result = result_of(r);
        if (b->nrecs + (size_t)b->nplies > b->cap) {
            size_t cap = b->cap ? b->cap * 2 : 4096;
            while (cap < b->nrecs + (size_t)b->nplies) cap *= 2;
            BookEntry *grown = realloc(b->recs, cap * sizeof *grown);
            if (!grown) return fprintf(stderr, GAME_ENGINE_BIN " book build: out of memory\n"), -1;
            b->recs = grown;
            b->cap = cap;
        }
        for (int i = 0; i < b->nplies; i++) {
            int w = result == 2 ? 1 : result == b->plies[i].side ? 2 : 0;
            b->recs[b->nrecs++] = (BookEntry){b->plies[i].key, b->plies[i].move, (uint16_t)w, 1};
        }
    }
    b->games++;
    b->any = b->begun = b->bad = false;
    b->fen_line = b->nplies = 0;
    b->result_tag[0] = b->result_token[0] = '\0';
    return 0;
}

static void game_begin(Builder *b)
{
    char why[200];
    if (b->begun) return;
    b->begun = true;
    if (game_pos_from_text(b->pos, b->fen_line ? b->fen : GAME_START_FEN, why, sizeof why) != 0)
        game_skip(b, b->fen_line, "bad FEN tag: %s%s", why, "");
}

static int game_tag(Builder *b, const PgnToken *tok)
{
    if (b->begun && game_end(b) != 0) return -1;
    game_touch(b);
    if (strcmp(tok->name, "FEN") == 0) {
        if (tok->cut) game_skip(b, tok->line, "FEN tag: longer than a position text%s%s", "", "");
        snprintf(b->fen, sizeof b->fen, "%s", tok->value);
        b->fen_line = tok->line;
    } else if (strcmp(tok->name, "Result") == 0) {
        snprintf(b->result_tag, sizeof b->result_tag, "%.15s", tok->value);
    }
    return 0;
}

static void game_move(Builder *b, const PgnToken *tok)
{
    char why[200];
    game_begin(b);
    if (b->bad || b->nplies >= b->max_ply) return;
    GameMove m;
    if ((tok->number == 0 || game_move_read(b->pos, tok->text, &m, why, sizeof why) != 0)
        && game_move_read(b->pos, tok->text + tok->number, &m, why, sizeof why) != 0)
        return game_skip(b, tok->line, "move '%s': %s", tok->text, why);
    b->plies[b->nplies] = (BuildPly){game_key(b->pos), m, game_side(b->pos)};
    if (!game_make(b->pos, m)) return game_skip(b, tok->line, "move '%s': %s", tok->text, "not legal");
    b->nplies++;
}

static int build_token(Builder *b, const PgnToken *tok)
{
    if (tok->kind == PGNLEX_TAG) return game_tag(b, tok);
    if (tok->kind == PGNLEX_CLOSE) return 0;
    game_touch(b);
    if (tok->depth > 0) return 0;
    if (tok->kind == PGNLEX_RESULT) {
        snprintf(b->result_token, sizeof b->result_token, "%.15s", tok->text);
        game_begin(b);
        return game_end(b);
    }
    if (tok->kind == PGNLEX_MOVE) game_move(b, tok);
    return 0;
}

/* `qibench openings` output (an EPD book): each line, POSITION ;id "..."
 * ;moves "M1 M2 ...", is a game from the start position without a result. */
static int build_epd(Builder *b, char *text, PgnToken *tok)
{
    int line = 0;
    for (char *p = text, *next; p && *p; p = next) {
        next = strchr(p, '\n');
        if (next) *next++ = '\0';
        line++;
        p += strspn(p, " \t\r");
        if (!*p || *p == '#' || *p == '%') continue;
        game_touch(b);
        game_begin(b);
        char *moves = strstr(p, "moves \"");
        if (!moves) game_skip(b, line, "no moves opcode (qibench openings writes POSITION ;moves \"%s\")%s", "...", "");
        for (char *m = moves ? moves + 7 : NULL; m && *m && *m != '"';) {
            size_t len = strcspn(m, " \t\r\"");
            if (len > 0) {
                snprintf(tok->text, sizeof tok->text, "%.*s", (int)(len < sizeof tok->text ? len : sizeof tok->text - 1), m);
                tok->line = line;
                tok->number = 0;
                game_move(b, tok);
            }
            m += len;
            m += strspn(m, " \t\r");
        }
        if (game_end(b) != 0) return -1;
    }
    return 0;
}

/* Does path end with suffix (ASCII case ignored)? */
static bool ends_with(const char *path, const char *suffix)
{
    size_t n = strlen(path), k = strlen(suffix);
    if (n < k) return false;
    for (size_t i = 0; i < k; i++)
        if ((path[n - k + i] | 0x20) != suffix[i]) return false;
    return true;
}

/* The games of one PGN file (or EPD: build_epd). Returns 0, or -1 when it
 * cannot be read. */
static int build_file(Builder *b, const char *path)
{
    char err[PGNLEX_VALUE_MAX + 256];
    char *text;
    size_t len;
    if (pgnlex_load(path, &text, &len, err, sizeof err) != 0) {
        fprintf(stderr, GAME_ENGINE_BIN " book build: %s\n", err);
        return -1;
    }
    PgnLex lx;
    PgnToken *tok = malloc(sizeof *tok);
    if (!tok) {
        free(text);
        return fprintf(stderr, GAME_ENGINE_BIN " book build: out of memory\n"), -1;
    }
    pgnlex_init(&lx, path, text, len, err, sizeof err);
    b->path = path;
    b->number = 0;
    int rc = 0;
    if (ends_with(path, ".epd")) {
        rc = build_epd(b, text, tok);
        free(tok);
        free(text);
        return rc;
    }
    for (;;) {
        if (pgnlex_next(&lx, tok) != 0) {
            /* a text error: this game is skipped, the next starts at a line "[..." */
            size_t prefix = strlen(path);
            game_touch(b);
            const char *what = err;
            int line = lx.line;
            if (strncmp(err, path, prefix) == 0 && err[prefix] == ':') {
                char *end;
                line = (int)strtol(err + prefix + 1, &end, 10);
                if (end[0] == ':' && end[1] == ' ') what = end + 2;
            }
            game_skip(b, line, "%s%s", what, "");
            if ((rc = game_end(b)) != 0) break;
            pgnlex_skip_game(&lx);
            continue;
        }
        if (tok->kind == PGNLEX_END) break;
        if ((rc = build_token(b, tok)) != 0) break;
    }
    if (rc == 0) {
        if (b->any) game_begin(b);
        rc = game_end(b);
    }
    free(tok);
    free(text);
    return rc;
}

static int build_usage(void)
{
    fprintf(stderr, "usage: " GAME_ENGINE_BIN " book build [--max-ply N] [--min-games N] FILE.pgn... -o BOOK\n");
    return 2;
}

static int book_build(int argc, char **argv)
{
    Builder *b = calloc(1, sizeof *b);
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    const char *out = NULL;
    int nfiles = 0, status = 2;
    if (!b || !files) goto done;
    b->max_ply = BOOK_MAX_PLY_DEFAULT;
    b->min_games = BOOK_MIN_GAMES_DEFAULT;
    for (int i = 0; i < argc; i++) {
        int64_t v;
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (strcmp(argv[i], "--max-ply") == 0 || strcmp(argv[i], "--min-games") == 0) {
            bool ply = strcmp(argv[i], "--max-ply") == 0;
            if (i + 1 >= argc || !text_parse_i64(argv[i + 1], 1, ply ? BOOK_MAX_PLY_LIMIT : BOOK_COUNT_CAP, &v)) {
                fprintf(stderr, GAME_ENGINE_BIN " book build: %s needs a number from 1 to %u\n", argv[i],
                        ply ? BOOK_MAX_PLY_LIMIT : BOOK_COUNT_CAP);
                goto done;
            }
            *(ply ? &b->max_ply : &b->min_games) = (int)v;
            i++;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, GAME_ENGINE_BIN " book build: unknown option '%s'\n", argv[i]);
            status = build_usage();
            goto done;
        } else {
            files[nfiles++] = argv[i];
        }
    }
    if (!out || nfiles == 0) {
        status = build_usage();
        goto done;
    }
    b->pos = malloc(sizeof *b->pos);
    if (!b->pos) goto done;
    for (int i = 0; i < nfiles; i++)
        if (build_file(b, files[i]) != 0) goto done;
    /* merge the plies into entries */
    qsort(b->recs, b->nrecs, sizeof *b->recs, entry_cmp);
    size_t n = 0, positions = 0;
    for (size_t i = 0; i < b->nrecs;) {
        BookEntry e = b->recs[i];
        uint32_t weight = 0, learn = 0;
        for (; i < b->nrecs && b->recs[i].key == e.key && b->recs[i].move == e.move; i++) {
            weight += b->recs[i].weight;
            learn++;
        }
        if (learn < (uint32_t)b->min_games) continue;
        e.weight = (uint16_t)(weight > BOOK_COUNT_CAP ? BOOK_COUNT_CAP : weight);
        e.learn = (uint16_t)(learn > BOOK_COUNT_CAP ? BOOK_COUNT_CAP : learn);
        positions += n == 0 || b->recs[n - 1].key != e.key;
        b->recs[n++] = e;
    }
    char err[640];
    if (book_write(out, b->recs, n, err, sizeof err) != 0) {
        fprintf(stderr, GAME_ENGINE_BIN " book build: %s\n", err);
        status = 1;
        goto done;
    }
    printf("%s: %ld games read, %ld skipped, %zu positions, %zu entries\n", out, b->games, b->skipped, positions, n);
    status = 0;
done:
    if (status == 2 && !b) fprintf(stderr, GAME_ENGINE_BIN " book build: out of memory\n");
    if (b) {
        free(b->pos);
        free(b->recs);
    }
    free(b);
    free(files);
    return status;
}

/* ------------------------------------------------------------------------ */
/* book probe                                                               */
/* ------------------------------------------------------------------------ */

static int book_probe(int argc, char **argv)
{
    const char *path = "book.bin";
    char fen[GAME_POS_TEXT_MAX] = "";
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--book") == 0 && i + 1 < argc) {
            path = argv[++i];
        } else {
            size_t len = strlen(fen);
            if (len + strlen(argv[i]) + 2 > sizeof fen) return fprintf(stderr, GAME_ENGINE_BIN " book probe: FEN too long\n"), 2;
            snprintf(fen + len, sizeof fen - len, "%s%s", len ? " " : "", argv[i]);
        }
    }
    if (!fen[0]) {
        fprintf(stderr, "usage: " GAME_ENGINE_BIN " book probe FEN|startpos [--book FILE] (default book.bin)\n");
        return 2;
    }
    static GamePosition pos;
    char err[640];
    if (game_pos_from_text(&pos, strcmp(fen, "startpos") == 0 ? GAME_START_FEN : fen, err, sizeof err) != 0) {
        fprintf(stderr, GAME_ENGINE_BIN " book probe: bad FEN: %s\n", err);
        return 2;
    }
    Book book;
    if (book_open(&book, path, err, sizeof err) != 0) {
        fprintf(stderr, GAME_ENGINE_BIN " book probe: %s\n", err);
        return 1;
    }
    BookEntry e[BOOK_MAX_CHOICES];
    int n = book_find(&book, game_key(&pos), e, BOOK_MAX_CHOICES);
    uint32_t total = 0;
    for (int i = 0; i < n; i++) total += e[i].weight;
    if (n == 0) printf("no entries\n");
    for (int i = 0; i < n; i++) {
        char move[GAME_MOVE_TEXT_MAX];
        game_move_text(e[i].move, move);
        printf("%-8s weight %5u learn %5u share %5.1f%%\n", move, e[i].weight, e[i].learn,
               total ? 100.0 * e[i].weight / total : 0.0);
    }
    book_close(&book);
    return 0;
}

int book_command_line(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "build") == 0) return book_build(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "probe") == 0) return book_probe(argc - 2, argv + 2);
    fprintf(stderr, "usage: " GAME_ENGINE_BIN " book build [--max-ply N] [--min-games N] FILE.pgn... -o BOOK\n"
                    "       " GAME_ENGINE_BIN " book probe FEN|startpos [--book FILE]\n");
    return 2;
}
