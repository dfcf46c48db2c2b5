/// A day on the proleptic Gregorian calendar, without time or time zone: what a date field holds.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year; 0 is 1 BC, as in ISO 8601.
    public var year: Int
    /// The month, 1 through 12.
    public var month: Int
    /// The day of the month, 1 through 31.
    public var day: Int

    /// A date from its parts; the parts are not checked (see ``isValid``).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses an ISO 8601 calendar date, "1982-02-22"; nil unless it names a real day.
    ///
    /// Years have four digits, or a sign and at least four digits ("-0044-03-15").
    public init?(iso8601 text: String) {
        var rest = Substring(text)
        var sign = 1
        if let first = rest.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3,
            parts[0].count >= 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        if parts[0].count > 4 && sign == 1 && text.first != "+" { return nil }
        self.init(year: sign * year, month: month, day: day)
        guard isValid else { return nil }
    }

    /// The ISO 8601 form, "1982-02-22".
    public var iso8601: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let yearText: String
        switch year {
        case 0...9999: yearText = padded(year, 4)
        case ..<0: yearText = "-" + padded(-year, 4)
        default: yearText = "+" + padded(year, 4)
        }
        return "\(yearText)-\(padded(month, 2))-\(padded(day, 2))"
    }

    public var description: String { iso8601 }

    /// Whether the month exists and has the day (Gregorian leap years).
    public var isValid: Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= Self.days(inMonth: month, year: year)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
