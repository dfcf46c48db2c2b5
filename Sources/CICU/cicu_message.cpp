// icu::MessageFormat with named arguments.
#include "cicu_internal.h"
#include <unicode/fmtable.h>
#include <unicode/localpointer.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/parseerr.h>
#include <unicode/plurrule.h>
#include <unicode/strenum.h>
#include <unicode/uchar.h>
#include <vector>

using cicu__::Status;

struct cicu_msgfmt { icu::LocalPointer<icu::MessageFormat> format; };

namespace {
// MessageFormat reports no position when the syntax is fine but an argument type is unknown
// ("{n, foo}"); this finds the first type it does not know, or returns -1.
int32_t unknownTypeOffset(const icu::UnicodeString &pattern) {
    UErrorCode code = U_ZERO_ERROR;
    icu::MessagePattern parsed(pattern, nullptr, code);
    if (U_FAILURE(code)) return -1;
    static const char *const known[] = {"number", "date", "time", "spellout", "ordinal", "duration"};
    for (int32_t i = 0; i < parsed.countParts(); i++) {
        const icu::MessagePattern::Part &part = parsed.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_TYPE) continue;
        icu::UnicodeString type = parsed.getSubstring(part);
        bool isKnown = false;
        for (const char *name : known) {
            if (type.caseCompare(icu::UnicodeString(name, -1, US_INV), U_FOLD_CASE_DEFAULT) == 0) {
                isKnown = true;
            }
        }
        if (!isKnown) return part.getIndex();
    }
    return -1;
}
} // namespace

extern "C" cicu_msgfmt *cicu_msgfmt_open(const char *locale, const char *pattern, int32_t length,
                                         int32_t *error_kind, int32_t *error_offset, int32_t *error_line,
                                         int32_t *status) {
    Status st(status);
    if (error_kind) *error_kind = 0;
    if (error_offset) *error_offset = -1;
    if (error_line) *error_line = -1;
    if (st.failed()) return nullptr;
    UParseError parseError;
    parseError.offset = -1;
    parseError.line = -1;
    icu::UnicodeString upattern = cicu__::fromUTF8(pattern, length);
    icu::LocalPointer<icu::MessageFormat> format(
        new icu::MessageFormat(upattern, icu::Locale(locale), parseError, st.code), st.code);
    if (st.failed()) {
        int32_t kind = st.code == U_UNMATCHED_BRACES ? CICU_MESSAGE_UNMATCHED_BRACES
                       : st.code == U_PATTERN_SYNTAX_ERROR || st.code == U_INDEX_OUTOFBOUNDS_ERROR ||
                               st.code == U_ARGUMENT_TYPE_MISMATCH
                           ? CICU_MESSAGE_SYNTAX
                           : CICU_MESSAGE_UNKNOWN_ARGUMENT;
        if (kind == CICU_MESSAGE_UNKNOWN_ARGUMENT) parseError.offset = unknownTypeOffset(upattern);
        if (error_kind) *error_kind = kind;
        if (error_offset) *error_offset = parseError.offset;
        if (error_line) *error_line = parseError.line;
        return nullptr;
    }
    return new cicu_msgfmt{std::move(format)};
}

extern "C" void cicu_msgfmt_close(cicu_msgfmt *fmt) { delete fmt; }

extern "C" int32_t cicu_msgfmt_format(cicu_msgfmt *fmt, const cicu_msgarg *args, int32_t count,
                                      char *dst, int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    if (count < 0 || (count > 0 && args == nullptr)) { st.code = U_ILLEGAL_ARGUMENT_ERROR; return 0; }
    std::vector<icu::UnicodeString> names((size_t)count);
    std::vector<icu::Formattable> values((size_t)count);
    for (int32_t i = 0; i < count; i++) {
        names[(size_t)i] = cicu__::fromUTF8(args[i].name, args[i].name_length);
        if (args[i].is_number) {
            values[(size_t)i].setDouble(args[i].number);
        } else {
            values[(size_t)i].setString(cicu__::fromUTF8(args[i].text, args[i].text_length));
        }
    }
    icu::UnicodeString result;
    fmt->format->format(names.data(), values.data(), count, result, st.code);
    return cicu__::toUTF8(result, dst, capacity, st.code);
}

extern "C" int32_t cicu_msgpat_describe(const char *pattern, int32_t length, char *dst, int32_t capacity,
                                        int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    icu::MessagePattern parsed(cicu__::fromUTF8(pattern, length), nullptr, st.code);
    if (st.failed()) return 0;
    static const char *const types[] = {"none", "choice", "plural", "select", "simple", "selectordinal"};
    icu::UnicodeString description;
    for (int32_t i = 0; i < parsed.countParts(); i++) {
        const icu::MessagePattern::Part &part = parsed.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_START) continue;
        UMessagePatternArgType type = part.getArgType();
        description.append(parsed.getSubstring(parsed.getPart(i + 1)));
        description.append(u' ').append(icu::UnicodeString(types[type], -1, US_INV));
        // The selectors of this argument only: a nested message is skipped whole.
        int32_t limit = parsed.getLimitPartIndex(i);
        for (int32_t j = i + 1; j < limit; j++) {
            const icu::MessagePattern::Part &inner = parsed.getPart(j);
            if (inner.getType() == UMSGPAT_PART_TYPE_MSG_START) {
                j = parsed.getLimitPartIndex(j);
            } else if (inner.getType() == UMSGPAT_PART_TYPE_ARG_SELECTOR) {
                description.append(u' ').append(parsed.getSubstring(inner));
            }
        }
        description.append(u'\n');
    }
    return cicu__::toUTF8(description, dst, capacity, st.code);
}

extern "C" int32_t cicu_plural_categories(const char *locale, char *dst, int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    icu::LocalPointer<icu::PluralRules> rules(icu::PluralRules::forLocale(icu::Locale(locale), st.code));
    if (st.failed()) return 0;
    icu::LocalPointer<icu::StringEnumeration> keywords(rules->getKeywords(st.code));
    if (st.failed()) return 0;
    icu::UnicodeString joined;
    while (const icu::UnicodeString *keyword = keywords->snext(st.code)) {
        if (!joined.isEmpty()) joined.append(u' ');
        joined.append(*keyword);
    }
    return cicu__::toUTF8(joined, dst, capacity, st.code);
}
