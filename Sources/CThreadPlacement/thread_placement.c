// SPDX-License-Identifier: Apache-2.0
#define _GNU_SOURCE
#include <sched.h>

#include "thread_placement.h"

int vouch_thread_place(void) {
    cpu_set_t allowed;
    int cpu = sched_getcpu();
    if (cpu < 0 || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    int place = 0;
    for (int index = 0; index < cpu && index < CPU_SETSIZE; index++) place += CPU_ISSET(index, &allowed) != 0;
    return place;
}

int vouch_thread_move_to_place(int place) {
    cpu_set_t allowed;
    if (place < 0 || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    int count = CPU_COUNT(&allowed);
    if (count < 2) return -1;
    int wanted = place % count, seen = 0, cpu = -1;
    for (int index = 0; index < CPU_SETSIZE && cpu < 0; index++) {
        if (CPU_ISSET(index, &allowed) && seen++ == wanted) cpu = index;
    }
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) return -1;
    return sched_setaffinity(0, sizeof allowed, &allowed) == 0 ? 0 : -1;
}
