// SPDX-License-Identifier: Apache-2.0
// Where a thread runs, for the checking pipeline's threads (Sources/VouchBatch/HelperThread.swift):
// the CPUs a thread may run on are counted in order, the first at place 0.
#ifndef VOUCH_THREAD_PLACEMENT_H
#define VOUCH_THREAD_PLACEMENT_H

#include <pthread.h>

/// The place among the CPUs it may run on of the CPU the calling thread runs on now; -1 when it
/// cannot be told.
int vouch_thread_place(void);

/// Starts a joinable thread that runs `body(context)`. With `place` 0 or more, and more than one
/// CPU allowed, the thread is made to start on the CPU at `place` (modulo their number) among those
/// the caller may run on, and then lets it run on all of them, as the caller may: the scheduler
/// moves it on from there as it would any thread. The thread blocks every signal but those of
/// faults (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS). 0 when the thread was started (its
/// ID in `thread`), or the error number of `pthread_create`.
int vouch_thread_start(int place, void (*body)(void *context), void *context, pthread_t *thread);

#endif
