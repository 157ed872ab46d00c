/*
 * board.c - FEN, make/unmake with incremental Zobrist keys, attack test.
 */
#include "board.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char XQ_START_TEXT[] = XQ_START_FEN;

int16_t xq_board_psq[16][256];

/* ------------------------------------------------------------------------ */
/* Tables                                                                   */
/* ------------------------------------------------------------------------ */

static uint64_t zobrist_piece[16][256];
static uint64_t zobrist_side;
static bool on_board[256];

/* Horse attacks on a general: the horse stands at k + HORSE_ATTACKER[i] and
 * its leg is at k + HORSE_ATTACKER_LEG[i] (diagonally next to the general). */
static const int HORSE_ATTACKER[8] = {-33, -31, -18, 14, -14, 18, 31, 33};
static const int HORSE_ATTACKER_LEG[8] = {-17, -15, -17, 15, -15, 17, 15, 17};

/* splitmix64: a fixed, portable sequence so keys are the same everywhere. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void xq_board_init(void)
{
    uint64_t seed = 0x71626E6368ULL; /* "qbnch" */
    for (int p = 0; p < 16; p++)
        for (int s = 0; s < 256; s++)
            zobrist_piece[p][s] = splitmix64(&seed);
    zobrist_side = splitmix64(&seed);
    for (int s = 0; s < 256; s++)
        on_board[s] = SQ_FILE(s) >= 0 && SQ_FILE(s) < FILES && SQ_RANK(s) >= 0 && SQ_RANK(s) < RANKS
                      && (s >> 4) >= 3 && (s & 15) >= 3;
}

bool xq_sq_on_board(int sq)
{
    return sq >= 0 && sq < 256 && on_board[sq];
}

/* ------------------------------------------------------------------------ */
/* Piece placement rules used by the FEN parser                             */
/* ------------------------------------------------------------------------ */

static const char PIECE_CHARS[] = " kabnrcp";
static const int MAX_OF_KIND[8] = {0, 1, 2, 2, 2, 2, 2, 5};
static const char *const KIND_NAME[8] = {"", "general", "advisor", "elephant", "horse",
                                         "chariot", "cannon", "pawn"};

/* Rank as seen from colour c's own side (0 = its back rank). */
static int own_rank(int rank, int c)
{
    return c == RED ? rank : RANKS - 1 - rank;
}

static bool in_palace(int file, int rank, int c)
{
    return file >= 3 && file <= 5 && own_rank(rank, c) <= 2;
}

/* Can a piece of this type and colour ever stand on (file, rank)? */
static bool square_reachable(int type, int c, int file, int rank)
{
    int r = own_rank(rank, c);
    switch (type) {
    case GENERAL:
        return in_palace(file, rank, c);
    case ADVISOR:
        return in_palace(file, rank, c) && (file + r) % 2 == 1;
    case ELEPHANT:
        return r <= 4 && r % 2 == 0 && file % 2 == 0 && (file + r) % 4 == 2;
    case PAWN:
        return r >= 5 || ((r == 3 || r == 4) && file % 2 == 0);
    default:
        return true;
    }
}

static int piece_from_char(char ch)
{
    char lower = (char)tolower((unsigned char)ch);
    if (lower == 'e') lower = 'b'; /* WXF letters for elephant and horse */
    if (lower == 'h') lower = 'n';
    const char *at = strchr(PIECE_CHARS + 1, lower);
    if (!at || lower == '\0') return EMPTY;
    int type = (int)(at - PIECE_CHARS);
    return MAKE_PIECE(type, isupper((unsigned char)ch) ? RED : BLACK);
}

static int fen_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ------------------------------------------------------------------------ */
/* FEN                                                                      */
/* ------------------------------------------------------------------------ */

static void put_piece(Position *pos, int sq, int piece)
{
    int c = PIECE_COLOUR(piece);
    pos->board[sq] = (uint8_t)piece;
    pos->slot[sq] = pos->count[c];
    pos->list[c][pos->count[c]++] = (uint8_t)sq;
    pos->kinds[piece]++;
    if (PIECE_TYPE(piece) == GENERAL) pos->king[c] = (uint8_t)sq;
}

