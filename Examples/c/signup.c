/*
 * A sign-up form checked from C with libvouch.
 *
 * Build against an installed Vouch:
 *   cc signup.c $(pkg-config --cflags --libs vouch) -o signup
 */
#include <stdio.h>
#include <string.h>
#include <vouch.h>

static const char SPEC[] =
    "{\"vouch\": 1, \"locale\": \"en-US\", \"fields\": ["
    " {\"name\": \"name\", \"kind\": \"name\", \"required\": true},"
    " {\"name\": \"email\", \"kind\": \"email\", \"required\": true},"
    " {\"name\": \"phone\", \"kind\": \"phone\"},"
    " {\"name\": \"card\", \"required\": true, \"rules\": [\"card.number\"], \"formatters\": [\"card.group\"]},"
    " {\"name\": \"password\", \"kind\": \"password\", \"required\": true, \"rules\": [{\"rule\": \"length\", \"min\": 8}]}"
    "]}";

static const char *RECORDS[] = {
    "{\"name\": \"ada lovelace\", \"email\": \"ada@example.com\", \"phone\": \"2015550123\","
    " \"card\": \"4111111111111111\", \"password\": \"analytical engine\"}",
    "{\"name\": \"grace\", \"email\": \"grace@\", \"card\": \"4111 1111 1111 1112\", \"password\": \"cobol\"}",
};

/* Prints what Vouch said went wrong, and exits. */
static int fail(const char *what, vouch_status status, const char *detail) {
    fprintf(stderr, "%s: %s (%s)\n", what, vouch_status_name(status), detail);
    return 2;
}

int main(void) {
    printf("libvouch %s\n", vouch_version());

    vouch_registry *registry = NULL;
    vouch_status status = vouch_registry_open(&registry);
    if (status != VOUCH_OK) return fail("open", status, vouch_status_message(status));
    /* The card plugin is found in the installed plugin directory. */
    status = vouch_registry_load_plugin(registry, "card", 4);
    if (status != VOUCH_OK) return fail("plugin", status, vouch_registry_last_error(registry));

    vouch_form *form = NULL;
    status = vouch_form_open(registry, SPEC, strlen(SPEC), &form);
    if (status != VOUCH_OK) return fail("form", status, vouch_registry_last_error(registry));

    for (size_t r = 0; r < sizeof RECORDS / sizeof RECORDS[0]; r++) {
        vouch_result *result = NULL;
        status = vouch_form_validate(form, RECORDS[r], strlen(RECORDS[r]), &result);
        if (status != VOUCH_OK) return fail("validate", status, vouch_form_last_error(form));
        printf("record %zu: %s\n", r + 1, vouch_result_valid(result) ? "valid" : "invalid");
        for (size_t i = 0; i < vouch_result_violation_count(result); i++) {
            const char *field, *code, *message;
            vouch_result_violation(result, i, &field, NULL, &code, NULL, &message, NULL);
            printf("  %s: %s (%s)\n", field, message, code);
        }
        const char *fields[] = {"name", "phone", "card"};
        for (size_t f = 0; f < 3; f++) {
            const char *canonical, *display;
            if (vouch_result_value(result, fields[f], strlen(fields[f]), &canonical, NULL, &display, NULL) == VOUCH_OK)
                printf("  %s = %s, shown as \"%s\"\n", fields[f], canonical, display);
        }
        vouch_result_free(result);
    }

    vouch_form_free(form);
    vouch_registry_free(registry);
    return 0;
}
