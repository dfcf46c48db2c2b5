/*
 * result_memory.c — what the memory of a batch check's result costs a record: the same records
 * through vouch_form_check_to, their output lines (a) kept nowhere, (b) copied into one buffer
 * filled again each round, (c) copied into memory new to the process each round, as Python's
 * check_lines gathers them into the bytes it returns.
 *
 * It prints, for each, the microseconds per record of each of ROUNDS rounds, after one round not
 * counted (the form's caches, the regions compiled on first use).
 *
 *   make install     # or PKG_CONFIG_PATH to a prefix it installed into
 *   cc -O2 Benchmarks/result_memory.c $(pkg-config --cflags --libs vouch) -o result_memory
 *   ./result_memory Examples/signup-bench.form.json RECORDS.jsonl [ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vouch.h"
#include "../Tests/c/read_file.h"

/* Where the lines go: `room` bytes at `start` (NULL to keep nothing), `used` of them filled. */
typedef struct {
    char *start;
    size_t room;
    size_t used;
} sink;

static int take(void *context, const char *lines, size_t length) {
    sink *into = context;
    if (into->start) {
        if (into->used + length > into->room) return 1;
        memcpy(into->start + into->used, lines, length);
    }
    into->used += length;
    return 0;
}

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec * 1e-9;
}

/* One check of `input` into `into`, in seconds; a negative number when it fails. */
static double check(vouch_form *form, const char *input, size_t length, sink *into) {
    vouch_check_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    into->used = 0;
    double start = now();
    vouch_status status = vouch_form_check_to(form, input, length, &options, take, into, NULL, NULL);
    double seconds = now() - start;
    return status == VOUCH_OK ? seconds : -1;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s FORM.json RECORDS.jsonl [ROUNDS]\n", argv[0]);
        return 2;
    }
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    size_t spec_length, length;
    char *spec = read_file(argv[1], &spec_length);
    char *input = read_file(argv[2], &length);
    if (!spec || !input) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], spec ? argv[2] : argv[1]);
        return 2;
    }
    vouch_registry *registry;
    vouch_form *form;
    if (vouch_registry_open(&registry) != VOUCH_OK || vouch_form_open(registry, spec, spec_length, &form) != VOUCH_OK) {
        fprintf(stderr, "%s: cannot open the form %s\n", argv[0], argv[1]);
        return 1;
    }
    // The output is about three times the input here; room for four, or the check stops.
    size_t room = 4 * length + (1 << 20);
    sink nowhere = {NULL, 0, 0};
    if (check(form, input, length, &nowhere) < 0) {
        fprintf(stderr, "%s: the check failed\n", argv[0]);
        return 1;
    }
    // A line a record: the records are the lines of the input.
    size_t records = 0, output = nowhere.used;
    for (size_t index = 0; index < length; index++) records += input[index] == '\n';
    if (length > 0 && input[length - 1] != '\n') records++;
    sink reused = {malloc(room), room, 0};
    check(form, input, length, &reused); /* its pages touched once, before the rounds */
    const char *names[] = {"kept nowhere", "one buffer filled again", "memory new each round"};
    for (int way = 0; way < 3; way++) {
        printf("%-24s", names[way]);
        for (int round = 0; round < rounds; round++) {
            sink fresh = {way == 2 ? malloc(room) : NULL, room, 0};
            sink *into = way == 0 ? &nowhere : way == 1 ? &reused : &fresh;
            double seconds = check(form, input, length, into);
            if (seconds < 0 || into->used != output) {
                fprintf(stderr, "\n%s: the check failed or lost lines\n", argv[0]);
                return 1;
            }
            printf(" %.3f", seconds * 1e6 / (double)records);
            free(fresh.start);
        }
        printf("   µs a record (%zu records)\n", records);
    }
    free(reused.start);
    vouch_form_free(form);
    vouch_registry_free(registry);
    free(spec);
    free(input);
    return 0;
}
