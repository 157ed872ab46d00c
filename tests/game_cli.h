/*
 * game_cli.h - what the rules cores' command-line front ends share
 * (tests/amazons/amazons_cli.c, tests/ataxx/ataxx_cli.c): a whole-number
 * argument, a millisecond clock and the seeded random sequence of their
 * `random` games.
 */
#ifndef GAME_CLI_H
#define GAME_CLI_H

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

/* Parses a whole decimal argument in [lo, hi]; returns -1 if it is not one. */
static inline long cli_parse_arg(const char *s, long lo, long hi)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) return -1;
    return v;
}

/* A monotonic clock in milliseconds. */
static inline double cli_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* xorshift64*: the random games are the same on every machine for a seed. */
static inline uint64_t cli_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

#endif
