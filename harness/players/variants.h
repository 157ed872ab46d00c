/*
 * players/variants.h - the search variants an engine offers, asked of the engine
 * itself: the `var` values of its UCI `Search` combo option. The harness
 * links no search code; this is how -variant-engines and help learn the
 * names (our engines list their registry there, in order).
 */
#ifndef HARNESS_VARIANTS_H
#define HARNESS_VARIANTS_H

#include <stddef.h>

#define VARIANTS_MAX 64
#define VARIANT_NAME_MAX 64

typedef struct {
    char name[VARIANTS_MAX][VARIANT_NAME_MAX];
    int count;
    char fallback[VARIANT_NAME_MAX]; /* the combo's default */
} VariantList;

/*
 * Starts cmd, sends `uci`, reads until `uciok` (at most timeout_ms) and
 * fills list from `option name Search type combo default D var A var B ...`.
 * Returns 0, or -1 with a one-line reason in err (the engine did not start,
 * did not answer, or offers no Search combo).
 */
int variants_of_engine(const char *cmd, int timeout_ms, VariantList *list, char *err, size_t errlen);

/* The index of name in list, or -1. */
int variants_find(const VariantList *list, const char *name);

#endif
