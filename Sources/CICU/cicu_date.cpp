// Strict date parsing and formatting over UDateFormat, in UTC on the proleptic Gregorian calendar.
#include "cicu_internal.h"
#include <unicode/ucal.h>
#include <unicode/udat.h>

using cicu__::Status;

struct cicu_datefmt {
    icu::LocalUDateFormatPointer format;
    icu::LocalUCalendarPointer calendar;  // converts between UDate and year/month/day
};

namespace {

const UChar kUTC[] = {u'U', u'T', u'C', 0};
// ICU's earliest representable instant: moving the Julian cutover there makes the calendar
// Gregorian for all dates.
const UDate kMinMillis = -184303902528000000.0;

const std::pair<int32_t, UDateFormatStyle> kStyles[] = {
    {CICU_DATE_SHORT, UDAT_SHORT}, {CICU_DATE_MEDIUM, UDAT_MEDIUM}, {CICU_DATE_LONG, UDAT_LONG}};

cicu_datefmt *finishOpen(UDateFormat *opened, const char *locale, UErrorCode &code) {
    icu::LocalUDateFormatPointer format(opened);
    if (U_FAILURE(code)) return nullptr;
    icu::LocalUCalendarPointer calendar(ucal_open(kUTC, -1, locale, UCAL_GREGORIAN, &code));
    if (U_FAILURE(code)) return nullptr;
    ucal_setGregorianChange(calendar.getAlias(), kMinMillis, &code);
    ucal_setAttribute(calendar.getAlias(), UCAL_LENIENT, 0);
    if (U_FAILURE(code)) return nullptr;
    udat_setCalendar(format.getAlias(), calendar.getAlias());  // copies the calendar
    // After setCalendar: also turns off whitespace, numeric and partial-literal leniency.
    udat_setLenient(format.getAlias(), false);
    return new cicu_datefmt{std::move(format), std::move(calendar)};
}

} // namespace

extern "C" cicu_datefmt *cicu_datefmt_open_pattern(const char *locale, const char *pattern,
                                                   int32_t length, int32_t *status) {
    Status st(status);
    if (st.failed()) return nullptr;
    icu::UnicodeString upattern = cicu__::fromUTF8(pattern, length);
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, kUTC, -1,
                                    upattern.getBuffer(), upattern.length(), &st.code);
    return finishOpen(format, locale, st.code);
}

extern "C" cicu_datefmt *cicu_datefmt_open_style(const char *locale, int32_t style, int32_t *status) {
    Status st(status);
    if (st.failed()) return nullptr;
    UDateFormatStyle icuStyle;
    if (!cicu__::icuValue(kStyles, style, icuStyle, st.code)) return nullptr;
    UDateFormat *format = udat_open(UDAT_NONE, icuStyle, locale, kUTC, -1, nullptr, 0, &st.code);
    return finishOpen(format, locale, st.code);
}

extern "C" void cicu_datefmt_close(cicu_datefmt *fmt) { delete fmt; }

extern "C" int32_t cicu_datefmt_parse(cicu_datefmt *fmt, const char *text, int32_t length,
                                      int32_t *year, int32_t *month, int32_t *day, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    icu::UnicodeString utext = cicu__::fromUTF8(text, length);
    int32_t position = 0;
    UDate date = udat_parse(fmt->format.getAlias(), utext.getBuffer(), utext.length(), &position, &st.code);
    if (st.failed()) return 0;
    if (position != utext.length()) { st.code = U_PARSE_ERROR; return 0; }
    ucal_setMillis(fmt->calendar.getAlias(), date, &st.code);
    int32_t y = ucal_get(fmt->calendar.getAlias(), UCAL_EXTENDED_YEAR, &st.code);
    int32_t m = ucal_get(fmt->calendar.getAlias(), UCAL_MONTH, &st.code) + 1;
    int32_t d = ucal_get(fmt->calendar.getAlias(), UCAL_DATE, &st.code);
    if (st.failed()) return 0;
    *year = y; *month = m; *day = d;
    return 1;
}

extern "C" int32_t cicu_datefmt_format(cicu_datefmt *fmt, int32_t year, int32_t month, int32_t day,
                                       char *dst, int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    UCalendar *cal = fmt->calendar.getAlias();
    ucal_clear(cal);
    ucal_set(cal, UCAL_EXTENDED_YEAR, year);
    ucal_set(cal, UCAL_MONTH, month - 1);
    ucal_set(cal, UCAL_DATE, day);
    UDate date = ucal_getMillis(cal, &st.code);  // non-lenient: fails on 1982-02-30
    icu::UnicodeString result = cicu__::collectUChars(
        [&](UChar *buffer, int32_t cap, UErrorCode &code) {
            return udat_format(fmt->format.getAlias(), date, buffer, cap, nullptr, &code);
        },
        st.code);
    return cicu__::toUTF8(result, dst, capacity, st.code);
}

extern "C" int32_t cicu_datefmt_pattern(cicu_datefmt *fmt, char *dst, int32_t capacity,
                                        int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    icu::UnicodeString result = cicu__::collectUChars(
        [&](UChar *buffer, int32_t cap, UErrorCode &code) {
            return udat_toPattern(fmt->format.getAlias(), false, buffer, cap, &code);
        },
        st.code);
    return cicu__::toUTF8(result, dst, capacity, st.code);
}
