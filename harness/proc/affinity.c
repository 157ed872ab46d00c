/*
 * proc/affinity.c - CPU lists, the CPUs of each game slot, and pinning a
 * process to them (proc/affinity.h has the policy).
 */
#ifdef __linux__
#define _GNU_SOURCE /* cpu_set_t, sched_getaffinity, sched_setaffinity */
#include <sched.h>
#endif
#include "proc/affinity.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/util.h"

/* A CPU number at *p (digits only, below AFFINITY_MAX_CPUS); moves *p past
 * it. Returns it, or -1. */
static int read_cpu(const char **p)
{
    int v = 0, digits = 0;
    for (; **p >= '0' && **p <= '9'; (*p)++, digits++) {
        v = v * 10 + (**p - '0');
        if (v >= AFFINITY_MAX_CPUS) return -1;
    }
    return digits ? v : -1;
}

/* The list from a mask of AFFINITY_MAX_CPUS flags. */
static void from_flags(const bool *on, CpuList *out)
{
    out->n = 0;
    for (int c = 0; c < AFFINITY_MAX_CPUS; c++)
        if (on[c]) out->cpu[out->n++] = (unsigned short)c;
}

int affinity_parse(const char *text, CpuList *out, char *err, size_t errlen)
{
    bool on[AFFINITY_MAX_CPUS] = {false};
    const char *p = text;
    out->n = 0;
    for (;;) {
        int a = read_cpu(&p), b = a;
        if (a >= 0 && *p == '-') p++, b = read_cpu(&p);
        if (a < 0 || b < a || (*p != ',' && *p != '\0'))
            return util_fail(err, errlen, "bad CPU list '%s' (expected CPU numbers from 0 to %d and ranges A-B "
                             "with A <= B, separated by commas, such as 0-3,6)", text, AFFINITY_MAX_CPUS - 1);
        for (int c = a; c <= b; c++) on[c] = true;
        if (*p++ == '\0') break;
    }
    from_flags(on, out);
    return 0;
}

void affinity_format(const CpuList *list, char *out, size_t len)
{
    size_t used = 0;
    if (len) out[0] = '\0';
    for (int i = 0; i < list->n && used < len;) {
        int j = i;
        while (j + 1 < list->n && list->cpu[j + 1] == list->cpu[j] + 1) j++;
        int w = j > i ? snprintf(out + used, len - used, "%s%d-%d", i ? "," : "", list->cpu[i], list->cpu[j])
                      : snprintf(out + used, len - used, "%s%d", i ? "," : "", list->cpu[i]);
        if (w < 0) break;
        used += (size_t)w;
        i = j + 1;
    }
}

int affinity_allowed(CpuList *out, char *err, size_t errlen)
{
    out->n = 0;
#ifdef __linux__
    cpu_set_t set;
    bool on[AFFINITY_MAX_CPUS] = {false};
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return util_fail(err, errlen, "cannot read the CPUs this process may run on: %s", strerror(errno));
    for (int c = 0; c < AFFINITY_MAX_CPUS && c < CPU_SETSIZE; c++) on[c] = CPU_ISSET(c, &set);
    from_flags(on, out);
    return 0;
#else
    return util_fail(err, errlen, "CPU affinity is supported on Linux only");
#endif
}

int affinity_option(const char *text, CpuList *out, char *err, size_t errlen)
{
    static CpuList allowed; /* read on the main thread, before any game */
    char why[256], may[512];
    if (affinity_allowed(&allowed, why, sizeof why)) return util_fail(err, errlen, "--use-affinity: %s", why);
    if (!text) return *out = allowed, 0;
    if (affinity_parse(text, out, why, sizeof why)) return util_fail(err, errlen, "--use-affinity: %s", why);
    for (int i = 0, k = 0; i < out->n; i++) {
        while (k < allowed.n && allowed.cpu[k] < out->cpu[i]) k++;
        if (k == allowed.n || allowed.cpu[k] != out->cpu[i]) {
            affinity_format(&allowed, may, sizeof may);
            return util_fail(err, errlen, "--use-affinity: CPU %d is not one qibench may run on (it may run on %s)",
                             out->cpu[i], may);
        }
    }
    return 0;
}

void affinity_slot(const CpuList *list, int concurrency, int slot, CpuList *out)
{
    int slots = concurrency > 0 ? concurrency : 1;
    out->n = 0;
    if (list->n == 0) return;
    if (list->n < slots) { /* shared: one CPU each, round the list */
        out->cpu[out->n++] = list->cpu[slot % list->n];
        return;
    }
    int each = list->n / slots;
    for (int i = 0; i < each; i++) out->cpu[out->n++] = list->cpu[(slot % slots) * each + i];
}

bool affinity_shared(const CpuList *list, int concurrency)
{
    return list->n > 0 && list->n < concurrency;
}

bool affinity_warning(const CpuList *list, int concurrency, const char *what, char *out, size_t len)
{
    char cpus[256];
    if (!affinity_shared(list, concurrency)) return false;
    affinity_format(list, cpus, sizeof cpus);
    snprintf(out, len, "--use-affinity %s is %d CPU%s for --concurrency %d: %s at a time will share CPUs (each slot "
             "pinned to one CPU of the list, in turn)", cpus, list->n, list->n == 1 ? "" : "s", concurrency, what);
    return true;
}

int affinity_pin(const CpuList *list)
{
    if (!list || list->n == 0) return 0;
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int i = 0; i < list->n; i++) CPU_SET(list->cpu[i], &set);
    return sched_setaffinity(0, sizeof set, &set);
#else
    errno = ENOSYS;
    return -1;
#endif
}
