/// How a locale writes amounts of one currency (`$1,234.50`, `1.234,50 €`), read once from ICU's
/// own output, so that plain amounts are read and written without ICU's general number parser
/// and formatter.
///
/// Only what the layout reproduces exactly is taken: the layout is made only when it writes a
/// set of probe amounts as ICU writes them, and reading takes only an amount with well-placed
/// group separators, at most the currency's fraction digits, no sign, and the currency's own
/// symbol or code on either side. Everything else goes to ICU (``NumberFormat``).
@_spi(VouchInternal) public struct MoneyLayout: Sendable {
    /// Before the digits (`$`) and after them (` €`, with ICU's no-break space).
    public let prefix: [UInt8]
    public let suffix: [UInt8]
    /// The group and decimal separators (`,` and `.` in en-US).
    public let group: [UInt8]
    public let decimal: [UInt8]
    /// The fewest digits before the decimal separator for which groups are written (4, or 5
    /// where 1234 is written without a separator, as in es-ES).
    public let groupingThreshold: Int
    public let fractionDigits: Int
    /// What marks the currency in input: its symbol in the locale, and its ISO code.
    public let markers: [[UInt8]]
    /// Spaces that stand for one another in input (ICU writes no-break spaces).
    private static let spaces: [[UInt8]] = [[0x20], [0xC2, 0xA0], [0xE2, 0x80, 0xAF]]

    public init?(currency: String, locale: String) {
        guard let fractionDigits = NumberFormat.fractionDigits(currency: currency) else { return nil }
        self.fractionDigits = fractionDigits
        func icu(_ integer: String) -> [UInt8] {
            let fraction = fractionDigits > 0 ? "." + String("0123456789".prefix(fractionDigits)) : ""
            return Array(NumberFormat.formatMoney(amount: integer + fraction, currency: currency, locale: locale).utf8)
        }
        // The parts, read from ICU's writing of 1234567.01…
        let probe = icu("1234567")
        guard let first = probe.firstIndex(where: { $0.isASCIIDigit }), let last = probe.lastIndex(where: { $0.isASCIIDigit }),
            probe[first] == UInt8(ascii: "1")
        else { return nil }
        prefix = Array(probe[..<first])
        suffix = Array(probe[(last + 1)...])
        let middle = probe[first...last]
        guard let two = middle.firstIndex(of: UInt8(ascii: "2")) else { return nil }
        group = Array(middle[(first + 1)..<two])
        if fractionDigits > 0 {
            guard let seven = middle.firstIndex(of: UInt8(ascii: "7")), let zero = middle[seven...].firstIndex(of: .zero) else {
                return nil
            }
            decimal = Array(middle[(seven + 1)..<zero])
        } else {
            decimal = []
        }
        guard !group.isEmpty, fractionDigits == 0 || !decimal.isEmpty, !group.contains(where: { $0.isASCIIDigit }) else { return nil }
        // Whether 1234 has a group separator: the digits part of ICU's writing is longer than 1234
        // and its fraction.
        let small = icu("1234")
        let plainLength = prefix.count + 4 + (fractionDigits > 0 ? decimal.count + fractionDigits : 0) + suffix.count
        groupingThreshold = small.count > plainLength ? 4 : 5
        var markers = [Array(currency.utf8)]
        let symbol = Array(NumberFormat.currencySymbol(currency, locale: locale).utf8)
        if symbol != markers[0] { markers.insert(symbol, at: 0) }
        self.markers = markers
        // …and kept only if it writes these as ICU does.
        for integer in ["0", "7", "12", "999", "1234", "12345", "123456", "1234567", "1000000000"] {
            var written = ByteBuffer()
            let digits = Array((integer + (fractionDigits > 0 ? String("0123456789".prefix(fractionDigits)) : "")).utf8)
            digits.withByteText {
                format(
                    integer: ByteText(rebasing: $0[..<integer.utf8.count]),
                    fraction: ByteText(rebasing: $0[integer.utf8.count...]), into: &written)
            }
            guard written.bytes.elementsEqual(icu(integer)) else { return nil }
        }
    }

