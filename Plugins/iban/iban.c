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
    {sizeof(vouch_message_def), "de", "iban.characters", "Eine IBAN besteht nur aus Buchstaben, Ziffern und Leerzeichen."},
    {sizeof(vouch_message_def), "de", "iban.format", "Eine IBAN beginnt mit einem Ländercode und zwei Prüfziffern, etwa DE89."},
    {sizeof(vouch_message_def), "de", "iban.country", "IBANs des Landes {country} sind nicht bekannt."},
    {sizeof(vouch_message_def), "de", "iban.structure", "So sind IBANs aus {country} nicht aufgebaut."},
    {sizeof(vouch_message_def), "fr", "iban.characters", "Un IBAN ne contient que des lettres, des chiffres et des espaces."},
    {sizeof(vouch_message_def), "fr", "iban.format", "Un IBAN commence par un code pays et deux chiffres de contrôle, par exemple FR76."},
    {sizeof(vouch_message_def), "fr", "iban.country", "Les IBAN du pays {country} ne sont pas connus."},
    {sizeof(vouch_message_def), "fr", "iban.length", "{length, plural, one {Un IBAN de {country} compte # caractère.} many {Un IBAN de {country} compte # de caractères.} other {Un IBAN de {country} compte # caractères.}}"},
    {sizeof(vouch_message_def), "fr", "iban.structure", "Les IBAN de {country} ne sont pas constitués ainsi."},
    {sizeof(vouch_message_def), "fr", "iban.checksum", "Cet IBAN n’est pas valide : vérifiez s’il contient une faute de frappe."},
    {sizeof(vouch_message_def), "ja", "iban.characters", "IBANに使えるのは英字、数字、スペースだけです。"},
    {sizeof(vouch_message_def), "ja", "iban.format", "IBANは国コードと2桁のチェックデジットで始まります（例：DE89）。"},
    {sizeof(vouch_message_def), "ja", "iban.country", "国コード {country} のIBANは登録されていません。"},
    {sizeof(vouch_message_def), "ja", "iban.length", "{length, plural, other {{country}のIBANは#文字です。}}"},
    {sizeof(vouch_message_def), "ja", "iban.structure", "{country}のIBANはこの形式ではありません。"},
    {sizeof(vouch_message_def), "ja", "iban.checksum", "このIBANは正しくありません。入力ミスがないか確認してください。"},
    {sizeof(vouch_message_def), "nl", "iban.characters", "Een IBAN bestaat alleen uit letters, cijfers en spaties."},
    {sizeof(vouch_message_def), "nl", "iban.format", "Een IBAN begint met een landcode en twee controlecijfers, zoals NL91."},
    {sizeof(vouch_message_def), "nl", "iban.country", "IBAN’s van land {country} zijn niet bekend."},
    {sizeof(vouch_message_def), "nl", "iban.length", "{length, plural, one {Een IBAN uit {country} heeft # teken.} other {Een IBAN uit {country} heeft # tekens.}}"},
    {sizeof(vouch_message_def), "nl", "iban.structure", "Zo zijn IBAN’s uit {country} niet opgebouwd."},
    {sizeof(vouch_message_def), "nl", "iban.checksum", "Deze IBAN is ongeldig: controleer hem op typefouten."},
    {sizeof(vouch_message_def), "pt", "iban.characters", "Um IBAN tem apenas letras, dígitos e espaços."},
    {sizeof(vouch_message_def), "pt", "iban.format", "Um IBAN começa com um código de país e dois dígitos de controle, como PT50."},
    {sizeof(vouch_message_def), "pt", "iban.country", "IBANs do país {country} não são conhecidos."},
    {sizeof(vouch_message_def), "pt", "iban.length", "{length, plural, one {Um IBAN de {country} tem # caractere.} many {Um IBAN de {country} tem # de caracteres.} other {Um IBAN de {country} tem # caracteres.}}"},
    {sizeof(vouch_message_def), "pt", "iban.structure", "IBANs de {country} não são formados assim."},
    {sizeof(vouch_message_def), "pt", "iban.checksum", "Este IBAN não é válido: verifique se há erros de digitação."},
    {sizeof(vouch_message_def), "tr", "iban.characters", "IBAN yalnızca harf, rakam ve boşluk içerir."},
    {sizeof(vouch_message_def), "tr", "iban.format", "IBAN bir ülke kodu ve iki kontrol hanesiyle başlar, örneğin TR33."},
    {sizeof(vouch_message_def), "tr", "iban.country", "{country} ülkesinin IBAN’ları bilinmiyor."},
    {sizeof(vouch_message_def), "tr", "iban.length", "{length, plural, one {{country} IBAN’ı # karakterdir.} other {{country} IBAN’ı # karakterdir.}}"},
    {sizeof(vouch_message_def), "tr", "iban.structure", "{country} IBAN’ları bu şekilde oluşturulmaz."},
    {sizeof(vouch_message_def), "tr", "iban.checksum", "Bu IBAN geçerli değil: yazım hatası olup olmadığını kontrol edin."},
    {sizeof(vouch_message_def), "es", "iban.characters", "Un IBAN solo contiene letras, dígitos y espacios."},
    {sizeof(vouch_message_def), "es", "iban.format", "Un IBAN empieza por un código de país y dos dígitos de control, como ES91."},
    {sizeof(vouch_message_def), "es", "iban.country", "No se conocen los IBAN del país {country}."},
    {sizeof(vouch_message_def), "es", "iban.length", "{length, plural, one {Un IBAN de {country} tiene # carácter.} many {Un IBAN de {country} tiene # de caracteres.} other {Un IBAN de {country} tiene # caracteres.}}"},
    {sizeof(vouch_message_def), "es", "iban.structure", "Los IBAN de {country} no tienen esta estructura."},
    {sizeof(vouch_message_def), "es", "iban.checksum", "Este IBAN no es válido: compruebe que no haya errores de escritura."},
    {sizeof(vouch_message_def), "it", "iban.characters", "Un IBAN contiene solo lettere, cifre e spazi."},
    {sizeof(vouch_message_def), "it", "iban.format", "Un IBAN inizia con un codice paese e due cifre di controllo, ad esempio IT60."},
    {sizeof(vouch_message_def), "it", "iban.country", "Gli IBAN del paese {country} non sono noti."},
    {sizeof(vouch_message_def), "it", "iban.length", "{length, plural, one {Un IBAN di {country} ha # carattere.} many {Un IBAN di {country} ha # di caratteri.} other {Un IBAN di {country} ha # caratteri.}}"},
    {sizeof(vouch_message_def), "it", "iban.structure", "Gli IBAN di {country} non sono composti così."},
    {sizeof(vouch_message_def), "it", "iban.checksum", "Questo IBAN non è valido: controlla che non ci siano errori di battitura."},
    {sizeof(vouch_message_def), "pl", "iban.characters", "IBAN składa się tylko z liter, cyfr i spacji."},
    {sizeof(vouch_message_def), "pl", "iban.format", "IBAN zaczyna się od kodu kraju i dwóch cyfr kontrolnych, np. PL61."},
    {sizeof(vouch_message_def), "pl", "iban.country", "Numery IBAN kraju {country} nie są znane."},
    {sizeof(vouch_message_def), "pl", "iban.length", "{length, plural, one {IBAN z kraju {country} ma # znak.} few {IBAN z kraju {country} ma # znaki.} many {IBAN z kraju {country} ma # znaków.} other {IBAN z kraju {country} ma # znaku.}}"},
    {sizeof(vouch_message_def), "pl", "iban.structure", "Numery IBAN z kraju {country} nie mają takiej budowy."},
    {sizeof(vouch_message_def), "pl", "iban.checksum", "Ten numer IBAN jest nieprawidłowy: sprawdź, czy nie ma literówek."},
    {sizeof(vouch_message_def), "ru", "iban.characters", "IBAN состоит только из букв, цифр и пробелов."},
    {sizeof(vouch_message_def), "ru", "iban.format", "IBAN начинается с кода страны и двух контрольных цифр, например DE89."},
    {sizeof(vouch_message_def), "ru", "iban.country", "IBAN страны {country} неизвестны."},
    {sizeof(vouch_message_def), "ru", "iban.length", "{length, plural, one {IBAN страны {country} состоит из # символа.} few {IBAN страны {country} состоит из # символов.} many {IBAN страны {country} состоит из # символов.} other {IBAN страны {country} состоит из # символа.}}"},
    {sizeof(vouch_message_def), "ru", "iban.structure", "IBAN страны {country} устроены иначе."},
    {sizeof(vouch_message_def), "ru", "iban.checksum", "Недействительный IBAN: проверьте, нет ли опечаток."},
    {sizeof(vouch_message_def), "uk", "iban.characters", "IBAN складається лише з літер, цифр і пробілів."},
    {sizeof(vouch_message_def), "uk", "iban.format", "IBAN починається з коду країни та двох контрольних цифр, наприклад UA21."},
    {sizeof(vouch_message_def), "uk", "iban.country", "IBAN країни {country} невідомі."},
    {sizeof(vouch_message_def), "uk", "iban.length", "{length, plural, one {IBAN країни {country} має # символ.} few {IBAN країни {country} має # символи.} many {IBAN країни {country} має # символів.} other {IBAN країни {country} має # символу.}}"},
    {sizeof(vouch_message_def), "uk", "iban.structure", "IBAN країни {country} мають іншу будову."},
    {sizeof(vouch_message_def), "uk", "iban.checksum", "Недійсний IBAN: перевірте, чи немає помилок."},
    {sizeof(vouch_message_def), "cs", "iban.characters", "IBAN obsahuje jen písmena, číslice a mezery."},
    {sizeof(vouch_message_def), "cs", "iban.format", "IBAN začíná kódem země a dvěma kontrolními číslicemi, například CZ65."},
    {sizeof(vouch_message_def), "cs", "iban.country", "IBAN země {country} nejsou známy."},
    {sizeof(vouch_message_def), "cs", "iban.length", "{length, plural, one {IBAN země {country} má # znak.} few {IBAN země {country} má # znaky.} many {IBAN země {country} má # znaku.} other {IBAN země {country} má # znaků.}}"},
    {sizeof(vouch_message_def), "cs", "iban.structure", "IBAN země {country} takto nevypadají."},
    {sizeof(vouch_message_def), "cs", "iban.checksum", "Tento IBAN není platný: zkontrolujte překlepy."},
    {sizeof(vouch_message_def), "hu", "iban.characters", "Az IBAN csak betűket, számjegyeket és szóközöket tartalmaz."},
    {sizeof(vouch_message_def), "hu", "iban.format", "Az IBAN egy országkóddal és két ellenőrző számjeggyel kezdődik, például HU42."},
    {sizeof(vouch_message_def), "hu", "iban.country", "A(z) {country} ország IBAN-jai nem ismertek."},
    {sizeof(vouch_message_def), "hu", "iban.length", "{length, plural, one {A(z) {country} IBAN # karakterből áll.} other {A(z) {country} IBAN # karakterből áll.}}"},
    {sizeof(vouch_message_def), "hu", "iban.structure", "A(z) {country} IBAN-jai nem így épülnek fel."},
    {sizeof(vouch_message_def), "hu", "iban.checksum", "Ez az IBAN érvénytelen: ellenőrizze, nincs-e benne elírás."},
    {sizeof(vouch_message_def), "ro", "iban.characters", "Un IBAN conține doar litere, cifre și spații."},
    {sizeof(vouch_message_def), "ro", "iban.format", "Un IBAN începe cu un cod de țară și două cifre de control, de exemplu RO49."},
    {sizeof(vouch_message_def), "ro", "iban.country", "IBAN-urile țării {country} nu sunt cunoscute."},
    {sizeof(vouch_message_def), "ro", "iban.length", "{length, plural, one {Un IBAN din {country} are # caracter.} few {Un IBAN din {country} are # caractere.} other {Un IBAN din {country} are # de caractere.}}"},
    {sizeof(vouch_message_def), "ro", "iban.structure", "IBAN-urile din {country} nu sunt alcătuite așa."},
    {sizeof(vouch_message_def), "ro", "iban.checksum", "Acest IBAN nu este valid: verificați dacă există greșeli de tastare."},
    {sizeof(vouch_message_def), "el", "iban.characters", "Ένα IBAN περιέχει μόνο γράμματα, ψηφία και κενά."},
    {sizeof(vouch_message_def), "el", "iban.format", "Ένα IBAN αρχίζει με κωδικό χώρας και δύο ψηφία ελέγχου, π.χ. GR16."},
    {sizeof(vouch_message_def), "el", "iban.country", "Τα IBAN της χώρας {country} δεν είναι γνωστά."},
    {sizeof(vouch_message_def), "el", "iban.length", "{length, plural, one {Ένα IBAN της χώρας {country} έχει # χαρακτήρα.} other {Ένα IBAN της χώρας {country} έχει # χαρακτήρες.}}"},
    {sizeof(vouch_message_def), "el", "iban.structure", "Τα IBAN της χώρας {country} δεν έχουν αυτή τη δομή."},
    {sizeof(vouch_message_def), "el", "iban.checksum", "Αυτό το IBAN δεν είναι έγκυρο: ελέγξτε για λάθη πληκτρολόγησης."},
    {sizeof(vouch_message_def), "sv", "iban.characters", "Ett IBAN består bara av bokstäver, siffror och mellanslag."},
    {sizeof(vouch_message_def), "sv", "iban.format", "Ett IBAN börjar med en landskod och två kontrollsiffror, till exempel SE45."},
    {sizeof(vouch_message_def), "sv", "iban.country", "IBAN för landet {country} är inte kända."},
    {sizeof(vouch_message_def), "sv", "iban.length", "{length, plural, one {Ett IBAN från {country} har # tecken.} other {Ett IBAN från {country} har # tecken.}}"},
    {sizeof(vouch_message_def), "sv", "iban.structure", "IBAN från {country} är inte uppbyggda så här."},
    {sizeof(vouch_message_def), "sv", "iban.checksum", "Detta IBAN är ogiltigt: kontrollera att det inte innehåller skrivfel."},
    {sizeof(vouch_message_def), "da", "iban.characters", "Et IBAN består kun af bogstaver, cifre og mellemrum."},
    {sizeof(vouch_message_def), "da", "iban.format", "Et IBAN begynder med en landekode og to kontrolcifre, f.eks. DK50."},
    {sizeof(vouch_message_def), "da", "iban.country", "IBAN for landet {country} er ikke kendt."},
    {sizeof(vouch_message_def), "da", "iban.length", "{length, plural, one {Et IBAN fra {country} har # tegn.} other {Et IBAN fra {country} har # tegn.}}"},
    {sizeof(vouch_message_def), "da", "iban.structure", "IBAN fra {country} er ikke opbygget sådan."},
    {sizeof(vouch_message_def), "da", "iban.checksum", "Dette IBAN er ugyldigt: kontrollér det for tastefejl."},
    {sizeof(vouch_message_def), "no", "iban.characters", "Et IBAN består bare av bokstaver, sifre og mellomrom."},
    {sizeof(vouch_message_def), "no", "iban.format", "Et IBAN begynner med en landskode og to kontrollsifre, for eksempel NO93."},
    {sizeof(vouch_message_def), "no", "iban.country", "IBAN for landet {country} er ikke kjent."},
    {sizeof(vouch_message_def), "no", "iban.length", "{length, plural, one {Et IBAN fra {country} har # tegn.} other {Et IBAN fra {country} har # tegn.}}"},
    {sizeof(vouch_message_def), "no", "iban.structure", "IBAN fra {country} er ikke bygd opp slik."},
    {sizeof(vouch_message_def), "no", "iban.checksum", "Dette IBAN-et er ugyldig: kontroller det for skrivefeil."},
    {sizeof(vouch_message_def), "fi", "iban.characters", "IBAN sisältää vain kirjaimia, numeroita ja välilyöntejä."},
    {sizeof(vouch_message_def), "fi", "iban.format", "IBAN alkaa maatunnuksella ja kahdella tarkistusnumerolla, esimerkiksi FI21."},
    {sizeof(vouch_message_def), "fi", "iban.country", "Maan {country} IBAN-tunnuksia ei tunneta."},
    {sizeof(vouch_message_def), "fi", "iban.length", "{length, plural, one {Maan {country} IBAN-tunnuksessa on # merkki.} other {Maan {country} IBAN-tunnuksessa on # merkkiä.}}"},
    {sizeof(vouch_message_def), "fi", "iban.structure", "Maan {country} IBAN-tunnukset eivät ole tämän muotoisia."},
    {sizeof(vouch_message_def), "fi", "iban.checksum", "Tämä IBAN ei kelpaa: tarkista, onko siinä kirjoitusvirheitä."},
    {sizeof(vouch_message_def), "zh", "iban.characters", "IBAN 只能包含字母、数字和空格。"},
    {sizeof(vouch_message_def), "zh", "iban.format", "IBAN 以国家代码和两位校验码开头，例如 DE89。"},
    {sizeof(vouch_message_def), "zh", "iban.country", "不支持国家代码为 {country} 的 IBAN。"},
    {sizeof(vouch_message_def), "zh", "iban.length", "{length, plural, other {{country} 的 IBAN 有 # 个字符。}}"},
    {sizeof(vouch_message_def), "zh", "iban.structure", "{country} 的 IBAN 不是这样构成的。"},
    {sizeof(vouch_message_def), "zh", "iban.checksum", "此 IBAN 无效：请检查是否有输入错误。"},
    {sizeof(vouch_message_def), "zh-Hant", "iban.characters", "IBAN 只能包含字母、數字和空格。"},
    {sizeof(vouch_message_def), "zh-Hant", "iban.format", "IBAN 以國家代碼和兩位檢查碼開頭，例如 DE89。"},
    {sizeof(vouch_message_def), "zh-Hant", "iban.country", "不支援國家代碼為 {country} 的 IBAN。"},
    {sizeof(vouch_message_def), "zh-Hant", "iban.length", "{length, plural, other {{country} 的 IBAN 有 # 個字元。}}"},
    {sizeof(vouch_message_def), "zh-Hant", "iban.structure", "{country} 的 IBAN 不是這樣構成的。"},
    {sizeof(vouch_message_def), "zh-Hant", "iban.checksum", "此 IBAN 無效：請檢查是否有輸入錯誤。"},
    {sizeof(vouch_message_def), "ko", "iban.characters", "IBAN에는 문자, 숫자, 공백만 쓸 수 있습니다."},
    {sizeof(vouch_message_def), "ko", "iban.format", "IBAN은 국가 코드와 두 자리 검사 숫자로 시작합니다(예: DE89)."},
    {sizeof(vouch_message_def), "ko", "iban.country", "국가 코드 {country}의 IBAN은 알 수 없습니다."},
    {sizeof(vouch_message_def), "ko", "iban.length", "{length, plural, other {{country}의 IBAN은 #자입니다.}}"},
    {sizeof(vouch_message_def), "ko", "iban.structure", "{country}의 IBAN은 이런 형식이 아닙니다."},
    {sizeof(vouch_message_def), "ko", "iban.checksum", "올바른 IBAN이 아닙니다. 잘못 입력하지 않았는지 확인하세요."},
    {sizeof(vouch_message_def), "hi", "iban.characters", "IBAN में केवल अक्षर, अंक और स्पेस होते हैं।"},
    {sizeof(vouch_message_def), "hi", "iban.format", "IBAN देश कोड और दो जाँच अंकों से शुरू होता है, जैसे DE89।"},
    {sizeof(vouch_message_def), "hi", "iban.country", "देश {country} के IBAN ज्ञात नहीं हैं।"},
    {sizeof(vouch_message_def), "hi", "iban.length", "{length, plural, one {{country} के IBAN में # वर्ण होता है।} other {{country} के IBAN में # वर्ण होते हैं।}}"},
    {sizeof(vouch_message_def), "hi", "iban.structure", "{country} के IBAN इस तरह नहीं बनते।"},
    {sizeof(vouch_message_def), "hi", "iban.checksum", "यह IBAN मान्य नहीं है: टाइपिंग की गलतियों की जाँच करें।"},
    {sizeof(vouch_message_def), "th", "iban.characters", "IBAN มีได้เฉพาะตัวอักษร ตัวเลข และช่องว่าง"},
    {sizeof(vouch_message_def), "th", "iban.format", "IBAN ขึ้นต้นด้วยรหัสประเทศและเลขตรวจสอบสองหลัก เช่น DE89"},
    {sizeof(vouch_message_def), "th", "iban.country", "ไม่รู้จัก IBAN ของประเทศ {country}"},
    {sizeof(vouch_message_def), "th", "iban.length", "{length, plural, other {IBAN ของ {country} มี # อักขระ}}"},
    {sizeof(vouch_message_def), "th", "iban.structure", "IBAN ของ {country} ไม่ได้มีโครงสร้างแบบนี้"},
    {sizeof(vouch_message_def), "th", "iban.checksum", "IBAN นี้ไม่ถูกต้อง โปรดตรวจสอบว่าพิมพ์ผิดหรือไม่"},
    {sizeof(vouch_message_def), "vi", "iban.characters", "IBAN chỉ gồm chữ cái, chữ số và dấu cách."},
    {sizeof(vouch_message_def), "vi", "iban.format", "IBAN bắt đầu bằng mã quốc gia và hai chữ số kiểm tra, ví dụ DE89."},
    {sizeof(vouch_message_def), "vi", "iban.country", "Không xác định được IBAN của quốc gia {country}."},
    {sizeof(vouch_message_def), "vi", "iban.length", "{length, plural, other {IBAN của {country} có # ký tự.}}"},
    {sizeof(vouch_message_def), "vi", "iban.structure", "IBAN của {country} không có cấu trúc như thế này."},
    {sizeof(vouch_message_def), "vi", "iban.checksum", "IBAN này không hợp lệ: hãy kiểm tra lỗi gõ phím."},
    {sizeof(vouch_message_def), "id", "iban.characters", "IBAN hanya berisi huruf, angka, dan spasi."},
    {sizeof(vouch_message_def), "id", "iban.format", "IBAN diawali kode negara dan dua digit pemeriksa, misalnya DE89."},
    {sizeof(vouch_message_def), "id", "iban.country", "IBAN negara {country} tidak dikenal."},
    {sizeof(vouch_message_def), "id", "iban.length", "{length, plural, other {IBAN {country} terdiri dari # karakter.}}"},
    {sizeof(vouch_message_def), "id", "iban.structure", "Struktur IBAN {country} tidak seperti ini."},
    {sizeof(vouch_message_def), "id", "iban.checksum", "IBAN ini tidak valid: periksa apakah ada salah ketik."},
    {sizeof(vouch_message_def), "ms", "iban.characters", "IBAN hanya mengandungi huruf, digit dan ruang."},
    {sizeof(vouch_message_def), "ms", "iban.format", "IBAN bermula dengan kod negara dan dua digit semakan, contohnya DE89."},
    {sizeof(vouch_message_def), "ms", "iban.country", "IBAN negara {country} tidak diketahui."},
    {sizeof(vouch_message_def), "ms", "iban.length", "{length, plural, other {IBAN {country} mempunyai # aksara.}}"},
    {sizeof(vouch_message_def), "ms", "iban.structure", "IBAN {country} tidak dibentuk begini."},
    {sizeof(vouch_message_def), "ms", "iban.checksum", "IBAN ini tidak sah: semak sama ada terdapat kesilapan menaip."},
    {sizeof(vouch_message_def), "he", "iban.characters", "IBAN מכיל רק אותיות, ספרות ורווחים."},
    {sizeof(vouch_message_def), "he", "iban.format", "IBAN מתחיל בקוד מדינה ובשתי ספרות ביקורת, למשל IL62."},
    {sizeof(vouch_message_def), "he", "iban.country", "מספרי IBAN של המדינה {country} אינם מוכרים."},
    {sizeof(vouch_message_def), "he", "iban.length", "{length, plural, one {ב־IBAN של {country} יש תו אחד.} two {ב־IBAN של {country} יש # תווים.} other {ב־IBAN של {country} יש # תווים.}}"},
    {sizeof(vouch_message_def), "he", "iban.structure", "מספרי IBAN של {country} אינם בנויים כך."},
    {sizeof(vouch_message_def), "he", "iban.checksum", "מספר ה־IBAN אינו תקין: יש לבדוק שאין בו שגיאות הקלדה."},
    {sizeof(vouch_message_def), "ar", "iban.characters", "يتكون رقم IBAN من حروف وأرقام ومسافات فقط."},
    {sizeof(vouch_message_def), "ar", "iban.format", "يبدأ رقم IBAN برمز البلد ورقمَي تحقق، مثل SA03."},
    {sizeof(vouch_message_def), "ar", "iban.country", "أرقام IBAN للبلد {country} غير معروفة."},
    {sizeof(vouch_message_def), "ar", "iban.length", "{length, plural, zero {يتكون رقم IBAN في {country} من # حرف.} one {يتكون رقم IBAN في {country} من حرف واحد.} two {يتكون رقم IBAN في {country} من حرفين.} few {يتكون رقم IBAN في {country} من # أحرف.} many {يتكون رقم IBAN في {country} من # حرفًا.} other {يتكون رقم IBAN في {country} من # حرف.}}"},
    {sizeof(vouch_message_def), "ar", "iban.structure", "لا تُكتب أرقام IBAN في {country} بهذا الشكل."},
    {sizeof(vouch_message_def), "ar", "iban.checksum", "رقم IBAN هذا غير صالح: يُرجى التحقق من عدم وجود أخطاء في الكتابة."},
    {sizeof(vouch_message_def), "fa", "iban.characters", "شبا (IBAN) فقط حروف، رقم و فاصله دارد."},
    {sizeof(vouch_message_def), "fa", "iban.format", "شبا (IBAN) با کد کشور و دو رقم کنترلی شروع می‌شود، مانند IR06."},
    {sizeof(vouch_message_def), "fa", "iban.country", "شماره‌های IBAN کشور {country} شناخته‌شده نیستند."},
    {sizeof(vouch_message_def), "fa", "iban.length", "{length, plural, one {IBAN کشور {country} # نویسه دارد.} other {IBAN کشور {country} # نویسه دارد.}}"},
    {sizeof(vouch_message_def), "fa", "iban.structure", "IBANهای {country} این‌گونه ساخته نمی‌شوند."},
    {sizeof(vouch_message_def), "fa", "iban.checksum", "این IBAN معتبر نیست: آن را از نظر اشتباه تایپی بررسی کنید."},
    {sizeof(vouch_message_def), "bn", "iban.characters", "IBAN-এ শুধু অক্ষর, অঙ্ক ও স্পেস থাকে।"},
    {sizeof(vouch_message_def), "bn", "iban.format", "IBAN একটি দেশের কোড ও দুটি যাচাই অঙ্ক দিয়ে শুরু হয়, যেমন DE89।"},
    {sizeof(vouch_message_def), "bn", "iban.country", "দেশ {country}-এর IBAN জানা নেই।"},
    {sizeof(vouch_message_def), "bn", "iban.length", "{length, plural, one {{country}-এর IBAN-এ #টি অক্ষর থাকে।} other {{country}-এর IBAN-এ #টি অক্ষর থাকে।}}"},
    {sizeof(vouch_message_def), "bn", "iban.structure", "{country}-এর IBAN এভাবে গঠিত হয় না।"},
    {sizeof(vouch_message_def), "bn", "iban.checksum", "এই IBAN বৈধ নয়: টাইপের ভুল আছে কিনা যাচাই করুন।"},
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
