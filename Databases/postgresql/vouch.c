/*
 * vouch.c — Vouch's checks as PostgreSQL functions (CREATE EXTENSION vouch): vouch_valid,
 * vouch_format, vouch_errors, vouch_check and vouch_check_valid (vouch--0.1.0.sql declares them).
 *
 * Each backend has one registry and compiles each form or kind once (../common/form_cache.c);
 * each call site also keeps the form its last arguments named (fn_extra), so that a CHECK
 * constraint's constant spec is not even looked at again for each row.
 */
#include "postgres.h"

#include "fmgr.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "nodes/pg_list.h"
#include "nodes/primnodes.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/numeric.h"

#include <stdlib.h>
#include <string.h>

#include "form_cache.h"
#include "form_checks.h"

PG_MODULE_MAGIC;

PG_FUNCTION_INFO_V1(vouch_valid);
PG_FUNCTION_INFO_V1(vouch_format);
PG_FUNCTION_INFO_V1(vouch_errors);
PG_FUNCTION_INFO_V1(vouch_check);
PG_FUNCTION_INFO_V1(vouch_check_valid);

/* The backend's registry and forms, opened at the first call. */
static form_cache *backend_cache;

/* The SQLSTATE of a Vouch failure. */
static int sqlstate(vouch_status status) {
    switch (status) {
    case VOUCH_ERROR_UNKNOWN_NAME: return ERRCODE_UNDEFINED_OBJECT;
    case VOUCH_ERROR_JSON:
    case VOUCH_ERROR_SPEC:
    case VOUCH_ERROR_PARAMETER:
    case VOUCH_ERROR_LOCALE: return ERRCODE_INVALID_PARAMETER_VALUE;
    case VOUCH_ERROR_UTF8: return ERRCODE_CHARACTER_NOT_IN_REPERTOIRE;
    case VOUCH_ERROR_PACK: return ERRCODE_CONFIG_FILE_ERROR;
    case VOUCH_ERROR_PLUGIN: return ERRCODE_EXTERNAL_ROUTINE_EXCEPTION;
    case VOUCH_ERROR_IO: return ERRCODE_IO_ERROR;
    default: return ERRCODE_INTERNAL_ERROR;
    }
}

/* Raises a Vouch failure: the message, and where in the spec in DETAIL. Never a value: Vouch's
 * messages name fields, kinds and paths, not what was in them. */
static void raise_failure(const char *function, const form_error *error) pg_attribute_noreturn();
static void raise_failure(const char *function, const form_error *error) {
    ereport(ERROR, (errcode(sqlstate(error->status)), errmsg("%s: %s", function, error->message),
                    error->path[0] ? errdetail("The problem is at %s in the form spec.", error->path) : 0));
}

static form_cache *cache_of_backend(const char *function) {
    if (backend_cache) return backend_cache;
    if (GetDatabaseEncoding() != PG_UTF8) {
        ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED), errmsg("%s: Vouch works in UTF8 databases only", function),
                        errdetail("This database's encoding is %s.", GetDatabaseEncodingName())));
    }
    form_error error;
    if (form_cache_open(&backend_cache, &error) != VOUCH_OK) raise_failure(function, &error);
    return backend_cache;
}

/* What a call site asked for last, and the form it got (fn_extra). When the arguments that name
 * the form are constants of the call (a CHECK constraint's spec), they are the same at every row:
 * the form is reused without looking at them. */
typedef struct call_memo {
    uint64_t generation;
    vouch_form *form;
    bool constant;
    Size key_length;
    char key[FLEXIBLE_ARRAY_MEMBER];
} call_memo;

/* Whether argument `index` of the call is a constant in its expression. A parameter is not, even
 * one PostgreSQL calls stable: PL/pgSQL evaluates an expression again and again with new values
 * for its parameters. */
static bool argument_is_constant(FunctionCallInfo fcinfo, int index) {
    Node *call = fcinfo->flinfo->fn_expr;
    if (!call || !IsA(call, FuncExpr)) return false;
    List *arguments = ((FuncExpr *)call)->args;
    return index < list_length(arguments) && IsA(list_nth(arguments, index), Const);
}

/* The form of a call site whose arguments naming it are constants, while the cache still has it. */
static vouch_form *constant_memo_form(FunctionCallInfo fcinfo, form_cache *cache) {
    call_memo *memo = fcinfo->flinfo->fn_extra;
    return memo && memo->constant && memo->generation == form_cache_generation(cache) ? memo->form : NULL;
}