/* Parses the board field; returns 0 or -1 with the reason in err. */
static int parse_board_field(Position *pos, const char *s, size_t len, char *err, size_t errlen)
{
    int rank = RANKS - 1, file = 0, slashes = 0;
    for (size_t i = 0; i < len; i++) slashes += s[i] == '/';
    if (slashes != RANKS - 1) return fen_error(err, errlen, "%d ranks, expected 10", slashes + 1);
    for (size_t i = 0; i < len; i++) {
        char ch = s[i];
        if (ch == '/') {
            if (file != FILES)
                return fen_error(err, errlen, "rank %d has %d files, expected 9", rank, file);
            rank--;
            file = 0;
        } else if (ch >= '1' && ch <= '9') {
            file += ch - '0';
            if (file > FILES)
                return fen_error(err, errlen, "rank %d has more than 9 files", rank);
        } else {
            int piece = piece_from_char(ch);
            if (piece == EMPTY) return fen_error(err, errlen, "unknown piece letter '%c'", ch);
            if (file >= FILES)
                return fen_error(err, errlen, "rank %d has more than 9 files", rank);
            int type = PIECE_TYPE(piece), c = PIECE_COLOUR(piece);
            if (type == GENERAL && !in_palace(file, rank, c))
                return fen_error(err, errlen, "%s general on %c%d, outside its palace",
                                 c == RED ? "red" : "black", 'a' + file, rank);
            if (!square_reachable(type, c, file, rank))
                return fen_error(err, errlen, "%s %s on %c%d, a square it can never reach",
                                 c == RED ? "red" : "black", KIND_NAME[type], 'a' + file, rank);
            if (pos->kinds[piece] >= MAX_OF_KIND[type])
                return fen_error(err, errlen, "more than %d %s %s%s", MAX_OF_KIND[type],
                                 c == RED ? "red" : "black", KIND_NAME[type],
                                 MAX_OF_KIND[type] > 1 ? "s" : "");
            put_piece(pos, SQ(file, rank), piece);
            file++;
        }
    }
    if (file != FILES) return fen_error(err, errlen, "rank 0 has %d files, expected 9", file);
    return 0;
}

static bool generals_face(const Position *pos)
{
    int s = pos->king[RED];
    if (SQ_FILE(s) != SQ_FILE(pos->king[BLACK])) return false;
    for (s += 16; pos->board[s] == EMPTY; s += 16) {}
    return s == pos->king[BLACK];
}

static int parse_counter(const char *word, int min, const char *what, int *out, char *err, size_t errlen)
{
    char *end;
    long v = strtol(word, &end, 10);
    if (*word == '\0' || *end != '\0' || v < min || v > 100000)
        return fen_error(err, errlen, "bad %s field '%s', expected a number", what, word);
    *out = (int)v;
    return 0;
}

int xq_pos_from_fen(Position *pos, const char *fen, char *err, size_t errlen)
{
    memset(pos->board, OFF, sizeof pos->board);
    for (int s = 0; s < 256; s++)
        if (on_board[s]) pos->board[s] = EMPTY;
    memset(pos->count, 0, sizeof pos->count);
    memset(pos->kinds, 0, sizeof pos->kinds);
    pos->ply = 0;
    pos->fullmove = 1;

    /* Split into at most 6 whitespace-separated fields. */
    char fields[6][128];
    int nf = 0;
    const char *p = fen;
    while (*p) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        const char *start = p;
        while (*p && !isspace((unsigned char)*p)) p++;
        size_t len = (size_t)(p - start);
        if (nf == 6) return fen_error(err, errlen, "too many fields after the board");
        if (len >= sizeof fields[0]) return fen_error(err, errlen, "field too long");
        memcpy(fields[nf], start, len);
        fields[nf++][len] = '\0';
    }
    if (nf == 0) return fen_error(err, errlen, "empty FEN");
    if (parse_board_field(pos, fields[0], strlen(fields[0]), err, errlen)) return -1;
    if (nf < 2) return fen_error(err, errlen, "missing side to move, expected 'w' or 'b'");
    if (strcmp(fields[1], "w") == 0 || strcmp(fields[1], "r") == 0)
        pos->side = RED;
    else if (strcmp(fields[1], "b") == 0)
        pos->side = BLACK;
    else
        return fen_error(err, errlen, "bad side to move '%s', expected 'w' or 'b'", fields[1]);
    for (int i = 2; i < 4 && i < nf; i++)
        if (strcmp(fields[i], "-") != 0)
            return fen_error(err, errlen, "bad field '%s', expected '-'", fields[i]);
    int halfmove = 0;
    if (nf >= 5 && parse_counter(fields[4], 0, "halfmove", &halfmove, err, errlen)) return -1;
    if (nf >= 6 && parse_counter(fields[5], 1, "fullmove", &pos->fullmove, err, errlen)) return -1;

    for (int c = RED; c <= BLACK; c++)
        if (pos->kinds[MAKE_PIECE(GENERAL, c)] == 0)
            return fen_error(err, errlen, "no %s general", c == RED ? "red" : "black");
    if (generals_face(pos))
        return fen_error(err, errlen, "the generals face each other on an open file");
    if (xq_pos_general_attacked(pos, !pos->side))
        return fen_error(err, errlen, "the side not to move (%s) is in check", pos->side == RED ? "black" : "red");

    StateInfo *st = &pos->hist[0];
    st->key = xq_pos_compute_key(pos);
    st->score = xq_pos_compute_score(pos);
    st->move = MOVE_NONE;
    st->captured = EMPTY;
    st->halfmove = halfmove;
    st->in_check = xq_pos_general_attacked(pos, pos->side);
    return 0;
}

