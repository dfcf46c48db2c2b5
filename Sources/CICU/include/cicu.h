/*
 * cicu.h: a thin C interface over ICU4C for Vouch.
 *
 * ICU renames its C symbols per version with macros (u_strToTitle -> u_strToTitle_72) that Swift
 * cannot see, so Swift reaches ICU only through the cicu_* functions below. They are wrappers, not
 * logic: each maps onto one or two ICU calls.
 *
 * Conventions, shared by every function:
 *   - Text in and out is UTF-8 with explicit byte lengths. A length of -1 means NUL-terminated.
 *   - Output follows ICU's preflighting convention: a function writes at most `capacity` bytes to
 *     its OUT buffer and returns the length it needs (without the terminating NUL). When that is
 *     more than `capacity`, *status is set to CICU_BUFFER_OVERFLOW and the caller retries with a
 *     bigger buffer. Passing capacity 0 and a NULL buffer preflights.
 *   - `status` is an ICU UErrorCode as int32_t, IN/OUT: callers pass a pointer to 0; a function
 *     does nothing when *status already holds a failure (> 0). Warnings are < 0, errors > 0.
 *   - Handles are opaque; each has an open/close pair. Closing NULL is a harmless no-op.
 *   - Threads: the `*_open` functions and the stateless functions may be called from any thread.
 *     A handle must be used by one thread at a time (ICU's UCaseMap with a break iterator,
 *     UDateFormat, UNumberFormat and MessageFormat are not thread-safe); Swift pools them.
 */
#ifndef CICU_H
#define CICU_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* Result codes worth naming (values are ICU's UErrorCode). */
#define CICU_OK                  0   /* U_ZERO_ERROR */
#define CICU_ILLEGAL_ARGUMENT    1   /* U_ILLEGAL_ARGUMENT_ERROR */
#define CICU_PARSE_ERROR         9   /* U_PARSE_ERROR: text was not (entirely) understood */
#define CICU_BUFFER_OVERFLOW     15  /* U_BUFFER_OVERFLOW_ERROR: retry with the returned length */

/* The major version of the ICU library in use, e.g. 72. */
int32_t cicu_version_major(void);

/* ICU's symbolic name for a status, e.g. "U_PATTERN_SYNTAX_ERROR". Static storage; never NULL. */
const char *cicu_error_name(int32_t status);

/* ------------------------------------------------------------------------------------------
 * Case mapping (UCaseMap, UTF-8)
 * ------------------------------------------------------------------------------------------ */

typedef struct cicu_casemap cicu_casemap;

/* Which break iterator title casing uses. */
#define CICU_TITLE_WORDS      0   /* word boundaries: every word gets an initial capital */
#define CICU_TITLE_SENTENCES  1   /* sentence boundaries: each sentence gets an initial capital */

/* Option bits for cicu_casemap_open. */
#define CICU_TITLE_NO_LOWERCASE  1u  /* U_TITLECASE_NO_LOWERCASE: keep the rest of a word as is */

/* Opens a case map for `locale` (ICU id or BCP-47 tag; IN, copied) whose title casing breaks text
 * by `breaks` (CICU_TITLE_*) with `options` (CICU_TITLE_* bits). Returns NULL on failure. */
cicu_casemap *cicu_casemap_open(const char *locale, int32_t breaks, uint32_t options,
                                int32_t *status);
void cicu_casemap_close(cicu_casemap *map);

/* The mappings of cicu_casemap_map. */
#define CICU_CASE_UPPER  0
#define CICU_CASE_LOWER  1
#define CICU_CASE_TITLE  2   /* by the map's break iterator and options */

/* Full Unicode case `mapping` (CICU_CASE_*) of `src` into `dst` (OUT), by the map's locale. */
int32_t cicu_casemap_map(cicu_casemap *map, int32_t mapping, const char *src, int32_t length,
                         char *dst, int32_t capacity, int32_t *status);

/* ------------------------------------------------------------------------------------------
 * Dates (UDateFormat: proleptic Gregorian calendar, UTC, strict)
 * ------------------------------------------------------------------------------------------ */

typedef struct cicu_datefmt cicu_datefmt;

#define CICU_DATE_SHORT   0
#define CICU_DATE_MEDIUM  1
#define CICU_DATE_LONG    2

/* Opens a strict date formatter for `locale` with an explicit ICU `pattern` (UTF-8, IN). */
cicu_datefmt *cicu_datefmt_open_pattern(const char *locale, const char *pattern, int32_t length,
                                        int32_t *status);
