/*
 * A libFuzzer harness for a Vouch plugin, compiled together with the plugin's one .c file:
 *
 *   clang -fsanitize=fuzzer,address,undefined -I include Fuzz/plugins/plugin_fuzzer.c Plugins/card/card.c
 *
 * It loads the plugin through its entry point, as the host does, with a small host of its own,
 * and calls every rule and formatter the plugin describes with fuzzed parameters and values.
 *
 * Input: byte 0 picks the callback (rules, then formatters), byte 1 the size of the error buffer,
 * byte 2 the locale; then the parameters' JSON, a 0x1F byte, and the value. Without a 0x1F the
 * parameters are {} and the rest is the value.
 *
 * Every buffer handed to the plugin is a heap copy of exactly its length (reads past it are
 * caught), and the plugin must keep the ABI's promises: text and codes NUL-terminated where they
 * must be, a NUL in the error buffer when it fails, violation arguments only after a violation,
 * every state it allocates released by its destroy (leaks are caught), and formatters idempotent.
 */
#include "vouch_plugin.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(...) (fprintf(stderr, "plugin_fuzzer: " __VA_ARGS__), fputc('\n', stderr), abort())

/* ---- sinks ---- */

struct vouch_text_sink {
    char *bytes;
    size_t length;
};

struct vouch_violations {
    int count;
};

static int text_write(vouch_text_sink *sink, const char *text, size_t length) {
    if (length && !text) FAIL("text_write: NULL text of %zu bytes", length);
    char *grown = realloc(sink->bytes, sink->length + length + 1);
    if (!grown) abort();
    memcpy(grown + sink->length, text, length);
    sink->bytes = grown;
    sink->length += length;
    sink->bytes[sink->length] = 0;
    return VOUCH_PLUGIN_OK;
}

static void check_name(const char *name, const char *what) {
    if (!name) FAIL("%s: NULL", what);
    size_t length = strlen(name);
    if (length == 0 || length > 200) FAIL("%s: \"%s\" is empty or too long", what, name);
}

static int violation(vouch_violations *sink, const char *code) {
    check_name(code, "violation code");
    sink->count++;
    return VOUCH_PLUGIN_OK;
}

static int violation_string(vouch_violations *sink, const char *name, const char *value, size_t length) {
    check_name(name, "violation argument name");
    if (sink->count == 0) FAIL("violation_string(\"%s\") before any violation", name);
    if (length && !value) FAIL("violation_string: NULL value of %zu bytes", length);
    volatile char last = length ? value[length - 1] : 0; /* the whole value must be readable */
    (void)last;
    return VOUCH_PLUGIN_OK;
}

static int violation_number(vouch_violations *sink, const char *name, double value) {
    (void)value;
    check_name(name, "violation argument name");
    if (sink->count == 0) FAIL("violation_number(\"%s\") before any violation", name);
    return VOUCH_PLUGIN_OK;
}

/* ---- host services ---- */

static void *host_alloc(size_t size) { return malloc(size); }
static void host_free(void *pointer) { free(pointer); }

/* The shipped plugins use no regular expressions; one that does is told this host has none. */
static vouch_regex *regex_compile(const char *pattern, size_t length, int whole_value, char *error, size_t error_size) {
    (void)pattern; (void)length; (void)whole_value;
    snprintf(error, error_size, "the fuzz host compiles no regular expressions");
    return NULL;
}
static int regex_match(const vouch_regex *regex, const char *text, size_t length) { (void)regex; (void)text; (void)length; return 0; }
static void regex_free(vouch_regex *regex) { (void)regex; }

/* ASCII case mapping: enough to run a plugin's code paths. */
static int case_map(vouch_text_sink *out, const char *text, size_t length, const char *locale, int mode) {
    (void)locale;
    if (mode < VOUCH_CASE_UPPER || mode > VOUCH_CASE_TITLE) return VOUCH_PLUGIN_ERROR;
    char *mapped = malloc(length + 1);
    if (!mapped) abort();
    for (size_t i = 0; i < length; i++) {
        char c = text[i];
        mapped[i] = (mode == VOUCH_CASE_LOWER) ? (c >= 'A' && c <= 'Z' ? c + 32 : c) : (c >= 'a' && c <= 'z' ? c - 32 : c);
    }
    int status = text_write(out, mapped, length);
    free(mapped);
    return status;
}

/* Parameter getters (ABI 2). This host reads no JSON: it answers from the fuzzed parameter bytes,
 * so that a plugin's create meets every answer a host may give. The first byte picks the status
 * (OK, MISSING or INVALID); the rest is the value: a number as strtod reads it, a bool from its
 * low bit, a string copied (INVALID when it does not fit), strings split at ','. */
