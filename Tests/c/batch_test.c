/*
 * Exercises the bulk-checking block of vouch.h (vouch_form_check, vouch_form_check_to,
 * vouch_form_fields_json), with its error paths, for a run under valgrind:
 *   valgrind --error-exitcode=1 --leak-check=full ./batch_test FORM.json [jsonl|csv INPUT EXPECTED]...
 * Each INPUT is checked in one call and its output compared byte for byte with EXPECTED, the
 * stdout of `vouch check --form FORM.json INPUT` (Tests/c/run makes them).
 * Prints "N passed, M failed" and exits 1 if any check failed.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vouch.h>

#include "check.h"
#include "read_file.h"

static size_t count_lines(const char *text, size_t length) {
    size_t lines = 0;
    for (size_t i = 0; i < length; i++) lines += text[i] == '\n';
    return lines;
}

static const char SPEC[] =
    "{\"vouch\": 1, \"fields\": ["
    "{\"name\": \"email\", \"kind\": \"email\", \"required\": true},"
    "{\"name\": \"born\", \"kind\": \"date\"},"
    "{\"name\": \"tags\", \"kind\": \"tokens\"},"
    "{\"name\": \"secret\", \"kind\": \"password\", \"rules\": [{\"rule\": \"length\", \"min\": 30}]}]}";

static vouch_check_options options_of(vouch_input_format format) {
    vouch_check_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.format = format;
    return options;
}

static void arguments(vouch_form *form) {
    char *out = NULL, *summary = NULL;
    size_t length = 0;
    CHECK(vouch_form_check(NULL, STR("{}"), NULL, &out, &length, NULL, NULL) == VOUCH_ERROR_ARGUMENT && out == NULL);
    CHECK(vouch_form_check(form, STR("{}"), NULL, NULL, &length, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(strcmp(vouch_form_last_error(form), "the output pointer is NULL") == 0);
    CHECK(vouch_form_check(form, NULL, 3, NULL, &out, &length, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_form_last_error(form), "NULL"));
    CHECK(vouch_form_check(form, "{}", (size_t)-1, NULL, &out, &length, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_form_last_error(form), "larger than any buffer") && out == NULL);

    vouch_check_options options = options_of(VOUCH_INPUT_JSON_LINES);
    options.size = 0;
    CHECK(vouch_form_check(form, STR("{}"), &options, &out, &length, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_form_last_error(form), "options.size"));
    options = options_of((vouch_input_format)7);
    CHECK(vouch_form_check(form, STR("{}"), &options, &out, &length, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_form_last_error(form), "options.format is 7"));
    options = options_of(VOUCH_INPUT_JSON_LINES);
    options.max_value_bytes = (size_t)-1;
    CHECK(vouch_form_check(form, STR("{}"), &options, &out, &length, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_form_last_error(form), "options.max_value_bytes"));

    /* A CSV input needs its header row; empty JSON lines are no records. */
    options = options_of(VOUCH_INPUT_CSV);
    CHECK(vouch_form_check(form, "", 0, &options, &out, &length, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_form_last_error(form), "header row") && out == NULL);
    CHECK(vouch_form_check(form, NULL, 0, NULL, &out, &length, &summary, NULL) == VOUCH_OK);
    CHECK(out != NULL && length == 0 && strcmp(out, "") == 0);
    CHECK(strcmp(vouch_form_last_error(form), "") == 0);
    CHECK(contains(summary, "\"records\":0,\"valid\":0,\"invalid\":0,\"unreadable\":0"));
    vouch_free(out);
    vouch_free(summary);
}

