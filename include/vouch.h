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
 *   - Each handle is tagged with its type: a call given a handle of another type (a vouch_result *
 *     cast to vouch_form *) returns VOUCH_ERROR_MISUSE, and so does one given a handle freed
 *     already, while the freed memory has not been reused; a destructor called twice on a handle
 *     does nothing the second time, under the same condition. What stays undefined behaviour: a
 *     pointer that was never a handle (an arbitrary or uninitialized pointer), a freed handle whose
 *     memory was reused for another allocation (never keep a freed handle: set it to NULL), freeing
 *     a handle while another thread uses it, and any use from a sanitizer or memory checker's point
 *     of view of a freed handle (they report the read of freed memory the check makes).
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
#define VOUCH_VERSION_MINOR 2
#define VOUCH_VERSION_PATCH 0
#define VOUCH_VERSION_STRING "0.2.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH, for compile-time comparisons. */
#define VOUCH_VERSION_NUMBER (VOUCH_VERSION_MAJOR * 10000 + VOUCH_VERSION_MINOR * 100 + VOUCH_VERSION_PATCH)

/* The version of the library loaded at run time, as VOUCH_VERSION_STRING ("MAJOR.MINOR.PATCH"). Static
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
    VOUCH_ERROR_IO = 10,          /* a file that cannot be read, or output that was not taken */
    VOUCH_ERROR_NOT_FOUND = 11,   /* no such field, value or index in a result */
    VOUCH_ERROR_NAME_TAKEN = 12,  /* a name that is already registered */
    VOUCH_ERROR_MISUSE = 13       /* a handle freed already, or of another type than the call takes */
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

/* The last failure of a call on a handle, in parts, for programs that route errors by kind or show
 * where in a spec the problem is. Every string is NUL-terminated, owned by the handle, and valid
 * until this thread's next call on it; none is NULL ("" when there is nothing to say). */
typedef struct vouch_error_detail {
    size_t size;          /* set by the caller to sizeof(vouch_error_detail): the struct may grow */
    vouch_status status;  /* the status the failed call returned; VOUCH_OK after a success */
    const char *code;     /* Vouch's error code: "invalid_spec", "unknown_name", "unknown_parameter",
                           * "invalid_parameter", "missing_parameter", "bad_regex", "bad_message",
                           * "invalid_json", "invalid_pack", "unknown_locale", "invalid_input",
                           * "invalid_plugin", "name_taken", "io"; or, for a failure of the call itself,
                           * the status's name without VOUCH_ERROR_ in lower case ("argument", "utf8") */
    const char *message;  /* what was wrong, without where */
    const char *path;     /* where inside the spec, pack or record: a JSON path ("fields[2].kind") */
    const char *file;     /* the file the failure is in or about */
} vouch_error_detail;

/* Fills *detail with the last failure of this thread's calls on the registry. VOUCH_ERROR_ARGUMENT
 * for a NULL registry or detail, or a size smaller than the first version of the struct. */
VOUCH_API vouch_status vouch_registry_error_detail(const vouch_registry *registry, vouch_error_detail *detail);

/* Loads locale packs from a path: a pack directory (holding pack.json), a pack.json file, or a
 * directory of pack directories. All or nothing. */
VOUCH_API vouch_status vouch_registry_load_packs(vouch_registry *registry, const char *path, size_t path_length);

/* Loads a plugin by path (anything with a '/') or by name, found along VOUCH_PLUGIN_PATH, then in the
 * directory of libvouch.so and the lib/vouch/plugins beside it (never the current directory).
 * All or nothing. */
VOUCH_API vouch_status vouch_registry_load_plugin(vouch_registry *registry, const char *name_or_path, size_t length);

/* As vouch_registry_load_plugin, but the plugin's rules run in child processes of the vouch command
 * (`vouch plugin-host`), as `vouch check --isolate-plugins` runs them: a rule that crashes, writes to
 * standard output or takes longer than timeout_ms (1 to 3600000) fails only the value it was
 * checking, with the violation "plugin_error" naming the rule, and checking goes on. Its entry point
 * still runs in this process, to describe the plugin. helper: the vouch command's path, NUL-terminated
 * (NULL: the one beside libvouch.so, or in the bin directory beside its lib). */
