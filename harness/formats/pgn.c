/*
 * formats/pgn.c - writing games as PGN: the game's Variant tag and the tags
 * and move spellings its GamePgn gives (harness/games/), beside the
 * standard ones.
 *
 * The layout follows what GUIs and cutechess-style tools read:
 *
 *     the game's [Game] tag, the seven-tag roster, the game's other tag for
 *     the first player and [Format] (a notation with one),
 *     [ECCO]/[Opening]/[Variation] (a classified opening), then Variant,
 *     Rules, FEN, SetUp, Termination, TimeControl and PlyCount
 *     (blank line)
 *     1. H2-E2 {book} H9-G7 {+0.35/12 1.234s} 2. H0-G2 {-0.10/11 0.950s} ... 1-0
 *
 * Move numbers follow the start FEN's side to move and fullmove number: a
 * game that starts with the second player to move begins "N...". Movetext
 * lines are filled word by word and kept under 80 characters; a comment is
 * never cut and a move number stays on the line of its move.
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

/* The game's PGN notation n (1 ..), or NULL (the record's, or not one). */
static const GamePgnNotation *pgn_notation(const Game *game, PgnNotation n)
{
    return game->pgn && n >= 1 && n <= game->pgn->notation_count ? &game->pgn->notations[n - 1] : NULL;
}

PgnNotation pgn_notation_by_name(const Game *game, const char *name)
{
    if (!name) return -1;
    if (strcmp(name, "record") == 0) return PGN_NOTATION_RECORD;
    for (int i = 0; game->pgn && i < game->pgn->notation_count; i++)
        if (strcmp(name, game->pgn->notations[i].name) == 0) return i + 1;
    return -1;
}

void pgn_notation_names(const Game *game, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; game->pgn && i < game->pgn->notation_count && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s, ", game->pgn->notations[i].name);
    if (used >= 2 && used < len) used -= 2; /* the last ", " becomes " or " */
    if (used < len) snprintf(buf + used, len - used, "%srecord", used ? " or " : "");
}

const char *pgn_format_name(const Game *game, PgnNotation n)
{
    const GamePgnNotation *pn = pgn_notation(game, n);
    return pn ? pn->format : NULL;
}

static void write_tags(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g, const char *fen,
                       PgnNotation n)
{
    char num[24];
    const GamePgn *pgn = game->pgn;
    if (pgn->game_tag) write_tag(f, "Game", pgn->game_tag);
    write_tag(f, "Event", or_unknown(tags->event));
    write_tag(f, "Site", or_unknown(tags->site));
    write_tag(f, "Date", tags->date && tags->date[0] ? tags->date : "????.??.??");
    if (tags->round > 0) snprintf(num, sizeof num, "%d", tags->round);
    else strcpy(num, "?");
    write_tag(f, "Round", num);
    write_tag(f, pgn->player_tag[0], or_unknown(tags->first));
    write_tag(f, pgn->player_tag[1], or_unknown(tags->second));
    write_tag(f, "Result", game_result_text(g->result));
    if (pgn->first_player_tag) write_tag(f, pgn->first_player_tag, or_unknown(tags->first));
    if (pgn_format_name(game, n)) write_tag(f, "Format", pgn_format_name(game, n));
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

/* Coordinates "h2e2" written "H2-E2": upper case, a dash before the second
 * square (where a letter follows a digit). */
static void dash_coordinates(char *buf, size_t len)
{
    char out[MOVE_TEXT_BYTES + 1];
    size_t o = 0;
    for (size_t i = 0; buf[i] && o + 2 < sizeof out; i++) {
        if (i > 0 && isalpha((unsigned char)buf[i]) && isdigit((unsigned char)buf[i - 1])) out[o++] = '-';
        out[o++] = (char)toupper((unsigned char)buf[i]);
    }
    out[o] = '\0';
    if (o < len) memcpy(buf, out, o + 1);
    else buf[0] = '\0';
}

int pgn_read_dashed(const Game *game, GameState *pos, const char *text, MoveCode *out, char *why, size_t whylen)
{
    char plain[MOVE_TEXT_BYTES];
    size_t o = 0, dashes = 0;
    for (size_t i = 0; text[i]; i++) {
        bool dash = text[i] == '-' && i > 0 && isdigit((unsigned char)text[i - 1])
                    && isalpha((unsigned char)text[i + 1]);
        if (!dash && !isalnum((unsigned char)text[i])) return -1;
        if (o + 1 >= sizeof plain) return -1;
        if (dash) dashes++;
        else plain[o++] = (char)tolower((unsigned char)text[i]);
    }
    plain[o] = '\0';
    if (dashes != 1) return -1;
    for (int i = 0; game->pgn && i < game->pgn->notation_count; i++) {
        const GamePgnNotation *pn = &game->pgn->notations[i];
        if (pn->dashed && game->parse_move(pos, plain, pn->notation, out, why, whylen) == 0) return 0;
    }
    return -1;
}

/* The legal move m of pos in PGN notation n of game ("" when it cannot be
 * written). */
static void pgn_move_text(const Game *game, GameState *pos, MoveCode m, PgnNotation n, char *buf, size_t len)
{
    const GamePgnNotation *pn = pgn_notation(game, n);
    if (!pn) {
        game_move_record(game, pos, m, buf, len);
        return;
    }
    if (game->format_move(pos, m, pn->notation, buf, len) != 0) buf[0] = '\0';
    else if (pn->dashed) dash_coordinates(buf, len);
}

/* The movetext, the moves replayed from pos (set to the start position). */
static void write_movetext(FILE *f, const Game *game, GameState *pos, const GameRecord *g, PgnNotation n)
{
    LineFiller lf = {f, 0};
    char word[MOVE_TEXT_BYTES + 64], text[MOVE_TEXT_BYTES];
    for (int i = 0; i < g->plies; i++) {
        int number = game->move_number(pos);
        pgn_move_text(game, pos, g->moves[i].move, n, text, sizeof text);
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
    return pgn_write_notation(f, game, tags, g, game->pgn && game->pgn->notation_count > 0 ? 1 : PGN_NOTATION_RECORD);
}

int pgn_write_notation(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g, PgnNotation n)
{
    if (!game->pgn || (n != PGN_NOTATION_RECORD && !pgn_notation(game, n))) return -1;
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