/* Opens a strict date formatter for `locale` with the locale's date pattern of `style`. */
cicu_datefmt *cicu_datefmt_open_style(const char *locale, int32_t style, int32_t *status);
void cicu_datefmt_close(cicu_datefmt *fmt);

/* Parses all of `text` into a Gregorian year (astronomical: 0 is 1 BC), month (1-12), day (1-31).
 * Sets *status to CICU_PARSE_ERROR when the text is not a valid date or has unparsed characters.
 * Returns 1 on success, 0 otherwise. */
int32_t cicu_datefmt_parse(cicu_datefmt *fmt, const char *text, int32_t length,
                           int32_t *year, int32_t *month, int32_t *day, int32_t *status);
/* Formats the Gregorian date year-month-day into `dst` (OUT). */
int32_t cicu_datefmt_format(cicu_datefmt *fmt, int32_t year, int32_t month, int32_t day,
                            char *dst, int32_t capacity, int32_t *status);
/* Copies the formatter's ICU pattern into `dst` (OUT). */
int32_t cicu_datefmt_pattern(cicu_datefmt *fmt, char *dst, int32_t capacity, int32_t *status);

/* Times and date-times. `fields` are six: year, month (1-12), day, hour (0-23), minute, second. */
#define CICU_DATE_NONE   (-1)

/* Opens a strict formatter for `locale` with its date style and time style (CICU_DATE_NONE for
 * none; not both none). */
cicu_datefmt *cicu_datefmt_open_styles(const char *locale, int32_t dateStyle, int32_t timeStyle,
                                       int32_t *status);
/* Parses all of `text` into `fields` (OUT, six); as cicu_datefmt_parse otherwise. */
int32_t cicu_datefmt_parse_fields(cicu_datefmt *fmt, const char *text, int32_t length,
                                  int32_t *fields, int32_t *status);
/* Formats the six `fields` (IN) into `dst` (OUT). */
int32_t cicu_datefmt_format_fields(cicu_datefmt *fmt, const int32_t *fields, char *dst,
                                   int32_t capacity, int32_t *status);
/* The offset from UTC, in seconds, of the ICU time zone `zone` (UTF-8, IN: "Europe/Berlin") at
 * `millis` since 1970 (UTC when `isLocal` is 0, else the zone's wall time written as if in UTC).
 * Returns 0 with CICU_ILLEGAL_ARGUMENT when ICU does not know the zone. */
int32_t cicu_timezone_offset(const char *zone, int32_t length, double millis, int32_t isLocal,
                             int32_t *offsetSeconds, int32_t *status);

/* ------------------------------------------------------------------------------------------
 * Numbers and currency amounts (UNumberFormat)
 * ------------------------------------------------------------------------------------------ */

typedef struct cicu_numfmt cicu_numfmt;

#define CICU_NUMBER_DECIMAL   0   /* plain decimal numbers, grouping, no fraction limit */
#define CICU_NUMBER_CURRENCY  1   /* currency amounts with the locale's symbol placement */

/* Opens a strict number formatter for `locale` of `style` (CICU_NUMBER_*). */
cicu_numfmt *cicu_numfmt_open(const char *locale, int32_t style, int32_t *status);
void cicu_numfmt_close(cicu_numfmt *fmt);

/* Parses all of `text` into an exact decimal string (OUT, ASCII, e.g. "1234.5" or "1.2345E+3"). */
int32_t cicu_numfmt_parse_decimal(cicu_numfmt *fmt, const char *text, int32_t length,
                                  char *dst, int32_t capacity, int32_t *status);
/* Formats the decimal string `number` (ASCII, IN) with the CLDR unit `unit` (a core unit identifier
 * such as "kilogram" or "kilometer-per-hour", IN) into `dst` (OUT, UTF-8): the unit's short form
 * ("12 kg"), or its long form ("12 kilograms") when `long_form` is not 0. An unknown unit fails. */
int32_t cicu_measure_format(const char *locale, const char *unit, const char *number, int32_t length,
                            int32_t long_form, char *dst, int32_t capacity, int32_t *status);
/* Formats the decimal string `number` (ASCII, IN) into `dst` (OUT). */
int32_t cicu_numfmt_format_decimal(cicu_numfmt *fmt, const char *number, int32_t length,
                                   char *dst, int32_t capacity, int32_t *status);