VOUCH_API vouch_status vouch_registry_load_plugin_isolated(vouch_registry *registry, const char *name_or_path, size_t length,
                                                           const char *helper, unsigned int timeout_ms);

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

/* As vouch_registry_error_detail, for calls on a form. */
VOUCH_API vouch_status vouch_form_error_detail(const vouch_form *form, vouch_error_detail *detail);

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

/* Whether a record is valid: *valid is 1 or 0, as "valid" in vouch_form_validate_json's result,
 * without making that result (no display forms, messages nor JSON): for a CHECK constraint or a
 * filter. Failures as vouch_form_validate_json's. */
VOUCH_API vouch_status vouch_form_check_valid(vouch_form *form, const char *record_json, size_t length, int *valid);

/* What a member of a record given member by member holds. */
typedef enum vouch_value_type {
    VOUCH_VALUE_STRING = 0, /* a string: `value` is its UTF-8 text as it is, not JSON-escaped */
    VOUCH_VALUE_NULL = 1,   /* null (`value` is not read) */
    VOUCH_VALUE_TRUE = 2,   /* true (`value` is not read) */
    VOUCH_VALUE_FALSE = 3,  /* false (`value` is not read) */
    VOUCH_VALUE_JSON = 4    /* any JSON value, `value` its JSON text: a number, an array, an object */
} vouch_value_type;

/* One member of a record: its name (UTF-8, not JSON-escaped) and its value. */
typedef struct vouch_member {
    const char *name;
    size_t name_length;
    vouch_value_type type;
    const char *value;
    size_t value_length;
} vouch_member;

/* Whether the record made of `count` members is valid: what vouch_form_check_valid says of the
 * JSON object with these members in this order, for a caller that holds a record's members apart
 * (a database row, a decoded document) and need not write them out as JSON text. Nothing is
 * copied from `members` beyond the call. Failures as vouch_form_check_valid's for that object: a
 * name given twice or a VOUCH_VALUE_JSON value that is not JSON gives VOUCH_ERROR_JSON, text
 * that is not UTF-8 VOUCH_ERROR_UTF8, a NULL name or value with a length VOUCH_ERROR_ARGUMENT. */
VOUCH_API vouch_status vouch_form_check_valid_members(vouch_form *form, const vouch_member *members, size_t count,
                                                      int *valid);

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

/* Whether the text fills the field: every slot of its mask (a whole phone number, a date with its
 * year); for a field without a mask, whether it has text. OUT: *complete, 1 or 0. */
VOUCH_API vouch_status vouch_edit_complete(const vouch_edit *edit, int *complete);

/* The field's mask with the text laid into it and each open slot as `placeholder` (an ASCII
 * character, such as '_'): "(20_) ___-____". OUT: *mask, NUL-terminated, owned by the caller,
 * released with vouch_free; NULL (and VOUCH_OK) for a field without a mask. *length (may be NULL)
 * in bytes. VOUCH_ERROR_ARGUMENT for a placeholder that is not ASCII. */
VOUCH_API vouch_status vouch_edit_placeholder(const vouch_edit *edit, char placeholder, char **mask, size_t *length);

/* ==== Interactive forms: a UI drives a whole form ========================================== */
/*
 * A session is one interactive form, as a UI drives it: every field's text and caret, its state
 * (inactive, active, error, disabled), its errors and input hints, the focus and next/previous/done
 * navigation, and token inputs. Each typing call applies the field's mask, length limit, character
 * filter and capitalization, and validates when the field's timing says so (docs/editing.md).
 *
 * Fields are addressed by their index in the form's spec, from 0 (vouch_session_field_index finds
 * one by name). A bad index gives VOUCH_ERROR_NOT_FOUND, with a last error that names it. Offsets
 * are in UTF-8 bytes. A session, and the pointers it lends, belong to the thread that uses it: use
 * a session from one thread at a time (a UI's main thread). Callbacks run on that thread, inside
 * the call that caused them; they may read the session but must not free it.
 */
