import CICU

/// Strict, locale-aware parsing and formatting of calendar dates with ICU date patterns
/// ("MM/dd/yyyy", "dd.MM.yyyy") or a locale's own short, medium or long date style.
///
/// Parsing is strict: the whole text must be consumed and every field must be in range, so
/// "13/45/2001" and "02/30/1982" are not dates. Dates are on the proleptic Gregorian calendar in
/// UTC, whatever the locale's customary calendar. ICU's `UDateFormat` is not thread-safe;
/// formatters are pooled per locale and pattern, so these functions may be called from any thread.
@_spi(VouchInternal) public enum DateFormat {
    /// A locale's own date pattern, by length.
    public enum Style: Hashable, Sendable, CaseIterable {
        case short, medium, long

        fileprivate var icuValue: Int32 {
            switch self {
            case .short: CICU_DATE_SHORT
            case .medium: CICU_DATE_MEDIUM
            case .long: CICU_DATE_LONG
            }
        }
    }

    private enum Layout: Hashable, Sendable {
        case pattern(String)
        case style(Style)
    }

    private typealias Key = LocaleKey<Layout>

    private static let pool = ICUObjectPool<Key> { key in
        var status: Int32 = 0
        let format: OpaquePointer?
        switch key.variant {
        case .pattern(let pattern):
            format = ICUText.withUTF8(pattern) { bytes, length in cicu_datefmt_open_pattern(key.locale, bytes, length, &status) }
        case .style(let style):
            format = cicu_datefmt_open_style(key.locale, style.icuValue, &status)
        }
        return ICUObject.opened(format, status: status) { cicu_datefmt_close($0) }
    }

    /// The date `text` spells in `pattern` for `locale`, or nil when it is not exactly one.
    public static func parse(_ text: String, locale: String, pattern: String) -> CalendarDate? {
        parse(text, key: key(locale, .pattern(pattern)))
    }

    /// The date `text` spells in the `style` pattern of `locale`, or nil.
    public static func parse(_ text: String, locale: String, style: Style) -> CalendarDate? {
        parse(text, key: key(locale, .style(style)))
    }

    /// `date` written in `pattern` for `locale`; the ISO 8601 form when ICU cannot (an invalid
    /// pattern or date).
    public static func format(_ date: CalendarDate, locale: String, pattern: String) -> String {
        format(date, key: key(locale, .pattern(pattern)))
    }

    /// `date` written in the `style` pattern of `locale`.
    public static func format(_ date: CalendarDate, locale: String, style: Style) -> String {
        format(date, key: key(locale, .style(style)))
    }

    /// The ICU pattern of `locale`'s `style`, e.g. "M/d/yy" for short in en-US.
    public static func pattern(locale: String, style: Style) -> String? {
        pool.withObject(key(locale, .style(style))) { format throws(ICUStatus) in
            try ICUText.string { buffer, capacity, status in cicu_datefmt_pattern(format, buffer, capacity, &status) }.get()
        }.value
    }

    private static func key(_ locale: String, _ layout: Layout) -> Key {
        Key(locale: LocaleTag.icuLocale(locale), variant: layout)
    }

    private static func parse(_ text: String, key: Key) -> CalendarDate? {
        guard !text.isEmpty else { return nil }
        let parsed = pool.withObject(key) { format throws(ICUStatus) -> CalendarDate? in
            var (year, month, day, status): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
            let ok = ICUText.withUTF8(text) { bytes, length in cicu_datefmt_parse(format, bytes, length, &year, &month, &day, &status) }
            try ICUStatus.check(status)
            return ok == 1 ? CalendarDate(year: Int(year), month: Int(month), day: Int(day)) : nil
        }
        return parsed.value.flatMap { $0 }
    }

    private static func format(_ date: CalendarDate, key: Key) -> String {
        guard date.isValid, let year = Int32(exactly: date.year) else { return date.iso8601 }
        let text = pool.withObject(key) { format throws(ICUStatus) in
            try ICUText.string { buffer, capacity, status in
                cicu_datefmt_format(format, year, Int32(date.month), Int32(date.day), buffer, capacity, &status)
            }.get()
        }
        return text.value(or: date.iso8601)
    }
}
