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

    /// Parses an ISO 8601 calendar date from UTF-8 bytes, as ``init(iso8601:)`` does.
    @_spi(VouchInternal) public init?(iso8601 text: ByteText) {
        var rest = text[...]
        var sign = 1
        if let first = rest.first, first == .hyphen || first == .plus {
            sign = first == .hyphen ? -1 : 1
            rest = rest.dropFirst()
        }
        // yyyy-MM-dd: the year runs to the third hyphen from the end.
        guard rest.count >= 10, rest[rest.endIndex - 3] == .hyphen, rest[rest.endIndex - 6] == .hyphen else { return nil }
        let parts = [rest[..<(rest.endIndex - 6)], rest[(rest.endIndex - 5)..<(rest.endIndex - 3)], rest[(rest.endIndex - 2)...]]
        guard parts[0].count >= 4, parts.allSatisfy({ $0.allSatisfy({ $0.isASCIIDigit }) }) else { return nil }
        // Years too long for Int are left to the `String` reading, which refuses them.
        guard parts[0].count <= 18 else {
            self.init(iso8601: String(decoding: text, as: UTF8.self))
            return
        }
        func value(_ digits: Slice<ByteText>) -> Int { digits.reduce(0) { $0 * 10 + Int($1 - .zero) } }
        if parts[0].count > 4 && sign == 1 && text.first != .plus { return nil }
        self.init(year: sign * value(parts[0]), month: value(parts[1]), day: value(parts[2]))
        guard isValid else { return nil }
    }

    /// The ISO 8601 form, appended to `output`.
    @_spi(VouchInternal) public func appendISO8601(to output: inout ByteBuffer) {
        if (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) {
            // The usual date: its ten bytes as a word (`yyyy-MM-`) and a pair (`dd`), written in place.
            let year = UInt32(truncatingIfNeeded: year)
            let century = (year &* 5243) >> 19  // year / 100, for years below 43,699
            let head =
                UInt64(ByteBuffer.digitPair(Int(century))) | UInt64(ByteBuffer.digitPair(Int(year &- century &* 100))) << 16
                | UInt64(UInt8.hyphen) << 32 | UInt64(ByteBuffer.digitPair(month)) << 40 | UInt64(UInt8.hyphen) << 56
            let tail = ByteBuffer.digitPair(day)
            _ = output.appendInPlace(maxCount: 10) { bytes in
                let output = UnsafeMutableRawPointer(bytes)
                output.storeBytes(of: head, as: UInt64.self)
                output.storeBytes(of: tail, toByteOffset: 8, as: UInt16.self)
                return 10
            }
            return
        }
        switch year {
        case 0...9999: break
        case ..<0: output.append(.hyphen)
        default: output.append(.plus)
        }
        Self.append(Int(year.magnitude), width: 4, to: &output)
        output.append(.hyphen)
        Self.append(month, width: 2, to: &output)
        output.append(.hyphen)
        Self.append(day, width: 2, to: &output)
    }

    /// `value` (not negative) in decimal digits, with zeros before it up to `width`.
    @_spi(VouchInternal) public static func append(_ value: Int, width: Int, to output: inout ByteBuffer) {
        if value < 10_000 && width <= 4 {
            // The usual parts of a date: no division loop, no reversal.
            let digits = value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : 4
            for _ in digits..<max(digits, width) { output.append(.zero) }
            if digits >= 4 { output.append(.zero + UInt8(value / 1000)) }
            if digits >= 3 { output.append(.zero + UInt8(value / 100 % 10)) }
            if digits >= 2 { output.append(.zero + UInt8(value / 10 % 10)) }
            output.append(.zero + UInt8(value % 10))
            return
        }
        let text = String(value)
        for _ in text.utf8.count..<max(text.utf8.count, width) { output.append(.zero) }
        output.append(contentsOf: text.utf8)
    }

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