typedef struct vouch_session vouch_session;

/* "None": the index vouch_session_next, _previous, _focused and _done give when there is no field,
 * and vouch_tokens_selected when no token is selected; vouch_tokens_select takes it to deselect. */
#define VOUCH_NONE ((size_t)-1)

/* The state of a field, as a UI shows it. */
typedef enum vouch_field_state {
    VOUCH_FIELD_INACTIVE = 0, /* not being edited, no error shown */
    VOUCH_FIELD_ACTIVE = 1,   /* being edited, no error shown */
    VOUCH_FIELD_ERROR = 2,    /* showing an error: from validation, or set with vouch_session_set_error */
    VOUCH_FIELD_PENDING = 3,  /* an async rule is checking the text (async rules are added in Swift) */
    VOUCH_FIELD_DISABLED = 4  /* disabled: skipped by next/done, left out of values and validation */
} vouch_field_state;

/* Opens a session on a form, every field empty and enabled, none focused. The session keeps the
 * form alive. OUT: *session, owned by the caller, released with vouch_session_free. */
VOUCH_API vouch_status vouch_session_open(vouch_form *form, vouch_session **session);

/* Releases a session. NULL is a harmless no-op. */
VOUCH_API void vouch_session_free(vouch_session *session);

/* As vouch_registry_last_error, for calls on a session. */
VOUCH_API const char *vouch_session_last_error(const vouch_session *session);

/* As vouch_registry_error_detail, for calls on a session. */
VOUCH_API vouch_status vouch_session_error_detail(const vouch_session *session, vouch_error_detail *detail);

/* ---- Fields of a session ---- */

/* How many fields the form has (0 for NULL). */
VOUCH_API size_t vouch_session_field_count(const vouch_session *session);

/* The index of the field named `name`. VOUCH_ERROR_NOT_FOUND when the form has none. */
VOUCH_API vouch_status vouch_session_field_index(vouch_session *session, const char *name, size_t length, size_t *index);

/* The name of the field at `field`. OUT: NUL-terminated text owned by the session, valid until it
 * is freed, and its length; either may be NULL. */
VOUCH_API vouch_status vouch_session_field_name(vouch_session *session, size_t field, const char **name, size_t *length);

/* The field's text and caret, for the UI to show (a password's too: it is the text its user typed;
 * Vouch never puts it in a message, a last error or a result). OUT: *text, NUL-terminated, owned by
 * the session and valid until its next call; *length and *caret in bytes. Any may be NULL. A tokens
 * field's text is its tokens, one per line (vouch_tokens_text gives the text being typed). */
VOUCH_API vouch_status vouch_session_text(vouch_session *session, size_t field, const char **text, size_t *length,
                                          size_t *caret);

/* Replaces `length` bytes of the field's text at byte offset `start` with `replacement`, as a text
 * box reports an edit (a range that splits a character is widened to whole characters). OUT:
 * *accepted (may be NULL): 0 when the field refused the edit (a letter in a phone number, text past
 * its length, a disabled field) and the text is unchanged. VOUCH_ERROR_ARGUMENT when the range is
 * outside the text. */
VOUCH_API vouch_status vouch_session_edit(vouch_session *session, size_t field, size_t start, size_t length,
                                          const char *replacement, size_t replacement_length, int *accepted);

/* Types `text` at the caret, as a keyboard does; OUT: *accepted as for vouch_session_edit. */
VOUCH_API vouch_status vouch_session_type(vouch_session *session, size_t field, const char *text, size_t length,
                                          int *accepted);

/* Deletes the character before the caret, as the backspace key does; OUT: *accepted as above. */
VOUCH_API vouch_status vouch_session_delete_backward(vouch_session *session, size_t field, int *accepted);

