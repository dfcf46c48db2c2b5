/*
 * The "card" plugin: payment card numbers.
 *
 *   card.luhn    the Luhn (mod 10) check digit is right
 *   card.number  digits only (spaces and hyphens allowed), a known brand by its IIN range, a length
 *                that brand issues, and the Luhn check; parameter "brands" limits the brands accepted
 *   card.group   formatter: digits in the brand's groups (4-4-4-4, Amex 4-6-5, Diners 4-6-4)
 *
 * It is also an example for plugin authors: build it with
 *   cc -shared -fPIC -O2 -I include -o libvouch-card.so Plugins/card/card.c
 * and load it with --plugin card (or Registry.loadPlugin).
 */
#include "vouch_plugin.h"

#include <stdio.h>
#include <string.h>

/* A brand: its IIN ranges (prefixes compared as numbers of the same number of digits), the card
 * lengths it issues, and how its numbers are grouped for display. */
typedef struct {
    const char *name;    /* as the "brands" parameter names it */
    const char *display; /* as the brand writes its own name, for messages */
    struct { const char *low, *high; } ranges[8];
    int lengths[8];
    int groups[6];
} brand;

/* Order matters: a more specific range comes before a broader one (Discover's 622126-622925 before
 * UnionPay's 62). Sources: the brands' published IIN tables. */
static const brand BRANDS[] = {
    {"amex", "American Express", {{"34", "34"}, {"37", "37"}}, {15}, {4, 6, 5}},
    {"diners", "Diners Club", {{"300", "305"}, {"36", "36"}, {"38", "39"}}, {14, 16, 17, 18, 19}, {4, 6, 4}},
    {"jcb", "JCB", {{"3528", "3589"}}, {16, 17, 18, 19}, {4, 4, 4, 4, 3}},
    {"visa", "Visa", {{"4", "4"}}, {13, 16, 19}, {4, 4, 4, 4, 3}},
    {"mastercard", "Mastercard", {{"51", "55"}, {"2221", "2720"}}, {16}, {4, 4, 4, 4}},
    {"maestro", "Maestro", {{"5018", "5018"}, {"5020", "5020"}, {"5038", "5038"}, {"5893", "5893"}, {"6304", "6304"}, {"6759", "6759"}, {"6761", "6763"}},
     {12, 13, 14, 15, 16, 17, 18, 19}, {4, 4, 4, 4, 3}},
    {"discover", "Discover", {{"6011", "6011"}, {"622126", "622925"}, {"644", "649"}, {"65", "65"}}, {16, 17, 18, 19}, {4, 4, 4, 4, 3}},
    {"unionpay", "UnionPay", {{"62", "62"}}, {16, 17, 18, 19}, {4, 4, 4, 4, 3}},
};
#define BRAND_COUNT (sizeof BRANDS / sizeof BRANDS[0])

/* The digits of text, skipping spaces and hyphens. Returns the count, or -1 if text has another
 * character or more than max digits. */
static int digits_of(const char *text, size_t length, char *out, int max) {
    int count = 0;
    for (size_t i = 0; i < length; i++) {
        char c = text[i];
        if (c == ' ' || c == '-') continue;
        if (c < '0' || c > '9' || count == max) return -1;
        out[count++] = c;
    }
    out[count] = 0;
    return count;
}

static int luhn_ok(const char *digits, int count) {
    int sum = 0;
    for (int i = 0; i < count; i++) {
        int d = digits[count - 1 - i] - '0';
        if (i % 2 == 1) { d *= 2; if (d > 9) d -= 9; }
        sum += d;
    }
    return count > 1 && sum % 10 == 0;
}

static int in_range(const char *digits, int count, const char *low, const char *high) {
    size_t width = strlen(low);
    if ((size_t)count < width) return 0;
    return strncmp(digits, low, width) >= 0 && strncmp(digits, high, width) <= 0;
}

static const brand *brand_of(const char *digits, int count) {
    for (size_t b = 0; b < BRAND_COUNT; b++)
        for (int r = 0; r < 8 && BRANDS[b].ranges[r].low; r++)
            if (in_range(digits, count, BRANDS[b].ranges[r].low, BRANDS[b].ranges[r].high)) return &BRANDS[b];
    return NULL;
}

static int issues_length(const brand *b, int count) {
    for (int i = 0; i < 8 && b->lengths[i]; i++)
        if (b->lengths[i] == count) return 1;
    return 0;
}

/* ---- parameters: {} or {"brands": ["visa", ...]} ---- */

typedef struct {
    unsigned accepted; /* bit per BRANDS index; 0 = all */
} number_state;

/* Adds one name of "brands" to the accepted set. */
static int accept_brand(const char *name, size_t length, void *accepted, char *error, size_t error_size) {
    for (size_t b = 0; b < BRAND_COUNT; b++)
        if (strlen(BRANDS[b].name) == length && memcmp(BRANDS[b].name, name, length) == 0) {
            *(unsigned *)accepted |= 1u << b;
            return 0;
        }
    snprintf(error, error_size, "unknown brand \"%.*s\" (known: amex, diners, discover, jcb, maestro, mastercard, unionpay, visa)",
             (int)length, name);
    return 1;
}