/* Parses all of `text` as a currency amount: the exact decimal goes into `dst` (OUT, as for
 * cicu_numfmt_parse_decimal) and the ISO 4217 code into `iso` (OUT, 4 bytes, NUL-terminated). */
int32_t cicu_numfmt_parse_currency(cicu_numfmt *fmt, const char *text, int32_t length,
                                   char *iso, char *dst, int32_t capacity, int32_t *status);
/* Sets the currency (ISO 4217 code, 3 ASCII letters, IN) a CICU_NUMBER_CURRENCY formatter uses;
 * this also sets the fraction digits to the currency's. */
void cicu_numfmt_set_currency(cicu_numfmt *fmt, const char *iso, int32_t *status);

/* The number of fraction digits a currency (ISO code, IN) is normally written with, e.g. 2, 0. */
int32_t cicu_currency_fraction_digits(const char *iso, int32_t *status);
/* The default currency of `locale` into `iso` (OUT, 4 bytes, NUL-terminated); returns 3. */
int32_t cicu_currency_for_locale(const char *locale, char *iso, int32_t *status);
/* The names of currency `iso` (IN, 3 letters) in `locale` for counts of each plural category
 * (`円` for JPY in ja, "US dollar" and "US dollars" in en), one a line, into `dst` (OUT). */
int32_t cicu_currency_unit_names(const char *iso, const char *locale, char *dst, int32_t capacity, int32_t *status);

/* ------------------------------------------------------------------------------------------
 * Messages (icu::MessageFormat with named arguments)
 * ------------------------------------------------------------------------------------------ */

typedef struct cicu_msgfmt cicu_msgfmt;

/* One named argument. Strings are UTF-8 with explicit lengths and borrowed for the call. */
typedef struct cicu_msgarg {
    const char *name;
    int32_t name_length;
    int32_t is_number;    /* 1: `number` is the value; 0: `text` is */
    double number;
    const char *text;
    int32_t text_length;
} cicu_msgarg;

/* What kind of mistake a message pattern has (the *error_kind of cicu_msgfmt_open). */
#define CICU_MESSAGE_UNMATCHED_BRACES  1  /* U_UNMATCHED_BRACES */
#define CICU_MESSAGE_SYNTAX            2  /* U_PATTERN_SYNTAX_ERROR, U_ARGUMENT_TYPE_MISMATCH, U_INDEX_OUTOFBOUNDS_ERROR */
#define CICU_MESSAGE_UNKNOWN_ARGUMENT  3  /* any other failure: an argument type or style ICU does not know */

/* Compiles `pattern` (UTF-8, IN) for `locale`. On a syntax error returns NULL, sets *status,
 * *error_kind (OUT, CICU_MESSAGE_*), *error_offset (OUT, UTF-16 code units into the pattern, -1 when
 * unknown) and *error_line (OUT). */
cicu_msgfmt *cicu_msgfmt_open(const char *locale, const char *pattern, int32_t length, int32_t *error_kind,
                              int32_t *error_offset, int32_t *error_line, int32_t *status);
void cicu_msgfmt_close(cicu_msgfmt *fmt);
/* Formats with `count` named arguments (IN) into `dst` (OUT). */
int32_t cicu_msgfmt_format(cicu_msgfmt *fmt, const cicu_msgarg *args, int32_t count,
                           char *dst, int32_t capacity, int32_t *status);

/* Describes the arguments of message `pattern` (UTF-8, IN) into `dst` (OUT, UTF-8): a line per
 * argument in pattern order, "name type selector…", type one of none, choice, plural, select,
 * simple, selectordinal; the selectors are a plural's or select's own (`one`, `=0`, `other`). */
int32_t cicu_msgpat_describe(const char *pattern, int32_t length, char *dst, int32_t capacity, int32_t *status);
/* The plural categories of `locale` by ICU's plural rules ("one other", "zero one two few many
 * other"), separated by spaces, into `dst` (OUT). */
int32_t cicu_plural_categories(const char *locale, char *dst, int32_t capacity, int32_t *status);

/* ------------------------------------------------------------------------------------------
 * Lists (UListFormatter)
 * ------------------------------------------------------------------------------------------ */

typedef struct cicu_listfmt cicu_listfmt;

#define CICU_LIST_AND    0   /* "a, b, and c" */
#define CICU_LIST_OR     1   /* "a, b, or c" */
#define CICU_LIST_UNITS  2   /* "3 feet, 7 inches" */

