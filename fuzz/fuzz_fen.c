/*
 * fuzz_fen.c - libFuzzer target for the FEN parser (xq_pos_from_fen).
 *
 * The input, cut at its first NUL, is a FEN. A rejected FEN must come with a
 * one-line reason. An accepted one must describe a consistent position, and
 * everything downstream must agree with it:
 *   1. xq_pos_to_fen's text parses again to the same position and the same text;
 *   2. the piece lists, counts, generals, key and score match the board;
 *   3. the legal moves are legal (own piece moved, no own capture, own
 *      general safe), xq_count_legal and xq_gen_captures agree with xq_gen_legal, and
 *      every move made and unmade restores the position exactly, with the
 *      incremental key and score equal to the ones computed from scratch;
 *   4. the position after each legal move is accepted by the FEN parser;
 *   5. every legal move, written in each notation, reads back as itself.
 * A broken rule calls abort(), which libFuzzer (or fuzz/driver.c) reports.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "board.h"
#include "eval.h"
#include "movegen.h"
#include "notation.h"

/* Longer inputs only repeat what shorter ones test (fields are 127 bytes). */
#define FUZZ_FEN_MAX_INPUT 4096
/* xq_pos_from_fen accepts move counters up to this; xq_pos_to_fen may go past it. */
#define FEN_COUNTER_MAX 100000


/* Too big for the stack of a sanitized build; one of each is enough. */
static Position pos, again;

static void fail(const char *what, const char *fen)
{
    fprintf(stderr, "fuzz_fen: %s\n  fen: %s\n", what, fen);
    abort();
}

/* 2. The redundant parts of p agree with its board. */
static void check_consistent(const Position *p, const char *fen)
{
    int count[2] = {0, 0}, kinds[16] = {0};
    for (int sq = 0; sq < 256; sq++) {
        int piece = p->board[sq];
        if (!xq_sq_on_board(sq)) {
            if (piece != OFF) fail("a square off the board is not OFF", fen);
            continue;
        }
        if (piece == EMPTY) continue;
        if (piece & ~15 || PIECE_TYPE(piece) == EMPTY) fail("a bad piece code on the board", fen);
        int c = PIECE_COLOUR(piece);
        if (p->slot[sq] >= p->count[c] || p->list[c][p->slot[sq]] != sq) fail("piece list and slot disagree", fen);
        if (PIECE_TYPE(piece) == GENERAL && p->king[c] != sq) fail("king[] is not the general's square", fen);
        count[c]++;
        kinds[piece]++;
    }
    if (count[RED] != p->count[RED] || count[BLACK] != p->count[BLACK]) fail("count[] is wrong", fen);
    for (int piece = 0; piece < 16; piece++)
        if (piece != EMPTY && kinds[piece] != p->kinds[piece]) fail("kinds[] is wrong", fen);
    if (pos_key(p) != xq_pos_compute_key(p)) fail("the key is not the key computed from scratch", fen);
    if (pos_score(p) != xq_pos_compute_score(p)) fail("the score is not the score computed from scratch", fen);
    if (pos_in_check(p) != xq_pos_general_attacked(p, p->side)) fail("in_check is wrong", fen);
    if (xq_pos_general_attacked(p, !p->side)) fail("the side not to move is in check", fen);
}