static int number_create(const vouch_host_services *host, const char *parameters, size_t length, void **state, char *error,
                         size_t error_size) {
    static const char *const names[] = {"brands", NULL};
    unsigned accepted = 0;
    if (host->param_check(parameters, length, names, error, error_size) != VOUCH_PARAM_OK) return VOUCH_PLUGIN_ERROR;
    int brands = host->param_strings(parameters, length, "brands", accept_brand, &accepted, error, error_size);
    if (brands == VOUCH_PARAM_INVALID) return VOUCH_PLUGIN_ERROR;
    if (brands == VOUCH_PARAM_OK && accepted == 0) {
        snprintf(error, error_size, "parameter \"brands\" must name at least one brand");
        return VOUCH_PLUGIN_ERROR;
    }
    number_state *s = host->alloc(sizeof *s);
    if (!s) { snprintf(error, error_size, "out of memory"); return VOUCH_PLUGIN_ERROR; }
    s->accepted = accepted;
    *state = s;
    return VOUCH_PLUGIN_OK;
}

static void number_destroy(const vouch_host_services *host, void *state) { host->free(state); }

/* ---- rules ---- */

static int luhn_validate(const vouch_host_services *host, void *state, const char *value, size_t length, const char *locale,
                         vouch_violations *out, char *error, size_t error_size) {
    (void)state; (void)locale; (void)error; (void)error_size;
    char digits[64];
    int count = digits_of(value, length, digits, 63);
    if (count < 0) return host->violation(out, "card.digits");
    if (!luhn_ok(digits, count)) return host->violation(out, "card.luhn");
    return VOUCH_PLUGIN_OK;
}

static int number_validate(const vouch_host_services *host, void *state, const char *value, size_t length, const char *locale,
                           vouch_violations *out, char *error, size_t error_size) {
    (void)locale; (void)error; (void)error_size;
    const number_state *s = state;
    char digits[64];
    int count = digits_of(value, length, digits, 63);
    if (count < 0) return host->violation(out, "card.digits");
    const brand *b = brand_of(digits, count);
    if (!b || (s->accepted && !(s->accepted & (1u << (b - BRANDS))))) return host->violation(out, "card.brand");
    if (!issues_length(b, count)) {
        host->violation(out, "card.length");
        return host->violation_string(out, "brand", b->display, strlen(b->display));
    }
    if (!luhn_ok(digits, count)) return host->violation(out, "card.luhn");
    return VOUCH_PLUGIN_OK;
}

/* ---- formatter ---- */

static int group_format(const vouch_host_services *host, void *state, const char *text, size_t length, const char *locale,
                        vouch_text_sink *out, char *error, size_t error_size) {
    (void)state; (void)locale;
    char digits[64];
    int count = digits_of(text, length, digits, 63);
    if (count < 0) {
        snprintf(error, error_size, "not a card number");
        return VOUCH_PLUGIN_ERROR; /* the host keeps the text as it is */
    }
    static const int fallback[] = {4, 4, 4, 4, 3, 0}; /* ends with 0, as the brands' groups do */
    const brand *b = brand_of(digits, count);
    /* More digits than a known brand issues: typing stops there; a value checked keeps them for
     * card.number to refuse. */
    int longest = 0;
    for (int i = 0; b && i < 8 && b->lengths[i]; i++)
        if (b->lengths[i] > longest) longest = b->lengths[i];
    if (b && count > longest) {
        snprintf(error, error_size, "more digits than the brand issues");
        return VOUCH_PLUGIN_ERROR;
    }
    const int *groups = b ? b->groups : fallback;
    char grouped[96];
    int at = 0, used = 0;
    for (int g = 0; g < 6 && groups[g] && used < count; g++) {
        if (used) grouped[at++] = ' ';
        for (int i = 0; i < groups[g] && used < count; i++) grouped[at++] = digits[used++];
    }
    while (used < count) grouped[at++] = digits[used++]; /* past the last group: kept, not dropped */
    return host->text_write(out, grouped, (size_t)at);
}

/* ---- the plugin ---- */

static const vouch_rule_def RULES[] = {
    {sizeof(vouch_rule_def), VOUCH_THREAD_SAFE, "luhn", "The Luhn check digit of a card number is right.", NULL, NULL, luhn_validate},
    {sizeof(vouch_rule_def), VOUCH_THREAD_SAFE, "number", "A card number of a known brand, with its length and Luhn check; brands limits the brands.",
     number_create, number_destroy, number_validate},
};

static const vouch_formatter_def FORMATTERS[] = {
    {sizeof(vouch_formatter_def), VOUCH_THREAD_SAFE | VOUCH_MASK, "group", "Groups a card number's digits as its brand prints them.", NULL, NULL,
     group_format},
};

static const vouch_message_def MESSAGES[] = {
    {sizeof(vouch_message_def), "root", "card.digits", "Enter the card number with digits only."},
    {sizeof(vouch_message_def), "root", "card.brand", "This card is not accepted."},
    {sizeof(vouch_message_def), "root", "card.length", "This {brand} card number has the wrong number of digits."},
    {sizeof(vouch_message_def), "root", "card.luhn", "This card number is not valid: check it for typing mistakes."},
    {sizeof(vouch_message_def), "de", "card.digits", "Geben Sie die Kartennummer nur mit Ziffern ein."},
    {sizeof(vouch_message_def), "de", "card.brand", "Diese Karte wird nicht akzeptiert."},
    {sizeof(vouch_message_def), "de", "card.length", "Diese {brand}-Kartennummer hat die falsche Anzahl an Ziffern."},
    {sizeof(vouch_message_def), "de", "card.luhn", "Diese Kartennummer ist ungültig: Prüfen Sie sie auf Tippfehler."},
};

VOUCH_PLUGIN("card", "1.2.0", "Payment card numbers: Luhn check, brand and length, display grouping.", VOUCH_TABLE(RULES),
             VOUCH_TABLE(FORMATTERS), VOUCH_TABLE(MESSAGES))
