/*
 * play/save.c - saving the games of `qibench play`: each game appended to
 * RESULTS/play-YYYYMMDD-HHMMSS/game.pgn (and game.sgf), and `save FILE`.
 */
#include "play/save.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "formats/pgn.h"
#include "formats/sgf.h"
#include "play/view.h"
#include "util/util.h"

/* Creates RESULTS/play-YYYYMMDD-HHMMSS (with -2, -3 ... when it exists: an
 * existing folder is never written into). */
static int make_run_dir(Play *p)
{
    char stamp[32];
    time_t t = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&t));
    if (util_make_dirs(p->results_root)) return -1;
    for (int k = 1; k < 1000; k++) {
        if (k == 1) snprintf(p->run_dir, sizeof p->run_dir, "%.900s/play-%s", p->results_root, stamp);
        else snprintf(p->run_dir, sizeof p->run_dir, "%.900s/play-%s-%d", p->results_root, stamp, k);
        if (mkdir(p->run_dir, 0777) == 0) return 0;
        if (errno != EEXIST) break;
    }
    p->run_dir[0] = '\0';
    return -1;
}

int save_write_game(const Play *p, const char *path, bool sgf, bool append)
{
    char date[16];
    time_t t = time(NULL);
    strftime(date, sizeof date, "%Y.%m.%d", localtime(&t));
    PgnTags tags = {"qibench play", "?", date, p->saved + 1, view_side_name(p, 0), view_side_name(p, 1), "-",
                    NULL, NULL, NULL};
    FILE *f = fopen(path, append ? "a" : "w");
    if (!f) return -1;
    int rc = sgf ? sgf_write(f, p->game, &tags, p->rec) : pgn_write(f, p->game, &tags, p->rec);
    if (fclose(f) != 0) rc = -1;
    return rc;
}

void save_game(Play *p)
{
    char path[PLAY_PATH_BYTES + 16];
    if (!p->dirty || p->rec->plies <= p->rec->opening_plies) return; /* nothing played */
    p->dirty = false;
    if (!p->run_dir[0] && make_run_dir(p)) {
        snprintf(p->message, sizeof p->message, "cannot create a folder under %s: %s", p->results_root,
                 strerror(errno));
        p->save_failed = true;
        return;
    }
    snprintf(path, sizeof path, "%s/game.pgn", p->run_dir);
    bool ok = save_write_game(p, path, false, true) == 0;
    if (ok && p->game->sgf) {
        snprintf(path, sizeof path, "%s/game.sgf", p->run_dir);
        ok = save_write_game(p, path, true, true) == 0;
    }
    p->save_failed |= !ok;
    p->saved += ok;
    snprintf(p->message + strlen(p->message), sizeof p->message - strlen(p->message), "%sgame %d %s %s/game.pgn%s",
             p->message[0] ? "\n" : "", p->saved + !ok, ok ? "saved in" : "could not be saved in", p->run_dir,
             p->game->sgf ? " and game.sgf" : "");
}
