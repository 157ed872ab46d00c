/*
 * formats/pgnout.c - see formats/pgnout.h.
 */
#include "formats/pgnout.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/jsonread.h"
#include "util/util.h"

int pgnout_option(int argc, char **argv, int *i, PgnOut *o, char *err, size_t errlen)
{
    const char *flag = argv[*i];
    bool pgn = strcmp(flag, "--pgnout") == 0;
    const char *file = NULL;
    for ((*i)++; *i < argc && argv[*i][0] != '-'; (*i)++) {
        const char *w = argv[*i];
        if (strncmp(w, "file=", 5) == 0 && w[5] && !file) file = w + 5;
        else if (pgn && file && (strcmp(w, "min") == 0 || strcmp(w, "min=true") == 0)) o->min = true;
        else if (pgn && file && strcmp(w, "min=false") == 0) o->min = false;
        else if (pgn && file && strcmp(w, "fi") == 0) o->fi = true;
        else if (pgn && file && strncmp(w, "notation=", 9) == 0 && w[9]) o->notation = w + 9;
        else if (!file && !strchr(w, '=') && w[0]) file = w;
        else return util_fail(err, errlen, "%s: unexpected '%s' (expected %s)", flag, w,
                              pgn ? "FILE [min] [fi] [notation=N], or file=FILE [min=true]" : "FILE or file=FILE");
    }
    if (!file) return util_fail(err, errlen, "%s needs a file name", flag);
    if (pgn) o->pgn = file;
    else o->epd = file;
    return 0;
}

/* The whole of path (NUL-terminated, free it), or NULL with err. */
static char *read_all(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) return util_fail(err, errlen, "cannot open %s: %s", path, strerror(errno)), NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger) free(buf);
            buf = bigger;
        }
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return util_fail(err, errlen, "cannot read %s", path), NULL;
    }
    buf[n] = '\0';
    return buf;
}

/* One game's text (from its first tag to the next game's) onto out, as o asks. */
static void put_game(FILE *out, const char *text, size_t len, const PgnOut *o)
{
    if (o->fi && strstr(text, "[Result \"*\"]") && (size_t)(strstr(text, "[Result \"*\"]") - text) < len) return;
    for (size_t k = 0; k < len;) {
        const char *line = text + k, *nl = memchr(line, '\n', len - k);
        size_t n = nl ? (size_t)(nl - line) + 1 : len - k;
        k += n;
        if (o->site && strncmp(line, "[Site ", 6) == 0) {
            fputs("[Site \"", out);
            for (const char *c = o->site; *c; c++) {
                if (*c == '"' || *c == '\\') fputc('\\', out);
                fputc(*c, out);
            }
            fputs("\"]\n", out);
            continue;
        }
        if (!o->min || line[0] == '[') {
            fwrite(line, 1, n, out);
            continue;
        }
        /* min: the movetext without its {comments} (a comment may span lines). */
        static _Thread_local int depth;
        for (size_t c = 0; c < n; c++) {
            if (line[c] == '{') depth++;
            else if (line[c] == '}' && depth) depth--;
            else if (!depth && !(line[c] == ' ' && c + 1 < n && line[c + 1] == '{')) fputc(line[c], out);
        }
    }
}

int pgnout_check(const PgnOut *o, const Game *game, char *err, size_t errlen)
{
    if (!o->notation || pgn_notation_by_name(game, o->notation) >= 0) return 0;
    char names[256];
    pgn_notation_names(game, names, sizeof names);
    return util_fail(err, errlen, "--pgnout: unknown notation=%s (expected %s)", o->notation, names);
}

/* Fills lines under PGN_LINE_MAX bytes, word by word (as formats/pgn.c does). */
typedef struct {
    FILE *f;
    size_t len;
} Filler;

static void fill(Filler *lf, const char *word, size_t n)
{
    if (lf->len > 0 && lf->len + 1 + n > PGN_LINE_MAX) fputc('\n', lf->f), lf->len = 0;
    if (lf->len > 0) fputc(' ', lf->f), lf->len++;
    fwrite(word, 1, n, lf->f);
    lf->len += n;
}

