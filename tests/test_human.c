/*
 * test_human.c - the person at the terminal (players/human.c): a line read
 * and cleaned, and a Ctrl-C that came while the board was drawn (outside the
 * read) ending the input at once instead of waiting for Enter.
 *
 * Expected values are the inputs themselves (hand-written lines).
 */
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "games/game.h"
#include "players/human.h"
#include "proc/stopsig.h"
#include "testhelp.h"

int main(void)
{
    int fds[2];
    if (pipe(fds)) return perror("pipe"), 1;
    FILE *in = fdopen(fds[0], "r"), *out = fopen("/dev/null", "w");
    Human *h = in && out ? human_new(game_default(), "you", in, out, NULL) : NULL;
    CHECK(h != NULL, "a human at a pipe");
    if (!h) return TEST_REPORT();
    char line[256];
    const char *typed = "  h2e2\t \n";
    CHECK(write(fds[1], typed, strlen(typed)) == (ssize_t)strlen(typed), "typed");
    CHECK(human_read_line(h, "> ", line, sizeof line) && strcmp(line, "h2e2") == 0, "a line, trimmed: '%s'", line);

    /* Ctrl-C between two reads: the next read does not wait for a line
     * (none will come; the write end stays open). SIGALRM after 5 s is the
     * session's own hard stop: a read that waited would end the test. */
    stopsig_install_session("the test");
    alarm(STOPSIG_GRACE_S);
    raise(SIGINT);
    CHECK(stopsig_level() == 1, "the first Ctrl-C asks for a stop");
    CHECK(!human_read_line(h, "> ", line, sizeof line) && line[0] == '\0', "no line read after Ctrl-C");
    alarm(0);
    stopsig_restore();
    human_free(h);
    fclose(in);
    fclose(out);
    close(fds[1]);
    return TEST_REPORT();
}
