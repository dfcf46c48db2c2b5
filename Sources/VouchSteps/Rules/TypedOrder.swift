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
            return Self.compare(x, y)
        case (.date, .string(let x), .string(let y)):
            guard let x = CalendarDate(iso8601: x), let y = CalendarDate(iso8601: y) else { return nil }
            return Self.compare(x, y)
        case (.time, .string(let x), .string(let y)):
            guard let x = TimeOfDay(iso8601: x), let y = TimeOfDay(iso8601: y) else { return nil }
            return Self.compare(x, y)
        case (.dateTime, .string(let x), .string(let y)):
            // As instants when both have an offset, else as wall times.
            guard let x = LocalDateTime(iso8601: x), let y = LocalDateTime(iso8601: y) else { return nil }
            return x.offset != nil && y.offset != nil ? Self.compare(x.instant, y.instant) : Self.compare(x.localSeconds, y.localSeconds)
        case (.number, _, _), (.decimal, _, _):
            // Numbers too long for a double are written as strings.
            guard let x = DecimalOrder(a), let y = DecimalOrder(b) else { return nil }
            return x.compare(y)
        case (.money, .string(let x), .string(let y)):
            // `1234.50 USD`: amounts of one currency only.
            let first = x.split(separator: " ")
            let second = y.split(separator: " ")
            guard first.count == 2, second.count == 2, first[1] == second[1],
                let amount = DecimalOrder(.string(String(first[0]))), let other = DecimalOrder(.string(String(second[0])))
            else { return nil }
            return amount.compare(other)
        default:
            return nil
        }
    }

    private static func compare<Value: Comparable>(_ x: Value, _ y: Value) -> Comparison {
        x < y ? .less : x > y ? .greater : .equal
    }
}
