/*
 * A test plugin written against ABI version 2: its entry point is VOUCH_PLUGIN, and its one
 * rule with parameters reads them with the host's typed getters.
 */
#include "vouch_plugin.h"

#include <stdio.h>
#include <string.h>

/* typed.between: a value whose length in bytes lies between "min" and "max" (numbers), optionally
 * one of "words" (strings), reported with "label" (a string); "strict" (a bool) makes the bounds
 * exclusive. */
typedef struct {
    double min, max;
    int strict;
    char label[32];
    char words[4][16];
    int word_count;
} between_state;

static int add_word(const char *word, size_t length, void *state, char *error, size_t error_size) {
    between_state *s = state;
    if (s->word_count == 4 || length >= sizeof s->words[0]) {
        snprintf(error, error_size, "at most 4 words of at most 15 bytes");
        return 1;
    }
    memcpy(s->words[s->word_count], word, length);
    s->words[s->word_count++][length] = '\0';
    return 0;
}

static int between_create(const vouch_host_services *host, const char *parameters, size_t length, void **state, char *error,
                          size_t error_size) {
    static const char *const names[] = {"min", "max", "strict", "label", "words", NULL};
    between_state s = {0, 1e9, 0, "value", {{0}}, 0};
    if (host->param_check(parameters, length, names, error, error_size) != VOUCH_PARAM_OK ||
        host->param_number(parameters, length, "min", &s.min, error, error_size) == VOUCH_PARAM_INVALID ||
        host->param_number(parameters, length, "max", &s.max, error, error_size) == VOUCH_PARAM_INVALID ||
        host->param_bool(parameters, length, "strict", &s.strict, error, error_size) == VOUCH_PARAM_INVALID ||
        host->param_string(parameters, length, "label", s.label, sizeof s.label, error, error_size) == VOUCH_PARAM_INVALID ||
        host->param_strings(parameters, length, "words", add_word, &s, error, error_size) == VOUCH_PARAM_INVALID)
        return VOUCH_PLUGIN_ERROR;
    between_state *kept = host->alloc(sizeof *kept);
    if (!kept) return VOUCH_PLUGIN_ERROR;
    *kept = s;
    *state = kept;
    return VOUCH_PLUGIN_OK;
}

static void between_destroy(const vouch_host_services *host, void *state) { host->free(state); }

static int between_validate(const vouch_host_services *host, void *state, const char *value, size_t length, const char *locale,
                            vouch_violations *out, char *error, size_t error_size) {
    (void)locale; (void)error; (void)error_size;
    const between_state *s = state;
    double n = (double)length;
    int inside = s->strict ? (n > s->min && n < s->max) : (n >= s->min && n <= s->max);
    if (!inside) {
        host->violation(out, "typed.length");
        return host->violation_string(out, "label", s->label, strlen(s->label));
    }
    if (s->word_count == 0) return VOUCH_PLUGIN_OK;
    for (int i = 0; i < s->word_count; i++)
        if (strlen(s->words[i]) == length && memcmp(s->words[i], value, length) == 0) return VOUCH_PLUGIN_OK;
    return host->violation(out, "typed.word");
}

/* A rule without parameters needs no create: the host refuses any given. */
static int nonempty_validate(const vouch_host_services *host, void *state, const char *value, size_t length, const char *locale,
                             vouch_violations *out, char *error, size_t error_size) {
    (void)state; (void)value; (void)locale; (void)error; (void)error_size;
    return length ? VOUCH_PLUGIN_OK : host->violation(out, "typed.empty");
}

static const vouch_rule_def RULES[] = {
    {sizeof(vouch_rule_def), VOUCH_THREAD_SAFE, "between", "A length in bytes between min and max.", between_create, between_destroy,
     between_validate},
    {sizeof(vouch_rule_def), VOUCH_THREAD_SAFE | VOUCH_CHECKS_EMPTY, "nonempty", "Not empty.", NULL, NULL, nonempty_validate},
};

static const vouch_message_def MESSAGES[] = {
    {sizeof(vouch_message_def), "root", "typed.length", "The {label} has the wrong length."},
    {sizeof(vouch_message_def), "root", "typed.word", "Not one of the words."},
    {sizeof(vouch_message_def), "root", "typed.empty", "Empty."},
};

VOUCH_PLUGIN("typed", "2.0.0", "A plugin of ABI version 2.", VOUCH_TABLE(RULES), VOUCH_NO_TABLE, VOUCH_TABLE(MESSAGES))
