/*
 * Exercises every function of vouch.h, with its error paths, for a run under valgrind:
 *   valgrind --error-exitcode=1 --leak-check=full ./api_test PLUGIN_DIR
 * Prints "N passed, M failed" and exits 1 if any check failed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <vouch.h>

#include "check.h"

static void versions_and_statuses(void) {
    CHECK(strcmp(vouch_version(), VOUCH_VERSION_STRING) == 0);
    CHECK(vouch_version_number() == VOUCH_VERSION_NUMBER);
    CHECK(strcmp(vouch_status_name(VOUCH_OK), "VOUCH_OK") == 0);
    CHECK(strcmp(vouch_status_name(VOUCH_ERROR_JSON), "VOUCH_ERROR_JSON") == 0);
    CHECK(strcmp(vouch_status_name((vouch_status)999), "VOUCH_ERROR_UNKNOWN") == 0);
    for (int s = VOUCH_OK; s <= VOUCH_ERROR_NAME_TAKEN; s++) {
        CHECK(strncmp(vouch_status_name((vouch_status)s), "VOUCH_", 6) == 0);
        CHECK(strlen(vouch_status_message((vouch_status)s)) > 5);
    }
    CHECK(strcmp(vouch_status_message((vouch_status)-1), "unknown status") == 0);
    vouch_free(NULL);
}

static void null_handles(void) {
    vouch_registry_free(NULL);
    vouch_form_free(NULL);
    vouch_result_free(NULL);
    CHECK(vouch_registry_open(NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_registry_last_error(NULL), "NULL"));
    CHECK(contains(vouch_form_last_error(NULL), "NULL"));
    CHECK(vouch_registry_load_packs(NULL, STR("/tmp")) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_registry_load_plugin(NULL, STR("card")) == VOUCH_ERROR_ARGUMENT);
    char *json = NULL;
    size_t length = 0;
    CHECK(vouch_registry_list(NULL, VOUCH_LIST_RULES, &json, &length) == VOUCH_ERROR_ARGUMENT);
    vouch_form *form = NULL;
    CHECK(vouch_form_open(NULL, STR("{}"), &form) == VOUCH_ERROR_ARGUMENT && form == NULL);
    vouch_result *result = NULL;
    CHECK(vouch_form_validate(NULL, STR("{}"), &result) == VOUCH_ERROR_ARGUMENT && result == NULL);
    CHECK(vouch_form_validate_json(NULL, STR("{}"), &json, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_result_valid(NULL) == 0);
    CHECK(vouch_result_violation_count(NULL) == 0);
    CHECK(vouch_result_violation(NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_result_value(NULL, STR("x"), NULL, NULL, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_result_json(NULL, &json, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_validate_value(NULL, STR("email"), NULL, STR("a@b.c"), &result) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_format_value(NULL, STR("phone"), NULL, STR("2015550123"), 0, &json, &length) == VOUCH_ERROR_ARGUMENT);
}

static void registry_calls(vouch_registry *registry, const char *plugin_dir) {
    char *json = NULL;
    size_t length = 0;
    CHECK(vouch_registry_list(registry, VOUCH_LIST_KINDS, &json, &length) == VOUCH_OK);
    CHECK(contains(json, "\"phone\"") && length == strlen(json));
    vouch_free(json);
    CHECK(vouch_registry_list(registry, VOUCH_LIST_RULES, &json, &length) == VOUCH_OK && contains(json, "\"email\""));
    vouch_free(json);
    CHECK(vouch_registry_list(registry, VOUCH_LIST_FORMATTERS, &json, &length) == VOUCH_OK && contains(json, "\"trim\""));
    vouch_free(json);
    CHECK(vouch_registry_list(registry, VOUCH_LIST_LOCALES, &json, &length) == VOUCH_OK && contains(json, "\"pt-BR\""));
    vouch_free(json);
    CHECK(vouch_registry_list(registry, VOUCH_LIST_PLUGINS, &json, &length) == VOUCH_OK && strcmp(json, "[]") == 0);
    vouch_free(json);
    CHECK(vouch_registry_list(registry, (vouch_list)42, &json, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_registry_last_error(registry), "unknown list 42"));
    CHECK(vouch_registry_list(registry, VOUCH_LIST_RULES, NULL, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(strcmp(vouch_registry_last_error(registry), "the output pointer is NULL") == 0);

    /* Plugins: a bad path, then the real one. */
    CHECK(vouch_registry_load_plugin(registry, STR("/nonexistent/libvouch-card.so")) == VOUCH_ERROR_IO);
    CHECK(contains(vouch_registry_last_error(registry), "No such file or directory"));
    CHECK(vouch_registry_load_plugin(registry, STR("no-such-plugin")) == VOUCH_ERROR_PLUGIN);
    char path[1024];
    snprintf(path, sizeof path, "%s/libvouch-card.so", plugin_dir);
    CHECK(vouch_registry_load_plugin(registry, STR(path)) == VOUCH_OK);
    CHECK(strcmp(vouch_registry_last_error(registry), "") == 0);
    CHECK(vouch_registry_load_plugin(registry, STR(path)) == VOUCH_ERROR_NAME_TAKEN);
    CHECK(vouch_registry_list(registry, VOUCH_LIST_PLUGINS, &json, &length) == VOUCH_OK && strcmp(json, "[\"card\"]") == 0);
    vouch_free(json);

    /* Packs: a missing path, and invalid UTF-8 in the path. */
    CHECK(vouch_registry_load_packs(registry, STR("/nonexistent/packs")) == VOUCH_ERROR_IO);
    CHECK(contains(vouch_registry_last_error(registry), "/nonexistent/packs"));
    CHECK(vouch_registry_load_packs(registry, "\xff\xfe", 2) == VOUCH_ERROR_UTF8);
    CHECK(vouch_registry_load_packs(registry, "/tmp", (size_t)-1) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_registry_load_plugin(registry, "card", (size_t)-1) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_registry_load_packs(registry, "Tests/Fixtures/packs/bad-regex", 30) == VOUCH_ERROR_PACK);
    CHECK(contains(vouch_registry_last_error(registry), "kinds.postal_code.pattern"));
    /* The same failure in parts: the code, the message, the key and the file apart. */
    vouch_error_detail detail = {.size = sizeof(vouch_error_detail)};
    CHECK(vouch_registry_error_detail(registry, &detail) == VOUCH_OK);
    CHECK(detail.status == VOUCH_ERROR_PACK && strcmp(detail.code, "bad_regex") == 0);
    CHECK(strcmp(detail.path, "kinds.postal_code.pattern") == 0 && contains(detail.file, "bad-regex/pack.json"));
    CHECK(!contains(detail.message, "kinds.postal_code.pattern") && detail.message[0] != '\0');
    vouch_error_detail small = {.size = sizeof(vouch_error_detail) - 1};
    CHECK(vouch_registry_error_detail(registry, &small) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_registry_error_detail(registry, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_registry_error_detail(NULL, &detail) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_registry_load_packs(registry, STR("Tests/Fixtures/packs/good")) == VOUCH_OK);
}

static const char SPEC[] =
    "{\"vouch\": 1, \"fields\": ["
    "{\"name\": \"email\", \"kind\": \"email\", \"required\": true},"
    "{\"name\": \"phone\", \"kind\": \"phone\"},"
    "{\"name\": \"card\", \"rules\": [\"card.luhn\"]},"
    "{\"name\": \"secret\", \"kind\": \"password\"}]}";

