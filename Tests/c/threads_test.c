/*
 * Eight threads validate records with one shared registry and form, and must get exactly the
 * results one thread gets, and each its own last error. Prints "N passed, M failed".
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vouch.h>

#define THREADS 8
#define ROUNDS 200

static const char SPEC[] =
    "{\"vouch\": 1, \"locale\": \"de-DE\", \"fields\": ["
    "{\"name\": \"name\", \"kind\": \"name\", \"required\": true},"
    "{\"name\": \"email\", \"kind\": \"email\"},"
    "{\"name\": \"phone\", \"kind\": \"phone\"},"
    "{\"name\": \"born\", \"kind\": \"date\"},"
    "{\"name\": \"amount\", \"kind\": \"money\"},"
    "{\"name\": \"code\", \"rules\": [{\"rule\": \"pattern\", \"regex\": \"[A-Z]{2}[0-9]{3}\"}]}]}";

static const char *RECORDS[] = {
    "{\"name\": \"jürgen müller\", \"email\": \"j@example.de\", \"phone\": \"030 12345678\", \"born\": \"22.02.1982\", \"amount\": \"1.234,50 €\", \"code\": \"AB123\"}",
    "{\"name\": \"\", \"email\": \"kaputt\", \"phone\": \"12\", \"born\": \"31.02.1982\", \"amount\": \"viel\", \"code\": \"ab12\"}",
    "{\"name\": \"ılık ırmak\", \"born\": \"1.3.2001\", \"amount\": \"12\"}",
    "{\"name\": \"o'neil\", \"email\": \"o@bücher.example\", \"phone\": \"+49 151 23456789\", \"code\": \"ZZ999\"}",
};
#define RECORD_COUNT (sizeof RECORDS / sizeof RECORDS[0])

static vouch_form *form;
static char *expected[RECORD_COUNT];
static int mismatches[THREADS];

static char *validate(size_t record) {
    char *json = NULL;
    size_t length = 0;
    if (vouch_form_validate_json(form, RECORDS[record], strlen(RECORDS[record]), &json, &length) != VOUCH_OK) return NULL;
    return json;
}

static void *worker(void *argument) {
    int index = (int)(size_t)argument;
    for (int round = 0; round < ROUNDS; round++) {
        size_t record = (size_t)(round + index) % RECORD_COUNT;
        char *json = validate(record);
        int validated = json != NULL;
        if (!validated || strcmp(json, expected[record]) != 0) mismatches[index]++;
        vouch_free(json);
        /* The last error is each thread's own: one thread's failure is not another's, and a
         * thread's next successful call clears its own. */
        if (!validated) continue;
        if ((round + index) % 3 == 0) {
            char *none = NULL;
            size_t length = 0;
            if (vouch_form_validate_json(form, "[1, 2]", 6, &none, &length) != VOUCH_ERROR_JSON) mismatches[index]++;
            if (!strstr(vouch_form_last_error(form), "a record is a JSON object")) mismatches[index]++;
        } else if (strcmp(vouch_form_last_error(form), "") != 0) {
            mismatches[index]++;
        }
    }
    return NULL;
}

int main(void) {
    int passed = 0, failed = 0;
    vouch_registry *registry = NULL;
    if (vouch_registry_open(&registry) != VOUCH_OK || vouch_form_open(registry, SPEC, strlen(SPEC), &form) != VOUCH_OK) {
        fprintf(stderr, "setup failed: %s\n", vouch_registry_last_error(registry));
        return 1;
    }
    for (size_t r = 0; r < RECORD_COUNT; r++) expected[r] = validate(r);
    /* The records differ in outcome, so equal results are not a coincidence. */
    if (strstr(expected[0], "\"valid\":true") && strstr(expected[1], "\"valid\":false")) passed++;
    else { failed++; fprintf(stderr, "unexpected single-thread results:\n%s\n%s\n", expected[0], expected[1]); }

    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, worker, (void *)(size_t)t);
    for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
    for (int t = 0; t < THREADS; t++) {
        if (mismatches[t] == 0) passed++;
        else { failed++; fprintf(stderr, "thread %d: %d results differ from one thread's\n", t, mismatches[t]); }
    }
    for (size_t r = 0; r < RECORD_COUNT; r++) vouch_free(expected[r]);
    vouch_form_free(form);
    vouch_registry_free(registry);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
