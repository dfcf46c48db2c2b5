/*
 * vouch.c — Vouch's checks as SQLite functions, a loadable extension (`.load .../vouch` in the
 * sqlite3 shell, sqlite3_load_extension in a program): vouch_valid, vouch_format, vouch_errors,
 * vouch_check and vouch_check_valid, with JSON as text.
 *
 * Each connection has its own registry and compiles each form or kind once (../common/form_cache.c),
 * released when the connection closes. A statement also keeps, as SQLite's auxiliary data of a
 * constant argument, the form that argument named, so that a CHECK constraint's spec is not even
 * hashed again for each row.
 */
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "form_cache.h"
#include "form_checks.h"

/* The form an argument named, while that argument stays the same (sqlite3_set_auxdata). */
typedef struct argument_memo {
    uint64_t generation;
    vouch_form *form;
} argument_memo;

/* Reports a failure: the message, and where in the spec. Vouch's messages never hold a value. */
static void report(sqlite3_context *context, const char *function, const form_error *error) {
    char message[sizeof error->message + sizeof error->path + 64];
    if (error->path[0]) {
        snprintf(message, sizeof message, "%s: %s (at %s in the form spec)", function, error->message, error->path);
    } else {
        snprintf(message, sizeof message, "%s: %s", function, error->message);
    }
    sqlite3_result_error(context, message, -1);
}

/* The form the memo of argument `index` (and of the locale argument, when there is one) holds. */
static vouch_form *memo_form(sqlite3_context *context, form_cache *cache, int index, int locale_index) {
    argument_memo *memo = sqlite3_get_auxdata(context, index);
    if (!memo || memo->generation != form_cache_generation(cache)) return NULL;
    if (locale_index >= 0 && sqlite3_get_auxdata(context, locale_index) != memo) return NULL;
    return memo->form;
}

static void remember_form(sqlite3_context *context, form_cache *cache, int index, int locale_index, vouch_form *form) {
    argument_memo *memo = sqlite3_malloc(sizeof *memo);
    if (!memo) return;
    memo->generation = form_cache_generation(cache);
    memo->form = form;
    /* Both arguments hold the same memo; the name's frees it. */
    if (locale_index >= 0) sqlite3_set_auxdata(context, locale_index, memo, NULL);
    sqlite3_set_auxdata(context, index, memo, sqlite3_free);
}

/* The one-field form of the kind (or, with `rules`, the rule) in argument 0, in the locale of
 * argument 2 ("en-US" when there is none). */
static vouch_status kind_form(sqlite3_context *context, int argc, sqlite3_value **argv, int rules, vouch_form **form,
                              form_error *error) {
    form_cache *cache = sqlite3_user_data(context);
    int locale_index = argc > 2 ? 2 : -1;
    if ((*form = memo_form(context, cache, 0, locale_index))) return VOUCH_OK;
    const char *name = (const char *)sqlite3_value_text(argv[0]);
    const char *locale = locale_index >= 0 ? (const char *)sqlite3_value_text(argv[2]) : "en-US";
    if (!name || !locale) {
        snprintf(error->message, sizeof error->message, "out of memory");
        error->path[0] = '\0';
        error->status = VOUCH_ERROR_ARGUMENT;
        return VOUCH_ERROR_ARGUMENT;
    }
    size_t name_length = (size_t)sqlite3_value_bytes(argv[0]);
    size_t locale_length = locale_index >= 0 ? (size_t)sqlite3_value_bytes(argv[2]) : strlen(locale);
    vouch_status status = form_cache_kind(cache, name, name_length, locale, locale_length, rules, form, error);
    if (status == VOUCH_OK) remember_form(context, cache, 0, locale_index, *form);
    return status;
}

/* NULL in, NULL out: 1 when an argument is NULL (and the result is set). */
static int any_null(sqlite3_context *context, int argc, sqlite3_value **argv) {
    for (int i = 0; i < argc; i++) {
        if (sqlite3_value_type(argv[i]) == SQLITE_NULL) {
            sqlite3_result_null(context);
            return 1;
        }
    }
    return 0;
}

