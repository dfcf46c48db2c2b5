// SPDX-License-Identifier: Apache-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>

#include "thread_placement.h"

int vouch_thread_place(void) {
    cpu_set_t allowed;
    int cpu = sched_getcpu();
    if (cpu < 0 || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    int place = 0;
    for (int index = 0; index < cpu && index < CPU_SETSIZE; index++) place += CPU_ISSET(index, &allowed) != 0;
    return place;
}

/// The CPU at `place` (modulo their number) among `allowed`; -1 when fewer than two are allowed.
static int cpu_at_place(const cpu_set_t *allowed, int place) {
    int count = CPU_COUNT(allowed);
    if (place < 0 || count < 2) return -1;
    int wanted = place % count, seen = 0;
    for (int index = 0; index < CPU_SETSIZE; index++) {
        if (CPU_ISSET(index, allowed) && seen++ == wanted) return index;
    }
    return -1;
}

struct thread_start {
    void (*body)(void *);
    void *context;
    /// The CPUs the thread may run on once started; unused when `placed` is 0.
    cpu_set_t allowed;
    int placed;
};

static void *thread_main(void *argument) {
    struct thread_start start = *(struct thread_start *)argument;
    free(argument);
    if (start.placed) sched_setaffinity(0, sizeof start.allowed, &start.allowed);
    start.body(start.context);
    return NULL;
}

int vouch_thread_start(int place, void (*body)(void *context), void *context, pthread_t *thread) {
    struct thread_start *start = malloc(sizeof *start);
    if (start == NULL) return ENOMEM;
    start->body = body;
    start->context = context;
    start->placed = 0;
    pthread_attr_t attributes;
    int status = pthread_attr_init(&attributes);
    if (status != 0) {
        free(start);
        return status;
    }
    // Made to start where it should rather than moved after: a new thread is queued on its
    // creator's CPU, and a virtual machine's scheduler can leave it waiting there for a tick
    // (4 ms) while the other CPUs idle.
    int cpu = sched_getaffinity(0, sizeof start->allowed, &start->allowed) == 0 ? cpu_at_place(&start->allowed, place) : -1;
    cpu_set_t one;
    if (cpu >= 0) {
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        start->placed = pthread_attr_setaffinity_np(&attributes, sizeof one, &one) == 0;
    }
    // Signals sent to the process are left to its other threads (the host's, or the command's
    // main thread), as a thread pool's workers leave them; faults stay this thread's own. A new
    // thread starts with its maker's mask, so the maker blocks them while it makes it (sanitizers'
    // threads start so too, where a mask in the attributes would be set aside).
    sigset_t blocked, kept;
    sigfillset(&blocked);
    const int faults[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS};
    for (size_t index = 0; index < sizeof faults / sizeof faults[0]; index++) sigdelset(&blocked, faults[index]);
    pthread_sigmask(SIG_SETMASK, &blocked, &kept);
    status = pthread_create(thread, &attributes, thread_main, start);
    if (status == EINVAL && start->placed) {
        // The CPU was taken away since it was asked for: start it anywhere.
        start->placed = 0;
        pthread_attr_setaffinity_np(&attributes, 0, &one);  // a size of 0: none
        status = pthread_create(thread, &attributes, thread_main, start);
    }
    pthread_sigmask(SIG_SETMASK, &kept, NULL);
    pthread_attr_destroy(&attributes);
    if (status != 0) free(start);
    return status;
}
