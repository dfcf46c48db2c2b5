// SPDX-License-Identifier: Apache-2.0
// Where a thread runs, for the checking pipeline's threads (Sources/VouchBatch/CheckPipeline.swift):
// the CPUs a thread may run on are counted in order, the first at place 0.
#ifndef VOUCH_THREAD_PLACEMENT_H
#define VOUCH_THREAD_PLACEMENT_H

/// The place among the CPUs it may run on of the CPU the calling thread runs on now; -1 when it
/// cannot be told.
int vouch_thread_place(void);

/// Moves the calling thread to the CPU at `place` (modulo their number) among those it may run on,
/// then lets it run on all of them again, as before: the scheduler moves it on from there as it
/// would any thread. 0 when it was moved; -1 when not (one CPU allowed, or the calls refused).
int vouch_thread_move_to_place(int place);

#endif
