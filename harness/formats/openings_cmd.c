/*
 * formats/openings_cmd.c - `qibench openings`: named move lists turned into an EPD
 * opening book.
 *
 * Input, one opening per line, fields separated by '|':
 *
 *     ID | NAME | MOVES
 *     cc-screen-horses | Central cannon vs screen horses (中炮对屏风马) | 炮二平五 马8进7 H2+3 h9i9
 *
 * ID is 1-63 of A-Z a-z 0-9 . _ - (it becomes the EPD id); NAME is free text
 * without '"', '\' or control characters (it becomes c0); MOVES are played
 * from the start position, separated by white space (the ideographic space
 * U+3000 too), each in any notation the game reads, or only the one named
 * by --notation (a notation whose moves read as another's needs it). Move numbers standing
 * alone ("1.", "2...") are skipped. Blank lines and lines whose first
 * non-blank character is '#' are comments. IDs, names and final positions
 * must each be unique.
 *
 * Output, one EPD line per opening, in input order:
 *
 *     FEN ;id "ID" ;c0 "NAME" ;moves "h2e2 h9g7 ..."
 *
 * FEN is the position after the moves (with its halfmove and fullmove
 * counters) and `moves` the same moves in the game's record notation, so the line can be replayed
 * and checked. harness/formats/epd.c reads the id and FEN and skips c0 and moves.
 *
 * The whole input is checked before anything is written: an input error is
 * one line "FILE:LINE: what was expected" on stderr, exit status 2, and no
 * output file. A failure to write the output is exit status 1.
 */
#include "formats/openings_cmd.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "games/game.h"
#include "util/util.h"

/* Longest input line, without its newline. */
#define OPENINGS_LINE_MAX 4095
/* Longest ID (harness Opening.id and EpdEntry.id hold 63 bytes). */
#define OPENINGS_ID_MAX 63
/* Longest NAME in bytes. */
#define OPENINGS_NAME_MAX 200
/* Most plies an opening may have (and the default upper bound). */
#define OPENINGS_PLIES_MAX 100
/* Bytes of input text an error message quotes. */
#define OPENINGS_QUOTE_MAX 40
/* Longest error message. */
#define OPENINGS_ERR_MAX 512

typedef struct {
    const Game *game;
    const char *input;
    const char *output; /* NULL: standard output */
    int notation;       /* a notation of the game, or NOTATION_ANY (whichever reads the text) */
    int min_plies, max_plies;
} OpeningsOptions;

/* What earlier lines used, to refuse repeats. */
typedef struct {
    char id[OPENINGS_ID_MAX + 1];
    char name[OPENINGS_NAME_MAX + 1];
    char position[GAME_TEXT_MAX]; /* the position's first two fields (FEN board and side) */
    int line;
} SeenOpening;

/* The run: options, the position being played, what was seen and the output so far. */
typedef struct {
    const OpeningsOptions *opt;
    GameState *pos;
    SeenOpening *seen;
    int count, cap;
    char *out;
    size_t out_len, out_cap;
    char err[OPENINGS_ERR_MAX];
} OpeningsRun;

