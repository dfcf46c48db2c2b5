/*
 * vouch.h — call Vouch from C.
 *
 * Vouch validates and formats form fields: records checked against a form spec (JSON), single
 * values checked or formatted by kind, rule or formatter, in a locale. This header is the whole
 * C API of libvouch; link with `pkg-config --cflags --libs vouch`.
 *
 * CONVENTIONS
 *   - Every function that can fail returns a vouch_status: VOUCH_OK (0) or an error code. After a
 *     failure, vouch_registry_last_error() / vouch_form_last_error() give a detailed message.
 *   - Text is UTF-8 with an explicit length in bytes; text that is not valid UTF-8 is refused with
 *     VOUCH_ERROR_UTF8. A length or offset above PTRDIFF_MAX (such as (size_t)-1), or an offset
 *     and length whose sum overflows, is VOUCH_ERROR_ARGUMENT: lengths are never "NUL-terminated".
 *     Locale tags are NUL-terminated ASCII ("de-DE"); NULL means "en-US".
 *   - Ownership is written beside each function. Strings Vouch returns through `char **` are
 *     NUL-terminated, owned by the caller, and released with vouch_free(). Pointers returned as
 *     `const char *` belong to the handle they came from and stay valid until it is freed.
 *   - Destructors accept NULL as a harmless no-op.
 *
 * THREADS
 *   A registry may be shared by many threads, which may load packs and plugins while others use
 *   it. A form is immutable once opened: many threads may validate with one form at once. A
 *   result belongs to the thread that uses it. The last error is kept per thread and per handle.
 *
 * COMPATIBILITY
 *   Within one major version (VOUCH_VERSION_MAJOR), the API and ABI only grow: functions and
 *   status codes are added, never removed or changed.
 */
#ifndef VOUCH_H
#define VOUCH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define VOUCH_API __declspec(dllimport)
#else
#define VOUCH_API __attribute__((visibility("default")))
#endif

/* ---- Version ---------------------------------------------------------------------------- */

#define VOUCH_VERSION_MAJOR 0
#define VOUCH_VERSION_MINOR 1
#define VOUCH_VERSION_PATCH 0
#define VOUCH_VERSION_STRING "0.1.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH, for compile-time comparisons. */
#define VOUCH_VERSION_NUMBER (VOUCH_VERSION_MAJOR * 10000 + VOUCH_VERSION_MINOR * 100 + VOUCH_VERSION_PATCH)

/* The version of the library loaded at run time, as VOUCH_VERSION_STRING ("0.1.0"). Static
 * storage: never freed. */
VOUCH_API const char *vouch_version(void);
/* The same, as VOUCH_VERSION_NUMBER. */
VOUCH_API int vouch_version_number(void);

/* ---- Status codes ----------------------------------------------------------------------- */

typedef enum vouch_status {
    VOUCH_OK = 0,                 /* success */
    VOUCH_ERROR_ARGUMENT = 1,     /* a NULL handle or pointer where one is required, or a bad value */
    VOUCH_ERROR_UTF8 = 2,         /* text that is not valid UTF-8 */
    VOUCH_ERROR_JSON = 3,         /* text that is not valid JSON, or not the JSON expected */
    VOUCH_ERROR_SPEC = 4,         /* a form spec that is not valid */
    VOUCH_ERROR_UNKNOWN_NAME = 5, /* no kind, rule or formatter of that name */
    VOUCH_ERROR_PARAMETER = 6,    /* a parameter that is missing, unknown or of the wrong type */
    VOUCH_ERROR_LOCALE = 7,       /* a locale tag that is malformed or unknown */
    VOUCH_ERROR_PACK = 8,         /* a locale pack that is refused */
    VOUCH_ERROR_PLUGIN = 9,       /* a plugin that is refused */
    VOUCH_ERROR_IO = 10,          /* a file that cannot be read */
    VOUCH_ERROR_NOT_FOUND = 11,   /* no such field, value or index in a result */
    VOUCH_ERROR_NAME_TAKEN = 12   /* a name that is already registered */
} vouch_status;

/* The code's name, "VOUCH_ERROR_JSON", and a one-line English description. Static storage; an
 * unknown code gives "VOUCH_ERROR_UNKNOWN" and "unknown status". */