/* The one-field form of the kind or rule and the value of argument 1; 0 after reporting a failure. */
static int value_argument(sqlite3_context *context, const char *function, int argc, sqlite3_value **argv,
                          vouch_form **form, const char **value) {
    form_error error;
    if (kind_form(context, argc, argv, 1, form, &error) != VOUCH_OK) {
        report(context, function, &error);
        return 0;
    }
    *value = (const char *)sqlite3_value_text(argv[1]);
    if (!*value) {
        sqlite3_result_error_nomem(context);
        return 0;
    }
    return 1;
}

static void vouch_valid(sqlite3_context *context, int argc, sqlite3_value **argv) {
    form_error error;
    vouch_form *form;
    const char *value;
    int valid = 0;
    if (any_null(context, argc, argv) || !value_argument(context, "vouch_valid", argc, argv, &form, &value)) return;
    if (value_valid(form, value, (size_t)sqlite3_value_bytes(argv[1]), &valid, &error) != VOUCH_OK) {
        report(context, "vouch_valid", &error);
        return;
    }
    sqlite3_result_int(context, valid != 0);
}

static void vouch_format(sqlite3_context *context, int argc, sqlite3_value **argv) {
    if (any_null(context, argc, argv)) return;
    form_cache *cache = sqlite3_user_data(context);
    form_error error;
    vouch_form *form;
    const char *value = (const char *)sqlite3_value_text(argv[1]);
    size_t value_length = (size_t)sqlite3_value_bytes(argv[1]);
    int canonical = argc > 3 ? sqlite3_value_int(argv[3]) != 0 : 1;
    if (!value) {
        sqlite3_result_error_nomem(context);
        return;
    }
    vouch_status status = kind_form(context, argc, argv, 0, &form, &error);
    if (status == VOUCH_OK) {
        value_outcome outcome;
        if (value_check(form, value, value_length, &outcome, &error) != VOUCH_OK) {
            report(context, "vouch_format", &error);
            return;
        }
        char *text = NULL;
        size_t length = 0;
        int found = value_outcome_text(&outcome, canonical, &text, &length);
        value_outcome_free(&outcome);
        if (found) {
            sqlite3_result_text(context, text, (int)length, free);
        } else {
            sqlite3_result_null(context);
        }
        return;
    }
    const char *name = (const char *)sqlite3_value_text(argv[0]);
    size_t name_length = (size_t)sqlite3_value_bytes(argv[0]);
    /* Not a kind: a formatter, whose output is the text it makes. */
    if (status != VOUCH_ERROR_UNKNOWN_NAME || form_cache_formatter(cache, name, name_length, &error) != VOUCH_OK) {
        report(context, "vouch_format", &error);
        return;
    }
    const char *locale = argc > 2 ? (const char *)sqlite3_value_text(argv[2]) : "en-US";
    char *made = NULL;
    size_t length = 0;
    status = vouch_format_value(form_cache_registry(cache), name, name_length, locale, value, value_length, canonical, &made,
                                &length);
    if (status != VOUCH_OK) {
        form_cache_error(cache, status, &error);
        report(context, "vouch_format", &error);
        return;
    }
    sqlite3_result_text(context, made, (int)length, vouch_free);
}

static void vouch_errors(sqlite3_context *context, int argc, sqlite3_value **argv) {
    form_error error;
    vouch_form *form;
    const char *value;
    value_outcome outcome;
    if (any_null(context, argc, argv) || !value_argument(context, "vouch_errors", argc, argv, &form, &value)) return;
    if (value_check(form, value, (size_t)sqlite3_value_bytes(argv[1]), &outcome, &error) != VOUCH_OK) {
        report(context, "vouch_errors", &error);
        return;
    }
    json_buffer errors = {0};
    value_outcome_errors(&outcome, &errors);
    value_outcome_free(&outcome);
    if (errors.failed) {
        json_buffer_free(&errors);
        sqlite3_result_error_nomem(context);
        return;
    }
    sqlite3_result_text(context, errors.data, (int)errors.length, free);
}

/* The record of argument 1 checked by the form of argument 0: the object `vouch check` writes for
 * it (with `json`), or only whether it is valid. 0 after reporting a failure. */
