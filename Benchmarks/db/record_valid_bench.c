/*
 * record_valid_bench.c — what vouch_check_valid costs a row without the database: the sign-up
 * record of `make db-bench`, checked N times through the extensions' shared code
 * (Databases/common/form_checks.c, record_valid: vouch_form_check_valid) and libvouch, and the
 * same through the whole result (vouch_form_validate_json and its "valid", as record_valid did
 * before). It prints the nanoseconds per call of the fastest of three runs of each; for
 * instructions per call, run it under callgrind with N and with 0 and subtract.
 *
 *   cc -O2 -IDatabases/common Benchmarks/db/record_valid_bench.c Databases/common/[a-z_]*.c \
 *       $(pkg-config --cflags --libs vouch) -o record_valid_bench
 *   ./record_valid_bench Examples/signup.form.json [N [check_valid|validate_json]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "form_cache.h"
#include "form_checks.h"
#include "json_text.h"

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
        free(text);
        text = NULL;
    }
    fclose(file);
    if (text) text[size] = '\0';
    *length = (size_t)size;
    return text;
}

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec * 1e9 + (double)time.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FORM.json [N]\n", argv[0]);
        return 2;
    }
    long count = argc > 2 ? atol(argv[2]) : 200000;
    size_t spec_length = 0;
    char *spec = read_file(argv[1], &spec_length);
    if (!spec) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1]);
        return 2;
    }
    form_cache *cache = NULL;
    form_error error;
    vouch_form *form = NULL;
    if (form_cache_open(&cache, &error) != VOUCH_OK || form_cache_spec(cache, spec, spec_length, &form, &error) != VOUCH_OK) {
        fprintf(stderr, "%s: %s\n", argv[0], error.message);
        return 1;
    }
    /* A row of make db-bench's signup_source, as PostgreSQL writes its jsonb as text. */
    const char *record =
        "{\"zip\": \"10001\", \"email\": \"ada1@example.com\", \"phone\": \"(201) 555-0001\", \"state\": \"CA\", "
        "\"topics\": \"swift, forms\", \"website\": \"https://example.com/1\", \"password\": \"correct horse 1\", "
        "\"last_name\": \"hopper\", \"birth_date\": \"12/10/1985\", \"first_name\": \"grace\", \"newsletter\": \"yes\", "
        "\"password_confirm\": \"correct horse 1\"}";
    size_t length = strlen(record);
    const char *only = argc > 3 ? argv[3] : NULL;
    for (int path = 0; path < 2; path++) {
        const char *name = path == 0 ? "check_valid" : "validate_json";
        if (only && strcmp(only, name) != 0) continue;
        double best = 0;
        for (int run = 0; run < 3 && count > 0; run++) {
            double start = now();
            for (long i = 0; i < count; i++) {
                int valid = 0;
                if (path == 0) {
                    if (record_valid(form, record, length, &valid, &error) != VOUCH_OK) valid = 0;
                } else {
                    char *json = NULL;
                    size_t json_length = 0;
                    json_span value;
                    if (vouch_form_validate_json(form, record, length, &json, &json_length) == VOUCH_OK) {
                        valid = json_member((json_span){json, json_length}, "valid", &value) && value.length == 4 &&
                                memcmp(value.start, "true", 4) == 0;
                    }
                    vouch_free(json);
                }
                if (!valid) {
                    fprintf(stderr, "%s: the record is not valid by %s\n", argv[0], name);
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
