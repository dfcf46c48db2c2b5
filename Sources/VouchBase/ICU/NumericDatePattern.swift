/// A date pattern of numeric fields only (`MM/dd/yyyy`, `d.M.yyyy`, `yyyy/MM/dd`), read and written
/// without ICU, which spends microseconds on every strict parse.
///
/// As ICU's strict parsing: `dd` takes two digits and `d` one or two; the month takes one or two
/// whatever its width (`2/22/1982` reads with `MM/dd/yyyy`). Stricter than ICU: `yyyy` takes exactly
/// four digits (so `02/22/82` is not taken for the year 82), `y` one to four.
/// Literals must match exactly and the whole text must be used. Any other pattern letter, or
/// quoted text, leaves the pattern to ICU (`init` gives nil).
///
/// A class, so that a pattern is one reference to hold; a reader on a hot path holds it lent
/// (``LentReference``), counting no reference that threads sharing it would contend for.
@_spi(VouchInternal) public final class NumericDatePattern: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case day(width: Int)
        case month(width: Int)
        case year(width: Int)
        case literal([UInt8])
    }

    public let parts: [Part]
    /// How a text with every field at its widest is read (`02/22/1982` for `MM/dd/yyyy`).
    private let widest: WidestDateLayout?

    public static func == (lhs: NumericDatePattern, rhs: NumericDatePattern) -> Bool { lhs.parts == rhs.parts }

    public func hash(into hasher: inout Hasher) { hasher.combine(parts) }

    public init?(_ pattern: String) {
        var parts: [Part] = []
        var bytes = Array(pattern.utf8)[...]
        while let first = bytes.first {
            let run = bytes.prefix { $0 == first }.count
            switch first {
            case UInt8(ascii: "d") where run <= 2: parts.append(.day(width: run))
            case UInt8(ascii: "M") where run <= 2: parts.append(.month(width: run))
            case UInt8(ascii: "y") where run == 1 || run == 4: parts.append(.year(width: run))
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "'"): return nil
            default:
                guard first < 0x80 else { return nil }
                if case .literal(let previous) = parts.last {
                    parts[parts.count - 1] = .literal(previous + bytes.prefix(run))
                } else {
                    parts.append(.literal(Array(bytes.prefix(run))))
                }
            }
            bytes = bytes.dropFirst(run)
        }
        guard parts.contains(where: { if case .day = $0 { true } else { false } }),
            parts.contains(where: { if case .month = $0 { true } else { false } }),
            parts.contains(where: { if case .year = $0 { true } else { false } })
        else { return nil }
        self.parts = parts
        widest = WidestDateLayout(parts)
    }

    /// The date `text` spells, or nil when it does not fit the pattern or is not a real date.
    public func parse(_ text: String) -> CalendarDate? {
        var text = text
        return text.withByteText(parse)
    }

    public func parse(_ text: ByteText) -> CalendarDate? {
        // As long as the pattern at its widest, a text can only be read with every field at its
        // widest: the layout's reading is the reading.
        if let widest, text.count == widest.count { return widest.read(text) }
        return parseFieldByField(text)
    }

    /// ``parse(_:)`` a field at a time, each field taking as many digits as it can.
    func parseFieldByField(_ text: ByteText) -> CalendarDate? {
        var year = 0
        var month = 0
        var day = 0
        var index = 0
        func number(minimum: Int, maximum: Int) -> Int? {
            var value = 0
            var digits = 0
            while digits < maximum, index < text.count, text[index].isASCIIDigit {
                value = value * 10 + Int(text[index] &- .zero)
                digits += 1
                index += 1
            }
            return digits >= minimum ? value : nil
        }
        return parts.withUnsafeBufferPointer { parts in
            for position in parts.indices {
                switch parts[position] {
                case .day(let width):
                    guard let value = number(minimum: width, maximum: 2) else { return nil }
                    day = value
                case .month:
                    guard let value = number(minimum: 1, maximum: 2) else { return nil }
                    month = value
                case .year(let width):
                    guard let value = number(minimum: width, maximum: 4) else { return nil }
                    year = value
                case .literal(let literal):
                    guard index + literal.count <= text.count else { return nil }
                    for byte in literal {
                        guard text[index] == byte else { return nil }
                        index += 1
                    }
                }
            }
            let date = CalendarDate(year: year, month: month, day: day)
            return index == text.count && date.isValid ? date : nil
        }
    }

    /// `date` written in the pattern, appended to `output`.
    public func format(_ date: CalendarDate, into output: inout ByteBuffer) {
        for part in parts {
            switch part {
            case .day(let width): CalendarDate.append(date.day, width: width, to: &output)
            case .month(let width): CalendarDate.append(date.month, width: width, to: &output)
            case .year(let width): CalendarDate.append(date.year, width: width, to: &output)
            case .literal(let literal): output.append(contentsOf: literal)
            }
        }
    }

    /// `date` written in the pattern.
    public func format(_ date: CalendarDate) -> String {
        var text = ""
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        for part in parts {
            switch part {
            case .day(let width): text += padded(date.day, width)
            case .month(let width): text += padded(date.month, width)
            case .year(let width): text += padded(date.year, width)
            case .literal(let literal): text += String(decoding: literal, as: UTF8.self)
            }
        }
        return text
    }
}
