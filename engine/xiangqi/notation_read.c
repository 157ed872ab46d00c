/*
 * notation_read.c - reading move text: ICCS and Fairy-Stockfish coordinates,
 * WXF and Chinese. A descriptive text is decoded into conditions (MoveSpec)
 * and the legal moves of the position that meet them are kept, so any text
 * that names exactly one legal move is accepted (notation.c: the notations).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "notation_impl.h"

typedef enum { PARSE_OK, PARSE_MALFORMED, PARSE_NO_MATCH, PARSE_AMBIGUOUS } ParseStatus;

/* A decoded WXF or Chinese text: the conditions a legal move must meet. */
typedef struct {
    int kind;
    int file;          /* 1-9, or 0 when the text gives none */
    Mark mark;
    int ordinal;       /* 1-5 with MARK_ORDINAL */
    Action action;
    int number;
    bool plain_middle; /* WXF: a pawn's file alone names the middle of 3 or 5 */
} MoveSpec;

/* Up to four of the legal moves a text matched, and how many there were. */
typedef struct {
    Move found[4];
    int count;
} Matches;

/* ------------------------------------------------------------------------ */
/* Reading: text handling                                                   */
/* ------------------------------------------------------------------------ */

/* Width of the space (ASCII or U+3000) that s[0..len) starts with, or 0. */
static size_t leading_space(const char *s, size_t len)
{
    if (len >= 1 && isspace((unsigned char)s[0])) return 1;
    if (len >= 3 && memcmp(s, XQ_IDEOGRAPHIC_SPACE, 3) == 0) return 3;
    return 0;
}

/* Width of the space that s[0..len) ends with, or 0. */
static size_t trailing_space(const char *s, size_t len)
{
    if (len >= 1 && isspace((unsigned char)s[len - 1])) return 1;
    if (len >= 3 && memcmp(s + len - 3, XQ_IDEOGRAPHIC_SPACE, 3) == 0) return 3;
    return 0;
}

/* Strips surrounding space; returns the start and sets *len. */
static const char *trim(const char *text, size_t *len)
{
    size_t n = strlen(text), w;
    while ((w = leading_space(text, n)) > 0) {
        text += w;
        n -= w;
    }
    while ((w = trailing_space(text, n)) > 0) n -= w;
    *len = n;
    return text;
}

/* Copies s[0..len) for an error message: at most 40 bytes (cut between UTF-8
 * characters, "..." added), control characters as '?'. */
static void quote_text(const char *s, size_t len, char *out)
{
    size_t n = len > 40 ? 40 : len;
    if (n < len)
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        out[i] = c < 0x20 || c == 0x7F ? '?' : (char)c;
    }
    strcpy(out + n, n < len ? "..." : "");
}

static int digit_value(char c)
{
    return c >= '1' && c <= '9' ? c - '0' : 0;
}

static bool is_sign(char c)
{
    return c == '+' || c == '-';
}

/* ------------------------------------------------------------------------ */
/* Reading: coordinates                                                     */
/* ------------------------------------------------------------------------ */

/* Reads one square at s[*i]: a file a-i, then rank 0-9 (ICCS) or 1-10 (Fairy). */
static bool read_square(const char *s, size_t len, size_t *i, bool fairy, int *sq)
{
    if (*i + 2 > len) return false;
    int file = tolower((unsigned char)s[*i]) - 'a';
    int rank = s[*i + 1] - '0';
    if (file < 0 || file >= FILES || rank < 0 || rank > 9) return false;
    *i += 2;
    if (fairy) {
        if (rank == 0) return false;
        if (rank == 1 && *i < len && s[*i] == '0') {
            rank = 10;
            (*i)++;
        }
        rank--;
    }
    *sq = SQ(file, rank);
    return true;
}

/* Decodes "h2e2" / "h2-e2" (or the Fairy "h3e3", "b3b10") into *m. */
static bool coord_decode(const char *s, size_t len, bool fairy, Move *m)
{
    size_t i = 0;
    int from, to;
    if (!read_square(s, len, &i, fairy, &from)) return false;
    if (i < len && s[i] == '-') i++;
    if (!read_square(s, len, &i, fairy, &to) || i != len) return false;
    *m = MOVE(from, to);
    return true;
}