static vouch_form *memo_form(FunctionCallInfo fcinfo, form_cache *cache, const char *key, Size key_length) {
    call_memo *memo = fcinfo->flinfo->fn_extra;
    if (memo && memo->generation == form_cache_generation(cache) && memo->key_length == key_length &&
        memcmp(memo->key, key, key_length) == 0) {
        return memo->form;
    }
    return NULL;
}

static void remember_form(FunctionCallInfo fcinfo, form_cache *cache, const char *key, Size key_length, bool constant,
                          vouch_form *form) {
    call_memo *memo = fcinfo->flinfo->fn_extra;
    if (!memo || memo->key_length < key_length) {
        if (memo) pfree(memo);
        memo = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, offsetof(call_memo, key) + key_length);
        fcinfo->flinfo->fn_extra = memo;
    }
    memo->generation = form_cache_generation(cache);
    memo->form = form;
    memo->constant = constant;
    memo->key_length = key_length;
    memcpy(memo->key, key, key_length);
}

/* The locale argument at `index`, "en-US" when the call has none. */
static text *locale_argument(FunctionCallInfo fcinfo, int index) {
    return PG_NARGS() > index ? PG_GETARG_TEXT_PP(index) : cstring_to_text("en-US");
}

/* The one-field form of a kind (or, with `rules`, a rule), by the call's arguments 0 and `locale`. */
static vouch_status kind_form(FunctionCallInfo fcinfo, const char *function, text *name, text *locale, int rules,
                              vouch_form **form, form_error *error) {
    form_cache *cache = cache_of_backend(function);
    if ((*form = constant_memo_form(fcinfo, cache))) return VOUCH_OK;
    Size name_length = VARSIZE_ANY_EXHDR(name), locale_length = VARSIZE_ANY_EXHDR(locale);
    Size key_length = name_length + 1 + locale_length;
    char *key = palloc(key_length);
    memcpy(key, VARDATA_ANY(name), name_length);
    key[name_length] = '\0';
    memcpy(key + name_length + 1, VARDATA_ANY(locale), locale_length);
    if ((*form = memo_form(fcinfo, cache, key, key_length))) return VOUCH_OK;
    vouch_status status =
        form_cache_kind(cache, VARDATA_ANY(name), name_length, VARDATA_ANY(locale), locale_length, rules, form, error);
    if (status == VOUCH_OK) {
        bool constant = argument_is_constant(fcinfo, 0) && (PG_NARGS() <= 2 || argument_is_constant(fcinfo, 2));
        remember_form(fcinfo, cache, key, key_length, constant, *form);
    }
    pfree(key);
    return status;
}

/* The one-field form of the call's kind or rule (arguments 0 and 2); raises on a failure. */
static vouch_form *value_form(FunctionCallInfo fcinfo, const char *function) {
    form_error error;
    vouch_form *form;
    if (kind_form(fcinfo, function, PG_GETARG_TEXT_PP(0), locale_argument(fcinfo, 2), 1, &form, &error) != VOUCH_OK) {
        raise_failure(function, &error);
    }
    return form;
}

Datum vouch_valid(PG_FUNCTION_ARGS) {
    form_error error;
    vouch_form *form = value_form(fcinfo, "vouch_valid");
    text *value = PG_GETARG_TEXT_PP(1);
    int valid = 0;
    if (value_valid(form, VARDATA_ANY(value), VARSIZE_ANY_EXHDR(value), &valid, &error) != VOUCH_OK) {
        raise_failure("vouch_valid", &error);
    }
    PG_RETURN_BOOL(valid != 0);
}

Datum vouch_format(PG_FUNCTION_ARGS) {
    form_error error;
    vouch_form *form;
    text *name = PG_GETARG_TEXT_PP(0), *value = PG_GETARG_TEXT_PP(1), *locale = locale_argument(fcinfo, 2);
    bool canonical = PG_NARGS() > 3 ? PG_GETARG_BOOL(3) : true;
    char *formatted = NULL;
    size_t length = 0;
    vouch_status status = kind_form(fcinfo, "vouch_format", name, locale, 0, &form, &error);
    if (status == VOUCH_OK) {
        value_outcome outcome;
        if (value_check(form, VARDATA_ANY(value), VARSIZE_ANY_EXHDR(value), &outcome, &error) != VOUCH_OK) {
            raise_failure("vouch_format", &error);
        }
        int found = value_outcome_text(&outcome, canonical, &formatted, &length);
        value_outcome_free(&outcome);
        if (!found) PG_RETURN_NULL();
    } else if (status == VOUCH_ERROR_UNKNOWN_NAME) {
        /* Not a kind: a formatter, whose output is the text it makes. */
        form_cache *cache = cache_of_backend("vouch_format");
        if (form_cache_formatter(cache, VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name), &error) != VOUCH_OK) {
            raise_failure("vouch_format", &error);
        }
        char *tag = text_to_cstring(locale), *made = NULL;
        status = vouch_format_value(form_cache_registry(cache), VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name), tag,
                                    VARDATA_ANY(value), VARSIZE_ANY_EXHDR(value), canonical, &made, &length);
        if (status != VOUCH_OK) {
            form_cache_error(cache, status, &error);
            raise_failure("vouch_format", &error);
        }
        text *result = cstring_to_text_with_len(made, (int)length);
        vouch_free(made);
        PG_RETURN_TEXT_P(result);
    } else {
        raise_failure("vouch_format", &error);
    }
    text *result = cstring_to_text_with_len(formatted, (int)length);
    free(formatted);
    PG_RETURN_TEXT_P(result);
}