void xq_pos_to_fen(const Position *pos, char *buf, size_t buflen)
{
    char out[128];
    size_t n = 0;
    for (int rank = RANKS - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < FILES; file++) {
            int piece = pos->board[SQ(file, rank)];
            if (piece == EMPTY) {
                empty++;
                continue;
            }
            if (empty) out[n++] = (char)('0' + empty);
            empty = 0;
            char ch = PIECE_CHARS[PIECE_TYPE(piece)];
            out[n++] = PIECE_COLOUR(piece) == RED ? (char)toupper((unsigned char)ch) : ch;
        }
        if (empty) out[n++] = (char)('0' + empty);
        if (rank) out[n++] = '/';
    }
    out[n] = '\0';
    /* fullmove grows after each Black move; count Black moves made since the root. */
    int start_black = (pos->side == BLACK) ^ (pos->ply & 1); /* side to move at the root */
    int moves = pos->fullmove + (pos->ply + start_black) / 2;
    snprintf(buf, buflen, "%s %c - - %d %d", out, pos->side == RED ? 'w' : 'b', pos_halfmove(pos), moves);
}

uint64_t xq_pos_compute_key(const Position *pos)
{
    uint64_t key = pos->side == BLACK ? zobrist_side : 0;
    for (int s = 0; s < 256; s++)
        if (on_board[s] && pos->board[s] != EMPTY) key ^= zobrist_piece[pos->board[s]][s];
    return key;
}

/* ------------------------------------------------------------------------ */
/* Attacks                                                                  */
/* ------------------------------------------------------------------------ */

int xq_pos_compute_score(const Position *pos)
{
    int score = 0;
    for (int s = 0; s < 256; s++)
        if (on_board[s] && pos->board[s] != EMPTY) score += xq_board_psq[pos->board[s]][s];
    return score;
}