static int param_status(const char *parameters, size_t length, char *error, size_t error_size) {
    int status = length ? (unsigned char)parameters[0] % 3 : VOUCH_PARAM_MISSING;
    if (status == VOUCH_PARAM_INVALID) snprintf(error, error_size, "the fuzz host refuses this parameter");
    return status;
}

static int param_check(const char *parameters, size_t length, const char *const *names, char *error, size_t error_size) {
    if (!names) FAIL("param_check without names");
    return param_status(parameters, length, error, error_size) == VOUCH_PARAM_INVALID ? VOUCH_PARAM_INVALID : VOUCH_PARAM_OK;
}

static int param_string(const char *parameters, size_t length, const char *name, char *out, size_t out_size, char *error,
                        size_t error_size) {
    (void)name;
    int status = param_status(parameters, length, error, error_size);
    if (status != VOUCH_PARAM_OK) return status;
    if (length - 1 >= out_size) {
        snprintf(error, error_size, "too long");
        return VOUCH_PARAM_INVALID;
    }
    memcpy(out, parameters + 1, length - 1);
    out[length - 1] = '\0';
    return VOUCH_PARAM_OK;
}

static int param_number(const char *parameters, size_t length, const char *name, double *out, char *error, size_t error_size) {
    (void)name;
    int status = param_status(parameters, length, error, error_size);
    if (status != VOUCH_PARAM_OK) return status;
    char text[64];
    size_t n = length - 1 < sizeof text - 1 ? length - 1 : sizeof text - 1;
    memcpy(text, parameters + 1, n);
    text[n] = '\0';
    *out = strtod(text, NULL);
    return VOUCH_PARAM_OK;
}

static int param_bool(const char *parameters, size_t length, const char *name, int *out, char *error, size_t error_size) {
    (void)name;
    int status = param_status(parameters, length, error, error_size);
    if (status == VOUCH_PARAM_OK) *out = length > 1 ? parameters[1] & 1 : 0;
    return status;
}

static int param_strings(const char *parameters, size_t length, const char *name,
                         int (*each)(const char *item, size_t item_length, void *context, char *error, size_t error_size),
                         void *context, char *error, size_t error_size) {
    (void)name;
    int status = param_status(parameters, length, error, error_size);
    if (status != VOUCH_PARAM_OK) return status;
    const char *item = parameters + 1, *end = parameters + length;
    while (item <= end) {
        const char *comma = memchr(item, ',', (size_t)(end - item));
        const char *stop = comma ? comma : end;
        if (each(item, (size_t)(stop - item), context, error, error_size)) {
            if (!memchr(error, 0, error_size)) FAIL("a refusal of each() without a NUL-terminated reason");
            return VOUCH_PARAM_INVALID;
        }
        item = stop + 1;
    }
    return VOUCH_PARAM_OK;
}

static const vouch_host_services SERVICES = {
    sizeof(vouch_host_services), VOUCH_PLUGIN_ABI_VERSION, host_alloc, host_free, regex_compile, regex_match, regex_free,
    case_map, text_write, violation, violation_string, violation_number, param_check, param_string, param_number, param_bool,
    param_strings,
};

static vouch_plugin plugin;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc; (void)argv;
    vouch_plugin_host host = {sizeof host, VOUCH_PLUGIN_ABI_MIN_VERSION, VOUCH_PLUGIN_ABI_VERSION, &SERVICES};
    char error[256] = {0};
    plugin.size = sizeof plugin;
    if (vouch_plugin_entry(&host, &plugin, error, sizeof error) != VOUCH_PLUGIN_OK) FAIL("the entry point failed: %s", error);
    check_name(plugin.name, "plugin name");
    if (plugin.rule_count + plugin.formatter_count == 0) FAIL("the plugin has no rule and no formatter");
    for (size_t i = 0; i < plugin.rule_count; i++) {
        check_name(plugin.rules[i].name, "rule name");
        if (!plugin.rules[i].validate) FAIL("rule %s has no validate", plugin.rules[i].name);
    }
    for (size_t i = 0; i < plugin.formatter_count; i++) {
        check_name(plugin.formatters[i].name, "formatter name");
        if (!plugin.formatters[i].format) FAIL("formatter %s has no format", plugin.formatters[i].name);
    }
    return 0;
}

/* ---- one input ---- */

static const char *const LOCALES[] = {"en-US", "de-DE", "tr-TR", "root", "ja-JP", ""};

