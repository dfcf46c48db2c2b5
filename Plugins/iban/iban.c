/*
 * The "iban" plugin: International Bank Account Numbers (ISO 13616).
 *
 *   iban.iban   a known country, its IBAN length and BBAN structure, and the mod-97 check
 *   iban.print  formatter: upper case, in groups of four ("DE89 3704 0044 0532 0130 00")
 *
 * Spaces are allowed anywhere in the input. Build it outside SwiftPM with
 *   cc -shared -fPIC -O2 -I include -o libvouch-iban.so Plugins/iban/iban.c
 */
#include "vouch_plugin.h"

#include <stdio.h>
#include <string.h>

/* Each country's BBAN structure in the IBAN registry's notation: a count and a class, n digits,
 * a upper-case letters, c letters or digits. The IBAN's length is 4 (country and check digits)
 * plus the BBAN's. */
static const struct { char country[3]; const char *bban; } COUNTRIES[] = {
    {"AD", "4n4n12c"}, {"AE", "3n16n"}, {"AL", "8n16c"}, {"AT", "5n11n"}, {"AZ", "4a20c"}, {"BA", "3n3n8n2n"},
    {"BE", "3n7n2n"}, {"BG", "4a4n2n8c"}, {"BH", "4a14c"}, {"BR", "8n5n10n1a1c"}, {"BY", "4c4n16c"}, {"CH", "5n12c"},
    {"CR", "4n14n"}, {"CY", "3n5n16c"}, {"CZ", "4n6n10n"}, {"DE", "8n10n"}, {"DK", "4n9n1n"}, {"DO", "4c20n"},
    {"EE", "2n2n11n1n"}, {"EG", "4n4n17n"}, {"ES", "4n4n1n1n10n"}, {"FI", "3n11n"}, {"FO", "4n9n1n"}, {"FR", "5n5n11c2n"},
    {"GB", "4a6n8n"}, {"GE", "2a16n"}, {"GI", "4a15c"}, {"GL", "4n9n1n"}, {"GR", "3n4n16c"}, {"GT", "4c20c"},
    {"HR", "7n10n"}, {"HU", "3n4n1n15n1n"}, {"IE", "4a6n8n"}, {"IL", "3n3n13n"}, {"IQ", "4a3n12n"}, {"IS", "4n2n6n10n"},
    {"IT", "1a5n5n12c"}, {"JO", "4a4n18c"}, {"KW", "4a22c"}, {"KZ", "3n13c"}, {"LB", "4n20c"}, {"LC", "4a24c"},
    {"LI", "5n12c"}, {"LT", "5n11n"}, {"LU", "3n13c"}, {"LV", "4a13c"}, {"MC", "5n5n11c2n"}, {"MD", "2c18c"},
    {"ME", "3n13n2n"}, {"MK", "3n10c2n"}, {"MR", "5n5n11n2n"}, {"MT", "4a5n18c"}, {"MU", "4a2n2n12n3n3a"}, {"NL", "4a10n"},
    {"NO", "4n6n1n"}, {"PK", "4a16c"}, {"PL", "8n16n"}, {"PS", "4a21c"}, {"PT", "4n4n11n2n"}, {"QA", "4a21c"},
    {"RO", "4a16c"}, {"RS", "3n13n2n"}, {"SA", "2n18c"}, {"SC", "4a2n2n16n3a"}, {"SE", "3n16n1n"}, {"SI", "5n8n2n"},
    {"SK", "4n6n10n"}, {"SM", "1a5n5n12c"}, {"ST", "4n4n11n2n"}, {"SV", "4a20n"}, {"TL", "3n14n2n"}, {"TN", "2n3n13n2n"},
    {"TR", "5n1n16c"}, {"UA", "6n19c"}, {"VA", "3n15n"}, {"VG", "4a16n"}, {"XK", "4n10n2n"},
};
#define COUNTRY_COUNT (sizeof COUNTRIES / sizeof COUNTRIES[0])

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_upper(char c) { return c >= 'A' && c <= 'Z'; }

/* The IBAN without spaces, upper-cased, into out. Returns its length, or -1 for another character
 * or more than max characters. */
static int compact(const char *text, size_t length, char *out, int max) {
    int count = 0;
    for (size_t i = 0; i < length; i++) {
        char c = text[i];
        if (c == ' ') continue;
        if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
        if (!(is_digit(c) || is_upper(c)) || count == max) return -1;
        out[count++] = c;
    }
    out[count] = 0;
    return count;
}

static const char *structure_of(const char *iban) {
    for (size_t i = 0; i < COUNTRY_COUNT; i++)
        if (iban[0] == COUNTRIES[i].country[0] && iban[1] == COUNTRIES[i].country[1]) return COUNTRIES[i].bban;
    return NULL;
}

/* The BBAN length a structure describes. */
static int structure_length(const char *bban) {
    int total = 0, count = 0;
    for (const char *p = bban; *p; p++) {
        if (is_digit(*p)) count = count * 10 + (*p - '0');
        else { total += count; count = 0; }
    }
    return total;
}

static int matches_structure(const char *bban, const char *structure) {
    int count = 0;
    for (const char *p = structure; *p; p++) {
        if (is_digit(*p)) { count = count * 10 + (*p - '0'); continue; }
        for (int i = 0; i < count; i++, bban++) {
            char c = *bban;
            if ((*p == 'n' && !is_digit(c)) || (*p == 'a' && !is_upper(c)) || (*p == 'c' && !is_digit(c) && !is_upper(c))) return 0;
        }
        count = 0;
    }
    return 1;
}

