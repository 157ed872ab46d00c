/*
 * proc/stopsig.c - see proc/stopsig.h. Everything the handler touches is a lock-free
 * atomic; it calls only async-signal-safe functions (kill, waitpid, write,
 * alarm, _exit) and proc_kill_all, which is too.
 */
#include "proc/stopsig.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "proc/proc.h"

static atomic_int level, hard_signal;
static atomic_bool session; /* stopsig_install_session: a soft stop kills too, a second SIGINT exits */
static const char *soft_what = "work";
static struct sigaction old_int, old_term, old_hup, old_alrm, old_xfsz;

static void say(const char *a, const char *b, const char *c)
{
    const char *parts[3] = {a, b, c};
    for (int i = 0; i < 3; i++) {
        ssize_t n = write(STDERR_FILENO, parts[i], strlen(parts[i]));
        (void)n;
    }
}

static void on_signal(int sig, siginfo_t *info, void *context)
{
    (void)context;
    if (sig == SIGALRM) { /* a hard stop that did not end in time */
        proc_kill_all();
        _exit(128 + atomic_load(&hard_signal));
    }
    /* A signal sent by kill() (not a Ctrl-C at the terminal, which reaches
     * the whole foreground group anyway) goes on to a program run to its
     * end: regress's qibench match keeps the same contract. */
    if (info && info->si_code == SI_USER) proc_signal_run(sig);
    if (sig == SIGINT && atomic_load(&session)) {
        if (atomic_exchange(&level, 1) != 0) { /* a second Ctrl-C */
            proc_kill_all();
            say("\nqibench: interrupted again: left at once", "", "\n");
            _exit(130);
        }
        proc_kill_all(); /* an engine's search is worth nothing now */
        say("\nqibench: interrupted: ", soft_what, " (Ctrl-C again to leave at once)\n");
        return;
    }
    if (sig == SIGINT && atomic_load(&level) == 0) {
        atomic_store(&level, 1);
        say("\nqibench: interrupted: finishing the ", soft_what, " in progress (Ctrl-C again to stop at once)\n");
        return;
    }
    if (atomic_exchange(&level, 2) == 2) return;
    atomic_store(&hard_signal, sig);
    proc_kill_all();
    say("\nqibench: stopped at once (", sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP",
        "): engines killed; what had finished is saved\n");
    alarm(STOPSIG_GRACE_S);
}

static void install(const char *what, bool is_session)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    atomic_store(&level, 0);
    atomic_store(&hard_signal, 0);
    atomic_store(&session, is_session);
    soft_what = what;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
    sigaction(SIGALRM, &sa, &old_alrm);
    /* A file grown past RLIMIT_FSIZE fails its write with EFBIG, which the
     * results writers roll back, instead of killing the harness. */
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGXFSZ, &ign, &old_xfsz);
}

void stopsig_install(const char *what) { install(what, false); }

void stopsig_install_session(const char *what) { install(what, true); }

void stopsig_restore(void)
{
    alarm(0);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
    sigaction(SIGALRM, &old_alrm, NULL);
    sigaction(SIGXFSZ, &old_xfsz, NULL);
}

int stopsig_level(void)
{
    return atomic_load(&level);
}

int stopsig_status(void)
{
    int l = atomic_load(&level);
    return l == 0 ? 0 : l == 1 ? 130 : 128 + atomic_load(&hard_signal);
}