VOUCH_API const char *vouch_status_name(vouch_status status);
VOUCH_API const char *vouch_status_message(vouch_status status);

/* Releases a string Vouch returned through a `char **`. NULL is a harmless no-op. */
VOUCH_API void vouch_free(void *pointer);

/* ---- Registries ------------------------------------------------------------------------- */

/* Rules, formatters, kinds and locale packs. Opaque. */
typedef struct vouch_registry vouch_registry;

/* Opens a registry with Vouch's built-in rules, formatters and kinds and its embedded locale packs.
 * OUT: *registry, owned by the caller, released with vouch_registry_free. */
VOUCH_API vouch_status vouch_registry_open(vouch_registry **registry);

/* Releases a registry. Forms opened from it stay usable. NULL is a harmless no-op. */
VOUCH_API void vouch_registry_free(vouch_registry *registry);

/* The detailed message of the last failed call this thread made on the registry, naming what was
 * wrong and where ("pack.json: messages.too_short: ..."); "" when the last call succeeded.
 * Owned by the registry; valid until this thread's next call on it. Never NULL. */
VOUCH_API const char *vouch_registry_last_error(const vouch_registry *registry);

/* Loads locale packs from a path: a pack directory (holding pack.json), a pack.json file, or a
 * directory of pack directories. All or nothing. */
VOUCH_API vouch_status vouch_registry_load_packs(vouch_registry *registry, const char *path, size_t path_length);

/* Loads a plugin by path (anything with a '/') or by name, found along VOUCH_PLUGIN_PATH and the
 * installed plugin directory (never the current directory). All or nothing. */
VOUCH_API vouch_status vouch_registry_load_plugin(vouch_registry *registry, const char *name_or_path, size_t length);

/* What vouch_registry_list lists. */
typedef enum vouch_list {
    VOUCH_LIST_RULES = 0,
    VOUCH_LIST_FORMATTERS = 1,
    VOUCH_LIST_KINDS = 2,
    VOUCH_LIST_LOCALES = 3,
    VOUCH_LIST_PLUGINS = 4
} vouch_list;

/* The names of what the registry has, sorted, as a JSON array of strings: ["email","length",...].
 * OUT: *json (caller frees with vouch_free) and its length in bytes. */
VOUCH_API vouch_status vouch_registry_list(vouch_registry *registry, vouch_list what, char **json, size_t *length);

/* ---- Forms ------------------------------------------------------------------------------ */

/* A form built from a JSON spec (docs/form-spec.md). Immutable; safe to share between threads. */
typedef struct vouch_form vouch_form;

/* Builds a form from its spec. A bad spec gives VOUCH_ERROR_SPEC (or JSON, UNKNOWN_NAME, PARAMETER,
 * LOCALE) and a last error with the JSON path of the problem.
 * OUT: *form, owned by the caller, released with vouch_form_free. */
VOUCH_API vouch_status vouch_form_open(vouch_registry *registry, const char *spec_json, size_t length, vouch_form **form);

/* Releases a form. Results from it stay usable. NULL is a harmless no-op. */
VOUCH_API void vouch_form_free(vouch_form *form);

/* As vouch_registry_last_error, for calls on a form. */
VOUCH_API const char *vouch_form_last_error(const vouch_form *form);

/* ---- Results ---------------------------------------------------------------------------- */

/* The outcome of a validation: validity, violations, values. Opaque; use from one thread. */
typedef struct vouch_result vouch_result;

/* Validates a record, a JSON object of field name to value.
 * OUT: *result, owned by the caller, released with vouch_result_free. A record that is not a JSON
 * object gives VOUCH_ERROR_JSON. */
VOUCH_API vouch_status vouch_form_validate(vouch_form *form, const char *record_json, size_t length, vouch_result **result);

/* Validates a record and writes the result as JSON:
 *   {"valid": false, "values": {...canonical...}, "display": {...},
 *    "errors": [{"field", "code", "message", "args": {"max": 100}, "item": 2}]}
 * "args" holds the message's arguments (never the value); "item", for a violation of one token of
 * a token list only, the token's position from 0.
 * Password values never appear in it. OUT: *json (caller frees with vouch_free) and its length. */
VOUCH_API vouch_status vouch_form_validate_json(vouch_form *form, const char *record_json, size_t length, char **json,
                                                size_t *json_length);

