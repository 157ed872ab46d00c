/*
 * players/variants.c - an engine's search variants, read from its `uci` answer.
 */
#include "players/variants.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "proc/proc.h"
#include "util/util.h"

#define LINE_BYTES 8192

/* Reads the words of a Search combo line into list. */
static void read_combo(char *line, VariantList *list)
{
    char *cursor, *w = strtok_r(line, " \t", &cursor);
    bool var = false, def = false;
    for (; w; w = strtok_r(NULL, " \t", &cursor)) {
        if (var && list->count < VARIANTS_MAX)
            snprintf(list->name[list->count++], VARIANT_NAME_MAX, "%s", w);
        else if (def)
            snprintf(list->fallback, VARIANT_NAME_MAX, "%s", w);
        var = strcmp(w, "var") == 0;
        def = strcmp(w, "default") == 0;
    }
}

int variants_of_engine(const char *cmd, int timeout_ms, VariantList *list, char *err, size_t errlen)
{
    static const char COMBO[] = "option name Search type combo ";
    char line[LINE_BYTES], why[256];
    memset(list, 0, sizeof *list);
    ProcSpec spec = {cmd, NULL, NULL, NULL, NULL, "variants", NULL};
    Proc *p = proc_start(&spec, why, sizeof why);
    if (!p) return snprintf(err, errlen, "%s", why), -1;
    int64_t deadline = util_monotonic_ms() + timeout_ms;
    bool ok = proc_send(p, "uci") == 0;
    while (ok) {
        int64_t left = deadline - util_monotonic_ms();
        if (left <= 0 || proc_read_line(p, line, sizeof line, (int)left) != PROC_LINE) {
            ok = false;
            break;
        }
        if (strncmp(line, COMBO, sizeof COMBO - 1) == 0) read_combo(line + sizeof COMBO - 1, list);
        if (strcmp(line, "uciok") == 0) break;
    }
    proc_stop(p, "quit", 1000);
    proc_free(p);
    if (!ok) return snprintf(err, errlen, "%s: no uciok in %d ms", cmd, timeout_ms), -1;
    if (list->count == 0) return snprintf(err, errlen, "%s offers no Search variants (no Search combo option)", cmd), -1;
    return 0;
}

int variants_find(const VariantList *list, const char *name)
{
    for (int i = 0; i < list->count; i++)
        if (strcmp(list->name[i], name) == 0) return i;
    return -1;
}
