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

/* What tells the object (executable or shared library) that holds `address` from the others: its
 * link map, or where it is loaded; NULL for none. glibc's _dl_find_object looks it up in a table
 * (also in the constructors of a library being opened); dladdr would also look for the nearest
 * symbol, some half a million instructions a call, at the start of every process. */
static const void *object_of(void *address) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
    struct dl_find_object found;
    return _dl_find_object(address, &found) == 0 ? (const void *)found.dlfo_link_map : NULL;
#else
    Dl_info info;
    return dladdr(address, &info) ? info.dli_fbase : NULL;
#endif
}

__attribute__((constructor)) static void crash_signals_reset(void) {
    const char *asked = getenv("VOUCH_CRASH_HANDLER");
    if (asked && strcmp(asked, "swift") == 0) return;
    const void *runtime = object_of((void *)swift_retain);
    if (!runtime) return;
    static const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        struct sigaction current;
        if (sigaction(signals[index], NULL, &current) != 0) continue;
        void *handler = (current.sa_flags & SA_SIGINFO) ? (void *)current.sa_sigaction : (void *)current.sa_handler;
        if (handler == (void *)SIG_DFL || handler == (void *)SIG_IGN) continue;
        if (object_of(handler) != runtime) continue;
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        if (sigaction(signals[index], &fallback, NULL) == 0) removed = 1;
    }
}