/* Deletes the character after the caret, as the delete key does (over a mask's layout characters
 * alone, the significant character after them); OUT: *accepted as above. Added in this version. */
VOUCH_API vouch_status vouch_session_delete_forward(vouch_session *session, size_t field, int *accepted);

/* Undoes the field's last step, or redoes the last step undone. A step is a run of characters
 * typed one after another, a run of deletions, a paste or a replacement, or a text set; moving the
 * caret ends a run, and a new edit forgets the steps undone. OUT: *done (may be NULL) 1 if there
 * was a step and the field takes input, else 0 (nothing changes). Added in this version. */
VOUCH_API vouch_status vouch_session_undo(vouch_session *session, size_t field, int *done);
VOUCH_API vouch_status vouch_session_redo(vouch_session *session, size_t field, int *done);

/* Composition (an input method's marked text): set_marked_text shows `marked` (UTF-8, IN) at the
 * caret where composition began, as it is: no mask or filter applies and nothing is checked; each
 * call replaces the marked text before. commit_marked_text types it there as one edit, laid out by
 * the field's mask ("２０１" in a phone field gives "(201"), and one undo step. OUT: *accepted (may be
 * NULL) 1 if taken, 0 if not (a field that takes no input; nothing being composed). Added in this
 * version. */
VOUCH_API vouch_status vouch_session_set_marked_text(vouch_session *session, size_t field, const char *marked,
                                                     size_t length, int *accepted);
VOUCH_API vouch_status vouch_session_commit_marked_text(vouch_session *session, size_t field, int *accepted);

/* Sets the field's text as the app fills it in (no mask applied; a disabled field takes it too). */
VOUCH_API vouch_status vouch_session_set_text(vouch_session *session, size_t field, const char *text, size_t length);

/* ---- Focus and navigation ---- */

/* Editing of the field begins: it takes the focus from the focused field (which ends editing).
 * OUT: *began (may be NULL): 0 when the field is disabled or the should-begin callback said no. */
VOUCH_API vouch_status vouch_session_focus(vouch_session *session, size_t field, int *began);

/* Editing of the focused field ends (it validates if its timing says so); none is focused after. */
VOUCH_API vouch_status vouch_session_blur(vouch_session *session);

/* The focused field, or VOUCH_NONE. */
VOUCH_API vouch_status vouch_session_focused(vouch_session *session, size_t *field);

/* The return key: focus moves to the next editable field (included, enabled, not read-only).
 * OUT: *field, the field focused after the move; VOUCH_NONE past the last (editing ended: call
 * vouch_session_done). When the next field's should-begin callback says no, the focus stays. */
VOUCH_API vouch_status vouch_session_next(vouch_session *session, size_t *field);

/* A toolbar's "previous": focus moves to the editable field before the focused one. OUT: *field,
 * the field focused after the move (unchanged at the first), VOUCH_NONE when none is focused. */
VOUCH_API vouch_status vouch_session_previous(vouch_session *session, size_t *field);

/* Finishes the form: editing ends, every included, enabled field is validated and shows its
 * errors. OUT: *first_invalid, the first field that shows an error (where to take the user), or
 * VOUCH_NONE when all are valid; *valid, 1 or 0. Either may be NULL. */
VOUCH_API vouch_status vouch_session_done(vouch_session *session, size_t *first_invalid, int *valid);

/* ---- States, errors and hints ---- */

/* The field's state. */
VOUCH_API vouch_status vouch_session_state(vouch_session *session, size_t field, vouch_field_state *state);

/* The message of the field's first error shown ("" when none). OUT: NUL-terminated text owned by
 * the session, valid until its next call, and its length. */
VOUCH_API vouch_status vouch_session_message(vouch_session *session, size_t field, const char **message,
                                             size_t *length);

/* Every error the field shows, as JSON: [{"field", "code", "message", "args"}] (never the value).
 * OUT: *json (caller frees with vouch_free) and its length. */
