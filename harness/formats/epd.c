/*
 * formats/epd.c - reading EPD position suites.
 *
 * A line is a FEN's board and side fields, optionally "- -" and the
 * halfmove / fullmove numbers, then operations "opcode operand..." separated
 * by ';'. Both common spellings are read:
 *
 *     rnbakabnr/9/... w ;D1 44 ;id "published-1"        (perft suites)
 *     rnbakabnr/9/... w - - bm h2e2; id "x";             (standard EPD)
 *
 * Quoted operands may hold spaces and ';' (and \" or \\). Recognised
 * opcodes: id, bm, am, dm, result, within, ecco, opening, variation; any other opcode is skipped with
 * its operands. Moves are in the game's record notation and must be legal in
 * the position.
 *
 * Errors are one line: whatever the input holds (control characters,
 * invalid UTF-8), the text written to err holds printable ASCII and valid
 * UTF-8 only, other bytes being shown as '?'.
 */
#include "formats/epd.h"
#include "util/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Longest line accepted, without its newline. */
#define EPD_LINE_MAX 4095
/* Operands kept per operation; more are counted (and rejected where it matters). */
#define EPD_MAX_OPERANDS 16
/* Longest opcode (the EPD standard's limit). */
#define EPD_OPCODE_MAX 15
/* Bytes of input text an error message quotes before cutting it with "...". */
#define EPD_QUOTE_MAX 40
/* Ranges of the numeric opcodes. */
#define EPD_DM_MAX 100
#define EPD_WITHIN_MAX 1000

typedef struct {
    const char *text; /* raw text (inside the quotes for a quoted operand) */
    size_t len;
    bool quoted;
} Operand;

typedef struct {
    const char *opcode;
    size_t oplen;
    Operand operands[EPD_MAX_OPERANDS];
    int count; /* may exceed EPD_MAX_OPERANDS; only the first ones are kept */
} Operation;

/* Where errors go (err may be NULL). */
typedef struct {
    char *err;
    size_t errlen;
} ErrSink;

/* ------------------------------------------------------------------------ */
/* Error text                                                               */
/* ------------------------------------------------------------------------ */

/* Length of the valid UTF-8 sequence at s (NUL-terminated), or 0 if invalid. */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0], lo = 0x80, hi = 0xBF;
    size_t n;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0; /* no overlong forms */
        if (c == 0xED) hi = 0x9F; /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F; /* nothing above U+10FFFF */
    } else {
        return 0;
    }
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return n;
}

static bool is_control(unsigned char c) { return c < 0x20 || c == 0x7F; }

/* Copies msg to err (when there is room for anything), keeping printable
 * ASCII and whole valid UTF-8 characters and writing '?' for other bytes, so
 * the result is always one line of valid UTF-8. */