static void records(vouch_form *form) {
    /* Every record gets its line, in order: good, malformed, blank (skipped), not an object,
     * invalid UTF-8, bad values; the password is never written. */
    const char input[] = "{\"email\": \"Ada@Example.COM\", \"born\": \"2/22/1982\", \"tags\": \"a, b\"}\n"
                         "{\"email\": \n"
                         "  \t \n"
                         "[1]\n"
                         "{\"email\": \"\xff\"}\r\n"
                         "{\"email\": \"x\", \"born\": \"2/30/1982\", \"secret\": \"hunter2-in-the-output\"}";
    char *out = NULL, *summary = NULL;
    size_t length = 0, summary_length = 0;
    CHECK(vouch_form_check(form, input, sizeof input - 1, NULL, &out, &length, &summary, &summary_length) == VOUCH_OK);
    CHECK(length == strlen(out) && count_lines(out, length) == 5 && out[length - 1] == '\n');
    CHECK(strncmp(out, "{\"record\":1,\"valid\":true,\"values\":{\"email\":\"Ada@example.com\",\"born\":\"1982-02-22\",\"tags\":[\"a\",\"b\"]", 96) == 0);
    CHECK(contains(out, "{\"record\":2,\"line\":2,\"valid\":false,\"values\":{},\"errors\":[{\"field\":null,\"code\":\"invalid_json\""));
    CHECK(contains(out, "{\"record\":3,\"line\":4,\"valid\":false,\"values\":{},\"errors\":[{\"field\":null,\"code\":\"not_an_object\""));
    CHECK(contains(out, "{\"record\":4,\"line\":5,\"valid\":false,\"values\":{},\"errors\":[{\"field\":null,\"code\":\"invalid_utf8\""));
    CHECK(contains(out, "{\"record\":5,\"valid\":false"));
    CHECK(contains(out, "{\"field\":\"born\",\"code\":\"date\""));
    CHECK(contains(out, "{\"field\":\"secret\",\"code\":\"too_short\""));
    CHECK(!contains(out, "hunter2") && !contains(summary, "hunter2"));
    CHECK(!contains(out, "\"display\""));
    CHECK(summary_length == strlen(summary));
    CHECK(contains(summary, "{\"records\":5,\"valid\":1,\"invalid\":1,\"unreadable\":3,"));
    CHECK(contains(summary, "\"unreadable_codes\":{\"invalid_json\":1,\"invalid_utf8\":1,\"not_an_object\":1}"));
    CHECK(contains(summary, "{\"name\":\"email\",\"records\":2,\"invalid\":1,\"codes\":{\"email\":1}}"));
    CHECK(contains(summary, "{\"name\":\"born\",\"records\":2,\"invalid\":1,\"codes\":{\"date\":1}}"));
    vouch_free(out);
    vouch_free(summary);

    /* Numbering from a given record and line, display values, and the limits. */
    vouch_check_options options = options_of(VOUCH_INPUT_JSON_LINES);
    options.first_record = 1001;
    options.first_line = 2001;
    options.display = 1;
    options.max_record_bytes = 64;
    const char more[] = "{\"email\": \"a@b.example\", \"born\": \"1982-02-22\"}\n"
                        "{\"email\": \"a@b.example\", \"tags\": \"one, two, three, four, five, six, seven\"}\n";
    CHECK(vouch_form_check(form, more, sizeof more - 1, &options, &out, &length, NULL, NULL) == VOUCH_OK);
    CHECK(count_lines(out, length) == 2);
    CHECK(contains(out, "{\"record\":1001,\"valid\":true,\"values\":{\"email\":\"a@b.example\",\"born\":\"1982-02-22\",\"tags\":null},"
                        "\"display\":{\"email\":\"a@b.example\",\"born\":\"02/22/1982\",\"tags\":null},\"errors\":[]}\n"));
    CHECK(contains(out, "{\"record\":1002,\"line\":2002,\"valid\":false,\"values\":{},\"errors\":[{\"field\":null,\"code\":\"too_large\""));
    vouch_free(out);

    /* A caller built against a header whose struct ended before `display` gets no display. */
    options.size = offsetof(vouch_check_options, display);
    options.max_record_bytes = 0;
    CHECK(vouch_form_check(form, more, sizeof more - 1, &options, &out, &length, NULL, NULL) == VOUCH_OK);
    CHECK(count_lines(out, length) == 2 && !contains(out, "\"display\"") && contains(out, "{\"record\":1002,\"valid\":true"));
    vouch_free(out);

    /* CSV: a header row, a quoted cell with a line break, a row with too few cells. */
    options = options_of(VOUCH_INPUT_CSV);
    const char csv[] = "email,born,tags,unknown\n"
                       "ada@example.com,1982-02-22,\"a,\nb\",x\n"
                       "bad\n";
    CHECK(vouch_form_check(form, csv, sizeof csv - 1, &options, &out, &length, NULL, NULL) == VOUCH_OK);
    CHECK(count_lines(out, length) == 2);
    CHECK(contains(out, "{\"record\":1,\"valid\":true,\"values\":{\"email\":\"ada@example.com\",\"born\":\"1982-02-22\",\"tags\":[\"a\",\"b\"]}"));
    CHECK(contains(out, "{\"record\":2,\"line\":4,\"valid\":false,\"values\":{},\"errors\":[{\"field\":null,\"code\":\"cell_count\""));
    vouch_free(out);
}

