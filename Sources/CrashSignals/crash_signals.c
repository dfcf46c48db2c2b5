/*
 * Swift's runtime installs its crash handler (the backtracer) on SIGSEGV, SIGBUS, SIGILL, SIGFPE,
 * SIGABRT and SIGTRAP in every process it is loaded into, where no other handler is installed; on
 * a crash it prints, beside each register, the bytes of memory the register points at: the value
 * being checked, a password among them. In the vouch command and in libvouch's hosts (a C program,
 * Python), a crash must tell nothing: this constructor, which runs after the Swift runtime's as the
 * runtime is a dependency, puts back the default action where the handler is the Swift runtime's
 * (and so where there was none before), unless VOUCH_CRASH_HANDLER=swift asks to keep it. A host's
 * own handler is never touched: the Swift runtime does not replace one.
 */
#define _GNU_SOURCE
#include "crash_signals.h"

#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* A function of the Swift runtime, to find the object it lives in: libswiftCore.so, or the
 * executable or library it is linked into statically. */
extern void *swift_retain(void *);

static int removed;

int crash_signals_swift_handler_removed(void) { return removed; }

__attribute__((constructor)) static void crash_signals_reset(void) {
    const char *asked = getenv("VOUCH_CRASH_HANDLER");
    if (asked && strcmp(asked, "swift") == 0) return;
    Dl_info runtime;
    if (!dladdr((void *)swift_retain, &runtime) || !runtime.dli_fbase) return;
    static const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        struct sigaction current;
        if (sigaction(signals[index], NULL, &current) != 0) continue;
        void *handler = (current.sa_flags & SA_SIGINFO) ? (void *)current.sa_sigaction : (void *)current.sa_handler;
        if (handler == (void *)SIG_DFL || handler == (void *)SIG_IGN) continue;
        Dl_info owner;
        if (!dladdr(handler, &owner) || owner.dli_fbase != runtime.dli_fbase) continue;
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        if (sigaction(signals[index], &fallback, NULL) == 0) removed = 1;
    }
}
