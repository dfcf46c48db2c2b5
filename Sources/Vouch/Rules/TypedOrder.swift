/// How the canonical values of a kind are ordered, for rules that compare two fields: dates,
/// times and date-times in time order, numbers, decimals and amounts of one currency by value.
enum TypedOrder: Sendable {
    case date, time, dateTime, number, decimal, money

    /// The kinds with an order, as the registry names them.
    static let kinds = ["date", "datetime", "time", "number", "decimal", "money"]

    init?(kind: String) {
        switch kind {
        case "date": self = .date
        case "time": self = .time
        case "datetime": self = .dateTime
        case "number": self = .number
        case "decimal": self = .decimal
        case "money": self = .money
        default: return nil
        }
    }

    /// Whether the values are moments (messages say "before" and "after").
    var isTime: Bool { self == .date || self == .time || self == .dateTime }

    enum Comparison: Sendable { case less, equal, greater }

    /// How `a` stands to `b`; nil when they cannot be compared (amounts of two currencies, or
    /// values not of the kind's canonical form).
    func compare(_ a: JSONValue, _ b: JSONValue) -> Comparison? {
        switch (self, a, b) {
        case (_, .number(let x), .number(let y)):
            return x < y ? .less : x > y ? .greater : .equal
        case (.date, .string(let x), .string(let y)):
            return Self.compare(x, y)
        case (.time, .string(let x), .string(let y)):
            return Self.compare(Self.withSeconds(x), Self.withSeconds(y))
        case (.dateTime, .string(let x), .string(let y)):
            return Self.compareDateTimes(x, y)
        case (.number, .string(let x), .string(let y)), (.decimal, .string(let x), .string(let y)):
            return DecimalOrder(x).flatMap { x in DecimalOrder(y).map { x.compare($0) } }
        case (.decimal, .number(let x), .string(let y)):
            return DecimalOrder(String(x)).flatMap { x in DecimalOrder(y).map { x.compare($0) } }
        case (.decimal, .string(let x), .number(let y)):
            return DecimalOrder(x).flatMap { x in DecimalOrder(String(y)).map { x.compare($0) } }
        case (.money, .string(let x), .string(let y)):
            // `1234.50 USD`: amounts of one currency only.
            let first = x.split(separator: " ")
            let second = y.split(separator: " ")
            guard first.count == 2, second.count == 2, first[1] == second[1],
                let amount = DecimalOrder(String(first[0])), let other = DecimalOrder(String(second[0]))
            else { return nil }
            return amount.compare(other)
        default:
            return nil
        }
    }

    private static func compare(_ x: String, _ y: String) -> Comparison {
        x < y ? .less : x > y ? .greater : .equal
    }

    /// `15:05` as `15:05:00`, so that times with and without seconds compare.
    private static func withSeconds(_ time: String) -> String { time.utf8.count == 5 ? time + ":00" : time }

    /// Two ISO 8601 local date-times (`1982-02-22T15:05`), with an offset (`+01:00`, `Z`) or not:
    /// as instants when both have one, else as local times.
    private static func compareDateTimes(_ x: String, _ y: String) -> Comparison? {
        guard let first = LocalMoment(x), let second = LocalMoment(y) else { return nil }
        if let a = first.minutesFromUTCReference, let b = second.minutesFromUTCReference {
            if a != b { return a < b ? .less : .greater }
            return compare(first.seconds, second.seconds)
        }
        return compare(first.local, second.local)
    }

    /// A date-time split into its local part (seconds always written) and its offset.
    private struct LocalMoment {
        let local: String
        let seconds: String
        let minutesFromUTCReference: Int?

        init?(_ text: String) {
            let bytes = Array(text.utf8)
            guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T") else { return nil }
            var end = 16
            var seconds = "00"
            if bytes.count >= 19, bytes[16] == .colon {
                seconds = String(decoding: bytes[17..<19], as: UTF8.self)
                end = 19
            }
            let date = String(decoding: bytes[0..<10], as: UTF8.self)
            let time = String(decoding: bytes[11..<16], as: UTF8.self)
            local = date + "T" + time + ":" + seconds
            self.seconds = seconds
            let offset = bytes[end...]
            guard let day = Self.days(date), let minutes = Self.minutes(time) else { return nil }
            if offset.isEmpty {
                minutesFromUTCReference = nil
            } else if offset.count == 1, offset.first == UInt8(ascii: "Z") {
                minutesFromUTCReference = day * 1440 + minutes
            } else if offset.count == 6, let sign = offset.first, sign == .plus || sign == .hyphen,
                let shift = Self.minutes(String(decoding: offset.dropFirst(), as: UTF8.self))
            {
                minutesFromUTCReference = day * 1440 + minutes - (sign == .plus ? shift : -shift)
            } else {
                return nil
            }
        }

        /// Days since 1970-01-01 of `yyyy-MM-dd` (the proleptic Gregorian calendar).
        static func days(_ date: String) -> Int? {
            let parts = date.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            let (year, month, day) = (parts[0], parts[1], parts[2])
            let shifted = month <= 2 ? year - 1 : year
            let era = (shifted >= 0 ? shifted : shifted - 399) / 400
            let yearOfEra = shifted - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        /// Minutes of `HH:mm`.
        static func minutes(_ time: String) -> Int? {
            let parts = time.split(separator: ":").compactMap { Int($0) }
            guard parts.count == 2 else { return nil }
            return parts[0] * 60 + parts[1]
        }
    }
}

/// A decimal number written `-1234.50`, compared by value without rounding.
private struct DecimalOrder {
    let negative: Bool
    /// The integer digits without leading zeros, and the fraction digits without trailing zeros.
    let integer: Substring
    let fraction: Substring

    init?(_ text: String) {
        var rest = Substring(text)
        negative = rest.first == "-"
        if negative || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }), !(whole.isEmpty && fraction.isEmpty) else { return nil }
        integer = whole.drop { $0 == "0" }
        var trimmed = fraction
        while trimmed.last == "0" { trimmed = trimmed.dropLast() }
        self.fraction = trimmed
    }

    var isZero: Bool { integer.isEmpty && fraction.isEmpty }

    func compare(_ other: DecimalOrder) -> TypedOrder.Comparison {
        let selfNegative = negative && !isZero
        let otherNegative = other.negative && !other.isZero
        if selfNegative != otherNegative { return selfNegative ? .less : .greater }
        let magnitude = compareMagnitude(other)
        guard selfNegative else { return magnitude }
        switch magnitude {
        case .less: return .greater
        case .greater: return .less
        case .equal: return .equal
        }
    }

    private func compareMagnitude(_ other: DecimalOrder) -> TypedOrder.Comparison {
        if integer.count != other.integer.count { return integer.count < other.integer.count ? .less : .greater }
        if integer != other.integer { return integer < other.integer ? .less : .greater }
        if fraction != other.fraction { return fraction < other.fraction ? .less : .greater }
        return .equal
    }
}
