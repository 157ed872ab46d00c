/*
 * test_affinity.c - CPU lists as taskset reads them and the CPUs each game
 * slot gets (harness/proc/affinity.c): blocks of n / concurrency CPUs,
 * disjoint; fewer CPUs than slots: one each, round the list.
 */
#include <string.h>

#include "proc/affinity.h"
#include "testhelp.h"

/* list as text ("" when it does not parse) */
static const char *parsed(const char *text)
{
    static char out[256];
    CpuList l;
    char err[256];
    if (affinity_parse(text, &l, err, sizeof err)) return "";
    affinity_format(&l, out, sizeof out);
    return out;
}

static void test_parse(void)
{
    CHECK(strcmp(parsed("0"), "0") == 0, "0");
    CHECK(strcmp(parsed("0-3,6"), "0-3,6") == 0, "0-3,6: %s", parsed("0-3,6"));
    CHECK(strcmp(parsed("6,0-3"), "0-3,6") == 0, "order does not matter");
    CHECK(strcmp(parsed("1,2,3,5,7-8"), "1-3,5,7-8") == 0, "ranges joined: %s", parsed("1,2,3,5,7-8"));
    CHECK(strcmp(parsed("0-2,1-4"), "0-4") == 0, "overlaps");
    CHECK(strcmp(parsed("3-3"), "3") == 0, "a range of one");
    CHECK(strcmp(parsed("1023"), "1023") == 0, "the highest CPU");
    static const char *const bad[] = {"", ",", "0,", ",0", "0,,1", "a", "1-", "-1", "3-1", "0-3:2", " 1", "1 ",
                                      "1024", "0x1", "1--2", "1-2-3", "99999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CpuList l;
        char err[256] = "";
        CHECK(affinity_parse(bad[i], &l, err, sizeof err) == -1 && strstr(err, "expected CPU numbers"),
              "'%s' refused, naming what was expected: %s", bad[i], err);
    }
}

/* slot's CPUs as text */
static const char *slot_of(const char *list, int concurrency, int slot)
{
    static char out[256];
    CpuList l, s;
    char err[256];
    if (affinity_parse(list, &l, err, sizeof err)) return "?";
    affinity_slot(&l, concurrency, slot, &s);
    affinity_format(&s, out, sizeof out);
    return out;
}

static void test_slots(void)
{
    CHECK(strcmp(slot_of("0-1", 2, 0), "0") == 0 && strcmp(slot_of("0-1", 2, 1), "1") == 0, "2 CPUs, 2 slots");
    CHECK(strcmp(slot_of("0-1", 1, 0), "0-1") == 0, "1 slot: every CPU");
    CHECK(strcmp(slot_of("0-7", 2, 0), "0-3") == 0 && strcmp(slot_of("0-7", 2, 1), "4-7") == 0, "8 CPUs, 2 slots");
    CHECK(strcmp(slot_of("0-3,6", 2, 0), "0-1") == 0 && strcmp(slot_of("0-3,6", 2, 1), "2-3") == 0,
          "5 CPUs, 2 slots: 2 each, CPU 6 left over");
    CHECK(strcmp(slot_of("2,4,6", 3, 2), "6") == 0, "in list order");
    /* fewer CPUs than slots: one each, round the list */
    CHECK(strcmp(slot_of("0", 2, 0), "0") == 0 && strcmp(slot_of("0", 2, 1), "0") == 0, "1 CPU, 2 slots");
    CHECK(strcmp(slot_of("4-5", 3, 2), "4") == 0 && strcmp(slot_of("4-5", 3, 1), "5") == 0, "2 CPUs, 3 slots");
    CpuList l, a, b;
    char err[256];
    affinity_parse("0-1", &l, err, sizeof err);
    CHECK(affinity_shared(&l, 3) && !affinity_shared(&l, 2) && !affinity_shared(&l, 1), "shared below 1 CPU a slot");
    char warning[256] = "";
    CHECK(!affinity_warning(&l, 2, "games", warning, sizeof warning) && !warning[0], "no warning with a CPU a slot");
    CHECK(affinity_warning(&l, 3, "searches", warning, sizeof warning)
              && strcmp(warning, "--use-affinity 0-1 is 2 CPUs for --concurrency 3: searches at a time will share "
                                 "CPUs (each slot pinned to one CPU of the list, in turn)") == 0,
          "the warning: %s", warning);
    /* disjoint: every pair of slots, many lists and concurrencies, whenever there are enough CPUs */
    int overlaps = 0, empty = 0;
    for (int n = 1; n <= 40; n++) {
        l.n = n;
        for (int i = 0; i < n; i++) l.cpu[i] = (unsigned short)(3 * i + 1);
        for (int c = 1; c <= n; c++)
            for (int s = 0; s < c; s++) {
                affinity_slot(&l, c, s, &a);
                empty += a.n != n / c;
                for (int t = s + 1; t < c; t++) {
                    affinity_slot(&l, c, t, &b);
                    for (int x = 0; x < a.n; x++)
                        for (int y = 0; y < b.n; y++) overlaps += a.cpu[x] == b.cpu[y];
                }
            }
    }
    CHECK(overlaps == 0 && empty == 0, "slots disjoint, n / concurrency CPUs each: %d overlaps, %d wrong sizes",
          overlaps, empty);
}

static void test_option(void)
{
    CpuList allowed, l;
    char err[512] = "", text[256];
    CHECK(affinity_allowed(&allowed, err, sizeof err) == 0 && allowed.n >= 1, "the CPUs this process may run on");
    CHECK(affinity_option(NULL, &l, err, sizeof err) == 0 && l.n == allowed.n, "the option alone: every one");
    affinity_format(&allowed, text, sizeof text);
    CHECK(affinity_option(text, &l, err, sizeof err) == 0 && l.n == allowed.n, "the allowed list: %s", err);
    CHECK(affinity_option("1023", &l, err, sizeof err) == -1 && strstr(err, "CPU 1023 is not one qibench may run on"),
          "a CPU out of reach refused: %s", err);
    CHECK(affinity_option("0-", &l, err, sizeof err) == -1 && strncmp(err, "--use-affinity: bad CPU list '0-'", 33) == 0,
          "malformed: %s", err);
}

int main(void)
{
    test_parse();
    test_slots();
    test_option();
    return TEST_REPORT();
}