static void form_calls(vouch_registry *registry) {
    vouch_form *form = NULL;
    CHECK(vouch_form_open(registry, STR("{\"vouch\": 1, \"fields\": [{\"name\": \"a\", \"kind\": \"zipp\"}]}"), &form) == VOUCH_ERROR_UNKNOWN_NAME);
    CHECK(contains(vouch_registry_last_error(registry), "fields[0].kind") && form == NULL);
    vouch_error_detail detail = {.size = sizeof(vouch_error_detail)};
    CHECK(vouch_registry_error_detail(registry, &detail) == VOUCH_OK && detail.status == VOUCH_ERROR_UNKNOWN_NAME);
    CHECK(strcmp(detail.code, "unknown_name") == 0 && strcmp(detail.path, "fields[0].kind") == 0 && strcmp(detail.file, "") == 0);
    CHECK(contains(detail.message, "zipp") && !contains(detail.message, "fields[0]"));
    CHECK(vouch_form_open(registry, STR("{\"vouch\": 1, \"fields\": [{\"name\": \"a\", \"rules\": [{\"rule\": \"length\", \"max\": \"5\"}]}]}"), &form) == VOUCH_ERROR_PARAMETER);
    CHECK(vouch_form_open(registry, STR("{\"vouch\": 1, \"fields\": [}"), &form) == VOUCH_ERROR_JSON);
    CHECK(contains(vouch_registry_last_error(registry), "line 1"));
    CHECK(vouch_form_open(registry, STR("{\"vouch\": 1}"), &form) == VOUCH_ERROR_SPEC);
    CHECK(vouch_form_open(registry, STR("{\"vouch\": 1, \"locale\": \"qq-ZZ\", \"fields\": [{\"name\": \"a\"}]}"), &form) == VOUCH_ERROR_LOCALE);
    CHECK(vouch_form_open(registry, "{\"vouch\": 1, \"fields\": [{\"name\": \"\xc3\x28\"}]}", 36, &form) == VOUCH_ERROR_UTF8);
    CHECK(vouch_form_open(registry, STR(SPEC), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_open(registry, STR(SPEC), &form) == VOUCH_OK && form != NULL);
    CHECK(vouch_registry_error_detail(registry, &detail) == VOUCH_OK && detail.status == VOUCH_OK);
    CHECK(strcmp(detail.code, "") == 0 && strcmp(detail.message, "") == 0 && strcmp(detail.path, "") == 0);

    const char *record = "{\"email\": \"ada@example.com\", \"phone\": \"2015550123\", \"card\": \"4111111111111111\", \"secret\": \"hunter2hunter2\"}";
    vouch_result *result = NULL;
    CHECK(vouch_form_validate(form, STR(record), &result) == VOUCH_OK);
    CHECK(vouch_result_valid(result) == 1 && vouch_result_violation_count(result) == 0);
    const char *canonical = NULL, *display = NULL;
    size_t canonical_length = 0, display_length = 0;
    CHECK(vouch_result_value(result, STR("phone"), &canonical, &canonical_length, &display, &display_length) == VOUCH_OK);
    CHECK(strcmp(canonical, "\"+12015550123\"") == 0 && canonical_length == 14);
    CHECK(strcmp(display, "(201) 555-0123") == 0 && display_length == 14);
    CHECK(vouch_result_value(result, STR("secret"), &canonical, NULL, NULL, NULL) == VOUCH_ERROR_NOT_FOUND);
    CHECK(vouch_result_value(result, STR("nope"), &canonical, NULL, NULL, NULL) == VOUCH_ERROR_NOT_FOUND);
    CHECK(vouch_result_value(result, "\xff", 1, &canonical, NULL, NULL, NULL) == VOUCH_ERROR_UTF8);
    CHECK(vouch_result_violation(result, 0, NULL, NULL, NULL, NULL, NULL, NULL) == VOUCH_ERROR_NOT_FOUND);
    char *json = NULL;
    size_t length = 0;
    CHECK(vouch_result_json(result, &json, &length) == VOUCH_OK && contains(json, "\"valid\":true"));
    CHECK(!contains(json, "hunter2"));
    vouch_free(json);
    vouch_result_free(result);

    const char *bad = "{\"email\": \"nope\", \"phone\": \"12\", \"card\": \"4111111111111112\", \"secret\": \"hunter2hunter2\"}";
    CHECK(vouch_form_validate(form, STR(bad), &result) == VOUCH_OK);
    CHECK(vouch_result_valid(result) == 0 && vouch_result_violation_count(result) == 3);
    const char *field, *code, *message;
    size_t field_length, code_length, message_length;
    CHECK(vouch_result_violation(result, 2, &field, &field_length, &code, &code_length, &message, &message_length) == VOUCH_OK);
    CHECK(strcmp(field, "card") == 0 && field_length == 4 && strcmp(code, "card.luhn") == 0 && code_length == 9);
    CHECK(contains(message, "not valid") && message_length == strlen(message));
    vouch_result_free(result);

    CHECK(vouch_form_validate_json(form, STR(bad), &json, &length) == VOUCH_OK);
    CHECK(contains(json, "\"code\":\"email\"") && contains(json, "\"display\":") && !contains(json, "hunter2"));
    vouch_free(json);

    /* Error paths of validation. */
    CHECK(vouch_form_validate(form, STR("[1, 2]"), &result) == VOUCH_ERROR_JSON);
    CHECK(contains(vouch_form_last_error(form), "a record is a JSON object"));
    {
        vouch_error_detail detail = {.size = sizeof(vouch_error_detail)};
        CHECK(vouch_form_error_detail(form, &detail) == VOUCH_OK && detail.status == VOUCH_ERROR_JSON);
        CHECK(strcmp(detail.code, "json") == 0 && contains(detail.message, "a record is a JSON object"));
    }
    CHECK(vouch_form_validate(form, STR("{\"email\": "), &result) == VOUCH_ERROR_JSON);
    CHECK(vouch_form_validate(form, "{\"email\": \"\xe2\x82\"}", 13, &result) == VOUCH_ERROR_UTF8);
    CHECK(contains(vouch_form_last_error(form), "UTF-8"));
    CHECK(vouch_form_validate(form, NULL, 5, &result) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_validate(form, STR("{}"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_validate_json(form, STR("{}"), NULL, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_validate_json(form, "{}", (size_t)-1, &json, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_validate(form, "{}", (size_t)-1, &result) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_validate(form, STR("{}"), &result) == VOUCH_OK);
    CHECK(strcmp(vouch_form_last_error(form), "") == 0);
    CHECK(vouch_result_violation_count(result) == 1); /* email is required */
    vouch_result_free(result);

    /* Validity alone: what "valid" says, the same failures. */
    int valid = -1;
    CHECK(vouch_form_check_valid(form, STR(record), &valid) == VOUCH_OK && valid == 1);
    CHECK(vouch_form_check_valid(form, STR(bad), &valid) == VOUCH_OK && valid == 0);
    CHECK(vouch_form_check_valid(form, STR("{}"), &valid) == VOUCH_OK && valid == 0);
    /* Keys in another order, escapes, and a value of the wrong type go the strict parser's way. */
    CHECK(vouch_form_check_valid(form, STR("{\"secret\": \"x\", \"email\": \"ada\\u0040example.com\"}"), &valid) == VOUCH_OK && valid == 1);
    CHECK(vouch_form_check_valid(form, STR("{\"email\": 5}"), &valid) == VOUCH_OK && valid == 0);
    CHECK(vouch_form_check_valid(form, STR("[1, 2]"), &valid) == VOUCH_ERROR_JSON);
    CHECK(contains(vouch_form_last_error(form), "a record is a JSON object"));
    CHECK(vouch_form_check_valid(form, STR("{\"email\": \"hunter2"), &valid) == VOUCH_ERROR_JSON);
    CHECK(!contains(vouch_form_last_error(form), "hunter2"));
    CHECK(vouch_form_check_valid(form, "{\"email\": \"\xe2\x82\"}", 13, &valid) == VOUCH_ERROR_UTF8);
    CHECK(vouch_form_check_valid(NULL, STR("{}"), &valid) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_check_valid(form, STR("{}"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_check_valid(form, NULL, 5, &valid) == VOUCH_ERROR_ARGUMENT);
    vouch_form_free(form);
}

/* A record given member by member is what the JSON object of those members is: the same
 * validity and the same failures, whatever the members' order, types and names. */
#define MEMBER(name, type, value) {name, sizeof(name) - 1, type, value, sizeof(value) - 1}
#define STRING(name, value) MEMBER(name, VOUCH_VALUE_STRING, value)
#define OF_TYPE(name, type) {name, sizeof(name) - 1, type, NULL, 0}

typedef struct member_case {
    const char *json;
    vouch_member members[6];
    size_t count;
    vouch_status status;
    int valid;
} member_case;

static void member_calls(vouch_registry *registry) {
    const char *spec = "{\"vouch\": 1, \"fields\": [{\"name\": \"email\", \"kind\": \"email\", \"required\": true},"
                       " {\"name\": \"phone\", \"kind\": \"phone\"}, {\"name\": \"secret\", \"kind\": \"password\"},"
                       " {\"name\": \"agree\", \"kind\": \"choice\", \"options\": [\"true\", \"false\"]},"
                       " {\"name\": \"tags\", \"kind\": \"tokens\", \"rules\": [{\"rule\": \"one_of\", \"values\": [\"a\", \"b\"]}]}]}";
    vouch_form *form = NULL;
    CHECK(vouch_form_open(registry, STR(spec), &form) == VOUCH_OK);
    const member_case cases[] = {
        {"{\"email\": \"ada@example.com\", \"phone\": \"(201) 555-0123\"}",
         {STRING("email", "ada@example.com"), STRING("phone", "(201) 555-0123")}, 2, VOUCH_OK, 1},
        /* Another order, twice: the second meets the order the first taught. */
        {"{\"phone\": \"(201) 555-0123\", \"email\": \"ada@example.com\"}",
         {STRING("phone", "(201) 555-0123"), STRING("email", "ada@example.com")}, 2, VOUCH_OK, 1},
        {"{\"phone\": \"12\", \"email\": \"ada@example.com\"}", {STRING("phone", "12"), STRING("email", "ada@example.com")}, 2, VOUCH_OK, 0},
        {"{}", {{0}}, 0, VOUCH_OK, 0},
        {"{\"email\": null}", {OF_TYPE("email", VOUCH_VALUE_NULL)}, 1, VOUCH_OK, 0},
        {"{\"email\": \"ada@example.com\", \"agree\": true}",
         {STRING("email", "ada@example.com"), OF_TYPE("agree", VOUCH_VALUE_TRUE)}, 2, VOUCH_OK, 1},
        {"{\"email\": \"ada@example.com\", \"agree\": false, \"phone\": null}",
         {STRING("email", "ada@example.com"), OF_TYPE("agree", VOUCH_VALUE_FALSE), OF_TYPE("phone", VOUCH_VALUE_NULL)}, 3, VOUCH_OK, 1},
        /* Names no field takes, one that JSON escapes; text with quotes and line breaks. */
        {"{\"n\\\"ote\": \"x\", \"email\": \"ada@example.com\", \"other\": \"a\\nb\\\"c\"}",
         {STRING("n\"ote", "x"), STRING("email", "ada@example.com"), STRING("other", "a\nb\"c")}, 3, VOUCH_OK, 1},
        {"{\"email\": \"a\\\"b@example.com\"}", {STRING("email", "a\"b@example.com")}, 1, VOUCH_OK, 0},
        /* JSON values: of the wrong type, a token list, and the same list as text. */
        {"{\"email\": 5}", {MEMBER("email", VOUCH_VALUE_JSON, "5")}, 1, VOUCH_OK, 0},
        {"{\"email\": \"ada@example.com\", \"tags\": [\"a\", \"b\"]}",
         {STRING("email", "ada@example.com"), MEMBER("tags", VOUCH_VALUE_JSON, "[\"a\", \"b\"]")}, 2, VOUCH_OK, 1},
        {"{\"email\": \"ada@example.com\", \"tags\": [\"a\", \"zz\"]}",
         {STRING("email", "ada@example.com"), MEMBER("tags", VOUCH_VALUE_JSON, "[\"a\", \"zz\"]")}, 2, VOUCH_OK, 0},
        {"{\"email\": \"ada@example.com\", \"tags\": \"b, a\"}", {STRING("email", "ada@example.com"), STRING("tags", "b, a")}, 2, VOUCH_OK, 1},
        {"{\"email\": \"ada@example.com\", \"x\": {\"y\": [1, 2.5, null]}}",
         {STRING("email", "ada@example.com"), MEMBER("x", VOUCH_VALUE_JSON, "{\"y\": [1, 2.5, null]}")}, 2, VOUCH_OK, 1},
        /* Failures: a name twice (a field's or another), JSON that is not, text that is not UTF-8. */
        {"{\"email\": \"a@example.com\", \"email\": \"b@example.com\"}",
         {STRING("email", "a@example.com"), STRING("email", "b@example.com")}, 2, VOUCH_ERROR_JSON, -1},
        {"{\"x\": \"1\", \"email\": \"a@example.com\", \"x\": \"2\"}",
         {STRING("x", "1"), STRING("email", "a@example.com"), STRING("x", "2")}, 3, VOUCH_ERROR_JSON, -1},
        {"{\"secret\": \"hunter2\", \"x\": [1,}", {STRING("secret", "hunter2"), MEMBER("x", VOUCH_VALUE_JSON, "[1,")}, 2, VOUCH_ERROR_JSON, -1},
        /* A JSON value is one value: one that would add a member is refused. */
        {"{\"x\": 1, \"email\": \"ada@example.com\" 2}", {MEMBER("x", VOUCH_VALUE_JSON, "1, \"email\": \"ada@example.com\"")}, 1, VOUCH_ERROR_JSON, -1},
        {"{\"x\": \"\xe2\x82\", \"y\": [1,}", {MEMBER("x", VOUCH_VALUE_JSON, "\"\xe2\x82\""), MEMBER("y", VOUCH_VALUE_JSON, "[1,")}, 2, VOUCH_ERROR_UTF8, -1},
        {"{\"y\": [1,, \"x\": \"\xe2\x82\"}", {MEMBER("y", VOUCH_VALUE_JSON, "[1,"), STRING("x", "\xe2\x82")}, 2, VOUCH_ERROR_UTF8, -1},
        {"{\"email\": \"\xe2\x82\"}", {STRING("email", "\xe2\x82")}, 1, VOUCH_ERROR_UTF8, -1},
        {"{\"\xe2\x82\": \"x\"}", {STRING("\xe2\x82", "x")}, 1, VOUCH_ERROR_UTF8, -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const member_case *c = &cases[i];
        int by_json = -1, by_members = -1;
        vouch_status json_status = vouch_form_check_valid(form, STR(c->json), &by_json);
        vouch_status members_status = vouch_form_check_valid_members(form, c->count ? c->members : NULL, c->count, &by_members);
        if (members_status != c->status || json_status != c->status || (c->status == VOUCH_OK && (by_members != c->valid || by_json != c->valid))) {
            fprintf(stderr, "member case %zu: members %d (valid %d), JSON %d (valid %d), expected %d (valid %d)\n", i, members_status,
                    by_members, json_status, by_json, c->status, c->valid);
        }
        CHECK(members_status == c->status && json_status == c->status);
        CHECK(c->status != VOUCH_OK || (by_members == c->valid && by_json == c->valid));
        CHECK(!contains(vouch_form_last_error(form), "hunter2"));
    }
    /* Arguments. */
    int valid = -1;
    vouch_member member = STRING("email", "ada@example.com");
    CHECK(vouch_form_check_valid_members(form, &member, 1, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_check_valid_members(NULL, &member, 1, &valid) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_check_valid_members(form, NULL, 1, &valid) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_form_check_valid_members(form, &member, (size_t)-1, &valid) == VOUCH_ERROR_ARGUMENT);
    vouch_member no_value = {"email", 5, VOUCH_VALUE_STRING, NULL, 3};
    CHECK(vouch_form_check_valid_members(form, &no_value, 1, &valid) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_form_last_error(form), "the value of member 0 is NULL"));
    vouch_member no_type = {"email", 5, (vouch_value_type)9, "x", 1};
    CHECK(vouch_form_check_valid_members(form, &no_type, 1, &valid) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_form_last_error(form), "member 0"));
    CHECK(vouch_form_check_valid_members(form, &member, 1, &valid) == VOUCH_OK && valid == 1);
    CHECK(strcmp(vouch_form_last_error(form), "") == 0);
    vouch_form_free(form);
}

/* Violations carry their arguments (never the value, nor a password's length) and a token's position. */
static void violation_args(vouch_registry *registry) {
    const char *spec = "{\"vouch\": 1, \"fields\": [{\"name\": \"code\", \"rules\": [{\"rule\": \"length\", \"max\": 3}]},"
                       " {\"name\": \"pin\", \"kind\": \"password\", \"rules\": [{\"rule\": \"length\", \"min\": 6}]},"
                       " {\"name\": \"tags\", \"kind\": \"tokens\", \"rules\": [{\"rule\": \"one_of\", \"values\": [\"a\", \"b\"]}]}]}";
    vouch_form *form = NULL;
    CHECK(vouch_form_open(registry, STR(spec), &form) == VOUCH_OK);
    const char *record = "{\"code\": \"abcdef\", \"pin\": \"12345\", \"tags\": [\"a\", \"zz\"]}";
    vouch_result *result = NULL;
    CHECK(vouch_form_validate(form, STR(record), &result) == VOUCH_OK && vouch_result_violation_count(result) == 3);
    const char *args = NULL;
    size_t args_length = 0;
    ptrdiff_t item = 0;
    CHECK(vouch_result_violation_args(result, 0, &args, &args_length, &item) == VOUCH_OK);
    CHECK(strcmp(args, "{\"count\":6,\"max\":3}") == 0 && args_length == strlen(args) && item == -1);
    CHECK(vouch_result_violation_args(result, 1, &args, NULL, &item) == VOUCH_OK);
    CHECK(strcmp(args, "{\"min\":6}") == 0 && item == -1);
    CHECK(vouch_result_violation_args(result, 2, &args, NULL, &item) == VOUCH_OK);
    CHECK(contains(args, "\"options\":") && item == 1);
    CHECK(vouch_result_violation_args(result, 3, &args, NULL, &item) == VOUCH_ERROR_NOT_FOUND);
    CHECK(vouch_result_violation_args(NULL, 0, &args, NULL, &item) == VOUCH_ERROR_ARGUMENT);
    char *json = NULL;
    size_t length = 0;
    CHECK(vouch_result_json(result, &json, &length) == VOUCH_OK);
    CHECK(contains(json, "\"code\":\"too_long\",\"message\":") && contains(json, "\"args\":{\"count\":6,\"max\":3}"));
    CHECK(contains(json, "\"args\":{\"min\":6}}") && contains(json, "\"item\":1}") && !contains(json, "12345"));
    vouch_free(json);
    vouch_result_free(result);
    CHECK(vouch_form_validate_json(form, STR(record), &json, &length) == VOUCH_OK);
    CHECK(contains(json, "\"args\":{\"count\":6,\"max\":3}") && contains(json, "\"item\":1}"));
    vouch_free(json);
    vouch_form_free(form);
}

static void edit_calls(vouch_registry *registry) {
    const char *spec = "{\"vouch\": 1, \"fields\": [{\"name\": \"phone\", \"kind\": \"phone\"}, {\"name\": \"note\"}]}";
    vouch_form *form = NULL;
    CHECK(vouch_form_open(registry, STR(spec), &form) == VOUCH_OK);
    vouch_edit *edit = NULL;
    CHECK(vouch_edit_open(form, STR("nope"), &edit) == VOUCH_ERROR_NOT_FOUND && edit == NULL);
    CHECK(vouch_edit_open(form, STR("phone"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_edit_open(form, STR("phone"), &edit) == VOUCH_OK);
    const char *text;
    size_t length, caret;
    int accepted = -1;
    const char *digits = "2015550123";
    for (size_t i = 0; i < 10; i++) {
        CHECK(vouch_edit_text(edit, NULL, NULL, &caret) == VOUCH_OK);
        CHECK(vouch_edit_apply(edit, caret, 0, digits + i, 1, &accepted) == VOUCH_OK && accepted == 1);
    }
    CHECK(vouch_edit_text(edit, &text, &length, &caret) == VOUCH_OK);
    CHECK(strcmp(text, "(201) 555-0123") == 0 && length == 14 && caret == 14);
    int complete = 0;
    CHECK(vouch_edit_complete(edit, &complete) == VOUCH_OK && complete == 1);
    CHECK(vouch_edit_apply(edit, 4, 0, STR("9"), &accepted) == VOUCH_OK && accepted == 0); /* a full number */
    char *mask = NULL;
    CHECK(vouch_edit_placeholder(edit, '_', &mask, &length) == VOUCH_OK && strcmp(mask, "(201) 555-0123") == 0 && length == 14);
    vouch_free(mask);
    CHECK(vouch_edit_placeholder(edit, (char)0xC3, &mask, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_edit_complete(NULL, &complete) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_edit_apply(edit, 4, 1, "", 0, &accepted) == VOUCH_OK && accepted == 1); /* the ")" */
    CHECK(vouch_edit_text(edit, &text, NULL, &caret) == VOUCH_OK && strcmp(text, "(205) 550-123") == 0 && caret == 3);
    CHECK(vouch_edit_complete(edit, &complete) == VOUCH_OK && complete == 0);
    CHECK(vouch_edit_placeholder(edit, '_', &mask, NULL) == VOUCH_OK && strcmp(mask, "(205) 550-123_") == 0);
    vouch_free(mask);
    CHECK(vouch_edit_apply(edit, caret, 0, STR("#"), &accepted) == VOUCH_OK && accepted == 0); /* no number has it */
    CHECK(vouch_edit_apply(edit, 99, 0, STR("1"), NULL) == VOUCH_ERROR_ARGUMENT);
    /* Offsets and lengths that cannot be real: above PTRDIFF_MAX, or a sum that overflows. */
    CHECK(vouch_edit_apply(edit, 1, (size_t)INT64_MAX, STR("1"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_edit_apply(edit, (size_t)-1, 0, STR("1"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_edit_apply(edit, 0, 0, "1", (size_t)-1, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_edit_apply(edit, 0, 0, "\xff", 1, NULL) == VOUCH_ERROR_UTF8);
    CHECK(vouch_edit_apply(NULL, 0, 0, STR("1"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_edit_text(NULL, &text, &length, &caret) == VOUCH_ERROR_ARGUMENT);
    vouch_edit_free(edit);
    vouch_edit_free(NULL);

    /* Offsets in bytes, with a character of four bytes: a range inside it is widened. */
    CHECK(vouch_edit_open(form, STR("note"), &edit) == VOUCH_OK);
    CHECK(vouch_edit_apply(edit, 0, 0, STR("a\xf0\x9f\x98\x80" "b"), &accepted) == VOUCH_OK);
    CHECK(vouch_edit_text(edit, &text, &length, &caret) == VOUCH_OK && length == 6 && caret == 6);
    CHECK(vouch_edit_apply(edit, 2, 1, "", 0, &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_edit_text(edit, &text, &length, &caret) == VOUCH_OK && strcmp(text, "ab") == 0 && caret == 1);
    vouch_edit_free(edit);
    vouch_form_free(form);
}

/* ---- Interactive forms: a session drives a whole form ---- */

struct state_log {
    int calls;
    size_t last_field;
    vouch_field_state last_state;
};

/* A session of the form `spec`, which must open; the session keeps the form alive. */
static vouch_session *open_session(vouch_registry *registry, const char *spec) {
    vouch_form *form = NULL;
    CHECK(vouch_form_open(registry, STR(spec), &form) == VOUCH_OK);
    vouch_session *session = NULL;
    CHECK(vouch_session_open(form, &session) == VOUCH_OK);
    vouch_form_free(form);
    return session;
}

static void on_state(void *context, vouch_session *session, size_t field, vouch_field_state state) {
    struct state_log *log = context;
    log->calls++;
    log->last_field = field;
    log->last_state = state;
    CHECK(session != NULL && field < vouch_session_field_count(session));
}

/* The app keeps the "zip" field for its own picker; `context` counts the times zip was asked for. */
static int keep_zip(void *context, vouch_session *session, size_t field) {
    const char *name = NULL;
    CHECK(vouch_session_field_name(session, field, &name, NULL) == VOUCH_OK);
    if (strcmp(name, "zip") != 0) return 1;
    (*(int *)context)++;
    return 0;
}

static void session_calls(vouch_registry *registry) {
    const char *spec = "{\"vouch\": 1, \"fields\": ["
                       "{\"name\": \"name\", \"kind\": \"name\", \"required\": true},"
                       "{\"name\": \"email\", \"kind\": \"email\", \"required\": true},"
                       "{\"name\": \"phone\", \"kind\": \"phone\", \"required\": true},"
                       "{\"name\": \"zip\", \"kind\": \"zip\"},"
                       "{\"name\": \"pin\", \"kind\": \"password\", \"hints\": {\"return_key\": \"go\"}}]}";
    vouch_form *form = NULL;
    CHECK(vouch_form_open(registry, STR(spec), &form) == VOUCH_OK);
    vouch_session *session = NULL;
    CHECK(vouch_session_open(NULL, &session) == VOUCH_ERROR_ARGUMENT && session == NULL);
    CHECK(vouch_session_open(form, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_open(form, &session) == VOUCH_OK && session != NULL);
    vouch_form_free(form); /* the session keeps it alive */

    /* Fields by name and index. */
    CHECK(vouch_session_field_count(session) == 5 && vouch_session_field_count(NULL) == 0);
    size_t name = 99, email, phone, zip, pin;
    CHECK(vouch_session_field_index(session, STR("name"), &name) == VOUCH_OK && name == 0);
    CHECK(vouch_session_field_index(session, STR("email"), &email) == VOUCH_OK && email == 1);
    CHECK(vouch_session_field_index(session, STR("phone"), &phone) == VOUCH_OK && phone == 2);
    CHECK(vouch_session_field_index(session, STR("zip"), &zip) == VOUCH_OK && zip == 3);
    CHECK(vouch_session_field_index(session, STR("pin"), &pin) == VOUCH_OK && pin == 4);
    CHECK(vouch_session_field_index(session, STR("nope"), &pin) == VOUCH_ERROR_NOT_FOUND);
    CHECK(contains(vouch_session_last_error(session), "no field \"nope\""));
    {
        vouch_error_detail detail = {.size = sizeof(vouch_error_detail)};
        CHECK(vouch_session_error_detail(session, &detail) == VOUCH_OK && detail.status == VOUCH_ERROR_NOT_FOUND);
        CHECK(strcmp(detail.code, "not_found") == 0 && contains(detail.message, "no field \"nope\""));
    }
    CHECK(vouch_session_field_index(session, STR("nope"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_field_index(session, "\xff", 1, &pin) == VOUCH_ERROR_UTF8);
    const char *text = NULL;
    size_t length = 0, caret = 0;
    CHECK(vouch_session_field_name(session, phone, &text, &length) == VOUCH_OK && strcmp(text, "phone") == 0 && length == 5);
    CHECK(vouch_session_field_name(session, 5, &text, &length) == VOUCH_ERROR_NOT_FOUND);
    CHECK(contains(vouch_session_last_error(session), "no field at index 5 (it has 5 fields)"));
    CHECK(vouch_session_field_name(session, VOUCH_NONE, &text, NULL) == VOUCH_ERROR_NOT_FOUND);
    CHECK(strcmp(vouch_session_last_error(NULL), "the handle is NULL") == 0);

    struct state_log log = {0, VOUCH_NONE, VOUCH_FIELD_INACTIVE};
    CHECK(vouch_session_set_state_callback(session, on_state, &log) == VOUCH_OK);
    int asked = 0;
    CHECK(vouch_session_set_should_begin(session, keep_zip, &asked) == VOUCH_OK);

    /* Next: name, typed and capitalized. */
    size_t focused = 0;
    CHECK(vouch_session_focused(session, &focused) == VOUCH_OK && focused == VOUCH_NONE);
    CHECK(vouch_session_focused(session, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_next(session, &focused) == VOUCH_OK && focused == name);
    vouch_field_state state;
    CHECK(vouch_session_state(session, name, &state) == VOUCH_OK && state == VOUCH_FIELD_ACTIVE);
    CHECK(log.calls == 1 && log.last_field == name && log.last_state == VOUCH_FIELD_ACTIVE);
    int accepted = -1;
    CHECK(vouch_session_type(session, name, STR("ada lovelace"), &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_text(session, name, &text, &length, &caret) == VOUCH_OK);
    CHECK(strcmp(text, "Ada Lovelace") == 0 && length == 12 && caret == 12);
    CHECK(vouch_session_delete_backward(session, name, &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_text(session, name, &text, NULL, &caret) == VOUCH_OK && strcmp(text, "Ada Lovelac") == 0 && caret == 11);
    CHECK(vouch_session_edit(session, name, 11, 0, STR("e"), &accepted) == VOUCH_OK && accepted == 1);
    /* Undo and redo: the "e" typed is a step of its own, after the deletion. */
    int done = -1;
    CHECK(vouch_session_undo(session, name, &done) == VOUCH_OK && done == 1);
    CHECK(vouch_session_text(session, name, &text, NULL, &caret) == VOUCH_OK && strcmp(text, "Ada Lovelac") == 0 && caret == 11);
    CHECK(vouch_session_redo(session, name, &done) == VOUCH_OK && done == 1);
    CHECK(vouch_session_text(session, name, &text, NULL, &caret) == VOUCH_OK && strcmp(text, "Ada Lovelace") == 0);
    /* Without a place for the answer, undo and redo still do their work. */
    CHECK(vouch_session_undo(session, name, NULL) == VOUCH_OK);
    CHECK(vouch_session_text(session, name, &text, NULL, NULL) == VOUCH_OK && strcmp(text, "Ada Lovelac") == 0);
    CHECK(vouch_session_redo(session, name, NULL) == VOUCH_OK);
    CHECK(vouch_session_text(session, name, &text, NULL, NULL) == VOUCH_OK && strcmp(text, "Ada Lovelace") == 0);
    CHECK(vouch_session_undo(session, 7, &done) == VOUCH_ERROR_NOT_FOUND);
    /* Composition: the marked text shows as it is, and is typed when committed. */
    CHECK(vouch_session_set_marked_text(session, name, STR("\xe6\x97\xa5"), &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_text(session, name, &text, NULL, &caret) == VOUCH_OK && strcmp(text, "Ada Lovelace\xe6\x97\xa5") == 0 && caret == 15);
    CHECK(vouch_session_commit_marked_text(session, name, NULL) == VOUCH_OK);
    /* Committed without a place for the answer: nothing is left marked. */
    CHECK(vouch_session_commit_marked_text(session, name, &accepted) == VOUCH_OK && accepted == 0);
    CHECK(vouch_session_undo(session, name, &done) == VOUCH_OK && done == 1);
    CHECK(vouch_session_text(session, name, &text, NULL, NULL) == VOUCH_OK && strcmp(text, "Ada Lovelace") == 0);
    CHECK(vouch_session_commit_marked_text(session, name, &accepted) == VOUCH_OK && accepted == 0);
    CHECK(vouch_session_edit(session, name, 99, 0, STR("e"), &accepted) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_session_last_error(session), "outside the text of field \"name\""));
    CHECK(vouch_session_edit(session, name, (size_t)-1, 0, STR("e"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_edit(session, name, 1, (size_t)INT64_MAX, STR("e"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_type(session, name, "\xc3", 1, &accepted) == VOUCH_ERROR_UTF8);
    CHECK(vouch_session_type(session, 7, STR("x"), &accepted) == VOUCH_ERROR_NOT_FOUND);

    /* Email disabled: next skips it, and done leaves it out although it is invalid. */
    CHECK(vouch_session_next(session, &focused) == VOUCH_OK && focused == email);
    CHECK(vouch_session_type(session, email, STR("not-an-address"), &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_disable(session, email) == VOUCH_OK);
    CHECK(vouch_session_state(session, email, &state) == VOUCH_OK && state == VOUCH_FIELD_DISABLED);
    CHECK(log.last_field == email && log.last_state == VOUCH_FIELD_DISABLED);
    CHECK(vouch_session_focused(session, &focused) == VOUCH_OK && focused == VOUCH_NONE);
    CHECK(vouch_session_type(session, email, STR("x"), &accepted) == VOUCH_OK && accepted == 0);
    int began = -1;
    CHECK(vouch_session_focus(session, email, &began) == VOUCH_OK && began == 0);
    CHECK(vouch_session_focus(session, name, &began) == VOUCH_OK && began == 1);
    CHECK(vouch_session_next(session, &focused) == VOUCH_OK && focused == phone);
    CHECK(vouch_session_previous(session, &focused) == VOUCH_OK && focused == name);
    CHECK(vouch_session_next(session, &focused) == VOUCH_OK && focused == phone);

    /* Phone typed through its mask; zip is kept by the app: next stays on phone. */
    const char *digits = "2015550123";
    for (size_t i = 0; i < 10; i++) CHECK(vouch_session_type(session, phone, digits + i, 1, &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_text(session, phone, &text, &length, &caret) == VOUCH_OK && strcmp(text, "(201) 555-0123") == 0 && caret == 14);
    CHECK(vouch_session_next(session, &focused) == VOUCH_OK && focused == phone && asked == 1);
    CHECK(vouch_session_focus(session, zip, &began) == VOUCH_OK && began == 0 && asked == 2);
    CHECK(vouch_session_set_should_begin(session, NULL, NULL) == VOUCH_OK);
    CHECK(vouch_session_next(session, &focused) == VOUCH_OK && focused == zip && asked == 2);
    CHECK(vouch_session_set_text(session, zip, STR("1234")) == VOUCH_OK);
    CHECK(vouch_session_set_text(session, zip, "\xff", 1) == VOUCH_ERROR_UTF8);
    CHECK(vouch_session_next(session, &focused) == VOUCH_OK && focused == pin);
    CHECK(vouch_session_type(session, pin, STR("hunter2"), &accepted) == VOUCH_OK);
    CHECK(vouch_session_next(session, &focused) == VOUCH_OK && focused == VOUCH_NONE);

    /* Hints: the return key by place, or the field's own, and its enterkeyhint. */
    char *json = NULL;
    CHECK(vouch_session_hints(session, phone, &json, &length) == VOUCH_OK);
    CHECK(contains(json, "\"keyboard\":\"phone_pad\"") && contains(json, "\"return_key\":\"next\"") && contains(json, "\"toolbar\":true"));
    CHECK(contains(json, "\"enterkeyhint\":\"next\"") && contains(json, "type=\\\"tel\\\"") && length == strlen(json));
    vouch_free(json);
    CHECK(vouch_session_hints(session, pin, &json, &length) == VOUCH_OK);
    CHECK(contains(json, "\"secure_entry\":true") && contains(json, "\"return_key\":\"go\"") && contains(json, "\"enterkeyhint\":\"go\""));
    vouch_free(json);
    CHECK(vouch_session_hints(session, pin, NULL, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_hints(session, 9, &json, &length) == VOUCH_ERROR_NOT_FOUND);

    /* Done: the zip is the first invalid field (email is disabled); messages and violations. */
    size_t first = 0;
    int valid = -1;
    CHECK(vouch_session_done(session, &first, &valid) == VOUCH_OK && first == zip && valid == 0);
    CHECK(vouch_session_state(session, zip, &state) == VOUCH_OK && state == VOUCH_FIELD_ERROR);
    CHECK(vouch_session_state(session, zip, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_message(session, zip, &text, &length) == VOUCH_OK && length > 10 && length == strlen(text));
    CHECK(vouch_session_message(session, name, &text, &length) == VOUCH_OK && strcmp(text, "") == 0 && length == 0);
    CHECK(vouch_session_violations(session, zip, &json, &length) == VOUCH_OK && contains(json, "\"code\":\"postal_code\""));
    vouch_free(json);
    CHECK(vouch_session_violations(session, zip, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_values(session, &json, &length) == VOUCH_OK);
    CHECK(contains(json, "\"name\":\"Ada Lovelace\"") && contains(json, "\"phone\":\"+12015550123\""));
    CHECK(!contains(json, "email") && !contains(json, "hunter2") && !contains(json, "zip"));
    vouch_free(json);
    CHECK(vouch_session_values(session, NULL, &length) == VOUCH_ERROR_ARGUMENT);

    /* An app's error: goes at the next change unless sticky. */
    CHECK(vouch_session_set_error(session, name, STR("Taken."), 0) == VOUCH_OK);
    CHECK(vouch_session_message(session, name, &text, NULL) == VOUCH_OK && strcmp(text, "Taken.") == 0);
    CHECK(vouch_session_type(session, name, STR("x"), &accepted) == VOUCH_OK);
    CHECK(vouch_session_state(session, name, &state) == VOUCH_OK && state == VOUCH_FIELD_INACTIVE);
    CHECK(vouch_session_set_error(session, name, STR("Server down."), 1) == VOUCH_OK);
    CHECK(vouch_session_delete_backward(session, name, NULL) == VOUCH_OK);
    CHECK(vouch_session_state(session, name, &state) == VOUCH_OK && state == VOUCH_FIELD_ERROR);
    CHECK(vouch_session_clear_error(session, name) == VOUCH_OK);
    CHECK(vouch_session_state(session, name, &state) == VOUCH_OK && state == VOUCH_FIELD_INACTIVE);
    CHECK(vouch_session_set_error(session, name, NULL, 3, 0) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_clear_error(session, 5) == VOUCH_ERROR_NOT_FOUND);

    /* Enabled again: email is checked again and is the first invalid field. */
    CHECK(vouch_session_enable(session, email) == VOUCH_OK);
    CHECK(vouch_session_set_text(session, zip, STR("94103")) == VOUCH_OK);
    CHECK(vouch_session_done(session, &first, NULL) == VOUCH_OK && first == email);
    CHECK(vouch_session_set_text(session, email, STR("ada@example.org")) == VOUCH_OK);
    CHECK(vouch_session_done(session, &first, &valid) == VOUCH_OK && first == VOUCH_NONE && valid == 1);
    CHECK(vouch_session_blur(session) == VOUCH_OK);
    CHECK(vouch_session_enable(session, 5) == VOUCH_ERROR_NOT_FOUND && vouch_session_disable(session, 5) == VOUCH_ERROR_NOT_FOUND);
    CHECK(vouch_session_set_state_callback(session, NULL, NULL) == VOUCH_OK);
    int calls = log.calls;
    CHECK(vouch_session_focus(session, name, &began) == VOUCH_OK && began == 1 && log.calls == calls);

    /* A NULL session, everywhere. */
    CHECK(vouch_session_field_index(NULL, STR("name"), &name) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_field_name(NULL, 0, &text, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_text(NULL, 0, &text, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_edit(NULL, 0, 0, 0, STR("x"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_type(NULL, 0, STR("x"), NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_delete_backward(NULL, 0, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_delete_forward(NULL, 0, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_undo(NULL, 0, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_redo(NULL, 0, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_set_text(NULL, 0, STR("x")) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_focus(NULL, 0, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_blur(NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_focused(NULL, &focused) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_next(NULL, &focused) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_previous(NULL, &focused) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_done(NULL, &first, &valid) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_state(NULL, 0, &state) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_message(NULL, 0, &text, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_violations(NULL, 0, &json, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_set_error(NULL, 0, STR("x"), 0) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_clear_error(NULL, 0) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_enable(NULL, 0) == VOUCH_ERROR_ARGUMENT && vouch_session_disable(NULL, 0) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_hints(NULL, 0, &json, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_values(NULL, &json, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_set_state_callback(NULL, on_state, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_set_should_begin(NULL, keep_zip, NULL) == VOUCH_ERROR_ARGUMENT);
    vouch_session_free(session);
    vouch_session_free(NULL);
}

/* ---- Token inputs ---- */

struct contact {
    const char *name;
    const char *email;
};

static struct contact contacts[] = {{"Brenden Mulligan", "brenden@example.com"}, {"Ada Lovelace", "ada@example.org"}};

/* Names are looked up in the address book (no match: refused); addresses are taken as typed. */
static int token_for_text(void *context, const char *text, size_t length, vouch_token *token) {
    int *calls = context;
    (*calls)++;
    CHECK(text[length] == '\0');
    if (memchr(text, '@', length)) return 1;
    for (size_t i = 0; i < sizeof contacts / sizeof contacts[0]; i++) {
        if (strncasecmp(contacts[i].name, text, length) == 0) {
            CHECK(vouch_token_set(token, STR(contacts[i].email), STR(contacts[i].name), &contacts[i]) == VOUCH_OK);
            return 1;
        }
    }
    CHECK(vouch_token_set(token, "\xff", 1, NULL, 0, NULL) == VOUCH_ERROR_UTF8);
    return 0;
}

static void token_calls(vouch_registry *registry) {
    const char *spec = "{\"vouch\": 1, \"fields\": [{\"name\": \"to\", \"kind\": \"tokens\", \"token_kind\": \"email\","
                       " \"separators\": [\",\"], \"required\": true}, {\"name\": \"subject\"}]}";
    vouch_session *session = open_session(registry, spec);
    size_t count = 99, selected = 0;
    CHECK(vouch_tokens_count(session, 1, &count) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_session_last_error(session), "field 1 (\"subject\") is of kind \"text\", not \"tokens\""));
    CHECK(vouch_tokens_count(session, 2, &count) == VOUCH_ERROR_NOT_FOUND);
    CHECK(vouch_tokens_count(session, 0, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_count(session, 0, &count) == VOUCH_OK && count == 0);

    int calls = 0, added = -1;
    CHECK(vouch_tokens_set_token_for_text(session, 0, token_for_text, &calls) == VOUCH_OK);
    CHECK(vouch_tokens_type(session, 0, STR("Bren,")) == VOUCH_OK && calls == 1);
    CHECK(vouch_tokens_count(session, 0, &count) == VOUCH_OK && count == 1);
    const char *text, *display;
    size_t text_length, display_length;
    void *context = NULL;
    CHECK(vouch_tokens_token(session, 0, 0, &text, &text_length, &display, &display_length, &context) == VOUCH_OK);
    CHECK(strcmp(text, "brenden@example.com") == 0 && text_length == 19);
    CHECK(strcmp(display, "Brenden Mulligan") == 0 && display_length == 16 && context == &contacts[0]);
    CHECK(vouch_tokens_token(session, 0, 1, &text, NULL, NULL, NULL, NULL) == VOUCH_ERROR_NOT_FOUND);
    CHECK(contains(vouch_session_last_error(session), "no token at index 1 (it has 1)"));

    /* Typed text the callback refuses stays; an address the kind refuses stays with its violation. */
    CHECK(vouch_tokens_type(session, 0, STR("Nobody")) == VOUCH_OK);
    CHECK(vouch_tokens_commit(session, 0, &added) == VOUCH_OK && added == 0 && calls == 2);
    CHECK(vouch_tokens_text(session, 0, &text, &text_length) == VOUCH_OK && strcmp(text, "Nobody") == 0 && text_length == 6);
    char *json = NULL;
    size_t length = 0;
    CHECK(vouch_tokens_violations(session, 0, &json, &length) == VOUCH_OK && strcmp(json, "[]") == 0);
    vouch_free(json);
    /* The collapsed line: the one token's display text, nothing more. */
    CHECK(vouch_tokens_summary(session, 0, 2, &json, &length) == VOUCH_OK && strcmp(json, "Brenden Mulligan") == 0 && length == 16);
    vouch_free(json);
    CHECK(vouch_tokens_summary(session, 0, 0, &json, &length) == VOUCH_OK && strcmp(json, "1 more") == 0);
    vouch_free(json);
    CHECK(vouch_tokens_summary(session, 0, 2, NULL, &length) == VOUCH_ERROR_ARGUMENT);

    /* Selected, then replaced by typing: the token goes, the key is typed. */
    CHECK(vouch_tokens_select(session, 0, 0) == VOUCH_OK);
    CHECK(vouch_tokens_selected(session, 0, &selected) == VOUCH_OK && selected == 0);
    CHECK(vouch_tokens_type(session, 0, STR("!")) == VOUCH_OK);
    CHECK(vouch_tokens_count(session, 0, &count) == VOUCH_OK && count == 0);
    CHECK(vouch_tokens_text(session, 0, &text, NULL) == VOUCH_OK && strcmp(text, "Nobody!") == 0);
    CHECK(vouch_tokens_selected(session, 0, &selected) == VOUCH_OK && selected == VOUCH_NONE);
    for (int i = 0; i < 7; i++) CHECK(vouch_tokens_delete_backward(session, 0) == VOUCH_OK);
    CHECK(vouch_tokens_type(session, 0, STR("grace@navy")) == VOUCH_OK);
    CHECK(vouch_tokens_commit(session, 0, &added) == VOUCH_OK && added == 0);
    CHECK(vouch_tokens_violations(session, 0, &json, &length) == VOUCH_OK && contains(json, "\"code\":\"email\""));
    vouch_free(json);

    /* Added from code (a chosen suggestion): the text typed is cleared; a duplicate is not added. */
    CHECK(vouch_tokens_add(session, 0, STR("ada@example.org"), STR("Ada Lovelace"), &contacts[1], &added) == VOUCH_OK && added == 1);
    CHECK(vouch_tokens_text(session, 0, &text, NULL) == VOUCH_OK && strcmp(text, "") == 0);
    CHECK(vouch_tokens_add(session, 0, STR("ada@example.org"), NULL, 0, NULL, &added) == VOUCH_OK && added == 0);
    CHECK(vouch_tokens_add(session, 0, STR("grace@example.org"), NULL, 0, NULL, NULL) == VOUCH_OK);
    CHECK(vouch_tokens_token(session, 0, 1, NULL, NULL, &display, NULL, &context) == VOUCH_OK);
    CHECK(strcmp(display, "grace@example.org") == 0 && context == NULL);
    CHECK(vouch_tokens_add(session, 0, "\xff", 1, NULL, 0, NULL, &added) == VOUCH_ERROR_UTF8);

    /* Backspace selects the last token, then removes it; remove and select by index. */
    CHECK(vouch_tokens_delete_backward(session, 0) == VOUCH_OK);
    CHECK(vouch_tokens_selected(session, 0, &selected) == VOUCH_OK && selected == 1);
    CHECK(vouch_tokens_select(session, 0, VOUCH_NONE) == VOUCH_OK);
    CHECK(vouch_tokens_selected(session, 0, &selected) == VOUCH_OK && selected == VOUCH_NONE);
    CHECK(vouch_tokens_select(session, 0, 2) == VOUCH_ERROR_NOT_FOUND);
    CHECK(vouch_tokens_select(session, 0, 1) == VOUCH_OK && vouch_tokens_delete_backward(session, 0) == VOUCH_OK);
    CHECK(vouch_tokens_count(session, 0, &count) == VOUCH_OK && count == 1);
    CHECK(vouch_session_values(session, &json, &length) == VOUCH_OK && contains(json, "\"to\":[\"ada@example.org\"]"));
    vouch_free(json);
    CHECK(vouch_tokens_remove(session, 0, 3) == VOUCH_ERROR_NOT_FOUND);
    CHECK(vouch_tokens_remove(session, 0, 0) == VOUCH_OK);
    size_t first = 0;
    CHECK(vouch_session_done(session, &first, NULL) == VOUCH_OK && first == 0);
    CHECK(vouch_tokens_set_token_for_text(session, 0, NULL, NULL) == VOUCH_OK);
    CHECK(vouch_tokens_type(session, 0, STR("Bren,")) == VOUCH_OK && calls == 3);

    /* A disabled token input takes nothing. */
    CHECK(vouch_session_disable(session, 0) == VOUCH_OK);
    CHECK(vouch_tokens_add(session, 0, STR("ada@example.org"), NULL, 0, NULL, &added) == VOUCH_OK && added == 0);

    /* NULLs. */
    CHECK(vouch_token_set(NULL, STR("x"), NULL, 0, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_set_token_for_text(NULL, 0, token_for_text, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_count(NULL, 0, &count) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_token(NULL, 0, 0, &text, NULL, NULL, NULL, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_text(NULL, 0, &text, NULL) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_type(NULL, 0, STR("x")) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_commit(NULL, 0, &added) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_add(NULL, 0, STR("x"), NULL, 0, NULL, &added) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_select(NULL, 0, 0) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_selected(NULL, 0, &selected) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_delete_backward(NULL, 0) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_remove(NULL, 0, 0) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_tokens_violations(NULL, 0, &json, &length) == VOUCH_ERROR_ARGUMENT);
    vouch_session_free(session);
}

/* Pickers, a unit and a range in the hints, read-only fields and a required box, through a session. */
static void choice_calls(vouch_registry *registry) {
    const char *spec = "{\"vouch\": 1, \"locale\": \"en-US\", \"fields\": ["
                       "{\"name\": \"plan\", \"kind\": \"choice\", \"manual_entry\": true,"
                       " \"options\": [{\"value\": \"b\", \"label\": \"Business\"}, \"personal\"]},"
                       "{\"name\": \"weight\", \"kind\": \"decimal\", \"unit\": \"kilogram\"},"
                       "{\"name\": \"id\", \"kind\": \"readonly\"},"
                       "{\"name\": \"age\", \"kind\": \"number\", \"min\": 0, \"max\": 120},"
                       "{\"name\": \"born\", \"kind\": \"date\", \"min\": \"1900-01-01\", \"max\": \"2030-12-31\"},"
                       "{\"name\": \"terms\", \"kind\": \"boolean\", \"required\": true}]}";
    vouch_session *session = open_session(registry, spec);
    char *json = NULL;
    size_t length = 0, row = 0;
    CHECK(vouch_choice_rows(session, 0, &json, &length) == VOUCH_OK && length == strlen(json));
    CHECK(contains(json, "\"rows\":[\"Business\",\"personal\",") && contains(json, "\"values\":[\"b\",\"personal\"]"));
    CHECK(contains(json, "\"manual_entry\":2"));
    vouch_free(json);
    int chosen = -1;
    CHECK(vouch_choice_choose(session, 0, STR("business"), &chosen) == VOUCH_OK && chosen == 1);
    CHECK(vouch_choice_selected(session, 0, &row) == VOUCH_OK && row == 0);
    const char *text = NULL;
    CHECK(vouch_session_text(session, 0, &text, NULL, NULL) == VOUCH_OK && strcmp(text, "b") == 0);
    CHECK(vouch_choice_select(session, 0, 2) == VOUCH_OK);
    CHECK(vouch_choice_selected(session, 0, &row) == VOUCH_OK && row == 2);
    CHECK(vouch_choice_select(session, 0, 3) == VOUCH_ERROR_NOT_FOUND);
    CHECK(vouch_choice_rows(session, 1, &json, &length) == VOUCH_ERROR_ARGUMENT);
    CHECK(vouch_session_hints(session, 1, &json, &length) == VOUCH_OK);
    CHECK(contains(json, "\"unit\":{\"id\":\"kilogram\",\"short\":\"kg\",\"long\":\"kilograms\"}"));
    vouch_free(json);
    int began = -1, accepted = -1;
    CHECK(vouch_session_focus(session, 2, &began) == VOUCH_OK && began == 0);
    CHECK(vouch_session_type(session, 2, STR("abc"), &accepted) == VOUCH_OK && accepted == 0);
    CHECK(vouch_session_text(session, 2, &text, NULL, NULL) == VOUCH_OK && strcmp(text, "") == 0);
    CHECK(vouch_session_hints(session, 3, &json, &length) == VOUCH_OK);
    CHECK(contains(json, "\"min\":\"0\",\"max\":\"120\",\"step\":\"1\""));
    vouch_free(json);
    CHECK(vouch_session_hints(session, 4, &json, &length) == VOUCH_OK);
    CHECK(contains(json, "\"min\":\"1900-01-01\",\"max\":\"2030-12-31\",\"step\":null"));
    vouch_free(json);
    /* A required box must be ticked: "no" is refused as accepted, "on" (an HTML checkbox) passes. */
    size_t first = 0;
    int valid = -1;
    CHECK(vouch_session_set_text(session, 5, STR("no")) == VOUCH_OK);
    CHECK(vouch_session_done(session, &first, &valid) == VOUCH_OK && first == 5 && valid == 0);
    CHECK(vouch_session_violations(session, 5, &json, &length) == VOUCH_OK && contains(json, "\"code\":\"accepted\""));
    vouch_free(json);
    CHECK(vouch_session_set_text(session, 5, STR("on")) == VOUCH_OK);
    CHECK(vouch_session_done(session, &first, &valid) == VOUCH_OK && first == VOUCH_NONE && valid == 1);
    vouch_session_free(session);
}

/* Masks through a session, as Examples/edits/ replays them: backspace and the delete key over a
   separator, a digit inserted in the middle of a date, a time padded as typed, and yen, which take
   no decimals. */
static void mask_calls(vouch_registry *registry) {
    const char *spec = "{\"vouch\": 1, \"locale\": \"en-US\", \"fields\": ["
                       "{\"name\": \"phone\", \"kind\": \"phone\"}, {\"name\": \"born\", \"kind\": \"date\"},"
                       "{\"name\": \"at\", \"kind\": \"time\"}]}";
    vouch_session *session = open_session(registry, spec);
    int accepted = -1;
    const char *text = NULL;
    size_t length = 0, caret = 0;
    CHECK(vouch_session_type(session, 0, STR("2015550123"), &accepted) == VOUCH_OK && accepted == 1);
    /* The caret after ")": backspace deletes the 1 before it. */
    CHECK(vouch_session_edit(session, 0, 5, 0, "", 0, &accepted) == VOUCH_OK);
    CHECK(vouch_session_delete_backward(session, 0, &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_text(session, 0, &text, &length, &caret) == VOUCH_OK && strcmp(text, "(205) 550-123") == 0 && caret == 3);
    /* The caret before ") ": the delete key deletes the 5 after them. */
    CHECK(vouch_session_edit(session, 0, 4, 0, "", 0, &accepted) == VOUCH_OK);
    CHECK(vouch_session_delete_forward(session, 0, &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_text(session, 0, &text, &length, &caret) == VOUCH_OK && strcmp(text, "(205) 501-23") == 0 && caret == 6);
    /* A digit inserted in the middle of a date: every other digit kept, the caret after it. */
    CHECK(vouch_session_type(session, 1, STR("0222198"), &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_edit(session, 1, 3, 0, STR("1"), &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_text(session, 1, &text, &length, &caret) == VOUCH_OK && strcmp(text, "02/12/2198") == 0 && caret == 4);
    /* A 5 put before the month 02 leaves 50/21/1, which pasted over itself stays as it is. */
    CHECK(vouch_session_set_text(session, 1, STR("02/11")) == VOUCH_OK);
    CHECK(vouch_session_edit(session, 1, 0, 0, STR("5"), &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_text(session, 1, &text, &length, &caret) == VOUCH_OK && strcmp(text, "50/21/1") == 0 && caret == 1);
    CHECK(vouch_session_edit(session, 1, 0, 7, STR("50/21/1"), &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_text(session, 1, &text, &length, &caret) == VOUCH_OK && strcmp(text, "50/21/1") == 0 && caret == 7);
    /* 9:05 typed: the hour padded when the separator comes. */
    CHECK(vouch_session_type(session, 2, STR("9:05"), &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_text(session, 2, &text, &length, &caret) == VOUCH_OK && strcmp(text, "09:05") == 0 && caret == 5);
    vouch_session_free(session);

    spec = "{\"vouch\": 1, \"locale\": \"ja-JP\", \"fields\": [{\"name\": \"price\", \"kind\": \"money\"}]}";
    session = open_session(registry, spec);
    CHECK(vouch_session_type(session, 0, STR("1234"), &accepted) == VOUCH_OK && accepted == 1);
    CHECK(vouch_session_type(session, 0, STR("."), &accepted) == VOUCH_OK && accepted == 0);
    CHECK(vouch_session_type(session, 0, STR("5"), &accepted) == VOUCH_OK && accepted == 0);
    CHECK(vouch_session_text(session, 0, &text, &length, &caret) == VOUCH_OK && strcmp(text, "1,234") == 0);
    vouch_session_free(session);
}

static void value_calls(vouch_registry *registry) {
    vouch_result *result = NULL;
    CHECK(vouch_validate_value(registry, STR("phone"), "de-DE", STR("030 12345678"), &result) == VOUCH_OK);
    CHECK(vouch_result_valid(result) == 1);
    const char *canonical;
    CHECK(vouch_result_value(result, STR("value"), &canonical, NULL, NULL, NULL) == VOUCH_OK && strcmp(canonical, "\"+493012345678\"") == 0);
    vouch_result_free(result);
    CHECK(vouch_validate_value(registry, STR("card.luhn"), NULL, STR("4111111111111112"), &result) == VOUCH_OK);
    CHECK(vouch_result_valid(result) == 0);
    const char *message;
    CHECK(vouch_result_violation(result, 0, NULL, NULL, NULL, NULL, &message, NULL) == VOUCH_OK && contains(message, "card"));
    vouch_result_free(result);
    CHECK(vouch_validate_value(registry, STR("zipp"), NULL, STR("1"), &result) == VOUCH_ERROR_UNKNOWN_NAME);
    CHECK(contains(vouch_registry_last_error(registry), "zipp"));
    CHECK(vouch_validate_value(registry, STR("zip"), "qq-ZZ", STR("1"), &result) == VOUCH_ERROR_LOCALE);
    CHECK(vouch_validate_value(registry, STR("zip"), NULL, "\xc0", 1, &result) == VOUCH_ERROR_UTF8);
    CHECK(vouch_validate_value(registry, STR("zip"), NULL, STR("1"), NULL) == VOUCH_ERROR_ARGUMENT);

    char *text = NULL;
    size_t length = 0;
    CHECK(vouch_format_value(registry, STR("phone"), NULL, STR("2015550123"), 0, &text, &length) == VOUCH_OK);
    CHECK(strcmp(text, "(201) 555-0123") == 0 && length == 14);
    vouch_free(text);
    CHECK(vouch_format_value(registry, STR("phone"), NULL, STR("2015550123"), 1, &text, &length) == VOUCH_OK);
    CHECK(strcmp(text, "+12015550123") == 0);
    vouch_free(text);
    CHECK(vouch_format_value(registry, STR("date"), "de-DE", STR("22.02.1982"), 1, &text, &length) == VOUCH_OK);
    CHECK(strcmp(text, "1982-02-22") == 0);
    vouch_free(text);
    CHECK(vouch_format_value(registry, STR("zip"), "pt-BR", STR("01310100"), 0, &text, &length) == VOUCH_OK);
    CHECK(strcmp(text, "01310-100") == 0);
    vouch_free(text);
    CHECK(vouch_format_value(registry, STR("card.group"), NULL, STR("378282246310005"), 0, &text, &length) == VOUCH_OK);
    CHECK(strcmp(text, "3782 822463 10005") == 0);
    vouch_free(text);
    CHECK(vouch_format_value(registry, STR("capitalize"), "tr-TR", STR("istanbul"), 0, &text, &length) == VOUCH_ERROR_PARAMETER);
    CHECK(contains(vouch_registry_last_error(registry), "mode"));
    CHECK(vouch_format_value(registry, STR("upper"), "tr-TR", STR("istanbul"), 0, &text, &length) == VOUCH_OK);
    CHECK(strcmp(text, "\xc4\xb0STANBUL") == 0);
    vouch_free(text);
    CHECK(vouch_format_value(registry, STR("nope"), NULL, STR("x"), 0, &text, &length) == VOUCH_ERROR_UNKNOWN_NAME);
    CHECK(vouch_format_value(registry, STR("upper"), NULL, STR("x"), 0, NULL, &length) == VOUCH_ERROR_ARGUMENT);
}

/* A plugin whose rules run in child processes of the vouch command (`helper`): the same answers. */
static void isolated_plugin(const char *plugin_dir, const char *helper) {
    vouch_registry *registry = NULL;
    CHECK(vouch_registry_open(&registry) == VOUCH_OK);
    char path[1024];
    snprintf(path, sizeof path, "%s/libvouch-card.so", plugin_dir);
    CHECK(vouch_registry_load_plugin_isolated(registry, STR(path), helper, 0) == VOUCH_ERROR_ARGUMENT);
    CHECK(contains(vouch_registry_last_error(registry), "timeout_ms"));
    CHECK(vouch_registry_load_plugin_isolated(registry, STR(path), helper, 5000) == VOUCH_OK);
    vouch_result *result = NULL;
    CHECK(vouch_validate_value(registry, STR("card.luhn"), NULL, STR("4111111111111112"), &result) == VOUCH_OK);
    CHECK(vouch_result_valid(result) == 0 && vouch_result_violation_count(result) == 1);
    vouch_result_free(result);
    CHECK(vouch_validate_value(registry, STR("card.luhn"), NULL, STR("4111111111111111"), &result) == VOUCH_OK);
    CHECK(vouch_result_valid(result) == 1);
    vouch_result_free(result);
    /* A helper that is not the vouch command: the rule fails, naming itself, and nothing crashes. */
    vouch_registry *other = NULL;
    CHECK(vouch_registry_open(&other) == VOUCH_OK);
    CHECK(vouch_registry_load_plugin_isolated(other, STR(path), "/bin/false", 5000) == VOUCH_OK);
    CHECK(vouch_validate_value(other, STR("card.luhn"), NULL, STR("4111111111111111"), &result) == VOUCH_OK);
    const char *field = NULL, *code = NULL, *message = NULL;
    CHECK(vouch_result_violation(result, 0, &field, NULL, &code, NULL, &message, NULL) == VOUCH_OK);
    CHECK(code && strcmp(code, "plugin_error") == 0);
    vouch_result_free(result);
    vouch_registry_free(other);
    vouch_registry_free(registry);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: api_test PLUGIN_DIR VOUCH_COMMAND\n");
        return 2;
    }
    versions_and_statuses();
    null_handles();
    vouch_registry *registry = NULL;
    CHECK(vouch_registry_open(&registry) == VOUCH_OK && registry != NULL);
    registry_calls(registry, argv[1]);
    form_calls(registry);
    value_calls(registry);
    violation_args(registry);
    member_calls(registry);
    edit_calls(registry);
    session_calls(registry);
    token_calls(registry);
    choice_calls(registry);
    mask_calls(registry);
    vouch_registry_free(registry);
    isolated_plugin(argv[1], argv[2]);
    return finish_checks();
}
