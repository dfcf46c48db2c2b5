#include "form_checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static vouch_status fail(form_error *error, vouch_status status, const char *code, const char *message) {
    error->status = status;
    snprintf(error->code, sizeof error->code, "%s", code);
    snprintf(error->message, sizeof error->message, "%s", message);
    error->path[0] = '\0';
    return status;
}

static void form_failure(vouch_form *form, vouch_status status, form_error *error) {
    vouch_error_detail detail = {.size = sizeof detail};
    if (vouch_form_error_detail(form, &detail) == VOUCH_OK && detail.status != VOUCH_OK) {
        fail(error, status, detail.code, detail.message);
        snprintf(error->path, sizeof error->path, "%s", detail.path);
    } else {
        fail(error, status, "", vouch_form_last_error(form));
    }
}

/* The record {"value": value} of a one-field form, into `record`; 0 when out of memory. Most
 * values fit the caller's memory the record starts in. */
static int value_record(const char *value, size_t length, json_buffer *record) {
    json_buffer_append(record, "{\"value\":", 9);
    json_buffer_append_string(record, value, length);
    json_buffer_append(record, "}", 1);
    if (!record->failed) return 1;
    json_buffer_free(record);
    return 0;
}

vouch_status value_check(vouch_form *form, const char *value, size_t length, value_outcome *outcome, form_error *error) {
    char memory[256];
    json_buffer record = json_buffer_in(memory, sizeof memory);
    if (!value_record(value, length, &record)) return fail(error, VOUCH_ERROR_ARGUMENT, "memory", "out of memory");
    vouch_status status = vouch_form_validate_json(form, record.data, record.length, &outcome->json, &outcome->length);
    json_buffer_free(&record);
    if (status != VOUCH_OK) {
        outcome->json = NULL;
        form_failure(form, status, error);
    }
    return status;
}

vouch_status value_valid(vouch_form *form, const char *value, size_t length, int *valid, form_error *error) {
    char memory[256];
    json_buffer record = json_buffer_in(memory, sizeof memory);
    if (!value_record(value, length, &record)) return fail(error, VOUCH_ERROR_ARGUMENT, "memory", "out of memory");
    vouch_status status = vouch_form_check_valid(form, record.data, record.length, valid);
    json_buffer_free(&record);
    if (status != VOUCH_OK) form_failure(form, status, error);
    return status;
}

void value_outcome_free(value_outcome *outcome) {
    vouch_free(outcome->json);
    outcome->json = NULL;
}

static json_span whole(const value_outcome *outcome) { return (json_span){outcome->json, outcome->length}; }

int value_outcome_valid(const value_outcome *outcome) {
    json_span valid;
    return json_member(whole(outcome), "valid", &valid) && valid.length == 4 && memcmp(valid.start, "true", 4) == 0;
}

int value_outcome_text(const value_outcome *outcome, int canonical, char **text, size_t *length) {
    json_span values, value;
    if (!value_outcome_valid(outcome)) return 0;
    if (!json_member(whole(outcome), canonical ? "values" : "display", &values)) return 0;
    if (!json_member(values, "value", &value)) return 0;
    if (value.length == 4 && memcmp(value.start, "null", 4) == 0) return 0;
    return json_text_value(value, text, length);
}

void value_outcome_errors(const value_outcome *outcome, json_buffer *out) {
    json_span errors;
    if (!json_member(whole(outcome), "errors", &errors)) errors = (json_span){"[]", 2};
    json_value_errors(errors, out);
}

/* A record's JSON on one line, as the JSON-lines reader wants it: a line break outside a string
 * is white space; inside one it is not JSON (and a raw control character is never let through). */
static int one_line(const char *record, size_t length, char **line) {
    if (!memchr(record, '\n', length) && !memchr(record, '\r', length)) {
        *line = NULL;
        return 1;
    }
    char *copy = malloc(length ? length : 1);
    if (!copy) return -1;
    int in_string = 0;
    for (size_t i = 0; i < length; i++) {
        char c = record[i];
        if (in_string && c == '\\' && i + 1 < length) {
            copy[i] = c;
            copy[i + 1] = record[i + 1];
            i++;
            continue;
        }
        if (c == '"') in_string = !in_string;
        if (c == '\n' || c == '\r') {
            if (in_string) {
                free(copy);
                return 0;
            }
            c = ' ';
        }
        copy[i] = c;
    }
    *line = copy;
    return 1;
}