VOUCH_API vouch_status vouch_session_violations(vouch_session *session, size_t field, char **json, size_t *length);

/* Shows an error the app found itself (a server said the name is taken), code "custom". It goes at
 * the next change of the text, unless `sticky` is nonzero: then it stays until
 * vouch_session_clear_error. */
VOUCH_API vouch_status vouch_session_set_error(vouch_session *session, size_t field, const char *message,
                                               size_t length, int sticky);

/* Removes every error the field shows (a sticky one too). */
VOUCH_API vouch_status vouch_session_clear_error(vouch_session *session, size_t field);

/* Enables or disables the field. A disabled field ends editing, shows no error, takes no typing, is
 * skipped by next/previous/done and is left out of values and validation; its text is kept. */
VOUCH_API vouch_status vouch_session_enable(vouch_session *session, size_t field);
VOUCH_API vouch_status vouch_session_disable(vouch_session *session, size_t field);

/* The field's input hints as a JSON object: {"control", "keyboard", "capitalization",
 * "autocorrection", "secure_entry", "max_length" (null: none), "autocomplete", "currency_symbol",
 * "toolbar" (a numeric pad wants a next/done toolbar), "return_key" ("default", "go", "search",
 * "send", "join", "route", "continue", "done", "next": from the field's hints, else by its place),
 * "enterkeyhint", "html" (the HTML input attributes as text), "min", "max" (null, or the field's
 * bounds as canonical values: "0", "1900-01-01", "09:00"), "step" (null, or the step between a
 * number's values: "1", "0.01"), "unit" (null, or a number's unit of measure: {"id": "kilogram",
 * "short": "kg", "long": "kilograms"}, in the form's locale)}.
 * "toolbar" is false when the field asks for no action ("return_key": "default"). OUT: *json
 * (caller frees with vouch_free) and its length. */
VOUCH_API vouch_status vouch_session_hints(vouch_session *session, size_t field, char **json, size_t *length);

/* The canonical values of the valid, enabled, included fields as a JSON object (passwords left
 * out), as vouch_result_json's "values". OUT: *json (caller frees with vouch_free) and its length. */
VOUCH_API vouch_status vouch_session_values(vouch_session *session, char **json, size_t *length);

/* Called when a field's state changes, with the context given. */
typedef void (*vouch_state_callback)(void *context, vouch_session *session, size_t field, vouch_field_state state);

/* Sets (or, with NULL, removes) the callback for state changes of every field. Vouch never reads or
 * frees `context`. */
VOUCH_API vouch_status vouch_session_set_state_callback(vouch_session *session, vouch_state_callback callback,
                                                        void *context);

/* Asked before a field begins editing (vouch_session_focus, _next, _previous); returns nonzero to
 * let it, 0 to keep it from becoming active (the app may show its own picker instead). */
typedef int (*vouch_should_begin_callback)(void *context, vouch_session *session, size_t field);

/* Sets (or, with NULL, removes) the should-begin callback for every field. */
VOUCH_API vouch_status vouch_session_set_should_begin(vouch_session *session, vouch_should_begin_callback callback,
                                                      void *context);

/* ---- Token inputs (fields of kind "tokens") ---- */
/*
 * A token input: text typed becomes a token on a separator or on commit (the return key), checked
 * and normalized by the field's token kind and rules. A token can be selected (a tap); while one is
 * selected, typing replaces it and backspace removes it. Each token carries a context pointer of
 * the caller's, which Vouch never reads or frees. Each call takes a field of kind "tokens";
 * another is VOUCH_ERROR_ARGUMENT. A token index past the last is VOUCH_ERROR_NOT_FOUND.
 */

/* What a token-for-text callback fills in, with vouch_token_set. Valid during the callback only. */
typedef struct vouch_token vouch_token;

/* Turns committed text into a token, as an address book turns "Bren" into "Brenden Mulligan":
 * calls vouch_token_set(token, ...) and returns nonzero, or returns 0 to refuse the text (it stays
 * in the text box). Returning nonzero without setting the token takes the text as typed. */