/* A heap copy of exactly length bytes (at least one byte allocated, never read). */
static char *copy_of(const uint8_t *bytes, size_t length) {
    char *copy = malloc(length ? length : 1);
    if (!copy) abort();
    if (length) memcpy(copy, bytes, length);
    return copy;
}

/* An error buffer of exactly size bytes, as the host gives it: only its first byte is set. */
static char *error_buffer(size_t size) {
    char *error = malloc(size);
    if (!error) abort();
    memset(error, 0xA5, size);
    error[0] = 0;
    return error;
}

static void check_error(const char *error, size_t size, const char *what) {
    if (!memchr(error, 0, size)) FAIL("%s failed without a NUL-terminated reason in %zu bytes", what, size);
}

/* Formats text; returns the output (to free) or NULL when the formatter kept the text. */
static char *format(const vouch_formatter_def *def, void *state, const char *text, size_t length, const char *locale, size_t error_size,
                    size_t *out_length) {
    vouch_text_sink sink = {NULL, 0};
    char *error = error_buffer(error_size);
    int status = def->format(&SERVICES, state, text, length, locale, &sink, error, error_size);
    if (status != VOUCH_PLUGIN_OK) {
        if (status != VOUCH_PLUGIN_ERROR) FAIL("formatter %s returned %d", def->name, status);
        check_error(error, error_size, def->name);
        free(sink.bytes);
        sink.bytes = NULL;
    } else if (!sink.bytes) {
        sink.bytes = calloc(1, 1); /* formatted to nothing */
    }
    free(error);
    *out_length = sink.length;
    return sink.bytes;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    size_t callbacks = plugin.rule_count + plugin.formatter_count;
    size_t which = data[0] % callbacks;
    size_t error_size = 1 + data[1] % 160; /* the host's buffer is larger; a small one tests truncation */
    const char *locale = LOCALES[data[2] % (sizeof LOCALES / sizeof LOCALES[0])];
    data += 3;
    size -= 3;

    const uint8_t *separator = memchr(data, 0x1F, size);
    char *parameters = separator ? copy_of(data, (size_t)(separator - data)) : copy_of((const uint8_t *)"{}", 2);
    size_t parameters_length = separator ? (size_t)(separator - data) : 2;
    const uint8_t *value_start = separator ? separator + 1 : data;
    size_t value_length = size - (size_t)(value_start - data);
    char *value = copy_of(value_start, value_length);

    int is_rule = which < plugin.rule_count;
    vouch_create_fn create = is_rule ? plugin.rules[which].create : plugin.formatters[which - plugin.rule_count].create;
    vouch_destroy_fn destroy = is_rule ? plugin.rules[which].destroy : plugin.formatters[which - plugin.rule_count].destroy;
    const char *name = is_rule ? plugin.rules[which].name : plugin.formatters[which - plugin.rule_count].name;

    void *state = NULL;
    int created = 1;
    if (create) {
        char *error = error_buffer(error_size);
        int status = create(&SERVICES, parameters, parameters_length, &state, error, error_size);
        if (status != VOUCH_PLUGIN_OK) {
            if (status != VOUCH_PLUGIN_ERROR) FAIL("create of %s returned %d", name, status);
            check_error(error, error_size, name);
            created = 0;
        }
        free(error);
    }

    if (created && is_rule) {
        const vouch_rule_def *def = &plugin.rules[which];
        vouch_violations violations = {0};
        char *error = error_buffer(error_size);
        int status = def->validate(&SERVICES, state, value, value_length, locale, &violations, error, error_size);
        if (status == VOUCH_PLUGIN_ERROR) check_error(error, error_size, name);
        else if (status != VOUCH_PLUGIN_OK) FAIL("rule %s returned %d", name, status);
        free(error);
    } else if (created) {
        const vouch_formatter_def *def = &plugin.formatters[which - plugin.rule_count];
        size_t once_length = 0, twice_length = 0;
        char *once = format(def, state, value, value_length, locale, error_size, &once_length);
        if (once) {
            /* Formatting what a formatter wrote must give it back: the host formats on every edit. */
            char *twice = format(def, state, once, once_length, locale, error_size, &twice_length);
            if (!twice || twice_length != once_length || memcmp(once, twice, once_length) != 0)
                FAIL("formatter %s is not idempotent: \"%.*s\" gives \"%.*s\"", name, (int)once_length, once, twice ? (int)twice_length : 0,
                     twice ? twice : "");
            free(twice);
            free(once);
        }
    }
    if (created && destroy) destroy(&SERVICES, state);
    free(parameters);
    free(value);
    return 0;
}