/* Many records in one call: one line each, numbered in order. */
static void many(vouch_form *form) {
    enum { COUNT = 20000 };
    size_t capacity = COUNT * 64, used = 0;
    char *input = malloc(capacity);
    for (int i = 0; i < COUNT; i++)
        used += (size_t)snprintf(input + used, capacity - used, "{\"email\": \"user%d@example.com\"%s}\n", i,
                                 i % 10 == 9 ? ", \"born\": \"13/45/2001\"" : "");
    char *out = NULL, *summary = NULL;
    size_t length = 0;
    CHECK(vouch_form_check(form, input, used, NULL, &out, &length, &summary, NULL) == VOUCH_OK);
    CHECK(count_lines(out, length) == COUNT);
    CHECK(contains(out, "{\"record\":20000,\"valid\":false"));
    CHECK(contains(out, "{\"record\":19999,\"valid\":true,\"values\":{\"email\":\"user19998@example.com\""));
    CHECK(contains(summary, "{\"records\":20000,\"valid\":18000,\"invalid\":2000,\"unreadable\":0,"));
    free(input);
    vouch_free(out);
    vouch_free(summary);
}

/* What vouch_form_check_to hands its callback, gathered: each call whole lines, on the thread
 * that called (`caller`), and a stop. */
typedef struct gathered {
    char *bytes;
    size_t length, calls, stop_at, other_threads;
    pthread_t caller;
} gathered;

static int gather(void *context, const char *lines, size_t length) {
    gathered *into = context;
    into->calls++;
    if (!pthread_equal(pthread_self(), into->caller)) into->other_threads++;
    if (into->calls == into->stop_at) return 7;
    if (length == 0 || lines[length - 1] != '\n') return 1;
    into->bytes = realloc(into->bytes, into->length + length);
    memcpy(into->bytes + into->length, lines, length);
    into->length += length;
    return 0;
}

/* The same lines and summary through the callback, on one thread or several, a batch at a time;
 * a callback that stops the check stops it there. */
static void streamed(vouch_form *form) {
    enum { COUNT = 20000 };
    size_t capacity = COUNT * 64, used = 0;
    char *input = malloc(capacity);
    for (int i = 0; i < COUNT; i++)
        used += (size_t)snprintf(input + used, capacity - used, i % 7 == 3 ? "{\"email\": \n" : "{\"email\": \"u%d@example.com\"}\n", i);
    char *whole = NULL, *whole_summary = NULL;
    size_t whole_length = 0;
    CHECK(vouch_form_check(form, input, used, NULL, &whole, &whole_length, &whole_summary, NULL) == VOUCH_OK);
    for (size_t jobs = 0; jobs <= 4; jobs++) {
        vouch_check_options options = options_of(VOUCH_INPUT_JSON_LINES);
        options.jobs = jobs;
        gathered into = {.caller = pthread_self()};
        char *summary = NULL;
        size_t summary_length = 0;
        CHECK(vouch_form_check_to(form, input, used, &options, gather, &into, &summary, &summary_length) == VOUCH_OK);
        CHECK(into.calls > 4 && into.length == whole_length && memcmp(into.bytes, whole, whole_length) == 0);
        CHECK(into.other_threads == 0);
        CHECK(summary && strcmp(summary, whole_summary) == 0 && summary_length == strlen(summary));
        free(into.bytes);
        vouch_free(summary);

        char *out = NULL;
        size_t length = 0;
        CHECK(vouch_form_check(form, input, used, &options, &out, &length, NULL, NULL) == VOUCH_OK);
        CHECK(length == whole_length && memcmp(out, whole, length) == 0);
        vouch_free(out);

        gathered stopped = {.stop_at = 2, .caller = pthread_self()};
        summary = NULL;
        CHECK(vouch_form_check_to(form, input, used, &options, gather, &stopped, &summary, NULL) == VOUCH_ERROR_IO);
        CHECK(stopped.calls == 2 && stopped.other_threads == 0 && summary == NULL);
        CHECK(contains(vouch_form_last_error(form), "the write callback returned 7"));
        free(stopped.bytes);
    }
    vouch_check_options options = options_of(VOUCH_INPUT_JSON_LINES);
    options.jobs = 1025;
    gathered into = {0};
    CHECK(vouch_form_check_to(form, input, used, &options, gather, &into, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_form_last_error(form), "options.jobs is 1025") && into.calls == 0);
    CHECK(vouch_form_check_to(form, input, used, NULL, NULL, &into, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_form_last_error(form), "the write callback is NULL"));
    CHECK(vouch_form_check_to(form, NULL, 0, NULL, gather, &into, NULL, NULL) == VOUCH_OK && into.calls == 0);
    free(input);
    vouch_free(whole);
    vouch_free(whole_summary);
}