typedef int (*vouch_token_for_text_callback)(void *context, const char *text, size_t length, vouch_token *token);

/* Fills in the token a callback makes: its text (checked by the token kind), what the input shows
 * (`display`; NULL: the kind's display form) and a context pointer. Both strings are copied. */
VOUCH_API vouch_status vouch_token_set(vouch_token *token, const char *text, size_t length, const char *display,
                                       size_t display_length, void *context);

/* Sets (or, with NULL, removes) the field's token-for-text callback. */
VOUCH_API vouch_status vouch_tokens_set_token_for_text(vouch_session *session, size_t field,
                                                       vouch_token_for_text_callback callback, void *context);

/* ------------------------------------------------------------------------------------------ */
/* Pickers: a session's `choice` fields (added in this version). VOUCH_ERROR_ARGUMENT for a     */
/* field of another kind.                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* The picker's rows as a JSON object: {"rows": the options' labels, then the manual-entry label if
 * the field has one; "values": the options' values; "manual_entry": the manual-entry row's index,
 * or null}. OUT: *json (caller frees with vouch_free) and its length. */
VOUCH_API vouch_status vouch_choice_rows(vouch_session *session, size_t field, char **json, size_t *length);

/* Selects row `row` (the manual-entry row switches the field to free text); VOUCH_ERROR_NOT_FOUND
 * for a row the picker does not have. */
VOUCH_API vouch_status vouch_choice_select(vouch_session *session, size_t field, size_t row);

/* Selects what the user typed (UTF-8, IN): the option it names, ignoring case and accents as the
 * locale reads them; otherwise free text in manual entry, if the field has it. OUT: *chosen (may be
 * NULL) 1 if something was selected, else 0. */
VOUCH_API vouch_status vouch_choice_choose(vouch_session *session, size_t field, const char *text, size_t length,
                                           int *chosen);

/* The selected row: an option's index, the manual-entry row's index in manual entry, or VOUCH_NONE. */
VOUCH_API vouch_status vouch_choice_selected(vouch_session *session, size_t field, size_t *row);

/* How many tokens the field has. */
VOUCH_API vouch_status vouch_tokens_count(vouch_session *session, size_t field, size_t *count);

/* The tokens collapsed into one line in the form's locale, as a field not being edited shows them:
 * the first `shown` display texts and how many more ("ada@x.org, grace@y.org, and 3 more"). OUT:
 * *summary (caller frees with vouch_free) and its length. Added in this version. */
VOUCH_API vouch_status vouch_tokens_summary(vouch_session *session, size_t field, size_t shown, char **summary,
                                            size_t *length);

/* The token at `index`: its canonical text, its display form and its context. OUT: NUL-terminated
 * text owned by the session, valid until its next call, and lengths; any may be NULL. */
VOUCH_API vouch_status vouch_tokens_token(vouch_session *session, size_t field, size_t index, const char **text,
                                          size_t *text_length, const char **display, size_t *display_length,
                                          void **context);

/* The text being typed, not yet a token. OUT: as vouch_tokens_token's text. */
VOUCH_API vouch_status vouch_tokens_text(vouch_session *session, size_t field, const char **text, size_t *length);

/* Types into the token input; a separator character ends the token before it. */
VOUCH_API vouch_status vouch_tokens_type(vouch_session *session, size_t field, const char *text, size_t length);

/* The return key: the text becomes a token (through the token-for-text callback, if set). OUT:
 * *added (may be NULL): 1 when a token was added; 0 for a duplicate, or text refused (it stays;
 * vouch_tokens_violations says why). */
VOUCH_API vouch_status vouch_tokens_commit(vouch_session *session, size_t field, int *added);

/* Adds a token from code, as choosing a suggestion does (the text being typed is cleared); checked
 * like typed text. `display` may be NULL. OUT: *added (may be NULL) as for vouch_tokens_commit. */
VOUCH_API vouch_status vouch_tokens_add(vouch_session *session, size_t field, const char *text, size_t length,
                                        const char *display, size_t display_length, void *context, int *added);