/* ------------------------------------------------------------------------ */
/* Reading: WXF                                                             */
/* ------------------------------------------------------------------------ */

/* Piece kind of a WXF letter (also B for elephant, N for horse), or 0. */
static int wxf_kind(char c)
{
    static const char LETTERS[] = "KAEHRCPBN";
    static const int KINDS[] = {GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, PAWN, ELEPHANT, HORSE};
    const char *at = c ? strchr(LETTERS, toupper((unsigned char)c)) : NULL;
    return at ? KINDS[at - LETTERS] : 0;
}

/* Decodes the two piece characters of a WXF move (see wxf_designator; "+R"
 * is accepted for "R+") into spec. */
static bool wxf_decode_piece(char c0, char c1, MoveSpec *spec)
{
    Mark sign = c0 == '+' || c1 == '+' ? MARK_FRONT : MARK_REAR;
    if (wxf_kind(c0) && digit_value(c1)) {
        spec->kind = wxf_kind(c0);
        spec->file = digit_value(c1);
        spec->plain_middle = spec->kind == PAWN;
    } else if (wxf_kind(c0) && is_sign(c1)) {
        spec->kind = wxf_kind(c0);
        spec->mark = sign;
    } else if (is_sign(c0) && wxf_kind(c1)) {
        spec->kind = wxf_kind(c1);
        spec->mark = sign;
    } else if (is_sign(c0) && c1 == c0) {
        spec->kind = PAWN;
        spec->mark = c0 == '+' ? MARK_FIRST : MARK_LAST;
    } else if (digit_value(c0) && (is_sign(c1) || c1 == c0)) {
        spec->kind = PAWN;
        spec->file = digit_value(c0);
        spec->mark = c1 == c0 ? MARK_MIDDLE : sign;
    } else {
        return false;
    }
    return true;
}

/* Decodes a four-character WXF move ("C2.5", "R+.3", "++.4", "3+.4"). */
static bool wxf_decode(const char *s, size_t len, MoveSpec *spec)
{
    memset(spec, 0, sizeof *spec);
    if (len != 4 || !wxf_decode_piece(s[0], s[1], spec)) return false;
    switch (s[2]) {
    case '+': spec->action = ACT_FORWARD; break;
    case '-': spec->action = ACT_BACKWARD; break;
    case '.':
    case '=': spec->action = ACT_SIDEWAYS; break;
    default: return false;
    }
    spec->number = digit_value(s[3]);
    return spec->number != 0;
}

/* ------------------------------------------------------------------------ */
/* Reading: Chinese                                                         */
/* ------------------------------------------------------------------------ */

/* A Chinese word: 'P' piece, 'N' number, 'M' marker, 'A' action. */
typedef struct {
    const char *utf8;
    char type;
    int value;
} ChineseWord;

static const ChineseWord CN_WORDS[] = {
    {"帅", 'P', GENERAL}, {"帥", 'P', GENERAL}, {"将", 'P', GENERAL}, {"將", 'P', GENERAL},
    {"仕", 'P', ADVISOR}, {"士", 'P', ADVISOR}, {"相", 'P', ELEPHANT}, {"象", 'P', ELEPHANT},
    {"马", 'P', HORSE}, {"馬", 'P', HORSE}, {"傌", 'P', HORSE},
    {"车", 'P', CHARIOT}, {"車", 'P', CHARIOT}, {"俥", 'P', CHARIOT},
    {"炮", 'P', CANNON}, {"砲", 'P', CANNON}, {"兵", 'P', PAWN}, {"卒", 'P', PAWN},
    {"进", 'A', ACT_FORWARD}, {"進", 'A', ACT_FORWARD}, {"退", 'A', ACT_BACKWARD}, {"平", 'A', ACT_SIDEWAYS},
    {"前", 'M', MARK_FIRST}, {"中", 'M', MARK_MIDDLE}, {"后", 'M', MARK_LAST}, {"後", 'M', MARK_LAST},
    {"一", 'N', 1}, {"二", 'N', 2}, {"三", 'N', 3}, {"四", 'N', 4}, {"五", 'N', 5},
    {"六", 'N', 6}, {"七", 'N', 7}, {"八", 'N', 8}, {"九", 'N', 9},
    {"１", 'N', 1}, {"２", 'N', 2}, {"３", 'N', 3}, {"４", 'N', 4}, {"５", 'N', 5},
    {"６", 'N', 6}, {"７", 'N', 7}, {"８", 'N', 8}, {"９", 'N', 9},
    {"1", 'N', 1}, {"2", 'N', 2}, {"3", 'N', 3}, {"4", 'N', 4}, {"5", 'N', 5},
    {"6", 'N', 6}, {"7", 'N', 7}, {"8", 'N', 8}, {"9", 'N', 9},
};