vouch_status record_check(vouch_form *form, const char *record, size_t length, char **json, size_t *json_length,
                          int *valid, form_error *error) {
    char *line = NULL;
    int readable = one_line(record, length, &line);
    if (readable < 0) return fail(error, VOUCH_ERROR_ARGUMENT, "memory", "out of memory");
    if (!readable) return fail(error, VOUCH_ERROR_JSON, "invalid_json", "the record is not valid JSON: a line break inside a string");
    const char *input = line ? line : record;
    size_t i = 0;
    while (i < length && (input[i] == ' ' || input[i] == '\t')) i++;
    if (i == length || input[i] != '{') {
        free(line);
        return fail(error, VOUCH_ERROR_JSON, "not_an_object", "the record is not a JSON object");
    }
    vouch_check_options options = {.size = sizeof options, .format = VOUCH_INPUT_JSON_LINES,
                                   .max_record_bytes = length + 1 > 1048576 ? length + 1 : 1048576};
    char *output = NULL;
    size_t output_length = 0;
    vouch_status status = vouch_form_check(form, input, length, &options, &output, &output_length, NULL, NULL);
    free(line);
    if (status != VOUCH_OK) {
        form_failure(form, status, error);
        return status;
    }
    json_span object = {output, output_length}, value;
    /* A record that could not be read: its line carries "line" and one error with the reason. */
    if (json_member(object, "line", &value)) {
        json_span errors, first, message;
        char reason[512] = "the record is not valid JSON";
        if (json_member(object, "errors", &errors) && json_next_element(errors, &(size_t){0}, &first) &&
            json_member(first, "message", &message)) {
            char *text = NULL;
            size_t text_length = 0;
            if (json_text_value(message, &text, &text_length)) {
                /* "line 1: column 9: expected ..., found 'h'": the character found may be a password's. */
                char *found = strstr(text, ", found");
                if (found) *found = '\0';
                const char *what = strncmp(text, "line 1: ", 8) == 0 ? text + 8 : text;
                snprintf(reason, sizeof reason, "the record is not valid JSON: %s", what);
                free(text);
            }
        }
        vouch_free(output);
        return fail(error, VOUCH_ERROR_JSON, "invalid_json", reason);
    }
    *valid = json_member(object, "valid", &value) && value.length == 4 && memcmp(value.start, "true", 4) == 0;
    /* {"record":1,"valid":... → {"valid":...; and no line feed at the end. */
    size_t skip = 0;
    if (json_member(object, "record", &value) && value.start[value.length] == ',') {
        skip = (size_t)(value.start + value.length + 1 - output) - 1;
    }
    size_t end = output_length;
    while (end > skip && (output[end - 1] == '\n' || output[end - 1] == '\r')) end--;
    char *result = malloc(end - skip + 1);
    if (!result) {
        vouch_free(output);
        return fail(error, VOUCH_ERROR_ARGUMENT, "memory", "out of memory");
    }
    memcpy(result, output + skip, end - skip);
    result[0] = '{';
    result[end - skip] = '\0';
    vouch_free(output);
    *json = result;
    *json_length = end - skip;
    return VOUCH_OK;
}

/* The failure of a validity check: a record that is not JSON says where, and quotes none of it. */
static vouch_status valid_failure(vouch_form *form, vouch_status status, form_error *error) {
    if (status != VOUCH_ERROR_JSON) {
        form_failure(form, status, error);
        return status;
    }
    vouch_error_detail detail = {.size = sizeof detail};
    char reason[512] = "the record is not valid JSON";
    if (vouch_form_error_detail(form, &detail) == VOUCH_OK && detail.status != VOUCH_OK) {
        /* "...: line 1, column 9: expected ..., found 'h'": the character may be a password's. */
        const char *column = strstr(detail.message, "column ");
        const char *found = strstr(detail.message, ", found");
        if (column && found && found > column) snprintf(reason, sizeof reason, "the record is not valid JSON: %.*s", (int)(found - column), column);
    }
    return fail(error, status, "invalid_json", reason);
}

vouch_status record_valid(vouch_form *form, const char *record, size_t length, int *valid, form_error *error) {
    size_t i = 0;
    while (i < length && (record[i] == ' ' || record[i] == '\t' || record[i] == '\n' || record[i] == '\r')) i++;
    if (i == length || record[i] != '{') return fail(error, VOUCH_ERROR_JSON, "not_an_object", "the record is not a JSON object");
    vouch_status status = vouch_form_check_valid(form, record, length, valid);
    return status == VOUCH_OK ? status : valid_failure(form, status, error);
}

vouch_status members_valid(vouch_form *form, const vouch_member *members, size_t count, int *valid, form_error *error) {
    vouch_status status = vouch_form_check_valid_members(form, members, count, valid);
    return status == VOUCH_OK ? status : valid_failure(form, status, error);
}