/* Releases a result. NULL is a harmless no-op. */
VOUCH_API void vouch_result_free(vouch_result *result);

/* 1 when the result has no violation, 0 otherwise (and for NULL). */
VOUCH_API int vouch_result_valid(const vouch_result *result);

/* How many violations the result has (0 for NULL). */
VOUCH_API size_t vouch_result_violation_count(const vouch_result *result);

/* The violation at index (from 0): its field, stable code and localized message.
 * OUT: each pointer (any may be NULL to skip it) gets NUL-terminated text owned by the result,
 * valid until it is freed, and its length. VOUCH_ERROR_NOT_FOUND past the last violation. */
VOUCH_API vouch_status vouch_result_violation(const vouch_result *result, size_t index, const char **field,
                                              size_t *field_length, const char **code, size_t *code_length,
                                              const char **message, size_t *message_length);

/* The arguments of the violation at index, as a JSON object ({"max":100,"count":120}; {} for
 * none; never the value, nor a password's length), and for a violation of one token of a token
 * list the token's position from 0 (-1 for any other violation).
 * OUT: NUL-terminated JSON owned by the result, its length, and *item; any may be NULL.
 * VOUCH_ERROR_NOT_FOUND past the last violation. */
VOUCH_API vouch_status vouch_result_violation_args(const vouch_result *result, size_t index, const char **args_json,
                                                   size_t *args_length, ptrdiff_t *item);

/* The value of a field: its canonical form as JSON ("\"+15551234567\"", "42", "[\"a\"]", "null"
 * for an empty field) and its display form as text ("(555) 123-4567"; "" for an empty field).
 * OUT: NUL-terminated text owned by the result, and lengths; any may be NULL. VOUCH_ERROR_NOT_FOUND
 * when the field is not in the form, excluded by its condition, invalid, or secret (a password). */
VOUCH_API vouch_status vouch_result_value(const vouch_result *result, const char *field, size_t field_length,
                                          const char **canonical_json, size_t *canonical_length, const char **display,
                                          size_t *display_length);

/* The result as JSON, as vouch_form_validate_json writes it. OUT: *json (caller frees with
 * vouch_free) and its length. */
VOUCH_API vouch_status vouch_result_json(const vouch_result *result, char **json, size_t *length);

/* ---- Single values ---------------------------------------------------------------------- */

/* Checks one value by kind ("phone", "zip") or rule ("email", "card.luhn") name, in locale (NULL
 * for "en-US"). A kind wins over a rule of the same name. The result has one field, "value".
 * OUT: *result, owned by the caller, released with vouch_result_free. */
VOUCH_API vouch_status vouch_validate_value(vouch_registry *registry, const char *kind_or_rule, size_t name_length,
                                            const char *locale, const char *value, size_t value_length,
                                            vouch_result **result);

/* Formats one value by kind or formatter name, in locale (NULL for "en-US"). For a kind, the
 * display form of a valid value (canonical != 0: its canonical form, as text); an invalid value is
 * written back formatted as far as the kind's formatters go. For a formatter, its output.
 * OUT: *text (caller frees with vouch_free) and its length. */
VOUCH_API vouch_status vouch_format_value(vouch_registry *registry, const char *kind_or_formatter, size_t name_length,
                                          const char *locale, const char *value, size_t value_length, int canonical,
                                          char **text, size_t *text_length);

/* ---- As-you-type editing --------------------------------------------------------------- */

/* An editing session for one field of a form: the text in its text box, and the caret. Each edit
 * applies the field's mask, length limit, character filter and capitalization, as the user types.
 * Offsets are in UTF-8 bytes (the Swift API counts UTF-16 code units). Opaque; use from one thread
 * at a time. */
typedef struct vouch_edit vouch_edit;

/* Opens a session on the field named `field`, with empty text. VOUCH_ERROR_NOT_FOUND when the form
 * has no such field. OUT: *edit, owned by the caller, released with vouch_edit_free. */
VOUCH_API vouch_status vouch_edit_open(vouch_form *form, const char *field, size_t field_length, vouch_edit **edit);

/* Releases a session. NULL is a harmless no-op. */
VOUCH_API void vouch_edit_free(vouch_edit *edit);