/* The word at the start of s[0..len), or NULL; sets *width to its bytes. */
static const ChineseWord *chinese_word(const char *s, size_t len, size_t *width)
{
    for (size_t i = 0; i < sizeof CN_WORDS / sizeof CN_WORDS[0]; i++) {
        size_t w = strlen(CN_WORDS[i].utf8);
        if (w <= len && memcmp(s, CN_WORDS[i].utf8, w) == 0) {
            *width = w;
            return &CN_WORDS[i];
        }
    }
    return NULL;
}

/* Splits s[0..len) into at most max words, skipping spaces: their types go to
 * sig (NUL-terminated), their values to values. Returns the count, or -1. */
static int chinese_tokenize(const char *s, size_t len, char *sig, int *values, int max)
{
    int n = 0;
    size_t i = 0, w;
    while (i < len) {
        if ((w = leading_space(s + i, len - i)) > 0) {
            i += w;
            continue;
        }
        const ChineseWord *word = chinese_word(s + i, len - i, &w);
        if (!word || n == max) return -1;
        sig[n] = word->type;
        values[n++] = word->value;
        i += w;
    }
    sig[n] = '\0';
    return n;
}

/*
 * Decodes Chinese text. The accepted word orders: piece file action number
 * (炮二平五), marker piece [file] action number (前车进一, 前兵四平五) and
 * ordinal piece [file] action number (二兵平五).
 */
static bool chinese_decode(const char *s, size_t len, MoveSpec *spec)
{
    static const char *const FORMS[] = {"PNAN", "MPAN", "MPNAN", "NPAN", "NPNAN"};
    char sig[8];
    int value[7], n = chinese_tokenize(s, len, sig, value, 7);
    bool known = false;
    for (size_t i = 0; i < sizeof FORMS / sizeof FORMS[0]; i++) known |= n > 0 && strcmp(sig, FORMS[i]) == 0;
    if (!known) return false;
    memset(spec, 0, sizeof *spec);
    int p = sig[0] == 'P' ? 0 : 1; /* where the piece is */
    spec->kind = value[p];
    spec->action = (Action)value[n - 2];
    spec->number = value[n - 1];
    if (sig[p + 1] == 'N') spec->file = value[p + 1];
    if (sig[0] == 'M') spec->mark = (Mark)value[0];
    if (sig[0] == 'N') {
        spec->mark = MARK_ORDINAL;
        spec->ordinal = value[0];
    }
    return spec->ordinal <= 5;
}

/* ------------------------------------------------------------------------ */
/* Reading: choosing the move                                               */
/* ------------------------------------------------------------------------ */

enum { ANY_INDEX = -2, NO_INDEX = -1 };

/* Which of `stack` same pieces on a file (0 = the front one) spec names:
 * ANY_INDEX when it does not choose, NO_INDEX when it names none. */
