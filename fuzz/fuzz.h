/*
 * fuzz.h - what every fuzz target shares: the libFuzzer entry point's
 * prototype and the engine's tables, built at the first input.
 */
#ifndef FUZZ_FUZZ_H
#define FUZZ_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "eval.h"
#include "movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* xq_board_init, xq_movegen_init and xq_eval_init, once per process. */
static inline void fuzz_init_tables(void)
{
    static bool done;
    if (done) return;
    xq_board_init();
    xq_movegen_init();
    xq_eval_init();
    done = true;
}

#endif