/* Replaces `length` bytes of the text at byte offset `start` with `replacement` (typing is an
 * insertion at the caret, backspace a one-character deletion before it). A range that splits a
 * character is widened to whole characters. OUT: *accepted (may be NULL): 0 when the field refused
 * the edit (a letter in a phone number, text past its length) and the text is unchanged.
 * VOUCH_ERROR_ARGUMENT when the range is outside the text. */
VOUCH_API vouch_status vouch_edit_apply(vouch_edit *edit, size_t start, size_t length, const char *replacement,
                                        size_t replacement_length, int *accepted);

/* The text and the caret. OUT: *text, NUL-terminated, owned by the session and valid until its next
 * edit; *length and *caret in bytes. Any may be NULL. */
VOUCH_API vouch_status vouch_edit_text(const vouch_edit *edit, const char **text, size_t *length, size_t *caret);

/* ==== Bulk checking, and a form's fields, for language bindings =========================== */
/* For bindings (the Python package `vouch`) and bulk jobs: a whole buffer of records
 * crosses into the library in one call, and comes back as the lines `vouch check` writes. */

/* What vouch_form_check reads. */
typedef enum vouch_input_format {
    VOUCH_INPUT_JSON_LINES = 0, /* one JSON object per line; blank lines are skipped */
    VOUCH_INPUT_CSV = 1         /* RFC 4180 with a header row, as `vouch check` reads .csv files */
} vouch_input_format;

/* How vouch_form_check reads its input and numbers its records. Zero it (or pass NULL) for the
 * defaults of `vouch check`, and set `size` to sizeof(vouch_check_options): fields are only ever
 * added at the end, and Vouch reads no further than `size` bytes. */
typedef struct vouch_check_options {
    size_t size;               /* IN: sizeof(vouch_check_options) */
    vouch_input_format format; /* IN: VOUCH_INPUT_JSON_LINES (0) or VOUCH_INPUT_CSV */
    size_t first_record;       /* IN: the "record" number of the first record; 0 means 1 */
    size_t first_line;         /* IN: the line number the input starts on (for "line"); 0 means 1 */
    size_t max_record_bytes;   /* IN: the longest record read; 0 means 1048576, as `vouch check` */
    size_t max_value_bytes;    /* IN: the longest value of a field; 0 means 65536, as `vouch check` */
    int display;               /* IN: nonzero adds "display": {...} (display values) to each line */
} vouch_check_options;

/* Checks every record of `input` (JSON lines or CSV, `length` bytes; a UTF-8 byte order mark at the
 * start is skipped) and writes one line per record, in input order, byte for byte as `vouch check`
 * writes it for the same input:
 *   {"record":1,"valid":false,"values":{...canonical...},"errors":[{"field","code","message","args"}]}
 * A record that cannot be read (malformed JSON, invalid UTF-8, a CSV row with the wrong number of
 * cells, a record or value over its limit) gets one error with its reason and its "line", and the
 * records after it are checked: no record is dropped. Password values never appear.
 * OUT: *output (caller frees with vouch_free; "" when there is no record) and its length.
 * OUT: *summary, when summary is not NULL: what `vouch check` sums up on stderr, as JSON (caller
 * frees with vouch_free) and its length:
 *   {"records":4,"valid":2,"invalid":2,"unreadable":0,"unreadable_codes":{},
 *    "fields":[{"name":"email","records":4,"invalid":1,"codes":{"email":1}},...]}
 * VOUCH_ERROR_ARGUMENT for a bad option or a CSV input without a header row (the last error says
 * which). Runs on the calling thread: many threads may check with one form at once. */
VOUCH_API vouch_status vouch_form_check(vouch_form *form, const char *input, size_t length,
                                        const vouch_check_options *options, char **output, size_t *output_length,
                                        char **summary, size_t *summary_length);

/* The form's fields, in order, as a JSON array, for bindings that type canonical values by kind:
 *   [{"name":"birth_date","label":"Date of birth","kind":"date","required":true,"secret":false,
 *     "conditional":false},...]
 * "kind" is the kind's name, never an alias; a tokens field also has "token_kind", its tokens' kind.
 * OUT: *json (caller frees with vouch_free) and its length. */
VOUCH_API vouch_status vouch_form_fields_json(vouch_form *form, char **json, size_t *length);

/* ==== End of bulk checking ================================================================== */

#ifdef __cplusplus
}
#endif

#endif /* VOUCH_H */
