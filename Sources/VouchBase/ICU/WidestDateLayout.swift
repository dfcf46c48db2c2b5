/// Where a ``NumericDatePattern`` at its widest (`MM/dd/yyyy`, `dd.MM.yyyy`, `yyyy-MM-dd`) has its
/// digits and literals, for a text as long as that (`02/22/1982`) to be read eight bytes at a time:
/// each field takes its widest count of digits (two for the day and month, four for the year), as
/// the field-by-field reading does wherever they are digits.
///
/// Held only for patterns of 8 to 16 bytes at their widest that have each field once.
struct WidestDateLayout: Sendable, Hashable {
    /// How many bytes the text has.
    let count: Int
    /// Of the first eight bytes and the last eight (which overlap when `count` is below 16), one
    /// word each: 0xF0 in a digit's byte and 0xFF in a literal's ...
    private let firstMask: UInt64
    private let lastMask: UInt64
    /// ... and what those bits must be: 0x30 for a digit, the literal's byte for a literal.
    private let firstExpected: UInt64
    private let lastExpected: UInt64
    /// Where the day's two digits, the month's two and the year's four start.
    private let day: Int
    private let month: Int
    private let year: Int

    /// The layout of `parts` at their widest; nil when a field is repeated or the text would have
    /// fewer than 8 bytes or more than 16.
    init?(_ parts: [NumericDatePattern.Part]) {
        var layout: [UInt8?] = []
        var day: Int?
        var month: Int?
        var year: Int?
        for part in parts {
            switch part {
            case .day:
                guard day == nil else { return nil }
                day = layout.count
                layout += [nil, nil]
            case .month:
                guard month == nil else { return nil }
                month = layout.count
                layout += [nil, nil]
            case .year:
                guard year == nil else { return nil }
                year = layout.count
                layout += [nil, nil, nil, nil]
            case .literal(let bytes):
                layout += bytes.map { $0 }
            }
        }
        guard let day, let month, let year, (8...16).contains(layout.count) else { return nil }
        func words(_ bytes: ArraySlice<UInt8?>) -> (mask: UInt64, expected: UInt64) {
            var mask: UInt64 = 0
            var expected: UInt64 = 0
            for (offset, byte) in bytes.enumerated() {
                mask |= UInt64(byte == nil ? 0xF0 : 0xFF) << UInt64(8 * offset)
                expected |= UInt64(byte ?? .zero) << UInt64(8 * offset)
            }
            return (mask, expected)
        }
        count = layout.count
        (firstMask, firstExpected) = words(layout[..<8])
        (lastMask, lastExpected) = words(layout[(count - 8)...])
        self.day = day
        self.month = month
        self.year = year
    }

    /// The date a text of ``count`` bytes spells, or nil when its digits and literals are not
    /// where the layout has them or it is not a real date.
    @inline(__always)
    func read(_ text: ByteText) -> CalendarDate? {
        let bytes = UnsafeRawPointer(text.buffer.baseAddress.unsafelyUnwrapped)
        let first = bytes.loadUnaligned(as: UInt64.self)
        let last = bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        // A digit's byte is 0x3_ and still is with 6 added (so not 0x3A...0x3F); a literal's
        // byte has nothing added. Once the first test passes, no byte carries into the next.
        let sixes: UInt64 = 0x0606_0606_0606_0606
        guard first & firstMask == firstExpected, last & lastMask == lastExpected,
            (first &+ ~firstMask & sixes) & firstMask == firstExpected, (last &+ ~lastMask & sixes) & lastMask == lastExpected
        else { return nil }
        func digits(_ offset: Int) -> Int {
            Int(text[offset] &- .zero) &* 10 &+ Int(text[offset &+ 1] &- .zero)
        }
        let date = CalendarDate(year: digits(year) &* 100 &+ digits(year &+ 2), month: digits(month), day: digits(day))
        return date.isValid ? date : nil
    }
}