/* ISO 7064 mod 97-10: the country and check digits moved to the end, letters as 10..35. */
static int checksum_ok(const char *iban, int length) {
    int remainder = 0;
    for (int i = 0; i < length; i++) {
        char c = iban[(i + 4) % length];
        if (is_digit(c)) remainder = (remainder * 10 + (c - '0')) % 97;
        else remainder = (remainder * 100 + (c - 'A' + 10)) % 97;
    }
    return remainder == 1;
}

static int iban_validate(const vouch_host_services *host, void *state, const char *value, size_t length, const char *locale,
                         vouch_violations *out, char *error, size_t error_size) {
    (void)state; (void)locale; (void)error; (void)error_size;
    char iban[40];
    int count = compact(value, length, iban, 39);
    if (count < 0) return host->violation(out, "iban.characters");
    if (count < 4 || !is_upper(iban[0]) || !is_upper(iban[1]) || !is_digit(iban[2]) || !is_digit(iban[3]))
        return host->violation(out, "iban.format");
    const char *structure = structure_of(iban);
    if (!structure) {
        host->violation(out, "iban.country");
        return host->violation_string(out, "country", iban, 2);
    }
    int expected = 4 + structure_length(structure);
    if (count != expected) {
        host->violation(out, "iban.length");
        host->violation_string(out, "country", iban, 2);
        return host->violation_number(out, "length", expected);
    }
    if (!matches_structure(iban + 4, structure)) {
        host->violation(out, "iban.structure");
        return host->violation_string(out, "country", iban, 2);
    }
    if (!checksum_ok(iban, count)) return host->violation(out, "iban.checksum");
    return VOUCH_PLUGIN_OK;
}

static int print_format(const vouch_host_services *host, void *state, const char *text, size_t length, const char *locale,
                        vouch_text_sink *out, char *error, size_t error_size) {
    (void)state; (void)locale;
    char iban[40], grouped[60];
    int count = compact(text, length, iban, 39);
    if (count < 0) {
        snprintf(error, error_size, "not an IBAN");
        return VOUCH_PLUGIN_ERROR;
    }
    int at = 0;
    for (int i = 0; i < count; i++) {
        if (i && i % 4 == 0) grouped[at++] = ' ';
        grouped[at++] = iban[i];
    }
    return host->text_write(out, grouped, (size_t)at);
}

static const vouch_rule_def RULES[] = {
    {sizeof(vouch_rule_def), VOUCH_THREAD_SAFE, "iban", "An IBAN: known country, its length and structure, and the mod-97 check.",
     NULL, NULL, iban_validate},
};

static const vouch_formatter_def FORMATTERS[] = {
    {sizeof(vouch_formatter_def), VOUCH_THREAD_SAFE | VOUCH_MASK, "print", "Writes an IBAN in upper case, in groups of four.", NULL, NULL,
     print_format},
};

static const vouch_message_def MESSAGES[] = {
    {sizeof(vouch_message_def), "root", "iban.characters", "An IBAN has only letters, digits and spaces."},
    {sizeof(vouch_message_def), "root", "iban.format", "An IBAN starts with a country code and two check digits, such as DE89."},
    {sizeof(vouch_message_def), "root", "iban.country", "IBANs of country {country} are not known."},
    {sizeof(vouch_message_def), "root", "iban.length", "{length, plural, one {An IBAN of {country} has # character.} other {An IBAN of {country} has # characters.}}"},
    {sizeof(vouch_message_def), "root", "iban.structure", "This is not how IBANs of {country} are made up."},
    {sizeof(vouch_message_def), "root", "iban.checksum", "This IBAN is not valid: check it for typing mistakes."},
    {sizeof(vouch_message_def), "de", "iban.checksum", "Diese IBAN ist ungültig: Prüfen Sie sie auf Tippfehler."},
    {sizeof(vouch_message_def), "de", "iban.length", "{length, plural, one {Eine IBAN aus {country} hat # Zeichen.} other {Eine IBAN aus {country} hat # Zeichen.}}"},
};

/* Written out rather than with VOUCH_PLUGIN, since it checks its own table when it starts. */
VOUCH_PLUGIN_EXPORT int vouch_plugin_entry(const vouch_plugin_host *host, vouch_plugin *plugin, char *error, size_t error_size) {
    if (host->min_abi_version > VOUCH_PLUGIN_ABI_VERSION || host->max_abi_version < VOUCH_PLUGIN_ABI_VERSION) return VOUCH_PLUGIN_ERR_VERSION;
    /* The registry's lengths are derived from the structures; a structure whose length is not a
     * valid IBAN length means the table is wrong. */
    for (size_t i = 0; i < COUNTRY_COUNT; i++) {
        int length = 4 + structure_length(COUNTRIES[i].bban);
        if (length < 15 || length > 34) {
            snprintf(error, error_size, "the structure of %s gives an IBAN of %d characters", COUNTRIES[i].country, length);
            return VOUCH_PLUGIN_ERROR;
        }
    }
    plugin->size = sizeof *plugin;
    plugin->abi_version = VOUCH_PLUGIN_ABI_VERSION;
    plugin->name = "iban";
    plugin->version = "1.1.0";
    plugin->summary = "International Bank Account Numbers (ISO 13616).";
    plugin->rule_count = sizeof RULES / sizeof RULES[0];
    plugin->rules = RULES;
    plugin->formatter_count = sizeof FORMATTERS / sizeof FORMATTERS[0];
    plugin->formatters = FORMATTERS;
    plugin->message_count = sizeof MESSAGES / sizeof MESSAGES[0];
    plugin->messages = MESSAGES;
    return VOUCH_PLUGIN_OK;
}