/* The fields of one input line, each trimmed and NUL-terminated in place. */
typedef struct {
    char *id, *name, *moves;
} OpeningLine;

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(OpeningsRun *run, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(run->err, sizeof run->err, fmt, ap);
    va_end(ap);
    for (char *c = run->err; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7F) *c = '?'; /* keep it one line */
    return -1;
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

/* Length of the white space at p: ASCII blanks or U+3000 (0 if none). */
static size_t space_len(const char *p)
{
    if (is_blank(*p)) return 1;
    return strncmp(p, "\xE3\x80\x80", 3) == 0 ? 3 : 0;
}

/* Trims white space from both ends of s in place. */
static char *trim(char *s)
{
    size_t n;
    while ((n = space_len(s)) > 0) s += n;
    size_t len = strlen(s);
    for (;;) {
        if (len >= 1 && is_blank(s[len - 1])) len--;
        else if (len >= 3 && strncmp(s + len - 3, "\xE3\x80\x80", 3) == 0) len -= 3;
        else break;
    }
    s[len] = '\0';
    return s;
}

/* Writes at most OPENINGS_QUOTE_MAX bytes of s to buf (whole UTF-8 characters), "..." if cut. */
static const char *quoted(char *buf, const char *s)
{
    size_t n = strlen(s);
    bool cut = n > OPENINGS_QUOTE_MAX;
    if (cut) {
        n = OPENINGS_QUOTE_MAX;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    }
    memcpy(buf, s, n);
    strcpy(buf + n, cut ? "..." : "");
    return buf;
}

/* Appends text to the output buffer. */
static int out_append(OpeningsRun *run, const char *text)
{
    size_t len = strlen(text);
    if (run->out_len + len + 1 > run->out_cap) {
        size_t cap = run->out_cap ? run->out_cap * 2 : 1 << 14;
        while (cap < run->out_len + len + 1) cap *= 2;
        char *grown = realloc(run->out, cap);
        if (!grown) return fail(run, "out of memory");
        run->out = grown;
        run->out_cap = cap;
    }
    memcpy(run->out + run->out_len, text, len + 1);
    run->out_len += len;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* One opening                                                              */
/* ------------------------------------------------------------------------ */

/* Splits "ID | NAME | MOVES" into its three trimmed fields. */
static int split_line(OpeningsRun *run, const char *where, char *line, OpeningLine *ol)
{
    char *bar1 = strchr(line, '|');
    char *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
    if (!bar2 || strchr(bar2 + 1, '|'))
        return fail(run, "%s: expected three fields 'ID | NAME | MOVES' separated by '|', found %d",
                    where, bar1 ? (bar2 ? 4 : 2) : 1);
    *bar1 = *bar2 = '\0';
    ol->id = trim(line);
    ol->name = trim(bar1 + 1);
    ol->moves = trim(bar2 + 1);
    return 0;
}

/* Checks the ID and NAME fields, and that neither was used before. */
static int check_names(OpeningsRun *run, const char *where, const OpeningLine *ol)
{
    char q[OPENINGS_QUOTE_MAX + 4];
    size_t idlen = strlen(ol->id), namelen = strlen(ol->name);
    if (idlen == 0) return fail(run, "%s: empty ID, expected 1-%d of A-Z a-z 0-9 . _ -", where, OPENINGS_ID_MAX);
    if (idlen > OPENINGS_ID_MAX || strspn(ol->id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") != idlen)
        return fail(run, "%s: bad ID '%s', expected 1-%d of A-Z a-z 0-9 . _ -", where, quoted(q, ol->id), OPENINGS_ID_MAX);
    if (namelen == 0) return fail(run, "%s: empty NAME, expected the opening's name", where);
    if (namelen > OPENINGS_NAME_MAX) return fail(run, "%s: NAME longer than %d bytes", where, OPENINGS_NAME_MAX);
    for (const char *c = ol->name; *c; c++)
        if (*c == '"' || *c == '\\' || (unsigned char)*c < 0x20 || *c == 0x7F)
            return fail(run, "%s: NAME '%s' holds '\"', '\\' or a control character", where, quoted(q, ol->name));
    for (int i = 0; i < run->count; i++) {
        if (strcmp(run->seen[i].id, ol->id) == 0)
            return fail(run, "%s: duplicate ID '%s', first used on line %d", where, ol->id, run->seen[i].line);
        if (strcmp(run->seen[i].name, ol->name) == 0)
            return fail(run, "%s: duplicate NAME '%s', first used on line %d", where, quoted(q, ol->name), run->seen[i].line);
    }
    return 0;
}

/* Is tok a move number standing alone: "12." or "12..."? */
static bool is_move_number(const char *tok)
{
    const char *p = tok;
    while (*p >= '0' && *p <= '9') p++;
    if (p == tok || *p != '.') return false;
    while (*p == '.') p++;
    return *p == '\0';
}

/* Parses one move token in the chosen notation. */
static int parse_token(const OpeningsRun *run, const char *tok, MoveCode *m, char *why, size_t whylen)
{
    return run->opt->game->parse_move(run->pos, tok, run->opt->notation, m, why, whylen);
}

/* Plays MOVES from the start position, writing them in the game's record notation to record. */
static int play_moves(OpeningsRun *run, const char *where, char *moves, char *record, size_t recordlen, int *plies)
{
    char why[256], q[OPENINGS_QUOTE_MAX + 4];
    const Game *game = run->opt->game;
    if (game->set_position(run->pos, game->start, why, sizeof why) != 0)
        return fail(run, "%s: start position: %s", where, why);
    record[0] = '\0';
    *plies = 0;
    for (char *p = moves; *p;) {
        size_t n;
        while ((n = space_len(p)) > 0) p += n;
        if (!*p) break;
        char *tok = p;
        while (*p && space_len(p) == 0) p++;
        if (*p) { /* cut the token, stepping over its separator */
            n = space_len(p);
            *p = '\0';
            p += n;
        }
        if (is_move_number(tok)) continue;
        MoveCode m;
        if (*plies >= OPENINGS_PLIES_MAX)
            return fail(run, "%s: more than %d plies", where, OPENINGS_PLIES_MAX);
        int rc = parse_token(run, tok, &m, why, sizeof why);
        if (rc != 0) {
            if (rc == MOVE_MALFORMED)
                return fail(run, "%s: ply %d '%s' is not a move: %s", where, *plies + 1, quoted(q, tok), why);
            if (*plies == 0) return fail(run, "%s: ply 1 '%s' is not legal in the start position: %s", where, quoted(q, tok), why);
            return fail(run, "%s: ply %d '%s' is not legal after %s: %s", where, *plies + 1, quoted(q, tok), record, why);
        }
        char text[MOVE_TEXT_BYTES];
        game_move_record(game, run->pos, m, text, sizeof text);
        snprintf(record + strlen(record), recordlen - strlen(record), "%s%s", *plies ? " " : "", text);
        game->play(run->pos, m);
        (*plies)++;
    }
    if (*plies < run->opt->min_plies || *plies > run->opt->max_plies)
        return fail(run, "%s: %d plies, expected %d-%d", where, *plies, run->opt->min_plies, run->opt->max_plies);
    return 0;
}

/* Records the opening (refusing a final position met before) and writes its EPD line. */
static int add_opening(OpeningsRun *run, const char *where, const OpeningLine *ol, const char *record, int line)
{
    char fen[GAME_TEXT_MAX], position[GAME_TEXT_MAX];
    run->opt->game->position_text(run->pos, fen, sizeof fen);
    size_t board = strcspn(fen, " "), side = board + (fen[board] ? 1 + strcspn(fen + board + 1, " ") : 0);
    snprintf(position, sizeof position, "%.*s", (int)side, fen);
    for (int i = 0; i < run->count; i++)
        if (strcmp(run->seen[i].position, position) == 0)
            return fail(run, "%s: the moves reach the position of '%s' (line %d)", where, run->seen[i].id,
                        run->seen[i].line);
    if (run->count == run->cap) {
        int cap = run->cap ? run->cap * 2 : 64;
        SeenOpening *grown = realloc(run->seen, (size_t)cap * sizeof *grown);
        if (!grown) return fail(run, "out of memory");
        run->seen = grown;
        run->cap = cap;
    }
    SeenOpening *s = &run->seen[run->count++];
    snprintf(s->id, sizeof s->id, "%s", ol->id);
    snprintf(s->name, sizeof s->name, "%s", ol->name);
    snprintf(s->position, sizeof s->position, "%s", position);
    s->line = line;
    if (out_append(run, fen) || out_append(run, " ;id \"") || out_append(run, ol->id) || out_append(run, "\" ;c0 \"") ||
        out_append(run, ol->name) || out_append(run, "\" ;moves \"") || out_append(run, record) || out_append(run, "\"\n"))
        return -1;
    return 0;
}

/* Handles one input line (no newline): a comment, a blank, or an opening. */
static int do_line(OpeningsRun *run, char *line, int lineno)
{
    char where[1100], record[OPENINGS_PLIES_MAX * MOVE_TEXT_BYTES];
    OpeningLine ol = {NULL, NULL, NULL};
    int plies;
    char *text = trim(line);
    if (text[0] == '\0' || text[0] == '#') return 0;
    snprintf(where, sizeof where, "%.1000s:%d", run->opt->input, lineno);
    if (split_line(run, where, text, &ol) || check_names(run, where, &ol)) return -1;
    if (ol.moves[0] == '\0') return fail(run, "%s: no MOVES, expected moves like h2e2 or 炮二平五", where);
    if (play_moves(run, where, ol.moves, record, sizeof record, &plies)) return -1;
    return add_opening(run, where, &ol, record, lineno);
}

/* Reads the whole input file, line by line. */
static int read_input(OpeningsRun *run)
{
    FILE *f = fopen(run->opt->input, "r");
    if (!f) return fail(run, "qibench openings: cannot open %s: %s", run->opt->input, strerror(errno));
    util_skip_bom(f);
    char line[OPENINGS_LINE_MAX + 2];
    int lineno = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n' && !feof(f)) {
            rc = fail(run, "%s:%d: line longer than %d bytes", run->opt->input, lineno, OPENINGS_LINE_MAX);
            break;
        }
        char *start = line;
        if (lineno == 1 && strncmp(start, "\xEF\xBB\xBF", 3) == 0) start += 3; /* UTF-8 byte order mark */
        rc = do_line(run, start, lineno);
    }
    if (rc == 0 && ferror(f)) rc = fail(run, "qibench openings: cannot read %s: %s", run->opt->input, strerror(errno));
    fclose(f);
    if (rc == 0 && run->count == 0) rc = fail(run, "%s: no openings, expected lines 'ID | NAME | MOVES'", run->opt->input);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* Command line                                                             */
/* ------------------------------------------------------------------------ */

/* Can a person's move list be written in notation n (every writable one)? */
static bool is_input_notation(const Game *game, int n)
{
    return n >= 0 && game->notations[n].writable;
}

static int parse_notation(const Game *game, const char *text, int *out)
{
    if (strcmp(text, "any") == 0) return *out = NOTATION_ANY, 0;
    int n = game_notation_by_name(game, text);
    if (!is_input_notation(game, n)) return -1;
    *out = n;
    return 0;
}

/* "any" and the game's notations: the names parse_notation takes. */
static void notation_names(const Game *game, char *buf, size_t len)
{
    int last = -1;
    for (int i = 0; i < game->notation_count; i++)
        if (is_input_notation(game, i)) last = i;
    snprintf(buf, len, "any");
    for (int i = 0; i < game->notation_count; i++)
        if (is_input_notation(game, i))
            snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i == last ? " or " : ", ", game->notations[i].name);
}

/* The command line: the options, and the words to be checked once the
 * game is known. */
typedef struct {
    OpeningsOptions opt;
    const char *notation; /* --notation */
} OpeningsArgs;

/* --plies "MIN-MAX" with 0 <= MIN <= MAX <= OPENINGS_PLIES_MAX. */
static int set_plies(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    OpeningsOptions *opt = &((OpeningsArgs *)p->target)->opt;
    const char *text = argv[*i + 1];
    char *end;
    (void)o, (void)argc;
    *i += 2;
    errno = 0;
    long lo = strtol(text, &end, 10), hi = -1;
    if (end != text && *end == '-' && !errno) {
        const char *rest = end + 1;
        hi = strtol(rest, &end, 10);
        if (end == rest || *end || errno) hi = -1;
    }
    if (hi < 0 || lo < 0 || hi < lo || hi > OPENINGS_PLIES_MAX)
        return util_fail(err, errlen, "bad --plies '%s', expected MIN-MAX within 0-%d", text, OPENINGS_PLIES_MAX);
    opt->min_plies = (int)lo;
    opt->max_plies = (int)hi;
    return 0;
}

static int openings_input(void *target, const char *word, char *err, size_t errlen)
{
    OpeningsOptions *opt = &((OpeningsArgs *)target)->opt;
    if (opt->input) return util_fail(err, errlen, "one input file only, got '%s' and '%s'", opt->input, word);
    opt->input = word;
    return 0;
}

const CliOpt OPENINGS_OPTS[] = {
    CLI_OPT_TEXT("-o", NULL, "OUT", OpeningsArgs, opt.output, 1, 0, "standard output", 0, "write the EPD book to OUT"),
    CLI_GAME_OPT("the game"),
    CLI_OPT_TEXT("--notation", NULL, "N", OpeningsArgs, notation, 1, 0, "any", 0,
                 "read moves only in notation N (qibench help lists each game's)"),
    CLI_OPT_SET("--plies", NULL, CLI_VALUE, "MIN-MAX", OpeningsArgs, opt, set_plies, "1-100", 0,
                "each opening must have MIN to MAX plies"),
    CLI_OPT_END,
};

/* Fills opt from argv; returns 0, or -1 after printing the error. */
static int parse_args(int argc, char **argv, OpeningsOptions *opt)
{
    OpeningsArgs a = {{game_default(), NULL, NULL, NOTATION_ANY, 1, OPENINGS_PLIES_MAX}, NULL};
    char names[256], err[512];
    if (!(a.opt.game = cli_game(argc, argv, err, sizeof err))) return fprintf(stderr, "qibench openings: %s\n", err), -1;
    CliParse p = {cli_command("openings"), &a, a.opt.game, NULL, NULL, openings_input};
    if (cli_parse(&p, argc, argv, err, sizeof err)) return fprintf(stderr, "qibench openings: %s\n", err), -1;
    *opt = a.opt;
    if (!opt->input) return fprintf(stderr, "qibench openings: no input file (see qibench openings --help)\n"), -1;
    notation_names(opt->game, names, sizeof names);
    if (a.notation && parse_notation(opt->game, a.notation, &opt->notation))
        return fprintf(stderr, "qibench openings: unknown notation '%s', expected %s\n", a.notation, names), -1;
    return 0;
}

/* Writes the book to the output file or standard output. */
static int write_output(OpeningsRun *run)
{
    const char *path = run->opt->output;
    FILE *f = path ? fopen(path, "w") : stdout;
    if (!f) return fail(run, "qibench openings: cannot write %s: %s", path, strerror(errno));
    bool ok = fwrite(run->out, 1, run->out_len, f) == run->out_len;
    ok = (path ? fclose(f) : fflush(f)) == 0 && ok;
    if (!ok) return fail(run, "qibench openings: cannot write %s: %s", path ? path : "standard output", strerror(errno));
    return 0;
}

int openings_command(int argc, char **argv)
{
    OpeningsOptions opt;
    if (parse_args(argc, argv, &opt) != 0) return 2;
    OpeningsRun run;
    memset(&run, 0, sizeof run);
    run.opt = &opt;
    run.pos = opt.game->state_new();
    int status = 0;
    if (!run.pos || read_input(&run) != 0) status = 2;
    else if (write_output(&run) != 0) status = 1;
    if (status != 0) fprintf(stderr, "%s\n", run.pos ? run.err : "qibench openings: out of memory");
    opt.game->state_free(run.pos);
    free(run.seen);
    free(run.out);
    return status;
}
