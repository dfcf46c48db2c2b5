// Strict decimal and currency parsing and formatting over icu::NumberFormat.
#include "cicu_internal.h"
#include <unicode/curramt.h>
#include <unicode/fmtable.h>
#include <unicode/localpointer.h>
#include <unicode/numfmt.h>
#include <unicode/parsepos.h>
#include <unicode/ucurr.h>
#include <algorithm>
#include <vector>

using cicu__::Status;

struct cicu_numfmt { icu::LocalPointer<icu::NumberFormat> format; };

namespace {

// Writes ICU's decimal string for a parsed number.
int32_t writeDecimal(const icu::Formattable &number, char *dst, int32_t capacity, UErrorCode &code) {
    icu::StringPiece digits = const_cast<icu::Formattable &>(number).getDecimalNumber(code);
    if (U_FAILURE(code)) return 0;
    return cicu__::copyBytes(digits.data(), digits.length(), dst, capacity, code);
}

const std::pair<int32_t, UNumberFormatStyle> kStyles[] = {
    {CICU_NUMBER_DECIMAL, UNUM_DECIMAL}, {CICU_NUMBER_CURRENCY, UNUM_CURRENCY}};

bool readISO(const char *iso, UChar out[4]) {
    if (iso == nullptr) return false;
    for (int i = 0; i < 3; i++) {
        char c = iso[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return false;
        out[i] = (UChar)(c >= 'a' ? c - 'a' + 'A' : c);
    }
    out[3] = 0;
    return iso[3] == 0;
}

} // namespace

extern "C" cicu_numfmt *cicu_numfmt_open(const char *locale, int32_t style, int32_t *status) {
    Status st(status);
    UNumberFormatStyle icuStyle;
    if (!cicu__::icuValue(kStyles, style, icuStyle, st.code)) return nullptr;
    icu::LocalPointer<icu::NumberFormat> format(
        icu::NumberFormat::createInstance(icu::Locale(locale), icuStyle, st.code));
    if (st.failed()) return nullptr;
    format->setLenient(false);
    if (style == CICU_NUMBER_DECIMAL) format->setMaximumFractionDigits(340);
    return new cicu_numfmt{std::move(format)};
}

extern "C" void cicu_numfmt_close(cicu_numfmt *fmt) { delete fmt; }

extern "C" int32_t cicu_numfmt_parse_decimal(cicu_numfmt *fmt, const char *text, int32_t length,
                                             char *dst, int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    icu::UnicodeString utext = cicu__::fromUTF8(text, length);
    icu::Formattable result;
    icu::ParsePosition position(0);
    fmt->format->parse(utext, result, position);
    if (position.getErrorIndex() >= 0 || position.getIndex() != utext.length()) {
        st.code = U_PARSE_ERROR;
        return 0;
    }
    return writeDecimal(result, dst, capacity, st.code);
}

extern "C" int32_t cicu_numfmt_format_decimal(cicu_numfmt *fmt, const char *number, int32_t length,
                                              char *dst, int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    if (length < 0) length = (int32_t)std::strlen(number);
    icu::UnicodeString result;
    fmt->format->format(icu::StringPiece(number, length), result, nullptr, st.code);
    return cicu__::toUTF8(result, dst, capacity, st.code);
}

extern "C" int32_t cicu_numfmt_parse_currency(cicu_numfmt *fmt, const char *text, int32_t length,
                                              char *iso, char *dst, int32_t capacity,
                                              int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    icu::UnicodeString utext = cicu__::fromUTF8(text, length);
    icu::ParsePosition position(0);
    icu::LocalPointer<icu::CurrencyAmount> amount(fmt->format->parseCurrency(utext, position));
    if (amount.isNull() || position.getErrorIndex() >= 0 || position.getIndex() != utext.length()) {
        st.code = U_PARSE_ERROR;
        return 0;
    }
    const char16_t *code = amount->getISOCurrency();
    for (int i = 0; i < 3; i++) iso[i] = (char)code[i];
    iso[3] = 0;
    return writeDecimal(amount->getNumber(), dst, capacity, st.code);
}

extern "C" void cicu_numfmt_set_currency(cicu_numfmt *fmt, const char *iso, int32_t *status) {
    Status st(status);
    if (st.failed()) return;
    UChar code[4];
    if (!readISO(iso, code)) { st.code = U_ILLEGAL_ARGUMENT_ERROR; return; }
    fmt->format->setCurrency(code, st.code);
}

extern "C" int32_t cicu_currency_fraction_digits(const char *iso, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    UChar code[4];
    if (!readISO(iso, code)) { st.code = U_ILLEGAL_ARGUMENT_ERROR; return 0; }
    return ucurr_getDefaultFractionDigits(code, &st.code);
}

extern "C" int32_t cicu_currency_for_locale(const char *locale, char *iso, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    UChar code[4] = {0, 0, 0, 0};
    int32_t length = ucurr_forLocale(locale, code, 4, &st.code);
    if (st.failed()) return 0;
    if (length != 3) { st.code = U_MISSING_RESOURCE_ERROR; return 0; }
    for (int i = 0; i < 3; i++) iso[i] = (char)code[i];
    iso[3] = 0;
    return 3;
}

extern "C" int32_t cicu_currency_unit_names(const char *iso, const char *locale, char *dst, int32_t capacity,
                                            int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    UChar code[4] = {0, 0, 0, 0};
    for (int i = 0; i < 3 && iso[i] != 0; i++) code[i] = (UChar)iso[i];
    icu::UnicodeString names;
    std::vector<icu::UnicodeString> seen;
    static const char *const categories[] = {"zero", "one", "two", "few", "many", "other"};
    for (const char *category : categories) {
        UErrorCode code2 = U_ZERO_ERROR;
        UBool isChoice = false;
        int32_t length = 0;
        const UChar *name = ucurr_getPluralName(code, locale, &isChoice, category, &length, &code2);
        if (U_FAILURE(code2) || name == nullptr || length == 0) continue;
        icu::UnicodeString unit(name, length);
        // A name ICU falls back to (the code itself, when it has none) is no name.
        if (unit == icu::UnicodeString(code, 3)) continue;
        if (std::find(seen.begin(), seen.end(), unit) != seen.end()) continue;
        seen.push_back(unit);
        names.append(unit).append(u'\n');
    }
    return cicu__::toUTF8(names, dst, capacity, st.code);
}