static bool is_result(const char *w, size_t n)
{
    static const char *const R[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (size_t i = 0; i < sizeof R / sizeof *R; i++)
        if (strlen(R[i]) == n && memcmp(w, R[i], n) == 0) return true;
    return false;
}

/* "12." or "12...": the length of the number and its dots, else 0. */
static size_t move_number(const char *w, size_t n)
{
    size_t k = 0;
    while (k < n && isdigit((unsigned char)w[k])) k++;
    if (k == 0 || k == n || w[k] != '.') return 0;
    while (k < n && w[k] == '.') k++;
    return k;
}

/* The value of tag name ("[FEN \"...\"]") in the tag lines, into buf. */
static bool tag_value(const char *tags, size_t len, const char *name, char *buf, size_t buflen)
{
    size_t nl = strlen(name);
    for (const char *line = tags; line < tags + len;) {
        const char *end = memchr(line, '\n', (size_t)(tags + len - line));
        if (!end) end = tags + len;
        if ((size_t)(end - line) > nl + 3 && line[0] == '[' && memcmp(line + 1, name, nl) == 0 && line[nl + 1] == ' '
            && line[nl + 2] == '"') {
            const char *v = line + nl + 3, *q = memchr(v, '"', (size_t)(end - v));
            if (q && (size_t)(q - v) < buflen) {
                memcpy(buf, v, (size_t)(q - v));
                buf[q - v] = '\0';
                return true;
            }
        }
        line = end + 1;
    }
    return false;
}

int pgnout_convert(FILE *out, const Game *game, const char *text, size_t len, PgnNotation n, char *err, size_t errlen)
{
    const char *body = text;
    /* the tags: up to the first blank line */
    while (body < text + len && *body == '[') {
        const char *nl = memchr(body, '\n', (size_t)(text + len - body));
        body = nl ? nl + 1 : text + len;
    }
    size_t tags_len = (size_t)(body - text);
    char fen[GAME_TEXT_MAX];
    if (!tag_value(text, tags_len, "FEN", fen, sizeof fen)) snprintf(fen, sizeof fen, "%s", game->start);
    GameState *s = game_state_at(game, fen);
    if (!s) return util_fail(err, errlen, "bad FEN tag '%s'", fen);
    for (const char *line = text; line < body;) {
        const char *nl = memchr(line, '\n', (size_t)(body - line));
        size_t n_line = nl ? (size_t)(nl - line) + 1 : (size_t)(body - line);
        if (strncmp(line, "[Format ", 8) == 0) {
            if (pgn_format_name(game, n)) fprintf(out, "[Format \"%s\"]\n", pgn_format_name(game, n));
        } else {
            fwrite(line, 1, n_line, out);
        }
        line += n_line;
    }
    fputc('\n', out); /* the blank line between the tags and the movetext */
    Filler lf = {out, 0};
    char word[MOVE_TEXT_BYTES + 32], record[MOVE_TEXT_BYTES], moved[MOVE_TEXT_BYTES];
    size_t pending = 0; /* a move number waiting for its move */
    int rc = 0;
    for (const char *p = body; rc == 0 && p < text + len;) {
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        const char *w = p;
        if (*p == '{') {
            const char *close = memchr(p, '}', (size_t)(text + len - p));
            p = close ? close + 1 : text + len;
        } else {
            while (p < text + len && !isspace((unsigned char)*p)) p++;
        }
        size_t wl = (size_t)(p - w), num = *w == '{' ? 0 : move_number(w, wl);
        if (num && num == wl) {
            if (wl >= sizeof word) wl = sizeof word - 1;
            memcpy(word, w, wl);
            pending = wl;
            continue;
        }
        if (*w == '{' || is_result(w, wl)) {
            if (pending) fill(&lf, word, pending), pending = 0;
            fill(&lf, w, wl);
            continue;
        }
        /* a move: H2-E2 (or h2e2) -> the record's h2e2 -> notation n */
        size_t k = 0;
        for (size_t c = 0; c < wl && k + 1 < sizeof record; c++)
            if (!(wl == 5 && c == 2 && w[c] == '-')) record[k++] = (char)tolower((unsigned char)w[c]);
        record[k] = '\0';
        MoveCode m;
        char why[256];
        if (game->parse_move(s, record, game->record_notation, &m, why, sizeof why) != 0) {
            rc = util_fail(err, errlen, "move '%.*s' cannot be read: %s", (int)wl, w, why);
            break;
        }
        pgn_move_text(game, s, m, n, moved, sizeof moved);
        int used = snprintf(word + pending, sizeof word - pending, "%s%s", pending ? " " : "", moved);
        fill(&lf, word, pending + (size_t)(used > 0 ? used : 0));
        pending = 0;
        if (!game->play(s, m)) rc = util_fail(err, errlen, "move '%.*s' cannot be played", (int)wl, w);
    }
    game->state_free(s);
    fputs("\n\n", out);
    return rc;
}

static int write_pgn(const PgnOut *o, const Game *game, const char *run_dir, char *err, size_t errlen)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/games.pgn", run_dir);
    char *text = read_all(path, err, errlen);
    if (!text) return -1;
    FILE *out = fopen(o->pgn, "a");
    if (!out) {
        free(text);
        return util_fail(err, errlen, "--pgnout: cannot open %s: %s", o->pgn, strerror(errno));
    }
    /* a game starts with its first tag (Xiangqi's is [Game], others' [Event]):
     * at the start of the file or after a blank line */
    for (const char *g = strchr(text, '['); g;) {
        const char *next = strstr(g, "\n\n[");
        size_t len = next ? (size_t)(next - g) + 2 : strlen(g);
        if (o->notation) { /* the moves in another notation: the game rewritten, then as o asks */
            char *conv = NULL, why[300];
            size_t conv_len = 0;
            FILE *mem = open_memstream(&conv, &conv_len);
            int bad = !mem || pgnout_convert(mem, game, g, len, (PgnNotation)pgn_notation_by_name(game, o->notation),
                                             why, sizeof why);
            if (mem) fclose(mem);
            if (!bad) put_game(out, conv, conv_len, o);
            free(conv);
            if (bad) {
                free(text);
                fclose(out);
                return util_fail(err, errlen, "--pgnout: %s/games.pgn: %s", run_dir, mem ? why : "out of memory");
            }
        } else {
            put_game(out, g, len, o);
        }
        g = next ? next + 2 : NULL;
    }
    free(text);
    if (fclose(out) != 0) return util_fail(err, errlen, "--pgnout: cannot write %s: %s", o->pgn, strerror(errno));
    return 0;
}

