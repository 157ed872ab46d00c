/*
 * players/human.c - the person at the terminal (see players/human.h). The terminal stays in
 * its ordinary line mode: the person edits a line, Enter sends it, Ctrl-D
 * on an empty line is the end of input.
 */
#include "players/human.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "proc/stopsig.h"
#include "util/term.h"

struct Human {
    Player player; /* first: a Human is a Player */
    const Game *game;
    char name[64];
    FILE *in, *out;
    const char *const *commands;
    GameState *state; /* the game as told (begin, on_move) */
    bool told;        /* false: the last game told could not be set up */
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Drops the rest of an overlong line; false if the input ended first. */
static bool skip_line(FILE *in)
{
    for (int c; (c = fgetc(in)) != EOF;)
        if (c == '\n') return true;
    return false;
}

/* Trims ASCII space at both ends, in place. */
static void trim(char *s)
{
    size_t n = strlen(s), start = 0;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n')) s[--n] = '\0';
    while (s[start] == ' ' || s[start] == '\t') start++;
    memmove(s, s + start, n - start + 1);
}

bool human_read_line(Human *h, const char *prompt, char *buf, size_t len)
{
    char raw[HUMAN_LINE_BYTES + 1];
    fputs(prompt, h->out);
    fflush(h->out);
    buf[0] = '\0';
    /* A stop asked while the board was drawn (Ctrl-C outside the read,
     * which it would otherwise only end) ends the input as the read would. */
    if (stopsig_level()) return false;
    if (!fgets(raw, sizeof raw, h->in)) return false;
    size_t n = strlen(raw);
    if (n == sizeof raw - 1 && raw[n - 1] != '\n') {
        bool more = skip_line(h->in);
        fprintf(h->out, "line too long (at most %d bytes): ignored\n", HUMAN_LINE_BYTES - 1);
        return more;
    }
    for (char *c = raw; *c; c++)
        if (*c == '\t') *c = ' ';
    trim(raw);
    term_clean(raw, buf, len);
    return true;
}

/* Tells why a line is refused: not a move (nor a command), or an illegal move. */
static void refuse(Human *h, const char *line, int rc, const char *why)
{
    char clean[512], shown[64];
    term_clean(why, clean, sizeof clean);
    term_clean(line, shown, sizeof shown); /* cut at a character */
    if (rc == MOVE_ILLEGAL) fprintf(h->out, "illegal: %s\n", clean);
    else fprintf(h->out, "'%s' is not a move or a command (type help): %s\n", shown, clean);
}

/* Does line start with one of the session's command words (a whole word)? */
static bool is_command(const Human *h, const char *line)
{
    size_t n = strcspn(line, " \t");
    for (int i = 0; h->commands && h->commands[i]; i++)
        if (strlen(h->commands[i]) == n && strncasecmp(line, h->commands[i], n) == 0) return true;
    return false;
}

static ClientStatus human_go(Player *p, const GoLimits *limits, EngineReply *reply, char *err, size_t errlen)
{
    Human *h = (Human *)p;
    int64_t start = now_ms();
    char prompt[96], line[HUMAN_LINE_BYTES * 2], why[512];
    (void)limits; /* a person is not timed here */
    memset(reply, 0, sizeof *reply);
    if (!h->told) return snprintf(err, errlen, "cannot set up the position"), CLIENT_UNSUPPORTED;
    snprintf(prompt, sizeof prompt, "%s to move> ", h->game->side_name[h->game->side_to_move(h->state)]);
    for (;;) {
        if (!human_read_line(h, prompt, line, sizeof line)) {
            reply->answer = ANSWER_LEFT;
            return CLIENT_OK;
        }
        if (!line[0]) continue;
        reply->wall_ms = now_ms() - start;
        if (is_command(h, line)) {
            reply->answer = ANSWER_COMMAND;
            snprintf(reply->command, sizeof reply->command, "%s", line);
            return CLIENT_OK;
        }
        int rc = h->game->parse_move(h->state, line, NOTATION_ANY, &reply->best, why, sizeof why);
        if (rc == 0) return CLIENT_OK;
        reply->best = MOVE_CODE_NONE;
        refuse(h, line, rc, why);
    }
}

static ClientStatus human_begin(Player *p, const char *root, const MoveCode *moves, int n, char *err, size_t errlen)
{
    Human *h = (Human *)p;
    h->told = game_replay(h->game, h->state, root, moves, n) == 0;
    if (!h->told) return snprintf(err, errlen, "cannot set up the position"), CLIENT_UNSUPPORTED;
    return CLIENT_OK;
}

static ClientStatus human_on_move(Player *p, MoveCode m, char *err, size_t errlen)
{
    Human *h = (Human *)p;
    if (h->told && h->game->play(h->state, m)) return CLIENT_OK;
    h->told = false;
    return snprintf(err, errlen, "cannot set up the position"), CLIENT_UNSUPPORTED;
}

static ClientStatus human_new_game(Player *p)
{
    (void)p;
    return CLIENT_OK;
}

static const char *human_name(const Player *p) { return ((const Human *)p)->name; }

static const PlayerOps HUMAN_PLAYER = {human_new_game, human_begin, human_on_move, human_go, human_name, NULL};

Human *human_new(const Game *game, const char *name, FILE *in, FILE *out, const char *const *commands)
{
    Human *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->player.ops = &HUMAN_PLAYER;
    h->game = game;
    snprintf(h->name, sizeof h->name, "%s", name);
    h->in = in;
    h->out = out;
    h->commands = commands;
    h->state = game->state_new();
    if (!h->state) {
        free(h);
        return NULL;
    }
    return h;
}

void human_free(Human *h)
{
    if (!h) return;
    h->game->state_free(h->state);
    free(h);
}

Player *human_player(Human *h) { return &h->player; }