    /// Writes an amount given as its integer digits (no leading zeros but for "0") and its
    /// fraction digits (exactly ``fractionDigits``).
    public func format(integer: ByteText, fraction: ByteText, into output: inout ByteBuffer) {
        output.append(contentsOf: prefix)
        let grouped = integer.count >= groupingThreshold
        for (index, digit) in integer.enumerated() {
            if grouped && index > 0 && (integer.count - index) % 3 == 0 { output.append(contentsOf: group) }
            output.append(digit)
        }
        if !fraction.isEmpty {
            output.append(contentsOf: decimal)
            output.append(contentsOf: fraction)
        }
        output.append(contentsOf: suffix)
    }

    /// A plain amount of `text`: its canonical amount (`1234.50`) appended to `output`; false,
    /// with nothing written, when the text is anything else (for ICU to read).
    public func parse(_ text: ByteText, into output: inout ByteBuffer) -> Bool {
        var rest = trimmingSpaces(text[...])
        // The currency, before or after the amount, with or without a space.
        for marker in markers {
            if rest.starts(with: marker) {
                rest = trimmingSpaces(rest.dropFirst(marker.count))
                break
            }
            if rest.count >= marker.count && rest.suffix(marker.count).elementsEqual(marker) {
                rest = trimmingSpaces(rest.dropLast(marker.count))
                break
            }
        }
        // Digits in groups, then the decimal separator and at most the currency's digits.
        let start = output.count
        var digitsInGroup = 0
        var groups = 0
        var index = rest.startIndex
        while index < rest.endIndex {
            let byte = rest[index]
            if byte.isASCIIDigit {
                output.append(byte)
                digitsInGroup += 1
                index += 1
            } else if let length = separator(group, in: rest, at: index) {
                // A group separator follows one to three digits first, three after that.
                guard digitsInGroup >= 1, digitsInGroup <= 3, groups == 0 || digitsInGroup == 3 else { break }
                groups += 1
                digitsInGroup = 0
                index += length
            } else {
                break
            }
        }
        let integerDigits = output.count - start
        guard integerDigits > 0, groups == 0 || digitsInGroup == 3, output[start] != .zero || integerDigits == 1 else {
            output.removeSubrange(start...)
            return false
        }
        var fraction = 0
        if index < rest.endIndex {
            guard fractionDigits > 0, rest[index...].starts(with: decimal) else {
                output.removeSubrange(start...)
                return false
            }
            index += decimal.count
            output.append(.period)
            while index < rest.endIndex, rest[index].isASCIIDigit, fraction < fractionDigits {
                output.append(rest[index])
                fraction += 1
                index += 1
            }
            guard fraction > 0, index == rest.endIndex else {
                output.removeSubrange(start...)
                return false
            }
        } else if fractionDigits > 0 {
            output.append(.period)
        }
        for _ in fraction..<fractionDigits { output.append(.zero) }
        return true
    }

    /// The length of the separator `separator` at `index` (any space stands for a space separator).
    private func separator(_ separator: [UInt8], in text: Slice<ByteText>, at index: Int) -> Int? {
        if text[index...].starts(with: separator) { return separator.count }
        guard Self.spaces.contains(separator) else { return nil }
        return Self.spaces.first { text[index...].starts(with: $0) }?.count
    }

    private func trimmingSpaces(_ text: Slice<ByteText>) -> Slice<ByteText> {
        var text = text
        while let space = Self.spaces.first(where: { text.starts(with: $0) }) { text = text.dropFirst(space.count) }
        while let space = Self.spaces.first(where: { text.count >= $0.count && text.suffix($0.count).elementsEqual($0) }) {
            text = text.dropLast(space.count)
        }
        return text
    }
}
