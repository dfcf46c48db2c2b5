/*
 * Misused handles and secrets through the C API: a handle of the wrong type and a handle freed
 * already give VOUCH_ERROR_MISUSE (not a crash), a second free does nothing, and no message quotes
 * a character of a password. Run without valgrind: the check of a freed handle reads its memory,
 * which a memory checker reports (vouch.h says so).
 */
#define _POSIX_C_SOURCE 200809L
#include "vouch.h"

#include "check.h"

#include <signal.h>

int main(void) {
    /* Loading libvouch installed no crash handler in this program (Swift's backtracer would print
     * memory near the registers on a crash: this program's secrets). */
    static const int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (size_t index = 0; index < sizeof crashes / sizeof crashes[0]; index++) {
        struct sigaction action;
        CHECK(sigaction(crashes[index], NULL, &action) == 0 && action.sa_handler == SIG_DFL);
    }

    vouch_registry *registry = NULL;
    CHECK(vouch_registry_open(&registry) == VOUCH_OK);
    static const char spec[] = "{\"vouch\": 1, \"fields\": [{\"name\": \"password\", \"kind\": \"password\"}]}";
    vouch_form *form = NULL;
    CHECK(vouch_form_open(registry, STR(spec), &form) == VOUCH_OK);
    vouch_result *result = NULL;
    CHECK(vouch_form_validate(form, STR("{\"password\": \"hunter2-secret\"}"), &result) == VOUCH_OK);

    /* A handle of another type. */
    vouch_result *other = NULL;
    CHECK(vouch_form_validate((vouch_form *)result, STR("{}"), &other) == VOUCH_ERROR_MISUSE);
    CHECK(other == NULL);
    CHECK(contains(vouch_form_last_error((vouch_form *)result), "not a live handle"));
    CHECK(vouch_registry_load_packs((vouch_registry *)form, STR("/nonexistent")) == VOUCH_ERROR_MISUSE);
    CHECK(vouch_result_violation((vouch_result *)form, 0, NULL, NULL, NULL, NULL, NULL, NULL) == VOUCH_ERROR_MISUSE);
    vouch_form_free((vouch_form *)result); /* the wrong destructor: nothing happens */
    CHECK(vouch_result_valid(result) == 1);
    CHECK(vouch_status_name(VOUCH_ERROR_MISUSE) && strcmp(vouch_status_name(VOUCH_ERROR_MISUSE), "VOUCH_ERROR_MISUSE") == 0);

    /* A handle freed already: used, then freed again. */
    vouch_result_free(result);
    CHECK(vouch_result_violation(result, 0, NULL, NULL, NULL, NULL, NULL, NULL) == VOUCH_ERROR_MISUSE);
    vouch_result_free(result);
    vouch_form *freed = NULL;
    CHECK(vouch_form_open(registry, STR(spec), &freed) == VOUCH_OK);
    vouch_form_free(freed);
    CHECK(vouch_form_validate(freed, STR("{}"), &other) == VOUCH_ERROR_MISUSE);
    vouch_form_free(freed);

    /* Secrets: a record's JSON error quotes no character of the string it is in, and a password
     * is never formatted. */
    char *json = NULL;
    size_t length = 0;
    CHECK(vouch_form_validate_json(form, STR("{\"password\":\"SeCrEt\\qXYZ\"}"), &json, &length) == VOUCH_ERROR_JSON);
    const char *error = vouch_form_last_error(form);
    CHECK(contains(error, "the string that starts here is not valid JSON"));
    CHECK(!contains(error, "'q'") && !contains(error, "XYZ") && !contains(error, "column 20"));
    char *formatted = NULL;
    CHECK(vouch_format_value(registry, STR("password"), NULL, STR("hunter2"), 0, &formatted, &length) != VOUCH_OK);
    CHECK(formatted == NULL);
    CHECK(!contains(vouch_registry_last_error(registry), "hunter2"));

    vouch_form_free(form);
    vouch_registry_free(registry);
    return finish_checks();
}