/* The position after the game of record (a games.jsonl object) into buf. */
static int final_position(const Game *game, const JsonValue *record, char *buf, size_t len, char *err, size_t errlen)
{
    const char *fen = jv_get_string(record, "fen");
    const JsonValue *moves = jv_get(record, "moves");
    GameState *s = fen ? game_state_at(game, fen) : NULL;
    if (!s || !moves || moves->type != JV_ARRAY) {
        game->state_free(s);
        return util_fail(err, errlen, "no fen or moves");
    }
    for (int k = 0; k < moves->count; k++) {
        const char *text = jv_get_string(&moves->items[k], "move");
        MoveCode m;
        if (!text || game->parse_move(s, text, game->record_notation, &m, err, errlen) != 0 || !game->play(s, m)) {
            game->state_free(s);
            return util_fail(err, errlen, "move %d '%s' cannot be replayed", k + 1, text ? text : "");
        }
    }
    game->position_text(s, buf, len);
    game->state_free(s);
    return 0;
}

static int write_epd(const PgnOut *o, const Game *game, const char *run_dir, char *err, size_t errlen)
{
    char path[1200], why[256], pos[GAME_TEXT_MAX];
    snprintf(path, sizeof path, "%s/games.jsonl", run_dir);
    char *text = read_all(path, err, errlen);
    if (!text) return -1;
    FILE *out = fopen(o->epd, "a");
    int rc = out ? 0 : util_fail(err, errlen, "--epdout: cannot open %s: %s", o->epd, strerror(errno));
    int line = 0;
    for (char *cur = text, *nl; rc == 0 && *cur; cur = nl ? nl + 1 : cur + strlen(cur)) {
        nl = strchr(cur, '\n');
        if (nl) *nl = '\0';
        line++;
        if (!*cur) continue;
        JsonValue v;
        if (jv_parse(cur, &v, why, sizeof why) || final_position(game, &v, pos, sizeof pos, why, sizeof why))
            rc = util_fail(err, errlen, "--epdout: %s line %d: %s", path, line, why);
        else fprintf(out, "%s\n", pos);
        jv_free(&v);
        if (!nl) break;
    }
    free(text);
    if (out && fclose(out) != 0 && rc == 0) rc = util_fail(err, errlen, "--epdout: cannot write %s", o->epd);
    return rc;
}

int pgnout_write(const PgnOut *o, const Game *game, const char *run_dir, char *err, size_t errlen)
{
    if (o->pgn && write_pgn(o, game, run_dir, err, errlen)) return -1;
    if (o->epd && write_epd(o, game, run_dir, err, errlen)) return -1;
    return 0;
}

int pgnout_count_abandoned(const char *run_dir, int *games, int *abandoned)
{
    char path[1200], err[256];
    snprintf(path, sizeof path, "%s/games.jsonl", run_dir);
    char *text = read_all(path, err, sizeof err);
    *games = *abandoned = 0;
    if (!text) return -1;
    for (char *cur = text, *nl; *cur; cur = nl + 1) {
        nl = strchr(cur, '\n');
        if (nl) *nl = '\0';
        JsonValue v;
        if (*cur && jv_parse(cur, &v, err, sizeof err) == 0) {
            const char *reason = jv_get_string(&v, "reason");
            (*games)++;
            *abandoned += reason && strncmp(reason, "abandoned", 9) == 0;
            jv_free(&v);
        }
        if (!nl) break;
    }
    free(text);
    return 0;
}