bool xq_pos_general_attacked(const Position *pos, int c)
{
    const uint8_t *b = pos->board;
    int k = pos->king[c], them = c ^ 1;
    int enemy_pawn = MAKE_PIECE(PAWN, them), enemy_horse = MAKE_PIECE(HORSE, them);
    int enemy_chariot = MAKE_PIECE(CHARIOT, them), enemy_cannon = MAKE_PIECE(CANNON, them);

    /* Pawns: in front of the general, or beside it (always across the river there). */
    int forward = c == RED ? 16 : -16;
    if (b[k + forward] == enemy_pawn || b[k - 1] == enemy_pawn || b[k + 1] == enemy_pawn) return true;

    /* Horses, unless their leg is blocked. */
    for (int i = 0; i < 8; i++)
        if (b[k + HORSE_ATTACKER[i]] == enemy_horse && b[k + HORSE_ATTACKER_LEG[i]] == EMPTY) return true;

    /* Lines: chariot or general at the first piece, cannon at the second. */
    static const int DIRS[4] = {16, -16, 1, -1};
    for (int d = 0; d < 4; d++) {
        int step = DIRS[d], s = k + step;
        while (b[s] == EMPTY) s += step;
        if (b[s] == OFF) continue;
        if (b[s] == enemy_chariot || (PIECE_TYPE(b[s]) == GENERAL && b[s] != OFF)) return true;
        s += step;
        while (b[s] == EMPTY) s += step;
        if (b[s] == enemy_cannon) return true;
    }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Make / unmake                                                            */
/* ------------------------------------------------------------------------ */

bool xq_pos_make_move(Position *pos, Move m)
{
    if (pos->ply + 1 >= POS_MAX_PLY) return false;
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    int piece = pos->board[from], captured = pos->board[to];
    int us = pos->side, them = us ^ 1;
    StateInfo *prev = &pos->hist[pos->ply];
    StateInfo *st = &pos->hist[++pos->ply];
    uint64_t key = prev->key ^ zobrist_side ^ zobrist_piece[piece][from] ^ zobrist_piece[piece][to];
    int score = prev->score + xq_board_psq[piece][to] - xq_board_psq[piece][from];

    st->move = m;
    st->captured = (uint8_t)captured;
    st->halfmove = captured ? 0 : prev->halfmove + 1;
    if (captured) {
        /* Remove from the list by moving the last piece into its slot. */
        int slot = pos->slot[to], last = pos->list[them][--pos->count[them]];
        st->cap_slot = (uint8_t)slot;
        pos->list[them][slot] = (uint8_t)last;
        pos->slot[last] = (uint8_t)slot;
        pos->kinds[captured]--;
        key ^= zobrist_piece[captured][to];
        score -= xq_board_psq[captured][to];
    }
    pos->board[to] = (uint8_t)piece;
    pos->board[from] = EMPTY;
    pos->slot[to] = pos->slot[from];
    pos->list[us][pos->slot[to]] = (uint8_t)to;
    if (PIECE_TYPE(piece) == GENERAL) pos->king[us] = (uint8_t)to;
    pos->side = (uint8_t)them;
    st->key = key;
    st->score = score;
    st->in_check = xq_pos_general_attacked(pos, them);
    return true;
}

bool xq_pos_make_null(Position *pos)
{
    if (pos->ply + 1 >= POS_MAX_PLY) return false;
    StateInfo *prev = &pos->hist[pos->ply];
    StateInfo *st = &pos->hist[++pos->ply];
    st->move = MOVE_NONE;
    st->captured = EMPTY;
    st->halfmove = 0; /* no repetition is looked for across a pass */
    st->cap_slot = 0;
    st->score = prev->score;
    st->key = prev->key ^ zobrist_side;
    pos->side ^= 1;
    st->in_check = xq_pos_general_attacked(pos, pos->side);
    return true;
}

void xq_pos_unmake_null(Position *pos)
{
    pos->ply--;
    pos->side ^= 1;
}

void xq_pos_unmake_move(Position *pos)
{
    StateInfo *st = &pos->hist[pos->ply--];
    int from = MOVE_FROM(st->move), to = MOVE_TO(st->move);
    int them = pos->side, us = them ^ 1;
    int piece = pos->board[to];

    pos->side = (uint8_t)us;
    pos->board[from] = (uint8_t)piece;
    pos->slot[from] = pos->slot[to];
    pos->list[us][pos->slot[from]] = (uint8_t)from;
    if (PIECE_TYPE(piece) == GENERAL) pos->king[us] = (uint8_t)from;
    pos->board[to] = st->captured;
    if (st->captured) {
        /* Undo the swap-removal exactly, so list order is restored. */
        int slot = st->cap_slot, moved = pos->list[them][slot];
        pos->list[them][pos->count[them]] = (uint8_t)moved;
        pos->slot[moved] = pos->count[them]++;
        pos->list[them][slot] = (uint8_t)to;
        pos->slot[to] = (uint8_t)slot;
        pos->kinds[st->captured]++;
    }
}

/* ------------------------------------------------------------------------ */
/* Diagram                                                                  */
/* ------------------------------------------------------------------------ */

void xq_pos_print(const Position *pos, char *buf, size_t buflen)
{
    size_t n = 0;
    char fen[128];
    for (int rank = RANKS - 1; rank >= 0 && n < buflen; rank--) {
        n += (size_t)snprintf(buf + n, buflen - n, " %d ", rank);
        for (int file = 0; file < FILES && n < buflen; file++) {
            int piece = pos->board[SQ(file, rank)];
            char ch = piece ? PIECE_CHARS[PIECE_TYPE(piece)] : '.';
            if (piece && PIECE_COLOUR(piece) == RED) ch = (char)toupper((unsigned char)ch);
            n += (size_t)snprintf(buf + n, buflen - n, " %c", ch);
        }
        if (n < buflen) n += (size_t)snprintf(buf + n, buflen - n, "\n");
        if (rank == 5 && n < buflen) n += (size_t)snprintf(buf + n, buflen - n, "    ~~~~~~~~~~~~~~~~~\n");
    }
    xq_pos_to_fen(pos, fen, sizeof fen);
    if (n < buflen)
        snprintf(buf + n, buflen - n, "    a b c d e f g h i\n\nFen: %s\nKey: %016llX\nCheckers: %s\n", fen,
                 (unsigned long long)pos_key(pos), pos_in_check(pos) ? "yes" : "none");
}
