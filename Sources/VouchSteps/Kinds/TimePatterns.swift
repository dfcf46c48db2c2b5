@_spi(VouchInternal) import VouchBase

/// The patterns a time is read and shown in.
struct TimePatterns: Sendable {
    /// The locale's short and medium patterns (`h:mm a`, `h:mm:ss a`).
    let short: String
    let medium: String

    /// How a time is read when none of the patterns takes it: `3:05 p.m.`, `午後3:05`.
    let dayPeriods: DayPeriodTime

    /// More patterns read after the locale's own, from its packs (`H:mm 'น.'` in Thai).
    let extraInputs: [String]

    /// The short and medium time patterns of ICU `locale`, and `extraInputs` to read.
    init(locale: String, extraInputs: [String] = []) {
        short = DateTimeFormat.pattern(locale: locale, date: nil, time: .short) ?? "HH:mm"
        medium = DateTimeFormat.pattern(locale: locale, date: nil, time: .medium) ?? "HH:mm:ss"
        dayPeriods = DayPeriodTime(locale: locale, patterns: [short, medium])
        self.extraInputs = extraInputs
    }

    /// Tried in order: the locale's, its packs', then 24-hour `H:mm` and `H:mm:ss` (ISO 8601 is
    /// read first).
    var inputs: [String] {
        var patterns = [short, medium] + extraInputs
        for pattern in ["H:mm", "H:mm:ss"] where !patterns.contains(pattern) { patterns.append(pattern) }
        return patterns
    }

    /// The pattern a time is shown in: the medium one when it has seconds.
    func display(_ time: TimeOfDay) -> String { time.second == 0 ? short : medium }

    /// `time` in the locale's pattern.
    func format(_ time: TimeOfDay, locale: String) -> String {
        DateTimeFormat.format(
            LocalDateTime(date: CalendarDate(year: 1970, month: 1, day: 1), time: time), locale: locale, pattern: display(time))
    }

    /// The time `text` spells: ISO 8601, one of the input patterns, or the clock with the
    /// locale's day period however it is spaced and dotted (``DayPeriodTime``).
    func read(_ text: String, locale: String) -> TimeOfDay? {
        if let iso = TimeOfDay(iso8601: text) { return iso }
        for pattern in inputs {
            if let parsed = DateTimeFormat.parse(text, locale: locale, pattern: pattern) { return parsed.time }
        }
        return dayPeriods.read(text, locale: locale)
    }
}