/* Selects the token at `index`, as tapping it does; VOUCH_NONE deselects. */
VOUCH_API vouch_status vouch_tokens_select(vouch_session *session, size_t field, size_t index);

/* The selected token's index, or VOUCH_NONE. */
VOUCH_API vouch_status vouch_tokens_selected(vouch_session *session, size_t field, size_t *index);

/* Backspace: removes the selected token; else deletes a character of the text; on empty text,
 * selects the last token. */
VOUCH_API vouch_status vouch_tokens_delete_backward(vouch_session *session, size_t field);

/* Removes the token at `index`. */
VOUCH_API vouch_status vouch_tokens_remove(vouch_session *session, size_t field, size_t index);

/* Why the last text committed was refused, as JSON: [{"field", "code", "message", "args", "item"}]
 * ([] when it was not, or when the token-for-text callback refused it). OUT: *json (caller frees
 * with vouch_free) and its length. */
VOUCH_API vouch_status vouch_tokens_violations(vouch_session *session, size_t field, char **json, size_t *length);

/* ==== End of interactive forms ============================================================== */

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
    size_t jobs;               /* IN: threads that check, as `vouch check --jobs`; 0 or 1 means the
                                  calling thread alone, at most 1024 */
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
 *   With summary NULL, nothing is counted, and each record costs a little less.
 * VOUCH_ERROR_ARGUMENT for a bad option or a CSV input without a header row (the last error says
 * which). With options->jobs of 0 or 1 it runs on the calling thread; many threads may check with
 * one form at once. */
VOUCH_API vouch_status vouch_form_check(vouch_form *form, const char *input, size_t length,
                                        const vouch_check_options *options, char **output, size_t *output_length,
                                        char **summary, size_t *summary_length);

/* Takes the output of vouch_form_check_to: `length` bytes at `lines`, whole lines of one or more
 * records, valid during the call only. Returns 0 to go on; anything else stops the check. */
typedef int (*vouch_write_callback)(void *context, const char *lines, size_t length);

/* As vouch_form_check, but the lines go to `write` as they are made, a batch of records at a time
 * and in input order, instead of into one buffer: the output is never held whole, and the caller
 * may write it out, or stop, as it comes. The calls come on the calling thread, whatever
 * options->jobs, one at a time; `context` is passed to each. When `write` returns nonzero,
 * it is not called again, no batch of records is begun after it, and the result is
 * VOUCH_ERROR_IO ("the write callback returned N").
 * OUT: *summary, when summary is not NULL, as for vouch_form_check. */
VOUCH_API vouch_status vouch_form_check_to(vouch_form *form, const char *input, size_t length,
                                           const vouch_check_options *options, vouch_write_callback write, void *context,
                                           char **summary, size_t *summary_length);

/* The form's fields, in order, as a JSON array, for bindings that type canonical values by kind:
 *   [{"name":"birth_date","label":"Date of birth","kind":"date","required":true,"secret":false,
 *     "conditional":false},...]
 * "kind" is the kind's name, never an alias; a tokens field also has "token_kind", its tokens' kind.
 * OUT: *json (caller frees with vouch_free) and its length. */
VOUCH_API vouch_status vouch_form_fields_json(vouch_form *form, char **json, size_t *length);

/* A JSON Schema (draft 2020-12) of the records the form reads, as `vouch schema` writes it: what
 * JSON Schema can say of the form (required fields, types, lengths, patterns, choices, regions,
 * tokens, conditions), and in its "$comment" what only Vouch checks. title: the schema's title
 * (NULL or empty for the spec's "name", else "form").
 * OUT: *json (caller frees with vouch_free) and its length. */
VOUCH_API vouch_status vouch_form_schema_json(vouch_form *form, const char *title, size_t title_length, char **json, size_t *length);

/* ==== End of bulk checking ================================================================== */

#ifdef __cplusplus
}
#endif

#endif /* VOUCH_H */
