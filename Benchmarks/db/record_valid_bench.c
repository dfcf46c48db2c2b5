/*
 * record_valid_bench.c — what vouch_check_valid and vouch_valid cost a row without the database,
 * through the extensions' shared code (Databases/common/form_checks.c) and libvouch, each by its
 * path and by the whole result it used before:
 *
 *   FORM.json: the sign-up row of `make db-bench`, by record_valid (vouch_form_check_valid) and by
 *     vouch_form_validate_json and its "valid";
 *   kind:NAME VALUE: a value of a kind in en-US (`kind:phone "(201) 555-0123"`), by value_valid and
 *     by value_check and value_outcome_valid.
 *
 * It prints the nanoseconds per call of the fastest of three runs of each; for instructions per
 * call, run it under callgrind with N and with 0 and subtract.
 *
 *   cc -O2 -IDatabases/common Benchmarks/db/record_valid_bench.c Databases/common/[a-z_]*.c \
 *       $(pkg-config --cflags --libs vouch) -o record_valid_bench
 *   ./record_valid_bench Examples/signup.form.json [N [valid|whole]]
 *   ./record_valid_bench kind:phone "(201) 555-0123" [N [valid|whole]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "form_cache.h"
#include "form_checks.h"
#include "json_text.h"
#include "../../Tests/c/read_file.h"

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec * 1e9 + (double)time.tv_nsec;
}

/* Whether the subject is valid by one of the two paths (`whole`: through the whole result). */
static int subject_valid(vouch_form *form, int is_kind, const char *subject, size_t length, int whole) {
    form_error error;
    int valid = 0;
    if (is_kind && !whole) return value_valid(form, subject, length, &valid, &error) == VOUCH_OK && valid;
    if (is_kind) {
        value_outcome outcome;
        if (value_check(form, subject, length, &outcome, &error) != VOUCH_OK) return 0;
        valid = value_outcome_valid(&outcome);
        value_outcome_free(&outcome);
        return valid;
    }
    if (!whole) return record_valid(form, subject, length, &valid, &error) == VOUCH_OK && valid;
    char *json = NULL;
    size_t json_length = 0;
    json_span value;
    if (vouch_form_validate_json(form, subject, length, &json, &json_length) == VOUCH_OK) {
        valid = json_member((json_span){json, json_length}, "valid", &value) && value.length == 4 &&
                memcmp(value.start, "true", 4) == 0;
    }
    vouch_free(json);
    return valid;
}

int main(int argc, char **argv) {
    int is_kind = argc > 1 && strncmp(argv[1], "kind:", 5) == 0;
    if (argc < 2 + is_kind) {
        fprintf(stderr, "usage: %s FORM.json [N [valid|whole]]\n       %s kind:NAME VALUE [N [valid|whole]]\n", argv[0], argv[0]);
        return 2;
    }
    long count = argc > 2 + is_kind ? atol(argv[2 + is_kind]) : 200000;
    const char *only = argc > 3 + is_kind ? argv[3 + is_kind] : NULL;
    form_cache *cache = NULL;
    form_error error;
    vouch_form *form = NULL;
    char *spec = NULL;
    size_t spec_length = 0;
    /* A row of make db-bench's signup_source, as PostgreSQL writes its jsonb as text. */
    const char *subject =
        "{\"zip\": \"10001\", \"email\": \"ada1@example.com\", \"phone\": \"(201) 555-0001\", \"state\": \"CA\", "
        "\"topics\": \"swift, forms\", \"website\": \"https://example.com/1\", \"password\": \"correct horse 1\", "
        "\"last_name\": \"hopper\", \"birth_date\": \"12/10/1985\", \"first_name\": \"grace\", \"newsletter\": \"yes\", "
        "\"password_confirm\": \"correct horse 1\"}";
    if (!is_kind && !(spec = read_file(argv[1], &spec_length))) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1]);
        return 2;
    }
    vouch_status status = form_cache_open(&cache, &error);
    if (status == VOUCH_OK) {
        status = is_kind ? form_cache_kind(cache, argv[1] + 5, strlen(argv[1] + 5), "en-US", 5, 1, &form, &error)
                         : form_cache_spec(cache, spec, spec_length, &form, &error);
    }
    if (status != VOUCH_OK) {
        fprintf(stderr, "%s: %s\n", argv[0], error.message);
        return 1;
    }
    if (is_kind) subject = argv[2];
    size_t length = strlen(subject);
    for (int whole = 0; whole < 2; whole++) {
        const char *name = whole ? "whole" : "valid";
        if (only && strcmp(only, name) != 0) continue;
        double best = 0;
        for (int run = 0; run < 3 && count > 0; run++) {
            double start = now();
            for (long i = 0; i < count; i++) {
                if (!subject_valid(form, is_kind, subject, length, whole)) {
                    fprintf(stderr, "%s: not valid by the %s path\n", argv[0], name);
                    return 1;
                }
            }
            double each = (now() - start) / (double)count;
            if (run == 0 || each < best) best = each;
        }
        printf("%s %.1f ns per call\n", name, best);
    }
    form_cache_free(cache);
    free(spec);
    return 0;
}