static void put_error(const ErrSink *sink, const char *msg)
{
    if (!sink->err || sink->errlen == 0) return;
    const unsigned char *s = (const unsigned char *)msg;
    size_t o = 0;
    while (*s) {
        size_t n = utf8_len(s);
        bool keep = n > 0 && !(n == 1 && is_control(*s));
        size_t out = keep ? n : 1;
        if (o + out >= sink->errlen) break;
        if (keep) memcpy(sink->err + o, s, n);
        else sink->err[o] = '?';
        o += out;
        s += keep ? n : 1;
    }
    sink->err[o] = '\0';
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(const ErrSink *sink, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    put_error(sink, msg);
    return -1;
}

/* Writes s[0..len) to buf (room for EPD_QUOTE_MAX + 4) for quoting in an
 * error, cut with "..." when long; put_error cleans what it holds. */
static const char *shown(char *buf, const char *s, size_t len)
{
    size_t n = len;
    if (n > EPD_QUOTE_MAX) {
        n = EPD_QUOTE_MAX;
        while (n > 1 && ((unsigned char)s[n] & 0xC0) == 0x80) n--; /* whole characters */
    }
    memcpy(buf, s, n);
    strcpy(buf + n, n < len ? "..." : "");
    return buf;
}

/* ------------------------------------------------------------------------ */
/* Scanning                                                                 */
/* ------------------------------------------------------------------------ */

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

static const char *skip_space(const char *p)
{
    while (is_space(*p)) p++;
    return p;
}

/* Length of the word at p: up to white space, ';' or the end. */
static size_t word_len(const char *p)
{
    size_t n = 0;
    while (p[n] && p[n] != ';' && !is_space(p[n])) n++;
    return n;
}

static bool is_all_digits(const char *s, size_t len)
{
    if (len == 0) return false;
    for (size_t i = 0; i < len; i++)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static bool is_opcode(const char *s, size_t len)
{
    if (len == 0 || len > EPD_OPCODE_MAX || !is_letter(s[0])) return false;
    for (size_t i = 1; i < len; i++)
        if (!is_letter(s[i]) && !(s[i] >= '0' && s[i] <= '9') && s[i] != '_') return false;
    return true;
}

/* Reads the quoted operand at *pp (on its opening quote) into *o and moves
 * *pp past the closing quote. Returns 0, or -1 if the quote is not closed. */
static int read_quoted(const char **pp, Operand *o, const ErrSink *sink)
{
    const char *p = *pp + 1, *start = p;
    while (*p && *p != '"') p += (p[0] == '\\' && p[1]) ? 2 : 1;
    if (*p != '"') return fail(sink, "unterminated quote");
    o->text = start;
    o->len = (size_t)(p - start);
    o->quoted = true;
    *pp = p + 1;
    return 0;
}

/* Reads one operation at *pp (on its opcode) up to and past its ';' or to
 * the end of the line. Returns 0, or -1 with the error in sink. */
static int read_operation(const char **pp, Operation *op, const ErrSink *sink)
{
    char buf[EPD_QUOTE_MAX + 4];
    const char *p = *pp;
    op->opcode = p;
    op->oplen = word_len(p);
    op->count = 0;
    if (!is_opcode(p, op->oplen))
        return fail(sink, "expected an opcode (a letter, then up to %d letters, digits or '_'), got '%s'",
                    EPD_OPCODE_MAX - 1, shown(buf, p, op->oplen));
    p += op->oplen;
    for (;;) {
        Operand o;
        p = skip_space(p);
        if (*p == '\0') break;
        if (*p == ';') {
            p++;
            break;
        }
        if (*p == '"') {
            if (read_quoted(&p, &o, sink)) return -1;
        } else {
            o.text = p;
            o.len = word_len(p);
            o.quoted = false;
            p += o.len;
        }
        if (op->count < EPD_MAX_OPERANDS) op->operands[op->count] = o;
        op->count++;
    }
    *pp = p;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Opcodes                                                                  */
/* ------------------------------------------------------------------------ */

/* What the opcodes read against: the game and the entry's position. */
typedef struct {
    const Game *game;
    GameState *pos;
} Ctx;

typedef int (*OpcodeFn)(const Operation *op, Ctx *cx, EpdEntry *e, const ErrSink *sink);

/* Checks that op has exactly one operand; `what` says what was expected. */
static int expect_one(const Operation *op, const char *what, const ErrSink *sink)
{
    if (op->count == 1) return 0;
    if (op->count == 0) return fail(sink, "%.*s: expected %s, got nothing", (int)op->oplen, op->opcode, what);
    return fail(sink, "%.*s: expected %s, got %d operands", (int)op->oplen, op->opcode, what, op->count);
}

/* Reads a whole number from lo to hi, the operation's only operand. */
static int read_number(const Operation *op, int lo, int hi, int *out, const ErrSink *sink)
{
    char what[64], buf[EPD_QUOTE_MAX + 4];
    snprintf(what, sizeof what, "a whole number from %d to %d", lo, hi);
    if (expect_one(op, what, sink)) return -1;
    const Operand *o = &op->operands[0];
    long v = 0;
    bool ok = is_all_digits(o->text, o->len) && o->len <= 9;
    for (size_t i = 0; ok && i < o->len; i++) v = v * 10 + (o->text[i] - '0');
    if (!ok || v < lo || v > hi)
        return fail(sink, "%.*s: expected %s, got '%s'", (int)op->oplen, op->opcode, what,
                    shown(buf, o->text, o->len));
    *out = (int)v;
    return 0;
}

/* Reads 1..EPD_MAX_MOVES legal moves in the game's record notation (bm, am). */
static int read_moves(const Operation *op, Ctx *cx, MoveCode *moves, int *n, const ErrSink *sink)
{
    char buf[EPD_QUOTE_MAX + 4], text[MOVE_TEXT_BYTES], why[160];
    int op_len = (int)op->oplen;
    const GameNotation *nt = &cx->game->notations[cx->game->record_notation];
    if (op->count == 0)
        return fail(sink, "%.*s: expected at least one %s move, got nothing", op_len, op->opcode, nt->label);
    if (op->count > EPD_MAX_MOVES)
        return fail(sink, "%.*s: %d moves, expected at most %d", op_len, op->opcode, op->count, EPD_MAX_MOVES);
    for (int i = 0; i < op->count; i++) {
        const Operand *o = &op->operands[i];
        int status = MOVE_MALFORMED;
        if (o->len < sizeof text) {
            memcpy(text, o->text, o->len);
            text[o->len] = '\0';
            status = cx->game->parse_move(cx->pos, text, cx->game->record_notation, &moves[i], why, sizeof why);
        }
        if (status == 0) continue;
        shown(buf, o->text, o->len);
        if (status == MOVE_ILLEGAL) return fail(sink, "%.*s: '%s' is not a legal move here", op_len, op->opcode, buf);
        return fail(sink, "%.*s: expected %s %s move such as %s, got '%s'", op_len, op->opcode, nt->article, nt->label,
                    nt->example, buf);
    }
    *n = op->count;
    return 0;
}

static int op_bm(const Operation *op, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    return read_moves(op, cx, e->bm, &e->nbm, sink);
}

static int op_am(const Operation *op, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    return read_moves(op, cx, e->am, &e->nam, sink);
}

static int op_dm(const Operation *op, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    (void)cx;
    return read_number(op, 1, EPD_DM_MAX, &e->dm, sink);
}

static int op_within(const Operation *op, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    (void)cx;
    return read_number(op, 1, EPD_WITHIN_MAX, &e->within, sink);
}

static int op_result(const Operation *op, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    static const char *const RESULTS[] = {"1-0", "0-1", "1/2-1/2"};
    char buf[EPD_QUOTE_MAX + 4];
    (void)cx;
    if (expect_one(op, "1-0, 0-1 or 1/2-1/2", sink)) return -1;
    const Operand *o = &op->operands[0];
    for (size_t i = 0; i < sizeof RESULTS / sizeof RESULTS[0]; i++) {
        if (o->len == strlen(RESULTS[i]) && memcmp(o->text, RESULTS[i], o->len) == 0) {
            memcpy(e->result, RESULTS[i], o->len + 1);
            return 0;
        }
    }
    return fail(sink, "unknown result '%s', expected 1-0, 0-1 or 1/2-1/2", shown(buf, o->text, o->len));
}

/* A text operand, unescaped (\" and \\ inside quotes), into buf (room for
 * size): 1 to size-1 bytes of UTF-8 text without control characters. */
static int read_text(const Operation *op, const char *name, char *buf, size_t size, const ErrSink *sink)
{
    if (expect_one(op, "one quoted string", sink)) return -1;
    const Operand *o = &op->operands[0];
    size_t n = 0;
    for (size_t i = 0; i < o->len; i++) {
        char c = o->text[i];
        if (o->quoted && c == '\\' && i + 1 < o->len && (o->text[i + 1] == '"' || o->text[i + 1] == '\\'))
            c = o->text[++i];
        if (n + 1 >= size) return fail(sink, "%s: longer than %zu bytes", name, size - 1);
        buf[n++] = c;
    }
    buf[n] = '\0';
    if (n == 0) return fail(sink, "%s: expected a non-empty string", name);
    for (const unsigned char *s = (const unsigned char *)buf; *s;) {
        size_t len = utf8_len(s);
        if (len == 0 || (len == 1 && is_control(*s)))
            return fail(sink, "%s: expected UTF-8 text without control characters", name);
        s += len;
    }
    return 0;
}

static int op_id(const Operation *op, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    (void)cx;
    return read_text(op, "id", e->id, sizeof e->id, sink);
}

/* An ECCO code: a letter A-E and two digits. */
static int op_ecco(const Operation *op, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    char c[16];
    (void)cx;
    if (read_text(op, "ecco", c, sizeof c, sink)) return -1;
    if (strlen(c) != 3 || c[0] < 'A' || c[0] > 'E' || c[1] < '0' || c[1] > '9' || c[2] < '0' || c[2] > '9')
        return fail(sink, "ecco: expected a code A00-E99, got '%s'", c);
    memcpy(e->ecco, c, 4);
    return 0;
}

static int op_opening(const Operation *op, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    (void)cx;
    return read_text(op, "opening", e->opening, sizeof e->opening, sink);
}

static int op_variation(const Operation *op, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    (void)cx;
    return read_text(op, "variation", e->variation, sizeof e->variation, sink);
}

static const struct {
    const char *name;
    OpcodeFn fn;
} OPCODES[] = {
    {"id", op_id},         {"bm", op_bm},           {"am", op_am},
    {"dm", op_dm},         {"result", op_result},   {"within", op_within},
    {"ecco", op_ecco},     {"opening", op_opening}, {"variation", op_variation},
};

#define NUM_OPCODES ((int)(sizeof OPCODES / sizeof OPCODES[0]))

/* Applies op to e; `seen` has a bit per recognised opcode already given. */
static int apply_operation(const Operation *op, Ctx *cx, EpdEntry *e, unsigned *seen, const ErrSink *sink)
{
    for (int i = 0; i < NUM_OPCODES; i++) {
        if (strlen(OPCODES[i].name) != op->oplen || memcmp(OPCODES[i].name, op->opcode, op->oplen) != 0) continue;
        if (*seen & (1u << i)) return fail(sink, "%s: given twice", OPCODES[i].name);
        *seen |= 1u << i;
        return OPCODES[i].fn(op, cx, e, sink);
    }
    return 0; /* not ours: ignored */
}

/* ------------------------------------------------------------------------ */
/* Lines                                                                    */
/* ------------------------------------------------------------------------ */

/* Reads the FEN part at *pp (board, side, then up to four "-" or number
 * fields) into cx->pos, writes the game's form of it to e->fen and moves *pp past it. */
static int read_fen(const char **pp, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    char fen[EPD_LINE_MAX + 1], why[160];
    const char *start = *pp, *end = start, *p = start;
    for (int field = 0; field < 6; field++) {
        p = skip_space(p);
        size_t n = word_len(p);
        if (n == 0) break;
        if (field >= 2 && !(n == 1 && *p == '-') && !is_all_digits(p, n)) break;
        p += n;
        end = p;
    }
    size_t len = (size_t)(end - start);
    memcpy(fen, start, len);
    fen[len] = '\0';
    if (cx->game->set_position(cx->pos, fen, why, sizeof why)) return fail(sink, "bad FEN: %s", why);
    cx->game->position_text(cx->pos, e->fen, sizeof e->fen);
    *pp = end;
    return 0;
}

/* The operations after the position, applied in turn. */
static int read_operations(const char *p, Ctx *cx, EpdEntry *e, const ErrSink *sink)
{
    unsigned seen = 0;
    for (;;) {
        Operation op;
        while (*p == ';' || is_space(*p)) p++;
        if (*p == '\0') return 1;
        if (read_operation(&p, &op, sink)) return -1;
        if (apply_operation(&op, cx, e, &seen, sink)) return -1;
    }
}

int epd_parse_line(const Game *game, const char *line, EpdEntry *e, char *err, size_t errlen)
{
    ErrSink sink = {err, errlen};
    if (!line || !e) return fail(&sink, "no line to read");
    memset(e, 0, sizeof *e);
    size_t len = strlen(line);
    if (len > EPD_LINE_MAX) return fail(&sink, "line is %zu bytes long, expected at most %d", len, EPD_LINE_MAX);
    const char *p = skip_space(line);
    if (*p == '\0' || *p == '#') return 0;
    Ctx cx = {game, game->state_new()};
    if (!cx.pos) return fail(&sink, "out of memory");
    int rc = read_fen(&p, &cx, e, &sink) ? -1 : read_operations(p, &cx, e, &sink);
    game->state_free(cx.pos);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* Files                                                                    */
/* ------------------------------------------------------------------------ */

typedef enum { LINE_OK, LINE_EOF, LINE_TOO_LONG, LINE_NUL } LineStatus;

/* Reads one line (without "\n" or "\r\n") into buf, which has room for
 * EPD_LINE_MAX + 1 bytes, NUL-terminated. A longer line, or one holding a
 * NUL byte, is read to its end and reported; *len then gives its length. */
static LineStatus read_line(FILE *f, char *buf, size_t *len)
{
    size_t n = 0;
    bool nul = false;
    int c;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (n < EPD_LINE_MAX + 1) buf[n] = (char)c;
        nul = nul || c == '\0';
        if (n < SIZE_MAX) n++;
    }
    if (c == EOF && n == 0) return LINE_EOF;
    if (n > 0 && n <= EPD_LINE_MAX + 1 && buf[n - 1] == '\r') n--;
    *len = n;
    if (n > EPD_LINE_MAX) return LINE_TOO_LONG;
    buf[n] = '\0';
    return nul ? LINE_NUL : LINE_OK;
}

/* Appends e to suite, growing it by doubling. Returns 0 or -1 (no memory). */
static int append_entry(EpdSuite *suite, int *cap, const EpdEntry *e)
{
    if (suite->count == *cap) {
        if (*cap > (1 << 26)) return -1;
        int ncap = *cap ? *cap * 2 : 64;
        EpdEntry *grown = realloc(suite->entries, (size_t)ncap * sizeof *grown);
        if (!grown) return -1;
        suite->entries = grown;
        *cap = ncap;
    }
    suite->entries[suite->count++] = *e;
    return 0;
}

/* The id of an entry that has none: "<path>:<line>", or "<basename>:<line>"
 * when the path is too long. */
static void default_id(EpdEntry *e, const char *path)
{
    int n = snprintf(e->id, sizeof e->id, "%s:%d", path, e->line);
    const char *base = strrchr(path, '/');
    if ((n < 0 || (size_t)n >= sizeof e->id) && base) snprintf(e->id, sizeof e->id, "%s:%d", base + 1, e->line);
}

static int compare_by_id(const void *a, const void *b)
{
    const EpdEntry *x = *(const EpdEntry *const *)a, *y = *(const EpdEntry *const *)b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* Finds the earliest line that repeats an id. Returns 0 when the ids are
 * unique, -1 with the error in sink otherwise (or when out of memory). */
static int check_unique_ids(const EpdSuite *suite, const char *path, const ErrSink *sink)
{
    const EpdEntry **sorted = malloc((size_t)suite->count * sizeof *sorted);
    const EpdEntry *first = NULL, *again = NULL;
    if (!sorted) return fail(sink, "%s: out of memory", path);
    for (int i = 0; i < suite->count; i++) sorted[i] = &suite->entries[i];
    qsort(sorted, (size_t)suite->count, sizeof *sorted, compare_by_id);
    for (int i = 1, group = 0; i < suite->count; i++) {
        if (strcmp(sorted[i]->id, sorted[group]->id) != 0) {
            group = i;
        } else if (!again || sorted[i]->line < again->line) {
            first = sorted[group];
            again = sorted[i];
        }
    }
    free(sorted);
    if (!again) return 0;
    return fail(sink, "%s:%d: duplicate id \"%s\", first used on line %d", path, again->line, again->id, first->line);
}

/* Reads every line of f into suite. Returns 0 or -1 with the error in sink. */
static int load_lines(FILE *f, const char *path, EpdSuite *suite, const ErrSink *sink)
{
    char line[EPD_LINE_MAX + 1], why[512];
    int cap = 0, lineno = 0;
    size_t len;
    LineStatus st;
    while ((st = read_line(f, line, &len)) != LINE_EOF) {
        EpdEntry e;
        if (lineno == 1 << 30) return fail(sink, "%s: more than %d lines", path, 1 << 30);
        lineno++;
        if (st == LINE_TOO_LONG)
            return fail(sink, "%s:%d: line is %zu bytes long, expected at most %d", path, lineno, len, EPD_LINE_MAX);
        if (st == LINE_NUL)
            return fail(sink, "%s:%d: NUL byte at column %zu", path, lineno, strlen(line) + 1);
        int r = epd_parse_line(suite->game, line, &e, why, sizeof why);
        if (r < 0) return fail(sink, "%s:%d: %s", path, lineno, why);
        if (r == 0) continue;
        e.line = lineno;
        if (!e.id[0]) default_id(&e, path);
        if (append_entry(suite, &cap, &e)) return fail(sink, "%s:%d: out of memory", path, lineno);
    }
    if (ferror(f)) return fail(sink, "cannot read %s: %s", path, strerror(errno));
    if (suite->count == 0) return fail(sink, "%s: no positions, only blank and comment lines", path);
    return check_unique_ids(suite, path, sink);
}

int epd_load(const Game *game, const char *path, EpdSuite *suite, char *err, size_t errlen)
{
    ErrSink sink = {err, errlen};
    if (!suite) return fail(&sink, "no suite to load into");
    suite->game = game;
    suite->entries = NULL;
    suite->count = 0;
    if (!path) return fail(&sink, "no suite file given");
    FILE *f = fopen(path, "r");
    if (!f) return fail(&sink, "cannot open %s: %s", path, strerror(errno));
    util_skip_bom(f);
    int status = load_lines(f, path, suite, &sink);
    fclose(f);
    if (status) epd_free(suite);
    return status;
}

void epd_free(EpdSuite *suite)
{
    if (!suite) return;
    free(suite->entries);
    suite->entries = NULL;
    suite->count = 0;
}