cicu_listfmt *cicu_listfmt_open(const char *locale, int32_t type, int32_t *status);
void cicu_listfmt_close(cicu_listfmt *fmt);
/* Joins `count` UTF-8 items (IN, `items[i]` of `lengths[i]` bytes) into `dst` (OUT). */
int32_t cicu_listfmt_format(cicu_listfmt *fmt, const char *const *items, const int32_t *lengths,
                            int32_t count, char *dst, int32_t capacity, int32_t *status);

/* ------------------------------------------------------------------------------------------
 * Internationalized domain names (UTS #46, nontransitional, STD3 rules, BiDi and CONTEXTJ)
 * ------------------------------------------------------------------------------------------ */

/* The UIDNA_ERROR_* bits Vouch decides on. ICU's headers stay out of this one (Swift would see two
 * ICUs beside Foundation's), so cicu_idna.cpp checks these values against ICU's when it compiles. */
#define CICU_IDNA_EMPTY_LABEL      0x1u
#define CICU_IDNA_LEADING_HYPHEN   0x8u
#define CICU_IDNA_TRAILING_HYPHEN  0x10u
#define CICU_IDNA_DISALLOWED       0x80u

/* Converts a domain name to ASCII into `dst` (OUT). `*errors` (OUT) receives UIDNA_ERROR_* bits;
 * the name is valid only when *status is not a failure and *errors is 0. Thread-safe. */
int32_t cicu_idna_name_to_ascii(const char *name, int32_t length, char *dst, int32_t capacity,
                                uint32_t *errors, int32_t *status);

/* ------------------------------------------------------------------------------------------
 * Locales (ICU locale ids such as "de_CH", BCP-47 tags such as "de-CH")
 * ------------------------------------------------------------------------------------------ */

/* BCP-47 `tag` (IN) to an ICU locale id (OUT). Fails with CICU_PARSE_ERROR unless the whole tag
 * is well-formed. */
int32_t cicu_locale_from_tag(const char *tag, int32_t length, char *dst, int32_t capacity,
                             int32_t *status);
/* ICU locale id (IN) to a canonical BCP-47 tag (OUT). */
int32_t cicu_locale_to_tag(const char *locale, char *dst, int32_t capacity, int32_t *status);
/* The parent of an ICU locale id in ICU's resource fallback, into `dst` (OUT): the target of an
 * alias ("zh_TW" -> "zh_Hant_TW"), else the data's explicit parent ("es_MX" -> "es_419",
 * "zh_Hant" -> "root", "nb" -> "no"), else by truncation ("de_CH" -> "de" -> ""). */
int32_t cicu_locale_parent(const char *locale, char *dst, int32_t capacity, int32_t *status);
/* The language subtag of an ICU locale id, into `dst` (OUT). */
int32_t cicu_locale_language(const char *locale, char *dst, int32_t capacity, int32_t *status);
/* 1 when ICU lists `locale` (an ICU id such as "de" or "de_CH") among its available locales. */
int32_t cicu_locale_is_available(const char *locale);

/* ---- Collation ------------------------------------------------------------------------- */

/* A collator for a locale at primary strength: case and accents are ignored ("sao paulo" equals
 * "São Paulo"). Not thread-safe: one caller at a time. */
typedef struct cicu_collator cicu_collator;
cicu_collator *cicu_collator_open(const char *locale, int32_t *status);
void cicu_collator_close(cicu_collator *collator);
/* 1 when the two UTF-8 texts are equal at primary strength, 0 otherwise. */
int32_t cicu_collator_equal(cicu_collator *collator, const char *a, int32_t a_length, const char *b, int32_t b_length,
                            int32_t *status);
/* A collator at primary strength that also ignores spaces and punctuation ("new  york" and
 * "New-York", "d'Azur" and "d’Azur" are the same). Close it with cicu_collator_close. */
cicu_collator *cicu_collator_open_loose(const char *locale, int32_t *status);
/* The collator's sort key of a UTF-8 text into dst (at most capacity bytes, ending in a zero byte);
 * returns its length, more than capacity when dst is too small. Two texts are equal to the
 * collator when their keys are. */
int32_t cicu_collator_key(cicu_collator *collator, const char *text, int32_t length, uint8_t *dst, int32_t capacity,
                          int32_t *status);

#ifdef __cplusplus
}
#endif
#endif
