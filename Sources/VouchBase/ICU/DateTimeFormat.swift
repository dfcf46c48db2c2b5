import CICU

/// Strict, locale-aware parsing and formatting of times and date-times with ICU patterns
/// (`h:mm a`, `dd.MM.yyyy HH:mm`), as ``DateFormat`` does for dates, and the offsets of ICU time
/// zones. Pooled per locale and pattern: may be called from any thread.
@_spi(VouchInternal) public enum DateTimeFormat {
    private typealias Key = LocaleKey<String>

    private static let pool = ICUObjectPool<Key> { key in
        var status: Int32 = 0
        let format = ICUText.withUTF8(key.variant) { bytes, length in cicu_datefmt_open_pattern(key.locale, bytes, length, &status) }
        return ICUObject.opened(format, status: status) { cicu_datefmt_close($0) }
    }

    /// The pattern of the locale's `date` and `time` styles (either may be nil, not both), with
    /// the narrow and no-break spaces ICU puts before `AM` made plain spaces: `h:mm a` in en-US.
    public static func pattern(locale: String, date: DateFormat.Style?, time: DateFormat.Style?) -> String? {
        func icu(_ style: DateFormat.Style?) -> Int32 {
            switch style {
            case nil: CICU_DATE_NONE
            case .short: CICU_DATE_SHORT
            case .medium: CICU_DATE_MEDIUM
            case .long: CICU_DATE_LONG
            }
        }
        var status: Int32 = 0
        guard let format = cicu_datefmt_open_styles(LocaleTag.icuLocale(locale), icu(date), icu(time), &status) else { return nil }
        defer { cicu_datefmt_close(format) }
        let pattern = ICUText.string { buffer, capacity, status in cicu_datefmt_pattern(format, buffer, capacity, &status) }
        return pattern.value.map(plainSpaces)
    }

    /// `text` with the narrow no-break and no-break spaces (which ICU writes before `AM`) as plain spaces.
    public static func plainSpaces(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{202F}" || $0 == "\u{00A0}" ? " " : $0 }))
    }

    /// The date and time `text` spells in `pattern` for `locale`, or nil when it is not exactly one.
    public static func parse(_ text: String, locale: String, pattern: String) -> LocalDateTime? {
        guard !text.isEmpty else { return nil }
        let parsed = pool.withObject(Key(locale: LocaleTag.icuLocale(locale), variant: pattern)) {
            format throws(ICUStatus) -> LocalDateTime? in
            var fields = [Int32](repeating: 0, count: 6)
            var status: Int32 = 0
            let ok = ICUText.withUTF8(plainSpaces(text)) { bytes, length in
                cicu_datefmt_parse_fields(format, bytes, length, &fields, &status)
            }
            if status == CICU_PARSE_ERROR { return nil }
            try ICUStatus.check(status)
            guard ok == 1 else { return nil }
            return LocalDateTime(
                date: CalendarDate(year: Int(fields[0]), month: Int(fields[1]), day: Int(fields[2])),
                time: TimeOfDay(hour: Int(fields[3]), minute: Int(fields[4]), second: Int(fields[5])))
        }
        return parsed.value.flatMap { $0 }
    }

    /// `value` written in `pattern` for `locale` (its offset is not shown); the ISO 8601 form when
    /// ICU cannot.
    public static func format(_ value: LocalDateTime, locale: String, pattern: String) -> String {
        var plain = value
        plain.offset = nil
        guard value.date.isValid, value.time.isValid, let year = Int32(exactly: value.date.year) else { return plain.iso8601 }
        let fields: [Int32] = [
            year, Int32(value.date.month), Int32(value.date.day), Int32(value.time.hour), Int32(value.time.minute),
            Int32(value.time.second),
        ]
        let text = pool.withObject(Key(locale: LocaleTag.icuLocale(locale), variant: pattern)) { format throws(ICUStatus) in
            try ICUText.string { buffer, capacity, status in cicu_datefmt_format_fields(format, fields, buffer, capacity, &status) }.get()
        }
        return text.value.map(plainSpaces) ?? plain.iso8601
    }

    /// The offset from UTC, in seconds, of the ICU time zone `zone` at the instant `seconds` since
    /// 1970 (or, with `isLocal`, at that wall time in the zone); nil when ICU does not know the zone.
    public static func offset(zone: String, at seconds: Int, isLocal: Bool) -> Int? {
        var offset: Int32 = 0
        var status: Int32 = 0
        let ok = ICUText.withUTF8(zone) { bytes, length in
            cicu_timezone_offset(bytes, length, Double(seconds) * 1000, isLocal ? 1 : 0, &offset, &status)
        }
        return ok == 1 && status <= 0 ? Int(offset) : nil
    }
}
