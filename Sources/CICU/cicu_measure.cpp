// Numbers with a unit of measure (12 kg, 12 kilograms) over icu::number::NumberFormatter.
#include "cicu_internal.h"
#include <unicode/measunit.h>
#include <unicode/numberformatter.h>

using cicu__::Status;

extern "C" int32_t cicu_measure_format(const char *locale, const char *unit, const char *number, int32_t length,
                                       int32_t long_form, char *dst, int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    icu::MeasureUnit measure = icu::MeasureUnit::forIdentifier(unit, st.code);
    if (st.failed()) return 0;
    icu::number::LocalizedNumberFormatter formatter =
        icu::number::NumberFormatter::withLocale(icu::Locale(locale))
            .unit(measure)
            .unitWidth(long_form ? UNUM_UNIT_WIDTH_FULL_NAME : UNUM_UNIT_WIDTH_SHORT);
    icu::number::FormattedNumber formatted = formatter.formatDecimal(icu::StringPiece(number, length), st.code);
    icu::UnicodeString text = formatted.toString(st.code);
    return cicu__::toUTF8(text, dst, capacity, st.code);
}
