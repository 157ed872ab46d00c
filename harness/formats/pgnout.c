/*
 * formats/pgnout.c - see formats/pgnout.h.
 */
#include "formats/pgnout.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/record.h"
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

/* One game's text onto out, as o asks: min leaves the {comments} out. */
static void put_game(FILE *out, const char *text, size_t len, const PgnOut *o)
{
    int depth = 0;
    bool tags = true; /* the tags end at the first blank line */
    for (size_t k = 0; k < len;) {
        const char *line = text + k, *nl = memchr(line, '\n', len - k);
        size_t n = nl ? (size_t)(nl - line) + 1 : len - k;
        k += n;
        if (n == 1 && line[0] == '\n') tags = false;
        if (!o->min || tags) {
            fwrite(line, 1, n, out);
            continue;
        }
        /* min: the movetext without its {comments} (a comment may span lines). */
        for (size_t i = 0; i < n; i++) {
            if (line[i] == '{') depth++;
            else if (line[i] == '}' && depth) depth--;
            else if (!depth && !(line[i] == ' ' && i + 1 < n && line[i + 1] == '{')) fputc(line[i], out);
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

int pgnout_open(PgnOut *o, char *err, size_t errlen)
{
    o->file = NULL;
    if (!o->pgn) return 0;
    if (!(o->file = fopen(o->pgn, "a")))
        return util_fail(err, errlen, "--pgnout: cannot open %s: %s", o->pgn, strerror(errno));
    return 0;
}

int pgnout_game(PgnOut *o, const Game *game, const PgnTags *tags, const GameRecord *g)
{
    if (!o || !o->file || (o->fi && g->result == RESULT_NONE)) return 0;
    PgnTags t = *tags;
    if (o->site) t.site = o->site;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    /* without notation=, the moves as games.pgn has them (pgn_write) */
    int rc = !mem ? -1
             : o->notation ? pgn_write_notation(mem, game, &t, g, pgn_notation_by_name(game, o->notation))
                           : pgn_write(mem, game, &t, g);
    if (mem && fclose(mem)) rc = -1;
    if (rc == 0) put_game(o->file, text, len, o);
    free(text);
    if (rc == 0 && (fflush(o->file) || ferror(o->file))) rc = -1;
    return rc;
}

int pgnout_close(PgnOut *o)
{
    int rc = o && o->file && fclose(o->file) ? -1 : 0;
    if (o) o->file = NULL;
    return rc;
}

typedef struct {
    const Game *game;
    FILE *out;
} EpdOut;

/* The position after a stored game onto the EPD file. */
static int put_final_position(void *ctx, const StoredGame *g, const char *line, size_t len, char *err, size_t errlen)
{
    (void)line, (void)len;
    const EpdOut *e = ctx;
    const Game *game = e->game;
    char pos[GAME_TEXT_MAX];
    GameState *s = g->fen[0] ? game_state_at(game, g->fen) : NULL;
    if (!s || !g->has_moves) {
        game->state_free(s);
        return util_fail(err, errlen, "no fen or moves");
    }
    for (int k = 0; k < g->nmoves; k++) {
        MoveCode m;
        const char *text = g->moves[k].move;
        if (game->parse_move(s, text, game->record_notation, &m, err, errlen) != 0 || !game->play(s, m)) {
            game->state_free(s);
            return util_fail(err, errlen, "move %d '%s' cannot be replayed", k + 1, text);
        }
    }
    game->position_text(s, pos, sizeof pos);
    game->state_free(s);
    fprintf(e->out, "%s\n", pos);
    return 0;
}

int pgnout_write_epd(const PgnOut *o, const Game *game, const char *run_dir, char *err, size_t errlen)
{
    char path[1200], why[1600];
    if (!o->epd) return 0;
    record_games_path(run_dir, path, sizeof path);
    EpdOut e = {game, fopen(o->epd, "a")};
    if (!e.out) return util_fail(err, errlen, "--epdout: cannot open %s: %s", o->epd, strerror(errno));
    int rc = record_read_file(path, game, false, put_final_position, &e, why, sizeof why);
    if (rc) util_fail(err, errlen, "--epdout: %s", why);
    if (fclose(e.out) != 0 && rc == 0) rc = util_fail(err, errlen, "--epdout: cannot write %s", o->epd);
    return rc;
}