/* JSON text made by Vouch, as jsonb; the malloc'd text is freed. */
static Datum jsonb_of(char *json) {
    Datum result = DirectFunctionCall1(jsonb_in, CStringGetDatum(pstrdup(json)));
    free(json);
    return result;
}

Datum vouch_errors(PG_FUNCTION_ARGS) {
    form_error error;
    value_outcome outcome;
    vouch_form *form = value_form(fcinfo, "vouch_errors");
    text *value = PG_GETARG_TEXT_PP(1);
    if (value_check(form, VARDATA_ANY(value), VARSIZE_ANY_EXHDR(value), &outcome, &error) != VOUCH_OK) {
        raise_failure("vouch_errors", &error);
    }
    json_buffer errors = {0};
    value_outcome_errors(&outcome, &errors);
    value_outcome_free(&outcome);
    if (errors.failed) {
        json_buffer_free(&errors);
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("vouch_errors: out of memory")));
    }
    PG_RETURN_DATUM(jsonb_of(errors.data));
}

/* A jsonb container as compact JSON text, its members in the order jsonb keeps them: what
 * JsonbToCString writes, without its spaces. The container's entries are read as they are stored
 * (utils/jsonb.h: an object's keys, then its values, each entry giving where its child ends or
 * how long it is), which costs a good deal less than JsonbIteratorNext's copies of each value. */
static void container_text(const JsonbContainer *container, json_buffer *out);

/* A child of a container: its entry and where its data starts and ends after `base`. Numbers and
 * containers start at the next 4-byte boundary. */
static void child_text(const char *base, JEntry entry, uint32 start, uint32 end, json_buffer *out) {
    switch (entry & JENTRY_TYPEMASK) {
    case JENTRY_ISSTRING: json_buffer_append_string(out, base + start, end - start); break;
    case JENTRY_ISNULL: json_buffer_append(out, "null", 4); break;
    case JENTRY_ISBOOL_TRUE: json_buffer_append(out, "true", 4); break;
    case JENTRY_ISBOOL_FALSE: json_buffer_append(out, "false", 5); break;
    case JENTRY_ISNUMERIC: {
        Numeric number = (Numeric)(base + INTALIGN(start));
        char *digits = DatumGetCString(DirectFunctionCall1(numeric_out, NumericGetDatum(number)));
        json_buffer_append(out, digits, strlen(digits));
        pfree(digits);
        break;
    }
    case JENTRY_ISCONTAINER: container_text((const JsonbContainer *)(base + INTALIGN(start)), out); break;
    default: elog(ERROR, "vouch: a jsonb entry of unexpected type %u", entry & JENTRY_TYPEMASK);
    }
}

static void container_text(const JsonbContainer *container, json_buffer *out) {
    check_stack_depth();
    uint32 count = JsonContainerSize(container);
    bool object = JsonContainerIsObject(container);
    const JEntry *entries = container->children;
    const char *base = (const char *)(entries + (object ? 2 * count : count));
    /* Where the next key and the next value start: an object's values come after all its keys. */
    uint32 key_end = 0, value_end = object && count ? getJsonbOffset(container, (int)count) : 0;
    json_buffer_append(out, object ? "{" : "[", 1);
    for (uint32 i = 0; i < count; i++) {
        if (i) json_buffer_append(out, ",", 1);
        if (object) {
            uint32 key_start = key_end;
            JBE_ADVANCE_OFFSET(key_end, entries[i]);
            json_buffer_append_string(out, base + key_start, key_end - key_start);
            json_buffer_append(out, ":", 1);
        }
        JEntry entry = entries[object ? count + i : i];
        uint32 value_start = value_end;
        JBE_ADVANCE_OFFSET(value_end, entry);
        child_text(base, entry, value_start, value_end, out);
    }
    json_buffer_append(out, object ? "}" : "]", 1);
}

/* An object's members as Vouch reads them: strings, booleans and nulls as the container stores
 * them (nothing copied), a number or a container as its JSON text, written into `text`. `members`
 * has room for the object's size. */
