/*
 * vouch_plugin.h — the ABI of Vouch plugins.
 *
 * A plugin is a shared library that adds rules (validators) and formatters to Vouch, written in C
 * or any language that can export a C function. Vouch loads it with dlopen(), calls its one entry
 * point, and registers what it describes under the plugin's namespace: a plugin named "card" with
 * a rule "luhn" gives the rule "card.luhn".
 *
 * This header is all a plugin author needs; docs/plugins.md has a walk-through.
 *
 * VERSIONS
 *   The ABI has a version (VOUCH_PLUGIN_ABI_VERSION). At load, the host says which versions it
 *   speaks (a range); the plugin answers with the one it implements, inside that range, or fails.
 *   Within one major ABI version, structs only grow at their end, and every struct begins with
 *   its size, so that either side can tell what the other knows: the host never reads a field
 *   past the size the plugin gave, and a plugin must not read past the size the host gave.
 *
 * MEMORY
 *   No memory changes owner across the boundary. Strings passed to a plugin are valid for the
 *   call only. A plugin hands text back through host-owned sinks (vouch_text_sink,
 *   vouch_violations), which copy what they are given. Error text goes into a buffer the caller
 *   owns, of the size it gives; a plugin writes at most that many bytes, NUL included.
 *
 * TEXT
 *   All text is UTF-8 with an explicit length in bytes, not NUL-terminated unless stated. Names,
 *   codes and locale tags are NUL-terminated ASCII.
 *
 * THREADS
 *   Each function below says on which threads it may be called. A rule or formatter whose flags
 *   include VOUCH_THREAD_SAFE may have its callbacks called from many threads at once (with the
 *   same state); without the flag, the host calls them from one thread at a time for each state.
 */
#ifndef VOUCH_PLUGIN_H
#define VOUCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version this header describes, and the oldest one it is compatible with. Version 2 adds
 * the typed parameter getters of vouch_host_services; plugins built for version 1 still load. */
#define VOUCH_PLUGIN_ABI_VERSION 2
#define VOUCH_PLUGIN_ABI_MIN_VERSION 1

/* The one symbol a plugin exports. */
#define VOUCH_PLUGIN_ENTRY_NAME "vouch_plugin_entry"

#if defined(_WIN32)
#define VOUCH_PLUGIN_EXPORT __declspec(dllexport)
#else
#define VOUCH_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

/* Status codes returned by plugin callbacks and host services. */
#define VOUCH_PLUGIN_OK 0          /* success */
#define VOUCH_PLUGIN_ERROR 1       /* failure; the error buffer says why */
#define VOUCH_PLUGIN_ERR_VERSION 2 /* no ABI version in the host's range is implemented */

/* Flags of a rule or formatter. */
#define VOUCH_THREAD_SAFE 0x1u   /* its callbacks may run on many threads at once */
#define VOUCH_CHECKS_EMPTY 0x2u  /* rules only: also called for empty values (as "required" is) */
#define VOUCH_MASK 0x4u          /* formatters only: it lays out the letters and digits of the text with
                                  * separators of its own (4111 1111 ...), so as-you-type editing treats
                                  * its other characters as literals; its format callback failing
                                  * on typed text refuses the keystroke that led there */

/* ------------------------------------------------------------------------------------------ */
/* Sinks: host-owned places a plugin writes results into.                                      */
/* ------------------------------------------------------------------------------------------ */

/* Receives text (a formatter's output, a case mapping). Opaque; write with host->text_write. */
typedef struct vouch_text_sink vouch_text_sink;

/* Receives the violations a rule finds. Opaque; write with host->violation and friends. */
typedef struct vouch_violations vouch_violations;

/* A compiled regular expression owned by the host. Opaque. */
typedef struct vouch_regex vouch_regex;

/* ------------------------------------------------------------------------------------------ */
/* Host services: what the host offers a plugin, so it need not link PCRE2 or ICU.             */
/* ------------------------------------------------------------------------------------------ */

/* Case mappings for host->case_map. */
#define VOUCH_CASE_UPPER 1
#define VOUCH_CASE_LOWER 2
#define VOUCH_CASE_TITLE 3 /* each word capitalized, the rest lower-cased */

