/*
 * form_checks.h — what the SQL functions compute, for both databases: a value checked by a kind
 * or rule (valid, formatted, its errors) and a record checked by a form.
 */
#ifndef VOUCH_FORM_CHECKS_H
#define VOUCH_FORM_CHECKS_H

#include "form_cache.h"
#include "json_text.h"

/* A value checked by a one-field form (form_cache_kind): the JSON vouch_form_validate_json gives. */
typedef struct value_outcome {
    char *json; /* owned: release with value_outcome_free */
    size_t length;
} value_outcome;

vouch_status value_check(vouch_form *form, const char *value, size_t length, value_outcome *outcome, form_error *error);
void value_outcome_free(value_outcome *outcome);

/* Whether the value is valid, by the shorter path of record_valid (no result is made). */
vouch_status value_valid(vouch_form *form, const char *value, size_t length, int *valid, form_error *error);

/* 1 when the value is valid. */
int value_outcome_valid(const value_outcome *outcome);

/* The value's display form, or its canonical form as text (a JSON string's text; any other
 * canonical value, a number or a list, as JSON). OUT: *text (malloc'd; caller frees). 0 when there
 * is none: the value is not valid, empty, or a password. */
int value_outcome_text(const value_outcome *outcome, int canonical, char **text, size_t *length);

/* The violations as a JSON array: [{"code","message","args"}] ([] for a valid value). */
void value_outcome_errors(const value_outcome *outcome, json_buffer *out);

/* Checks one record (a JSON object's text) as `vouch check` does, and gives the object it writes
 * for the record without its record number: {"valid","values","errors"}. A text that is not one
 * JSON object is VOUCH_ERROR_JSON, with a reason that quotes none of it. OUT: *json (malloc'd,
 * caller frees), *valid. */
vouch_status record_check(vouch_form *form, const char *record, size_t length, char **json, size_t *json_length,
                          int *valid, form_error *error);

/* Whether the record is valid: the "valid" of record_check, by a shorter path (vouch_form_check_valid,
 * which makes no result: no summary, display forms, messages nor JSON), for CHECK constraints.
 * The same failures. */
vouch_status record_valid(vouch_form *form, const char *record, size_t length, int *valid, form_error *error);

/* Whether the record made of these members is valid: record_valid of the JSON object they stand
 * for (vouch_form_check_valid_members), for a caller that holds the members apart. */
vouch_status members_valid(vouch_form *form, const vouch_member *members, size_t count, int *valid, form_error *error);

#endif