static void object_members(const JsonbContainer *object, vouch_member *members, json_buffer *text) {
    uint32 count = JsonContainerSize(object);
    const JEntry *entries = object->children;
    const char *base = (const char *)(entries + 2 * count);
    uint32 key_end = 0, value_end = count ? getJsonbOffset(object, (int)count) : 0;
    for (uint32 i = 0; i < count; i++) {
        vouch_member *member = &members[i];
        uint32 key_start = key_end, value_start = value_end;
        JBE_ADVANCE_OFFSET(key_end, entries[i]);
        JEntry entry = entries[count + i];
        JBE_ADVANCE_OFFSET(value_end, entry);
        *member = (vouch_member){.name = base + key_start, .name_length = key_end - key_start};
        switch (entry & JENTRY_TYPEMASK) {
        case JENTRY_ISSTRING:
            member->type = VOUCH_VALUE_STRING;
            member->value = base + value_start;
            member->value_length = value_end - value_start;
            break;
        case JENTRY_ISNULL: member->type = VOUCH_VALUE_NULL; break;
        case JENTRY_ISBOOL_TRUE: member->type = VOUCH_VALUE_TRUE; break;
        case JENTRY_ISBOOL_FALSE: member->type = VOUCH_VALUE_FALSE; break;
        default:
            /* Where its text starts, until `text` stops moving. */
            member->type = VOUCH_VALUE_JSON;
            member->value_length = text->length;
            child_text(base, entry, value_start, value_end, text);
            member->value_length = text->length - member->value_length;
            member->value = (const char *)(uintptr_t)(text->length - member->value_length);
        }
    }
    for (uint32 i = 0; i < count; i++) {
        if (members[i].type == VOUCH_VALUE_JSON) members[i].value = text->data + (uintptr_t)members[i].value;
    }
}

/* A record checked by a form: the object `vouch check` writes for it (`json` not NULL), or only
 * whether it is valid. */
static void check_record(FunctionCallInfo fcinfo, const char *function, char **json, bool *valid) {
    form_cache *cache = cache_of_backend(function);
    Jsonb *spec = PG_GETARG_JSONB_P(0), *record = PG_GETARG_JSONB_P(1);
    form_error error;
    /* The memo's key is the spec's jsonb bytes: the same spec is the same bytes. */
    vouch_form *form = constant_memo_form(fcinfo, cache);
    if (!form) form = memo_form(fcinfo, cache, (const char *)spec, VARSIZE(spec));
    if (!form) {
        char *text = JsonbToCString(NULL, &spec->root, VARSIZE(spec));
        vouch_status status = form_cache_spec(cache, text, strlen(text), &form, &error);
        pfree(text);
        if (status != VOUCH_OK) raise_failure(function, &error);
        remember_form(fcinfo, cache, (const char *)spec, VARSIZE(spec), argument_is_constant(fcinfo, 0), form);
    }
    if (!JB_ROOT_IS_OBJECT(record) || JB_ROOT_IS_SCALAR(record)) {
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("%s: the record must be a JSON object", function),
                        errdetail("It is a JSON %s.", JB_ROOT_IS_ARRAY(record) && !JB_ROOT_IS_SCALAR(record) ? "array" : "scalar")));
    }
    char memory[1024];
    json_buffer text = json_buffer_in(memory, sizeof memory);
    /* Validity alone reads the members where they are; the whole result, the record's JSON text. */
    uint32 count = JsonContainerSize(&record->root);
    vouch_member some[32], *members = json || count <= 32 ? some : palloc(count * sizeof(vouch_member));
    if (json) {
        container_text(&record->root, &text);
    } else {
        object_members(&record->root, members, &text);
    }
    if (text.failed) {
        json_buffer_free(&text);
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("%s: out of memory", function)));
    }
    size_t length = 0;
    int is_valid = 0;
    vouch_status status = json ? record_check(form, text.data, text.length, json, &length, &is_valid, &error)
                               : members_valid(form, members, count, &is_valid, &error);
    json_buffer_free(&text);
    if (members != some) pfree(members);
    if (status != VOUCH_OK) raise_failure(function, &error);
    *valid = is_valid != 0;
}

Datum vouch_check(PG_FUNCTION_ARGS) {
    bool valid;
    char *json = NULL;
    check_record(fcinfo, "vouch_check", &json, &valid);
    PG_RETURN_DATUM(jsonb_of(json));
}

Datum vouch_check_valid(PG_FUNCTION_ARGS) {
    bool valid;
    check_record(fcinfo, "vouch_check_valid", NULL, &valid);
    PG_RETURN_BOOL(valid);
}