/* 1. The FEN that p prints parses again to the same position and text. */
static void check_round_trip(const Position *p, const char *fen)
{
    char printed[160], reprinted[160], err[160];
    xq_pos_to_fen(p, printed, sizeof printed);
    if (xq_pos_from_fen(&again, printed, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_fen: printed FEN '%s' rejected: %s\n", printed, err);
        fail("the printed FEN does not parse", fen);
    }
    xq_pos_to_fen(&again, reprinted, sizeof reprinted);
    if (strcmp(printed, reprinted) != 0) {
        fprintf(stderr, "fuzz_fen: '%s' became '%s'\n", printed, reprinted);
        fail("the FEN round trip changed the text", fen);
    }
    if (memcmp(p->board, again.board, sizeof p->board) != 0 || p->side != again.side
        || pos_key(p) != pos_key(&again))
        fail("the FEN round trip changed the position", fen);
}

/* 5. m written in every notation reads back as m. */
static void check_notation(Position *p, Move m, const char *fen)
{
    static const Notation ALL[4] = {NOTATION_ICCS, NOTATION_FAIRY, NOTATION_WXF, NOTATION_CHINESE};
    for (int i = 0; i < 4; i++) {
        char text[MOVE_TEXT_MAX], err[200];
        Move back = MOVE_NONE;
        if (xq_move_to_text(p, m, ALL[i], text, sizeof text) != 0) fail("xq_move_to_text refused a legal move", fen);
        if (xq_move_parse(p, text, ALL[i], &back, err, sizeof err) != 0 || back != m) {
            char iccs[8];
            xq_move_to_iccs(m, iccs);
            fprintf(stderr, "fuzz_fen: %s written as '%s' (notation %d) reads back %s\n", iccs, text, i,
                    back == m ? "" : err);
            fail("a written move does not read back as itself", fen);
        }
        if (ALL[i] != NOTATION_FAIRY && (xq_move_parse_any(p, text, &back, err, sizeof err) != 0 || back != m))
            fail("xq_move_parse_any reads a written move differently", fen);
    }
}

/* 4. The position after a legal move is one the FEN parser accepts. */
static void check_reached(const Position *p, const char *fen)
{
    char printed[160], err[160];
    if (pos_halfmove(p) >= FEN_COUNTER_MAX || p->fullmove >= FEN_COUNTER_MAX - 1) return;
    xq_pos_to_fen(p, printed, sizeof printed);
    if (xq_pos_from_fen(&again, printed, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_fen: after a move, '%s' is rejected: %s\n", printed, err);
        fail("a position reached by a legal move does not parse", fen);
    }
}

/* 3. Each legal move is legal, and make/unmake restores everything. */
static void check_moves(Position *p, const char *fen)
{
    Move list[MAX_MOVES], caps[MAX_MOVES];
    Position *before = malloc(sizeof *before);
    if (!before) abort();
    int n = xq_gen_legal(p, list), ncaps = xq_gen_captures(p, caps), captures = 0;
    if (n < 0 || n > MAX_MOVES || ncaps < 0 || ncaps > n) fail("a move count out of range", fen);
    if (xq_count_legal(p) != n) fail("xq_count_legal differs from xq_gen_legal", fen);
    memcpy(before, p, sizeof *before);
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        int from = MOVE_FROM(m), to = MOVE_TO(m), us = p->side;
        if (!xq_sq_on_board(from) || !xq_sq_on_board(to)) fail("a move off the board", fen);
        if (p->board[from] == EMPTY || PIECE_COLOUR(p->board[from]) != us) fail("a move of no own piece", fen);
        if (p->board[to] != EMPTY && PIECE_COLOUR(p->board[to]) == us) fail("a move capturing an own piece", fen);
        if (!xq_move_is_legal(p, m)) fail("xq_move_is_legal rejects a generated move", fen);
        captures += p->board[to] != EMPTY;
        if (!xq_pos_make_move(p, m)) fail("xq_pos_make_move refused a move at ply 0", fen);
        if (xq_pos_general_attacked(p, us)) fail("a legal move leaves the own general attacked", fen);
        check_consistent(p, fen);
        check_reached(p, fen);
        xq_pos_unmake_move(p);
        if (memcmp(p->board, before->board, sizeof p->board) != 0 || memcmp(p->list, before->list, sizeof p->list) != 0
            || memcmp(p->count, before->count, sizeof p->count) != 0
            || memcmp(p->kinds, before->kinds, sizeof p->kinds) != 0 || p->side != before->side
            || p->ply != before->ply || memcmp(p->king, before->king, sizeof p->king) != 0)
            fail("make + unmake did not restore the position", fen);
        check_notation(p, m, fen);
    }
    if (captures != ncaps) fail("xq_gen_captures differs from the captures of xq_gen_legal", fen);
    for (int i = 0; i < ncaps; i++) {
        bool found = false;
        for (int j = 0; j < n && !found; j++) found = caps[i] == list[j];
        if (!found) fail("xq_gen_captures gave a move xq_gen_legal did not", fen);
    }
    free(before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[160];
    fuzz_init_tables();
    if (size > FUZZ_FEN_MAX_INPUT) return 0;
    char *fen = malloc(size + 1);
    if (!fen) abort();
    memcpy(fen, data, size);
    fen[size] = '\0';
    memset(err, 0x55, sizeof err);
    if (xq_pos_from_fen(&pos, fen, err, sizeof err) != 0) {
        if (!memchr(err, '\0', sizeof err) || strchr(err, '\n') || err[0] == '\0')
            fail("a rejected FEN without a one-line reason", fen);
    } else {
        check_consistent(&pos, fen);
        check_round_trip(&pos, fen);
        check_moves(&pos, fen);
    }
    free(fen);
    return 0;
}