static int marked_index(const MoveSpec *spec, int stack)
{
    int middle = stack == 3 || stack == 5 ? stack / 2 : NO_INDEX;
    if (spec->mark != MARK_NONE && stack < 2) return NO_INDEX;
    switch (spec->mark) {
    case MARK_NONE: return spec->plain_middle && middle != NO_INDEX ? middle : ANY_INDEX;
    case MARK_FRONT: return stack <= 3 ? 0 : 1;
    case MARK_REAR: return stack <= 3 ? stack - 1 : stack - 2;
    case MARK_FIRST: return 0;
    case MARK_LAST: return stack - 1;
    case MARK_MIDDLE: return middle;
    case MARK_ORDINAL: return spec->ordinal - 1; /* past the rear: matches nothing */
    }
    return NO_INDEX;
}

/* Does the legal move m of pos meet the conditions of spec? */
static bool spec_matches(const Position *pos, Move m, const MoveSpec *spec)
{
    int from = MOVE_FROM(m), piece = pos->board[from], colour = PIECE_COLOUR(piece);
    Action action;
    int number, stack, index;
    if (PIECE_TYPE(piece) != spec->kind) return false;
    if (spec->file && xq_notation_relative_file(colour, SQ_FILE(from)) != spec->file) return false;
    xq_notation_move_direction(pos, m, &action, &number);
    if (action != spec->action || number != spec->number) return false;
    xq_notation_file_stack(pos, from, &stack, &index);
    int want = marked_index(spec, stack);
    return want == ANY_INDEX || want == index;
}

static void find_matches(Position *pos, const MoveSpec *spec, Matches *mt)
{
    Move list[MAX_MOVES];
    int n = xq_gen_legal(pos, list);
    mt->count = 0;
    for (int i = 0; i < n; i++) {
        if (!spec_matches(pos, list[i], spec)) continue;
        if (mt->count < 4) mt->found[mt->count] = list[i];
        mt->count++;
    }
}

/* Decodes s[0..len) in notation n and collects the legal moves it names. */
static ParseStatus match_text(Position *pos, const char *s, size_t len, Notation n, Matches *mt)
{
    MoveSpec spec;
    mt->count = 0;
    switch (n) {
    case NOTATION_ICCS:
    case NOTATION_FAIRY:
        if (!coord_decode(s, len, n == NOTATION_FAIRY, &mt->found[0])) return PARSE_MALFORMED;
        mt->count = xq_move_is_legal(pos, mt->found[0]) ? 1 : 0;
        break;
    case NOTATION_WXF:
        if (!wxf_decode(s, len, &spec)) return PARSE_MALFORMED;
        find_matches(pos, &spec, mt);
        break;
    case NOTATION_CHINESE:
        if (!chinese_decode(s, len, &spec)) return PARSE_MALFORMED;
        find_matches(pos, &spec, mt);
        break;
    default: return PARSE_MALFORMED;
    }
    return mt->count == 0 ? PARSE_NO_MATCH : mt->count > 1 ? PARSE_AMBIGUOUS : PARSE_OK;
}

/* Writes the one-line reason for a failed parse of s[0..len) to err. */
static void report_failure(ParseStatus st, Notation n, const char *s, size_t len, const Matches *mt,
                           char *err, size_t errlen)
{
    char quoted[48], moves[40] = "";
    if (!err || !errlen) return;
    quote_text(s, len, quoted);
    const char *name = XQ_NOTATION_NAME[n];
    if (st == PARSE_MALFORMED) {
        snprintf(err, errlen, "malformed %s move '%s': %s", name, quoted, XQ_NOTATION_HINT[n]);
    } else if (st == PARSE_NO_MATCH) {
        snprintf(err, errlen, "no legal move matches %s move '%s'", name, quoted);
    } else {
        for (int i = 0; i < mt->count && i < 4; i++) {
            if (i) strcat(moves, ", ");
            xq_move_to_iccs(mt->found[i], moves + strlen(moves));
        }
        snprintf(err, errlen, "ambiguous: %s move '%s' matches %d legal moves (%s%s)", name, quoted,
                 mt->count, moves, mt->count > 4 ? ", ..." : "");
    }
}

