/*
 * Crash signals in a process that runs Vouch: see crash_signals.c. Nothing to call: the library's
 * constructor does its work when libvouch or the vouch command is loaded.
 */
#ifndef VOUCH_CRASH_SIGNALS_H
#define VOUCH_CRASH_SIGNALS_H

/* Whether the constructor took Swift's crash handler away (1) or left it, as asked (0). */
int crash_signals_swift_handler_removed(void);

#endif
