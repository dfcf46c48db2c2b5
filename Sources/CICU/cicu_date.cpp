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
    UDateFormatStyle icuStyle;
    if (!cicu__::icuValue(kStyles, style, icuStyle, st.code)) return nullptr;
    UDateFormat *format = udat_open(UDAT_NONE, icuStyle, locale, kUTC, -1, nullptr, 0, &st.code);
    return finishOpen(format, locale, st.code);
}

extern "C" void cicu_datefmt_close(cicu_datefmt *fmt) { delete fmt; }

extern "C" int32_t cicu_datefmt_parse(cicu_datefmt *fmt, const char *text, int32_t length,
                                      int32_t *year, int32_t *month, int32_t *day, int32_t *status) {
    int32_t fields[6];
    if (!cicu_datefmt_parse_fields(fmt, text, length, fields, status)) return 0;
    *year = fields[0]; *month = fields[1]; *day = fields[2];
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

// Times and date-times: the same formatters, with hours, minutes and seconds.

extern "C" cicu_datefmt *cicu_datefmt_open_styles(const char *locale, int32_t dateStyle,
                                                  int32_t timeStyle, int32_t *status) {
    Status st(status);
    if (st.failed()) return nullptr;
    UDateFormatStyle icuDate = UDAT_NONE, icuTime = UDAT_NONE;
    if (dateStyle != CICU_DATE_NONE && !cicu__::icuValue(kStyles, dateStyle, icuDate, st.code)) return nullptr;
    if (timeStyle != CICU_DATE_NONE && !cicu__::icuValue(kStyles, timeStyle, icuTime, st.code)) return nullptr;
    if (icuDate == UDAT_NONE && icuTime == UDAT_NONE) { st.code = U_ILLEGAL_ARGUMENT_ERROR; return nullptr; }
    UDateFormat *format = udat_open(icuTime, icuDate, locale, kUTC, -1, nullptr, 0, &st.code);
    return finishOpen(format, locale, st.code);
}

extern "C" int32_t cicu_datefmt_parse_fields(cicu_datefmt *fmt, const char *text, int32_t length,
                                             int32_t *fields, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    icu::UnicodeString utext = cicu__::fromUTF8(text, length);
    int32_t position = 0;
    UDate date = udat_parse(fmt->format.getAlias(), utext.getBuffer(), utext.length(), &position, &st.code);
    if (st.failed()) return 0;
    if (position != utext.length()) { st.code = U_PARSE_ERROR; return 0; }
    UCalendar *cal = fmt->calendar.getAlias();
    ucal_setMillis(cal, date, &st.code);
    const UCalendarDateFields parts[] = {UCAL_EXTENDED_YEAR, UCAL_MONTH, UCAL_DATE,
                                         UCAL_HOUR_OF_DAY, UCAL_MINUTE, UCAL_SECOND};
    int32_t values[6];
    for (int i = 0; i < 6; i++) values[i] = ucal_get(cal, parts[i], &st.code);
    if (st.failed()) return 0;
    values[1] += 1;
    for (int i = 0; i < 6; i++) fields[i] = values[i];
    return 1;
}

extern "C" int32_t cicu_datefmt_format_fields(cicu_datefmt *fmt, const int32_t *fields, char *dst,
                                              int32_t capacity, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    UCalendar *cal = fmt->calendar.getAlias();
    ucal_clear(cal);
    ucal_set(cal, UCAL_EXTENDED_YEAR, fields[0]);
    ucal_set(cal, UCAL_MONTH, fields[1] - 1);
    ucal_set(cal, UCAL_DATE, fields[2]);
    ucal_set(cal, UCAL_HOUR_OF_DAY, fields[3]);
    ucal_set(cal, UCAL_MINUTE, fields[4]);
    ucal_set(cal, UCAL_SECOND, fields[5]);
    UDate date = ucal_getMillis(cal, &st.code);  // non-lenient: fails on 25:00
    icu::UnicodeString result = cicu__::collectUChars(
        [&](UChar *buffer, int32_t cap, UErrorCode &code) {
            return udat_format(fmt->format.getAlias(), date, buffer, cap, nullptr, &code);
        },
        st.code);
    return cicu__::toUTF8(result, dst, capacity, st.code);
}

extern "C" int32_t cicu_timezone_offset(const char *zone, int32_t length, double millis, int32_t isLocal,
                                        int32_t *offsetSeconds, int32_t *status) {
    Status st(status);
    if (st.failed()) return 0;
    icu::UnicodeString uzone = cicu__::fromUTF8(zone, length);
    UChar canonical[128];
    UBool isSystem = false;
    ucal_getCanonicalTimeZoneID(uzone.getBuffer(), uzone.length(), canonical, 128, &isSystem, &st.code);
    if (st.failed() || !isSystem) {
        if (!st.failed()) st.code = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    icu::LocalUCalendarPointer cal(ucal_open(uzone.getBuffer(), uzone.length(), "en", UCAL_GREGORIAN, &st.code));
    if (st.failed()) return 0;
    ucal_setGregorianChange(cal.getAlias(), kMinMillis, &st.code);
    if (isLocal) {
        // millis is the wall time as if in UTC: set the zone's fields to it.
        icu::LocalUCalendarPointer utc(ucal_open(kUTC, -1, "en", UCAL_GREGORIAN, &st.code));
        ucal_setGregorianChange(utc.getAlias(), kMinMillis, &st.code);
        ucal_setMillis(utc.getAlias(), millis, &st.code);
        const UCalendarDateFields parts[] = {UCAL_EXTENDED_YEAR, UCAL_MONTH, UCAL_DATE,
                                             UCAL_HOUR_OF_DAY, UCAL_MINUTE, UCAL_SECOND};
        ucal_clear(cal.getAlias());
        for (UCalendarDateFields part : parts) ucal_set(cal.getAlias(), part, ucal_get(utc.getAlias(), part, &st.code));
    } else {
        ucal_setMillis(cal.getAlias(), millis, &st.code);
    }
    int32_t offset = ucal_get(cal.getAlias(), UCAL_ZONE_OFFSET, &st.code) + ucal_get(cal.getAlias(), UCAL_DST_OFFSET, &st.code);
    if (st.failed()) return 0;
    *offsetSeconds = offset / 1000;
    return 1;
}