static void fields(vouch_form *form) {
    char *json = NULL;
    size_t length = 0;
    CHECK(vouch_form_fields_json(NULL, &json, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_fields_json(form, NULL, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_fields_json(form, &json, &length) == VOUCH_OK && length == strlen(json));
    CHECK(strncmp(json, "[{\"name\":\"email\",\"label\":\"email\",\"kind\":\"email\",\"required\":true,\"secret\":false,\"conditional\":false},", 100) == 0);
    CHECK(contains(json, "{\"name\":\"born\",\"label\":\"born\",\"kind\":\"date\",\"required\":false"));
    CHECK(contains(json, "\"kind\":\"tokens\",\"required\":false,\"secret\":false,\"conditional\":false,\"token_kind\":\"text\"}"));
    CHECK(contains(json, "\"kind\":\"password\",\"required\":false,\"secret\":true"));
    vouch_free(json);
}

/* The output of `vouch check` for the same files, byte for byte. */
static void same_as_command(vouch_registry *registry, int argc, char **argv) {
    size_t spec_length = 0;
    char *spec = read_file(argv[1], &spec_length);
    CHECK(spec != NULL);
    vouch_form *form = NULL;
    CHECK(vouch_form_open(registry, spec, spec_length, &form) == VOUCH_OK);
    CHECK((argc - 2) % 3 == 0);
    for (int i = 2; i + 2 < argc; i += 3) {
        if (strcmp(argv[i], "schema") == 0) {
            /* vouch_form_schema_json, titled as the command titles it: the spec's "name". */
            size_t expected_length = 0, length = 0;
            char *expected = read_file(argv[i + 2], &expected_length);
            char *json = NULL, *none = NULL;
            CHECK(expected != NULL && expected_length > 1);
            CHECK(vouch_form_schema_json(NULL, NULL, 0, &none, &length) == VOUCH_ERROR_ARGUMENT && none == NULL);
            CHECK(vouch_form_schema_json(form, NULL, 0, &json, &length) == VOUCH_OK);
            CHECK(json && length + 1 == expected_length && memcmp(json, expected, length) == 0);
            vouch_free(json);
            free(expected);
            continue;
        }
        vouch_check_options options = options_of(strcmp(argv[i], "csv") == 0 ? VOUCH_INPUT_CSV : VOUCH_INPUT_JSON_LINES);
        size_t input_length = 0, expected_length = 0, length = 0;
        char *input = read_file(argv[i + 1], &input_length);
        char *expected = read_file(argv[i + 2], &expected_length);
        char *out = NULL;
        CHECK(input != NULL && expected != NULL && expected_length > 0);
        CHECK(vouch_form_check(form, input, input_length, &options, &out, &length, NULL, NULL) == VOUCH_OK);
        int same = out && length == expected_length && memcmp(out, expected, length) == 0;
        CHECK(same);
        if (!same) fprintf(stderr, "%s: the output differs from vouch check's:\n%s\n", argv[i + 1], out ? out : "(none)");
        free(input);
        free(expected);
        vouch_free(out);
    }
    vouch_form_free(form);
    free(spec);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FORM.json [jsonl|csv INPUT EXPECTED]...\n", argv[0]);
        return 2;
    }
    vouch_registry *registry = NULL;
    vouch_registry_open(&registry);
    vouch_form *form = NULL;
    CHECK(vouch_form_open(registry, STR(SPEC), &form) == VOUCH_OK);
    arguments(form);
    records(form);
    many(form);
    streamed(form);
    fields(form);
    vouch_form_free(form);
    same_as_command(registry, argc, argv);
    vouch_registry_free(registry);
    return finish_checks();
}
