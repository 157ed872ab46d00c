/*
 * proc/sched.c - how long the scheduler kept a process waiting: the time
 * its threads spent runnable but without a CPU (Linux schedstat), which a
 * busy machine adds to an engine's answer and which the harness does not
 * count against the engine's time (play/gameplay.c).
 */
#include "proc/proc.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The second field of a schedstat file (run delay, ns), or -1. */
static long long run_delay_ns(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    unsigned long long cpu = 0, wait = 0;
    int n = fscanf(f, "%llu %llu", &cpu, &wait);
    fclose(f);
    return n == 2 ? (long long)wait : -1;
}

int64_t proc_run_delay_us(const Proc *p)
{
    char dir[64], path[128];
    snprintf(dir, sizeof dir, "/proc/%ld/task", (long)proc_pid(p));
    DIR *d = opendir(dir);
    if (!d) return 0;
    long long total = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        snprintf(path, sizeof path, "%s/%.20s/schedstat", dir, e->d_name);
        long long ns = run_delay_ns(path);
        if (ns > 0) total += ns;
    }
    closedir(d);
    return (int64_t)(total / 1000);
}

int64_t proc_self_run_delay_us(void)
{
    long long ns = run_delay_ns("/proc/thread-self/schedstat");
    return ns > 0 ? (int64_t)(ns / 1000) : 0;
}
