/*
 * A test plugin, compiled by the tests with plain cc. Built as is, it is the working plugin "acme";
 * each FIXTURE_* macro turns it into a plugin the loader must refuse.
 */
#include "vouch_plugin.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifndef FIXTURE_NAME
#define FIXTURE_NAME "acme"
#endif

#include <unistd.h>

#ifdef FIXTURE_MARK
#include <fcntl.h>
/* Creates the file FIXTURE_MARK when the library's constructors run: shows whether they ran. */
__attribute__((constructor)) static void mark(void) {
    int fd = open(FIXTURE_MARK, O_WRONLY | O_CREAT, 0600);
    if (fd >= 0) close(fd);
}
#endif

/* acme.even: a value of an even number of characters, matched with the host's PCRE2. Not declared
 * thread-safe, so the host must call it one call at a time; it counts calls in flight to show it. */
static volatile int in_flight = 0;
static volatile int overlapped = 0;

static int even_create(const vouch_host_services *host, const char *json, size_t length, void **state, char *error, size_t error_size) {
    (void)json; (void)length;
    char message[128];
    vouch_regex *regex = host->regex_compile("(?:..)*", 7, 1, message, sizeof message);
    if (!regex) {
        snprintf(error, error_size, "%s", message);
        return VOUCH_PLUGIN_ERROR;
    }
    *state = regex;
    return VOUCH_PLUGIN_OK;
}

static void even_destroy(const vouch_host_services *host, void *state) { host->regex_free(state); }

static int even_validate(const vouch_host_services *host, void *state, const char *value, size_t length, const char *locale,
                         vouch_violations *out, char *error, size_t error_size) {
    (void)locale; (void)error; (void)error_size;
#ifdef FIXTURE_PRINT
    /* A plugin that prints: it must not land among the records on stdout. */
    printf("acme checked %zu bytes\n", length);
    fflush(stdout);
#endif
#ifdef FIXTURE_HANG
    /* A plugin that hangs on a value that starts with HANG. */
    if (length >= 4 && memcmp(value, "HANG", 4) == 0) for (;;) sleep(1);
#endif
#ifdef FIXTURE_CRASH
    /* A bug in a plugin: a value that starts with CRASH makes it write through a NULL pointer. */
    if (length >= 5 && memcmp(value, "CRASH", 5) == 0) *(volatile int *)(uintptr_t)(length - length) = 1;
#endif
    if (++in_flight > 1) overlapped = 1;
    for (volatile int spin = 0; spin < 2000; spin++) {}
    int matched = host->regex_match(state, value, length);
    in_flight--;
    if (overlapped) return host->violation(out, "acme.overlapped");
    if (matched == 1) return VOUCH_PLUGIN_OK;
    host->violation(out, "acme.odd");
#ifdef FIXTURE_LEAK
    /* An argument named as a parameter of Vouch's own rules, carrying the value out. */
    host->violation_string(out, "min", value, length);
    host->violation_string(out, "max", "8", 1);
#endif
    return host->violation_number(out, "length", (double)length);
}

/* acme.fail: the check itself fails. */
static int fail_validate(const vouch_host_services *host, void *state, const char *value, size_t length, const char *locale,
                         vouch_violations *out, char *error, size_t error_size) {
    (void)host; (void)state; (void)value; (void)length; (void)locale; (void)out;
    snprintf(error, error_size, "the acme service is down");
    return VOUCH_PLUGIN_ERROR;
}

/* acme.shout: the host's ICU upper case for the locale. */
static int shout_format(const vouch_host_services *host, void *state, const char *text, size_t length, const char *locale,
                        vouch_text_sink *out, char *error, size_t error_size) {
    (void)state; (void)error; (void)error_size;
    return host->case_map(out, text, length, locale, VOUCH_CASE_UPPER);
}

static const vouch_rule_def RULES[] = {
    {sizeof(vouch_rule_def), 0, "even", "An even number of bytes.", even_create, even_destroy, even_validate},
    {sizeof(vouch_rule_def), VOUCH_THREAD_SAFE, "fail", "Always fails to check.", NULL, NULL, fail_validate},
};
static const vouch_formatter_def FORMATTERS[] = {
    {sizeof(vouch_formatter_def), VOUCH_THREAD_SAFE, "shout", "Upper case.", NULL, NULL, shout_format},
};
static const vouch_message_def MESSAGES[] = {
    {sizeof(vouch_message_def), "root", "acme.odd", "{length, plural, one {# byte is odd.} other {# bytes are odd.}}"},
};

#ifndef FIXTURE_NO_ENTRY
VOUCH_PLUGIN_EXPORT int vouch_plugin_entry(const vouch_plugin_host *host, vouch_plugin *plugin, char *error, size_t error_size) {
#ifdef FIXTURE_OLD_ABI
    (void)host; (void)plugin; (void)error; (void)error_size;
    return VOUCH_PLUGIN_ERR_VERSION;
#else
#ifdef FIXTURE_INIT_FAILS
    snprintf(error, error_size, "license file /etc/acme.lic not found");
    return VOUCH_PLUGIN_ERROR;
#endif
    (void)error; (void)error_size;
    /* acme is written against ABI version 1, as plugins built before version 2 are: they must keep loading. */
    if (host->min_abi_version > 1) return VOUCH_PLUGIN_ERR_VERSION;
    plugin->size = sizeof *plugin;
    plugin->abi_version = 1;
#ifdef FIXTURE_FUTURE_ABI
    plugin->abi_version = 99;
#endif
#ifdef FIXTURE_SMALL
    plugin->size = 16;
#endif
    plugin->name = FIXTURE_NAME;
    plugin->version = "0.1.0";
    plugin->summary = "A test plugin.";
    plugin->rule_count = 2;
    plugin->rules = RULES;
    plugin->formatter_count = 1;
    plugin->formatters = FORMATTERS;
    plugin->message_count = 1;
    plugin->messages = MESSAGES;
    return VOUCH_PLUGIN_OK;
#endif
}
#endif
