/*
 * pgnout.c - see pgnout.h.
 */
#include "pgnout.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonread.h"
#include "util.h"

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
        else if (!file && !strchr(w, '=') && w[0]) file = w;
        else return util_fail(err, errlen, "%s: unexpected '%s' (expected %s)", flag, w,
                              pgn ? "FILE [min] [fi], or file=FILE [min=true]" : "FILE or file=FILE");
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

/* One game's text (from "[Event " to the next) onto out, as o asks. */
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

static int write_pgn(const PgnOut *o, const char *run_dir, char *err, size_t errlen)
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
    for (const char *g = strstr(text, "[Event "); g;) {
        const char *next = strstr(g + 1, "\n[Event ");
        size_t len = next ? (size_t)(next - g) + 1 : strlen(g);
        put_game(out, g, len, o);
        g = next ? next + 1 : NULL;
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
    char path[1200], why[256], pos[512];
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
    if (o->pgn && write_pgn(o, run_dir, err, errlen)) return -1;
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