static int check_record(sqlite3_context *context, const char *function, sqlite3_value **argv, char **json, size_t *length,
                        int *valid) {
    form_cache *cache = sqlite3_user_data(context);
    form_error error;
    vouch_form *form = memo_form(context, cache, 0, -1);
    if (!form) {
        const char *spec = (const char *)sqlite3_value_text(argv[0]);
        if (!spec) {
            sqlite3_result_error_nomem(context);
            return 0;
        }
        if (form_cache_spec(cache, spec, (size_t)sqlite3_value_bytes(argv[0]), &form, &error) != VOUCH_OK) {
            report(context, function, &error);
            return 0;
        }
        remember_form(context, cache, 0, -1, form);
    }
    const char *record = (const char *)sqlite3_value_text(argv[1]);
    if (!record) {
        sqlite3_result_error_nomem(context);
        return 0;
    }
    size_t record_length = (size_t)sqlite3_value_bytes(argv[1]);
    vouch_status status = json ? record_check(form, record, record_length, json, length, valid, &error)
                               : record_valid(form, record, record_length, valid, &error);
    if (status != VOUCH_OK) {
        report(context, function, &error);
        return 0;
    }
    return 1;
}

static void vouch_check(sqlite3_context *context, int argc, sqlite3_value **argv) {
    size_t length;
    int valid;
    char *json = NULL;
    if (any_null(context, argc, argv) || !check_record(context, "vouch_check", argv, &json, &length, &valid)) return;
    sqlite3_result_text(context, json, (int)length, free);
}

static void vouch_check_valid(sqlite3_context *context, int argc, sqlite3_value **argv) {
    int valid;
    if (any_null(context, argc, argv) || !check_record(context, "vouch_check_valid", argv, NULL, NULL, &valid)) return;
    sqlite3_result_int(context, valid);
}

static void release_cache(void *cache) { form_cache_free(cache); }

#ifdef _WIN32
__declspec(dllexport)
#endif
/* The entry point SQLite finds from the file name vouch.so. */
int sqlite3_vouch_init(sqlite3 *db, char **error_message, const sqlite3_api_routines *api) {
    SQLITE_EXTENSION_INIT2(api);
    form_cache *cache;
    form_error error;
    if (form_cache_open(&cache, &error) != VOUCH_OK) {
        *error_message = sqlite3_mprintf("vouch: %s", error.message);
        return SQLITE_ERROR;
    }
    /* By kind or rule: no clock, so the same arguments give the same answer (deterministic, and
     * usable in generated columns and indexes). By form spec: a form may bound a date by today. */
    static const struct {
        const char *name;
        int arguments;
        int flags;
        void (*function)(sqlite3_context *, int, sqlite3_value **);
    } functions[] = {
        {"vouch_valid", 2, SQLITE_DETERMINISTIC, vouch_valid},     {"vouch_valid", 3, SQLITE_DETERMINISTIC, vouch_valid},
        {"vouch_format", 2, SQLITE_DETERMINISTIC, vouch_format},   {"vouch_format", 3, SQLITE_DETERMINISTIC, vouch_format},
        {"vouch_format", 4, SQLITE_DETERMINISTIC, vouch_format},   {"vouch_errors", 2, SQLITE_DETERMINISTIC, vouch_errors},
        {"vouch_errors", 3, SQLITE_DETERMINISTIC, vouch_errors},   {"vouch_check", 2, 0, vouch_check},
        {"vouch_check_valid", 2, 0, vouch_check_valid},
    };
    size_t count = sizeof functions / sizeof *functions;
    for (size_t i = 0; i < count; i++) {
        /* The last registration owns the cache: SQLite calls its destructor when the connection closes. */
        int status = sqlite3_create_function_v2(db, functions[i].name, functions[i].arguments, SQLITE_UTF8 | functions[i].flags,
                                                cache, functions[i].function, NULL, NULL, i + 1 == count ? release_cache : NULL);
        if (status != SQLITE_OK) {
            *error_message = sqlite3_mprintf("vouch: cannot register %s: %s", functions[i].name, sqlite3_errstr(status));
            if (i + 1 < count) form_cache_free(cache);
            return status;
        }
    }
    return SQLITE_OK;
}
