/*
 * proc/sched.c - how long the machine kept a process waiting: the time its
 * threads spent runnable but without a CPU (Linux schedstat), and the time
 * a virtual machine's host ran something else on every CPU (steal time,
 * /proc/stat), which a busy machine adds to an engine's answer and which
 * the harness does not count against the engine's time (play/gameplay.c).
 */
#include "proc/proc.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

int64_t proc_steal_us(void)
{
    FILE *f = fopen("/proc/stat", "r");
    if (!f) return 0;
    char line[512];
    long long least = -1;
    /* "cpuN user nice system idle iowait irq softirq steal ...", in clock ticks */
    while (fgets(line, sizeof line, f) && strncmp(line, "cpu", 3) == 0) {
        unsigned long long v[8];
        if (line[3] < '0' || line[3] > '9') continue; /* the "cpu" total line */
        if (sscanf(line + 3, "%*u %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
                   &v[6], &v[7]) != 8)
            continue;
        if (least < 0 || (long long)v[7] < least) least = (long long)v[7];
    }
    fclose(f);
    long hz = sysconf(_SC_CLK_TCK);
    return least > 0 && hz > 0 ? (int64_t)(least * 1000000 / hz) : 0;
}
