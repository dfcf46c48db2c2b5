/// A time of day, without a date or time zone: what a time field holds.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 0 through 23.
    public var hour: Int
    /// 0 through 59.
    public var minute: Int
    /// 0 through 59.
    public var second: Int

    /// A time from its parts; the parts are not checked (see ``isValid``).
    public init(hour: Int, minute: Int, second: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The time `seconds` after midnight, wrapped into one day.
    public init(secondsOfDay seconds: Int) {
        let wrapped = ((seconds % 86_400) + 86_400) % 86_400
        self.init(hour: wrapped / 3600, minute: wrapped / 60 % 60, second: wrapped % 60)
    }

    /// Parses an ISO 8601 time, `15:05` or `15:05:30`; nil unless it is one.
    public init?(iso8601 text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        self.init(hour: Int(parts[0])!, minute: Int(parts[1])!, second: parts.count == 3 ? Int(parts[2])! : 0)
        guard isValid else { return nil }
    }

    /// Whether every part is in range.
    public var isValid: Bool { (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second) }

    /// Seconds since midnight.
    public var secondsOfDay: Int { hour * 3600 + minute * 60 + second }

    /// The ISO 8601 form: `15:05`, or `15:05:30` when it has seconds.
    public var iso8601: String {
        let two = Self.twoDigits
        return "\(two(hour)):\(two(minute))" + (second == 0 ? "" : ":\(two(second))")
    }

    public var description: String { iso8601 }

    /// `5` as `05`: hours, minutes, seconds and offsets in ISO 8601.
    @_spi(VouchInternal) public static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.secondsOfDay < rhs.secondsOfDay }
}