/* Results of the parameter getters (ABI 2). */
#define VOUCH_PARAM_OK 0          /* given, of the right type: *out holds it */
#define VOUCH_PARAM_MISSING 1     /* not given: *out is untouched, keep your default */
#define VOUCH_PARAM_INVALID 2     /* given but unusable: the reason is in error, return it from create */

typedef struct vouch_host_services {
    /* sizeof(vouch_host_services) as the host was built; fields past it are absent. */
    uint32_t size;
    /* The ABI version agreed with this plugin. */
    uint32_t abi_version;

    /* Memory for the plugin's own use (its rule states). Any thread. alloc returns NULL when out of
     * memory; free(NULL) is a harmless no-op. */
    void *(*alloc)(size_t size);
    void (*free)(void *pointer);

    /* Compiles a PCRE2 pattern (UTF and Unicode properties on, JIT) bounded by the host's match
     * limits. whole_value nonzero: the pattern must match the whole text. Returns NULL and writes
     * the reason into error (error_size bytes, NUL-terminated) when the pattern is invalid.
     * The result is the plugin's to release with regex_free. Any thread. */
    vouch_regex *(*regex_compile)(const char *pattern, size_t length, int whole_value, char *error, size_t error_size);
    /* Matches text: 1 a match, 0 no match, -1 the match ran out of its budget (treat the value as
     * invalid, code "regex_budget"). Any thread, with the same regex on many threads at once. */
    int (*regex_match)(const vouch_regex *regex, const char *text, size_t length);
    /* Releases a regex from regex_compile; NULL is a harmless no-op. Any thread, once no match
     * on it is running. */
    void (*regex_free)(vouch_regex *regex);

    /* Writes text mapped by ICU for locale (VOUCH_CASE_*) into out. Turkish dotted i, Greek
     * accents and Dutch IJ follow the locale. Returns VOUCH_PLUGIN_OK, or VOUCH_PLUGIN_ERROR for
     * an unknown mode. Any thread. */
    int (*case_map)(vouch_text_sink *out, const char *text, size_t length, const char *locale, int mode);

    /* Appends length bytes of UTF-8 to a text sink (invalid UTF-8 is replaced by U+FFFD). Returns
     * VOUCH_PLUGIN_OK. Only during the callback that received the sink. */
    int (*text_write)(vouch_text_sink *sink, const char *text, size_t length);

    /* Reports a violation with a stable code ("card.luhn", or a built-in code such as
     * "too_short"). Only during the validate call that received the sink. Returns VOUCH_PLUGIN_OK. */
    int (*violation)(vouch_violations *sink, const char *code);
    /* Adds a named argument to the last violation reported, for its message template. Never pass
     * the value being checked: values may be secret. Returns VOUCH_PLUGIN_ERROR when no violation
     * was reported yet. Only during the validate call that received the sink. */
    int (*violation_string)(vouch_violations *sink, const char *name, const char *value, size_t length);
    int (*violation_number)(vouch_violations *sink, const char *name, double value);

    /* ABI 2: typed parameters, as SQLite's value_text and value_int, so that create need not
     * parse JSON. `parameters` and `length` are what create received. Each getter returns
     * VOUCH_PARAM_OK, VOUCH_PARAM_MISSING, or VOUCH_PARAM_INVALID with the reason written into
     * error (error_size bytes, NUL-terminated): 'parameter "max" must be a number'. Any thread. */

    /* Fails unless every parameter given is named in `names` (NULL-terminated): 'unknown
     * parameter "colour" (known: brands)'. VOUCH_PARAM_OK or VOUCH_PARAM_INVALID. */
    int (*param_check)(const char *parameters, size_t length, const char *const *names, char *error, size_t error_size);
    /* A string, copied NUL-terminated into out (out_size bytes); too long for out is INVALID. */
    int (*param_string)(const char *parameters, size_t length, const char *name, char *out, size_t out_size, char *error,
                        size_t error_size);
    int (*param_number)(const char *parameters, size_t length, const char *name, double *out, char *error, size_t error_size);
    /* *out is 1 for true, 0 for false. */
    int (*param_bool)(const char *parameters, size_t length, const char *name, int *out, char *error, size_t error_size);
    /* An array of strings: calls each(item, item_length, context) for every item, in order. When
     * each returns nonzero, stops there and fails, each having written the reason into error
     * (it receives error and error_size). */
    int (*param_strings)(const char *parameters, size_t length, const char *name,
                         int (*each)(const char *item, size_t item_length, void *context, char *error, size_t error_size),
                         void *context, char *error, size_t error_size);
} vouch_host_services;