/* xq_move_parse, with the kind of failure returned. */
static ParseStatus parse_move(Position *pos, const char *text, Notation n, Move *out, char *err, size_t errlen)
{
    Matches mt;
    size_t len = 0;
    const char *s = text ? trim(text, &len) : "";
    ParseStatus st = (unsigned)n <= NOTATION_CHINESE ? match_text(pos, s, len, n, &mt) : PARSE_MALFORMED;
    if (st == PARSE_OK) {
        *out = mt.found[0];
        return st;
    }
    report_failure(st, (unsigned)n <= NOTATION_CHINESE ? n : NOTATION_ICCS, s, len, &mt, err, errlen);
    return st;
}

/* Reads text (NULL counts as malformed) in notation n against the legal moves
 * of pos. Returns 0 with *out set, or -1 with a one-line reason starting
 * "malformed", "no legal move" or "ambiguous:" in err (skipped when err is
 * NULL, truncated to errlen). pos is changed during the call and restored. */
int xq_move_parse(Position *pos, const char *text, Notation n, Move *out, char *err, size_t errlen)
{
    return parse_move(pos, text, n, out, err, errlen) == PARSE_OK ? 0 : -1;
}

/* Like xq_move_parse, trying ICCS, WXF, then Chinese. On failure err holds the
 * reason from the first notation that could decode the text, or says the
 * text is none of the three. */
int xq_move_parse_any(Position *pos, const char *text, Move *out, char *err, size_t errlen)
{
    static const Notation ORDER[3] = {NOTATION_ICCS, NOTATION_WXF, NOTATION_CHINESE};
    char reason[160], first[160] = "";
    for (int i = 0; i < 3; i++) {
        ParseStatus st = parse_move(pos, text, ORDER[i], out, reason, sizeof reason);
        if (st == PARSE_OK) return 0;
        if (st != PARSE_MALFORMED && !first[0]) memcpy(first, reason, sizeof first);
    }
    if (err && errlen && first[0]) {
        snprintf(err, errlen, "%s", first);
    } else if (err && errlen) {
        char quoted[48];
        size_t len = 0;
        const char *s = text ? trim(text, &len) : "";
        quote_text(s, len, quoted);
        snprintf(err, errlen, "malformed move '%s': not ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五)", quoted);
    }
    return -1;
}

/* ------------------------------------------------------------------------ */
/* Reading without choosing: for explaining a refusal                       */
/* ------------------------------------------------------------------------ */

/* Decodes trimmed WXF or Chinese text into spec; false when it is neither. */
static bool decode_descriptive(const char *text, Notation n, MoveSpec *spec)
{
    size_t len = 0;
    const char *s = text ? trim(text, &len) : "";
    if (n == NOTATION_WXF) return wxf_decode(s, len, spec);
    return n == NOTATION_CHINESE && chinese_decode(s, len, spec);
}

bool xq_move_read_coordinates(const char *text, Notation n, Move *m)
{
    size_t len = 0;
    const char *s = text ? trim(text, &len) : "";
    return (n == NOTATION_ICCS || n == NOTATION_FAIRY) && coord_decode(s, len, n == NOTATION_FAIRY, m);
}

int xq_move_text_filter(Position *pos, const char *text, Notation n, Move *list, int count)
{
    MoveSpec spec;
    Move m;
    int kept = 0;
    if (xq_move_read_coordinates(text, n, &m)) {
        for (int i = 0; i < count; i++)
            if (list[i] == m) list[kept++] = m;
        return kept;
    }
    if (!decode_descriptive(text, n, &spec)) return -1;
    for (int i = 0; i < count; i++)
        if (pos->board[MOVE_FROM(list[i])] != EMPTY && spec_matches(pos, list[i], &spec)) list[kept++] = list[i];
    return kept;
}

bool xq_move_text_piece(const char *text, Notation n, int *kind, int *file)
{
    MoveSpec spec;
    if (!decode_descriptive(text, n, &spec)) return false;
    *kind = spec.kind;
    *file = spec.mark == MARK_NONE ? spec.file : 0;
    return true;
}
