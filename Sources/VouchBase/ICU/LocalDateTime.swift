/// A date and a time of day, with the offset from UTC when it is known: what a datetime field holds.
public struct LocalDateTime: Sendable, Hashable, CustomStringConvertible {
    public var date: CalendarDate
    public var time: TimeOfDay
    /// Seconds east of UTC (`+01:00` is 3600), when known.
    public var offset: Int?

    public init(date: CalendarDate, time: TimeOfDay, offset: Int? = nil) {
        self.date = date
        self.time = time
        self.offset = offset
    }

    /// Parses ISO 8601: `1982-02-22T15:05`, with seconds, fractions of a second (dropped), a space
    /// for the `T`, and an offset (`Z`, `+01:00`, `+0100`, `+01`); nil unless it is one.
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        guard let separator = bytes.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") || $0 == .space }),
            let date = CalendarDate(iso8601: String(decoding: bytes[..<separator], as: UTF8.self))
        else { return nil }
        // Years a calendar can hold without overflowing seconds (ISO 8601's extended years go further).
        guard (-999_999...999_999).contains(date.year) else { return nil }
        var rest = bytes[(separator + 1)...]
        var offset: Int?
        if rest.last == UInt8(ascii: "Z") || rest.last == UInt8(ascii: "z") {
            offset = 0
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == .plus || $0 == .hyphen }) {
            let digits = rest[(sign + 1)...].filter { $0 != UInt8(ascii: ":") }
            guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCIIDigit),
                rest[(sign + 1)...].count == digits.count || (rest[(sign + 1)...].count == 5 && rest[sign + 3] == UInt8(ascii: ":"))
            else { return nil }
            let hours = Int(String(decoding: digits.prefix(2), as: UTF8.self))!
            let minutes = digits.count == 4 ? Int(String(decoding: digits.suffix(2), as: UTF8.self))! : 0
            guard hours <= 18, minutes <= 59 else { return nil }
            offset = (rest[sign] == .hyphen ? -1 : 1) * (hours * 3600 + minutes * 60)
            rest = rest[..<sign]
        }
        // Fractions of a second: up to nine digits, dropped.
        if let period = rest.firstIndex(where: { $0 == .period || $0 == UInt8(ascii: ",") }) {
            let fraction = rest[(period + 1)...]
            guard (1...9).contains(fraction.count), fraction.allSatisfy(\.isASCIIDigit) else { return nil }
            rest = rest[..<period]
        }
        guard let time = TimeOfDay(iso8601: String(decoding: rest, as: UTF8.self)) else { return nil }
        self.init(date: date, time: time, offset: offset)
    }

    /// The wall time as seconds since 1970-01-01T00:00 (as if it were in UTC).
    public var localSeconds: Int { Self.days(from: date) * 86_400 + time.secondsOfDay }

    /// The instant as seconds since 1970 in UTC: the wall time less the offset (none counts as UTC).
    public var instant: Int { localSeconds - (offset ?? 0) }

    /// The wall time `seconds` after 1970-01-01T00:00, with `offset`.
    public init(localSeconds seconds: Int, offset: Int? = nil) {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        self.init(date: Self.date(fromDays: days), time: TimeOfDay(secondsOfDay: seconds - days * 86_400), offset: offset)
    }

    /// ISO 8601: `1982-02-22T15:05`, seconds when it has them, then the offset when known (`Z` for UTC).
    public var iso8601: String {
        var text = "\(date.iso8601)T\(time.iso8601)"
        if let offset { text += Self.offsetText(offset) }
        return text
    }

    public var description: String { iso8601 }

    /// `Z`, or `+01:00`.
    @_spi(VouchInternal) public static func offsetText(_ offset: Int) -> String {
        guard offset != 0 else { return "Z" }
        let minutes = abs(offset) / 60
        let two = TimeOfDay.twoDigits
        return (offset < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
    }

    /// Days since 1970-01-01 of a Gregorian date (Howard Hinnant's days_from_civil).
    @_spi(VouchInternal) public static func days(from date: CalendarDate) -> Int {
        // Beyond a billion years the arithmetic would overflow: such dates are clamped, not trapped on.
        let clamped = min(max(date.year, -1_000_000_000), 1_000_000_000)
        let year = date.month <= 2 ? clamped - 1 : clamped
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (date.month + (date.month > 2 ? -3 : 9)) + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The Gregorian date `days` after 1970-01-01 (civil_from_days).
    @_spi(VouchInternal) public static func date(fromDays days: Int) -> CalendarDate {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return CalendarDate(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
}