/* ------------------------------------------------------------------------------------------ */
/* What a plugin describes.                                                                    */
/* ------------------------------------------------------------------------------------------ */

/* Builds a rule's or formatter's state from its parameters, given as the JSON text of an object
 * (e.g. {"brands": ["visa"]}; {} when there are none). On a bad parameter, write the reason into
 * error (error_size bytes, NUL-terminated), e.g. "parameter \"brands\" must be an array", and
 * return VOUCH_PLUGIN_ERROR. *state may be left NULL for stateless callbacks. Called when a form
 * is built, on any thread, one call at a time per plugin. May be NULL: the state is NULL and
 * parameters are refused. */
typedef int (*vouch_create_fn)(const vouch_host_services *host, const char *parameters_json, size_t length, void **state,
                               char *error, size_t error_size);

/* Releases a state from create; called once, when no callback on it runs any more. May be NULL. */
typedef void (*vouch_destroy_fn)(const vouch_host_services *host, void *state);

/* Checks value (after the field's formatters), for locale (a BCP 47 tag such as "de-DE"),
 * reporting each problem with host->violation. Returns VOUCH_PLUGIN_OK whether or not the value is
 * valid; VOUCH_PLUGIN_ERROR with a reason in error only when the check itself failed, which the
 * host reports as a violation "plugin_error". Threads: see VOUCH_THREAD_SAFE. */
typedef int (*vouch_validate_fn)(const vouch_host_services *host, void *state, const char *value, size_t length,
                                 const char *locale, vouch_violations *violations, char *error, size_t error_size);

/* Writes the formatted text into out with host->text_write. Return VOUCH_PLUGIN_OK; on
 * VOUCH_PLUGIN_ERROR the host keeps the text unformatted. Should be idempotent. Threads: see
 * VOUCH_THREAD_SAFE. */
typedef int (*vouch_format_fn)(const vouch_host_services *host, void *state, const char *text, size_t length,
                               const char *locale, vouch_text_sink *out, char *error, size_t error_size);

typedef struct vouch_rule_def {
    uint32_t size;          /* sizeof(vouch_rule_def) */
    uint32_t flags;         /* VOUCH_THREAD_SAFE, VOUCH_CHECKS_EMPTY */
    const char *name;       /* the rule's name in the plugin: lower-case letters, digits, '_' ("luhn") */
    const char *summary;    /* one line for listings */
    vouch_create_fn create;
    vouch_destroy_fn destroy;
    vouch_validate_fn validate; /* required */
} vouch_rule_def;

typedef struct vouch_formatter_def {
    uint32_t size;          /* sizeof(vouch_formatter_def) */
    uint32_t flags;         /* VOUCH_THREAD_SAFE */
    const char *name;       /* the formatter's name in the plugin ("group") */
    const char *summary;
    vouch_create_fn create;
    vouch_destroy_fn destroy;
    vouch_format_fn format; /* required */
} vouch_formatter_def;

/* The message of a violation code in one locale, an ICU MessageFormat template. Give at least
 * "root" (English): it is used wherever a locale has no template of its own. */
typedef struct vouch_message_def {
    uint32_t size;          /* sizeof(vouch_message_def) */
    const char *locale;     /* "root", "de", "pt-BR" */
    const char *code;       /* "card.luhn" */
    const char *text;       /* "This card number is not valid." */
} vouch_message_def;

/* The plugin, as it describes itself. The host hands the entry point one, zeroed, with size set to
 * the host's sizeof; the plugin fills it, setting size to its own sizeof(vouch_plugin). The
 * arrays and strings it points to must stay valid while the library is loaded (static data). */
