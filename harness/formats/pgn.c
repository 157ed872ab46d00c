/*
 * formats/pgn.c - writing games as PGN (the game's Variant tag; Xiangqi with the
 * xqbase.com tags Game, Red and Format beside the standard ones, moves in
 * ICCS "H2-E2", WXF or Chinese; other games in their record notation).
 *
 * The layout follows what GUIs and cutechess-style tools read:
 *
 *     [Game "Chinese Chess"] (Xiangqi), the seven-tag roster, [Red] and
 *     [Format] (Xiangqi), [ECCO]/[Opening]/[Variation] (a classified opening),
 *     then Variant, FEN, SetUp, Termination, TimeControl and PlyCount
 *     (blank line)
 *     1. H2-E2 {book} H9-G7 {+0.35/12 1.234s} 2. H0-G2 {-0.10/11 0.950s} ... 1-0
 *
 * xqbase.com's PGN convention for Chinese Chess ("中国象棋电脑应用规范(三):
 * PGN文件格式", the computer Chinese Chess standards published with ECCO):
 * the Game tag first, with the value "Chinese Chess"; Red and Black name the
 * players (Red instead of chess's White: both are written here, for both
 * kinds of reader); Opening, Variation and ECCO classify the opening; Format
 * says how the moves are written: ICCS ("H2-E2"), WXF ("C2.5") or Chinese
 * ("炮二平五").
 *     (blank line)
 *
 * Move numbers follow the start FEN's side to move and fullmove number: a
 * game that starts with Black to move begins "N...". Movetext lines are
 * filled word by word and kept under 80 characters; a comment is never cut
 * and a move number stays on the line of its move.
 */
#include "formats/pgn.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>



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

/* Is game Xiangqi (the game the xqbase tags and notations are for)? */
static bool is_xiangqi(const Game *game) { return strcmp(game->name, "xiangqi") == 0; }

/* The xqbase Format tag value of n. */
static const char *format_name(PgnNotation n)
{
    return n == PGN_NOTATION_ICCS      ? "ICCS"
           : n == PGN_NOTATION_WXF     ? "WXF"
           : n == PGN_NOTATION_CHINESE ? "Chinese"
                                       : NULL;
}

int pgn_notation_by_name(const Game *game, const char *name)
{
    if (!name) return -1;
    if (strcmp(name, "record") == 0) return PGN_NOTATION_RECORD;
    if (!is_xiangqi(game)) return -1;
    if (strcmp(name, "iccs") == 0) return PGN_NOTATION_ICCS;
    if (strcmp(name, "wxf") == 0) return PGN_NOTATION_WXF;
    if (strcmp(name, "chinese") == 0) return PGN_NOTATION_CHINESE;
    return -1;
}

static void write_tags(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g, const char *fen,
                       PgnNotation n)
{
    char num[24];
    if (is_xiangqi(game)) write_tag(f, "Game", "Chinese Chess");
    write_tag(f, "Event", or_unknown(tags->event));
    write_tag(f, "Site", or_unknown(tags->site));
    write_tag(f, "Date", tags->date && tags->date[0] ? tags->date : "????.??.??");
    if (tags->round > 0) snprintf(num, sizeof num, "%d", tags->round);
    else strcpy(num, "?");
    write_tag(f, "Round", num);
    write_tag(f, "White", or_unknown(tags->red));
    write_tag(f, "Black", or_unknown(tags->black));
    write_tag(f, "Result", game_result_text(g->result));
    if (is_xiangqi(game)) {
        write_tag(f, "Red", or_unknown(tags->red));
        if (format_name(n)) write_tag(f, "Format", format_name(n));
    }
    if (tags->ecco && tags->ecco[0]) write_tag(f, "ECCO", tags->ecco);
    if (tags->opening && tags->opening[0]) write_tag(f, "Opening", tags->opening);
    if (tags->variation && tags->variation[0]) write_tag(f, "Variation", tags->variation);
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

/* The move m of pos in notation n ("" when it cannot be written). ICCS is
 * the record's "h2e2" written "H2-E2". */
static void move_text(const Game *game, GameState *pos, MoveCode m, PgnNotation n, char *buf, size_t len)
{
    if (n == PGN_NOTATION_WXF || n == PGN_NOTATION_CHINESE) {
        int k = game_notation_by_name(game, n == PGN_NOTATION_WXF ? "wxf" : "chinese");
        if (k < 0 || game->format_move(pos, m, k, buf, len) != 0) buf[0] = '\0';
        return;
    }
    game_move_record(game, pos, m, buf, len);
    if (n == PGN_NOTATION_ICCS && strlen(buf) == 4 && len >= 6) {
        char iccs[6] = {(char)toupper((unsigned char)buf[0]), buf[1], '-', (char)toupper((unsigned char)buf[2]),
                        buf[3], '\0'};
        memcpy(buf, iccs, sizeof iccs);
    }
}

/* The movetext, the moves replayed from pos (set to the start position). */
static void write_movetext(FILE *f, const Game *game, GameState *pos, const GameRecord *g, PgnNotation n)
{
    LineFiller lf = {f, 0};
    char word[MOVE_TEXT_BYTES + 64], text[MOVE_TEXT_BYTES];
    for (int i = 0; i < g->plies; i++) {
        int number = game->move_number(pos);
        move_text(game, pos, g->moves[i].move, n, text, sizeof text);
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
    return pgn_write_notation(f, game, tags, g, is_xiangqi(game) ? PGN_NOTATION_ICCS : PGN_NOTATION_RECORD);
}

int pgn_write_notation(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g, PgnNotation n)
{
    if (n != PGN_NOTATION_RECORD && !is_xiangqi(game)) return -1;
    const char *fen = g->fen[0] ? g->fen : game->start;
    GameState *pos = game->state_new();
    if (!pos || game->set_position(pos, fen, NULL, 0)) {
        game->state_free(pos);
        return -1;
    }
    write_tags(f, game, tags, g, fen, n);
    fputc('\n', f);
    write_movetext(f, game, pos, g, n);
    game->state_free(pos);
    if (fflush(f) != 0 || ferror(f)) return -1;
    return 0;
}
