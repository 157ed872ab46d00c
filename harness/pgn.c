/*
 * pgn.c - writing games as PGN (the game's Variant tag, moves in its record
 * notation: Xiangqi ICCS).
 *
 * The layout follows what GUIs and cutechess-style tools read:
 *
 *     [Event "..."] ... the seven-tag roster, then Variant, FEN, SetUp,
 *     Termination, TimeControl and PlyCount, one per line
 *     (blank line)
 *     1. h2e2 {book} h9g7 {+0.35/12 1.234s} 2. h0g2 {-0.10/11 0.950s} ... 1-0
 *     (blank line)
 *
 * Move numbers follow the start FEN's side to move and fullmove number: a
 * game that starts with Black to move begins "N...". Movetext lines are
 * filled word by word and kept under 80 characters; a comment is never cut
 * and a move number stays on the line of its move.
 */
#include "pgn.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>


/* Movetext lines hold at most this many characters (PGN asks for < 80). */
#define PGN_LINE_MAX 79

/* ------------------------------------------------------------------------ */
/* Tags                                                                     */
/* ------------------------------------------------------------------------ */

/* Writes [name "value"], escaping '"' and '\' and blanking control bytes. */
static void write_tag(FILE *f, const char *name, const char *value)
{
    fprintf(f, "[%s \"", name);
    for (const char *p = value; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"' || c == '\\') fputc('\\', f);
        fputc(c < 0x20 || c == 0x7F ? ' ' : c, f);
    }
    fputs("\"]\n", f);
}

static const char *or_unknown(const char *s) { return s && s[0] ? s : "?"; }

static void write_tags(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g, const char *fen)
{
    char num[24];
    write_tag(f, "Event", or_unknown(tags->event));
    write_tag(f, "Site", or_unknown(tags->site));
    write_tag(f, "Date", tags->date && tags->date[0] ? tags->date : "????.??.??");
    if (tags->round > 0) snprintf(num, sizeof num, "%d", tags->round);
    else strcpy(num, "?");
    write_tag(f, "Round", num);
    write_tag(f, "White", or_unknown(tags->red));
    write_tag(f, "Black", or_unknown(tags->black));
    write_tag(f, "Result", game_result_text(g->result));
    write_tag(f, "Variant", game->variant);
    if (g->rules[0]) write_tag(f, "Rules", g->rules);
    write_tag(f, "FEN", fen);
    write_tag(f, "SetUp", "1");
    write_tag(f, "Termination", game_termination_text(game, g));
    write_tag(f, "TimeControl", tags->time_control && tags->time_control[0] ? tags->time_control : "-");
    snprintf(num, sizeof num, "%d", g->plies);
    write_tag(f, "PlyCount", num);
}

/* ------------------------------------------------------------------------ */
/* Movetext                                                                 */
/* ------------------------------------------------------------------------ */

/* Fills lines word by word. */
typedef struct {
    FILE *f;
    size_t len; /* characters on the current line */
} LineFiller;

static void put_word(LineFiller *lf, const char *word)
{
    size_t n = strlen(word);
    if (lf->len > 0 && lf->len + 1 + n > PGN_LINE_MAX) {
        fputc('\n', lf->f);
        lf->len = 0;
    }
    if (lf->len > 0) {
        fputc(' ', lf->f);
        lf->len++;
    }
    fputs(word, lf->f);
    lf->len += n;
}

/* "{book}", "{+0.35/12 1.234s}", "{-M3/20 0.500s}" or "{1.234s}". */
static void move_comment(const MoveRecord *mr, bool book, char *buf, size_t buflen)
{
    if (book) {
        snprintf(buf, buflen, "{book}");
        return;
    }
    int64_t ms = mr->time_ms > 0 ? mr->time_ms : 0;
    char time[32];
    snprintf(time, sizeof time, "%" PRId64 ".%03ds", ms / 1000, (int)(ms % 1000));
    if (!mr->has_score) {
        snprintf(buf, buflen, "{%s}", time);
        return;
    }
    char sign = mr->score > 0 ? '+' : mr->score < 0 ? '-' : ' ';
    int mag = abs(mr->score);
    char score[32];
    if (mr->mate) snprintf(score, sizeof score, "%cM%d", mr->score > 0 ? '+' : '-', mag);
    else if (sign == ' ') snprintf(score, sizeof score, "0.00");
    else snprintf(score, sizeof score, "%c%d.%02d", sign, mag / 100, mag % 100);
    snprintf(buf, buflen, "{%s/%d %s}", score, mr->depth, time);
}

/* The movetext, the moves replayed from pos (set to the start position). */
static void write_movetext(FILE *f, const Game *game, GameState *pos, const GameRecord *g)
{
    LineFiller lf = {f, 0};
    char word[MOVE_TEXT_BYTES + 64], text[MOVE_TEXT_BYTES];
    for (int i = 0; i < g->plies; i++) {
        int number = game->move_number(pos);
        game_move_record(game, pos, g->moves[i].move, text, sizeof text);
        /* a move number stays on the line of its move */
        if (game->side_to_move(pos) == 0) snprintf(word, sizeof word, "%d. %s", number, text);
        else if (i == 0) snprintf(word, sizeof word, "%d... %s", number, text);
        else snprintf(word, sizeof word, "%s", text);
        put_word(&lf, word);
        move_comment(&g->moves[i], i < g->opening_plies, word, sizeof word);
        put_word(&lf, word);
        if (!game->play(pos, g->moves[i].move)) break;
    }
    put_word(&lf, game_result_text(g->result));
    fputs("\n\n", f);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */
/* ------------------------------------------------------------------------ */

int pgn_write(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g)
{
    const char *fen = g->fen[0] ? g->fen : game->start;
    GameState *pos = game->state_new();
    if (!pos || game->set_position(pos, fen, NULL, 0)) {
        game->state_free(pos);
        return -1;
    }
    write_tags(f, game, tags, g, fen);
    fputc('\n', f);
    write_movetext(f, game, pos, g);
    game->state_free(pos);
    if (fflush(f) != 0 || ferror(f)) return -1;
    return 0;
}
