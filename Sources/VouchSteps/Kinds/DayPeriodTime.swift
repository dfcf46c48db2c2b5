@_spi(VouchInternal) import VouchBase

/// A time as people type it around their locale's patterns: `3:05 p.m.` and `3:05 p. m.` (es-MX,
/// es-CO, whose ICU text has no-break spaces), `午後3:05`, `오후 3:05`, `3:05 PM`, `15.05`.
///
/// The hour and minute (and seconds) are digits separated by `:` or `.`; around them, once
/// spaces and dots are set aside and case is ignored, there may be the locale's morning or
/// afternoon marker as ICU writes it (`a. m.`, `午前`), or nothing. With a
/// marker the hour is 1 to 12 (`12 a.m.` is midnight); without one, 0 to 23.
struct DayPeriodTime: Sendable {
    /// The markers of the morning and the afternoon, spaces and dots removed, lower case.
    let morning: Set<String>
    let afternoon: Set<String>

    /// The markers of ICU `locale`, as it writes 03:00 and 15:00 with the pattern `a`, where it
    /// writes times with them (`patterns`, its short and medium ones, have `a`, `b` or `B`) or has
    /// words of its own for them (es-MX `p.m.`, ja `午後`): a 24-hour locale whose markers are
    /// the English `AM` and `PM` (de-DE) takes none.
    init(locale: String, patterns: [String]) {
        func marker(_ hour: Int) -> String {
            DateTimeFormat.format(
                LocalDateTime(date: CalendarDate(year: 1970, month: 1, day: 1), time: TimeOfDay(hour: hour, minute: 0)), locale: locale,
                pattern: "a")
        }
        let (am, pm) = (marker(3), marker(15))
        let writesThem = patterns.contains { pattern in
            var quoted = false
            return pattern.contains { character in
                if character == "'" { quoted.toggle() }
                return !quoted && (character == "a" || character == "b" || character == "B")
            }
        }
        guard writesThem || (am != "AM" && pm != "PM"), !am.isEmpty, !pm.isEmpty else {
            (morning, afternoon) = ([], [])
            return
        }
        morning = [Self.key(am, locale: locale)]
        afternoon = [Self.key(pm, locale: locale)]
    }

    /// `text` without spaces (any kind), dots and full stops, in lower case.
    static func key(_ text: String, locale: String) -> String {
        let kept = text.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "." && $0 != "\u{3002}" }
        return CaseMapping.lower(String(String.UnicodeScalarView(kept)), locale: locale)
    }

    /// The time `text` spells, or nil.
    func read(_ text: String, locale: String) -> TimeOfDay? {
        let scalars = Array(text.unicodeScalars)
        // The first run of digits and separators: the clock.
        guard let start = scalars.firstIndex(where: { $0.isClockDigit }) else { return nil }
        var end = start
        while end < scalars.count,
            scalars[end].isClockDigit
                || ((scalars[end] == ":" || scalars[end] == ".") && end + 1 < scalars.count && scalars[end + 1].isClockDigit)
        {
            end += 1
        }
        let parts = String(String.UnicodeScalarView(scalars[start..<end])).split(whereSeparator: { $0 == ":" || $0 == "." })
        guard parts.count == 2 || parts.count == 3, parts[0].count <= 2, parts.dropFirst().allSatisfy({ $0.count == 2 }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        guard second < 60 else { return nil }
        let rest = Self.key(
            String(String.UnicodeScalarView(scalars[..<start])) + String(String.UnicodeScalarView(scalars[end...])), locale: locale)
        if rest.isEmpty { return hour < 24 ? TimeOfDay(hour: hour, minute: minute, second: second) : nil }
        guard (1...12).contains(hour) else { return nil }
        if morning.contains(rest) { return TimeOfDay(hour: hour % 12, minute: minute, second: second) }
        if afternoon.contains(rest) { return TimeOfDay(hour: hour % 12 + 12, minute: minute, second: second) }
        return nil
    }
}

extension Unicode.Scalar {
    /// `0` to `9`.
    fileprivate var isClockDigit: Bool { ("0"..."9").contains(self) }
}
