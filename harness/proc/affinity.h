/*
 * proc/affinity.h - CPU affinity (--use-affinity [CPU list], fastchess's
 * -use-affinity): the CPU list as taskset reads it ("0-3,6"), the CPUs this
 * process may run on, which CPUs each game slot's engines get, and the
 * pinning itself (Linux sched_setaffinity, done by proc/proc.c in the
 * engine's process between fork and exec).
 *
 * The policy (affinity_slot): a run plays `concurrency` games at once, each
 * in a slot of its own (a match worker); the engines a slot starts are
 * pinned to that slot's CPUs. With n CPUs listed and n >= concurrency,
 * slot s gets the s-th block of n / concurrency CPUs in list order (the
 * n mod concurrency CPUs left over are not used): games running at once
 * never share a CPU, and the two engines of a game share their slot's
 * CPUs (they take turns to think). With fewer CPUs than slots, slot s
 * gets the one CPU s mod n: games share CPUs (affinity_shared, and the
 * caller warns).
 */
#ifndef HARNESS_AFFINITY_H
#define HARNESS_AFFINITY_H

#include <stdbool.h>
#include <stddef.h>

#define AFFINITY_MAX_CPUS 1024 /* CPU numbers 0 .. 1023 (glibc's CPU_SETSIZE) */

/* CPU numbers, ascending, each once. */
typedef struct CpuList {
    int n;
    unsigned short cpu[AFFINITY_MAX_CPUS];
} CpuList;

/* Reads a CPU list as taskset -c takes it: numbers and ranges A-B (A <= B)
 * separated by commas ("0-3,6"), overlaps allowed. Returns 0, or -1 with
 * err naming what was expected. */
int affinity_parse(const char *text, CpuList *out, char *err, size_t errlen);

/* The list as text, ranges joined ("0-3,6"); "" for an empty list. */
void affinity_format(const CpuList *list, char *out, size_t len);

/* The CPUs this process may run on (sched_getaffinity). Returns 0, or -1
 * with err (not Linux: CPU affinity is not supported). */
int affinity_allowed(CpuList *out, char *err, size_t errlen);

/* --use-affinity's value: text NULL (the option alone) is every CPU this
 * process may run on; a list must be well formed and name only those.
 * Returns 0, or -1 with one line in err ("--use-affinity: ..."). */
int affinity_option(const char *text, CpuList *out, char *err, size_t errlen);

/* The CPUs of game slot `slot` (0 .. concurrency - 1) out of list, by the
 * policy above. An empty list gives an empty one. */
void affinity_slot(const CpuList *list, int concurrency, int slot, CpuList *out);

/* Do games running at once share CPUs (fewer CPUs than slots)? */
bool affinity_shared(const CpuList *list, int concurrency);

/* When they do: the warning, one line without its newline ("--use-affinity
 * 0 is 1 CPU for --concurrency 2: games at a time will share CPUs ...",
 * what: "games", "searches"), and true; false otherwise. */
bool affinity_warning(const CpuList *list, int concurrency, const char *what, char *out, size_t len);

/* In the child between fork and exec: pins the calling process to list
 * (NULL or empty: left as it is). Only async-signal-safe work. Returns 0,
 * or -1 with errno set. */
int affinity_pin(const CpuList *list);

#endif