typedef struct vouch_plugin {
    uint32_t size;
    uint32_t abi_version;   /* the version the plugin implements, within the host's range */
    const char *name;       /* the namespace: lower-case letters, digits, '_' ("card") */
    const char *version;    /* the plugin's own version ("1.0.0") */
    const char *summary;
    size_t rule_count;
    const vouch_rule_def *rules;
    size_t formatter_count;
    const vouch_formatter_def *formatters;
    size_t message_count;
    const vouch_message_def *messages;
} vouch_plugin;

/* What the host tells the entry point. */
typedef struct vouch_plugin_host {
    uint32_t size;          /* sizeof(vouch_plugin_host) as the host was built */
    uint32_t min_abi_version;
    uint32_t max_abi_version;
    const vouch_host_services *services; /* valid while the library is loaded */
} vouch_plugin_host;

/*
 * The entry point, exported as "vouch_plugin_entry". Called once, when the plugin is loaded, on
 * the loading thread. Choose an ABI version in [host->min_abi_version, host->max_abi_version],
 * fill *plugin, and return VOUCH_PLUGIN_OK; return VOUCH_PLUGIN_ERR_VERSION if none fits, or
 * VOUCH_PLUGIN_ERROR with the reason in error (error_size bytes, NUL-terminated) if the plugin
 * cannot start. If loading fails later (a name already taken), nothing of the plugin is used.
 */
typedef int (*vouch_plugin_entry_fn)(const vouch_plugin_host *host, vouch_plugin *plugin, char *error, size_t error_size);

VOUCH_PLUGIN_EXPORT int vouch_plugin_entry(const vouch_plugin_host *host, vouch_plugin *plugin, char *error,
                                           size_t error_size);

/*
 * The entry point of a plugin that only describes itself, in one line (as SQLITE_EXTENSION_INIT
 * and luaL_newlib do the boilerplate of theirs): it checks the ABI version and fills *plugin with
 * the name, version, summary and tables. Give each table with VOUCH_TABLE(array), or VOUCH_NO_TABLE:
 *
 *   VOUCH_PLUGIN("acme", "1.0.0", "Acme's own checks.", VOUCH_TABLE(RULES), VOUCH_NO_TABLE, VOUCH_TABLE(MESSAGES))
 */
#define VOUCH_TABLE(array) (array), (sizeof(array) / sizeof((array)[0]))
#define VOUCH_NO_TABLE NULL, 0
#define VOUCH_PLUGIN(name, version, summary, rules, formatters, messages) \
    VOUCH_PLUGIN_DEFINE_(name, version, summary, rules, formatters, messages)
#define VOUCH_PLUGIN_DEFINE_(name_, version_, summary_, rules_, rule_count_, formatters_, formatter_count_, messages_,     \
                             message_count_)                                                                            \
    VOUCH_PLUGIN_EXPORT int vouch_plugin_entry(const vouch_plugin_host *host, vouch_plugin *plugin, char *error,       \
                                               size_t error_size) {                                                    \
        (void)error;                                                                                                   \
        (void)error_size;                                                                                              \
        if (host->min_abi_version > VOUCH_PLUGIN_ABI_VERSION || host->max_abi_version < VOUCH_PLUGIN_ABI_VERSION)     \
            return VOUCH_PLUGIN_ERR_VERSION;                                                                           \
        plugin->size = sizeof *plugin;                                                                                 \
        plugin->abi_version = VOUCH_PLUGIN_ABI_VERSION;                                                                \
        plugin->name = (name_);                                                                                        \
        plugin->version = (version_);                                                                                  \
        plugin->summary = (summary_);                                                                                  \
        plugin->rules = (rules_);                                                                                      \
        plugin->rule_count = (rule_count_);                                                                            \
        plugin->formatters = (formatters_);                                                                            \
        plugin->formatter_count = (formatter_count_);                                                                  \
        plugin->messages = (messages_);                                                                                \
        plugin->message_count = (message_count_);                                                                      \
        return VOUCH_PLUGIN_OK;                                                                                        \
    }

#ifdef __cplusplus
}
#endif

#endif /* VOUCH_PLUGIN_H */
