/// Exact decimal numbers as canonical strings: an optional "-", digits without leading zeros,
/// and a fraction without trailing zeros ("1234.5", "-0.25", "0").
///
/// Numbers stay strings end to end so that no value is rounded through a `Double`.
@_spi(VouchInternal) public enum DecimalString {
    /// The canonical form of a plain or scientific decimal ("001234.50", "1.2345E+3" give
    /// "1234.5"); nil when `text` is not one.
    public static func canonical(_ text: String) -> String? {
        var chars = Substring(text)
        var negative = false
        if let sign = chars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            chars = chars.dropFirst()
        }
        var exponent = 0
        if let e = chars.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(chars[chars.index(after: e)...]) else { return nil }
            exponent = value
            chars = chars[..<e]
        }
        let pieces = chars.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count) else { return nil }
        let whole = pieces[0]
        let fraction = pieces.count == 2 ? pieces[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty),
            (whole + fraction).allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        // All digits, and where the point goes among them.
        var digits = Array((whole + fraction).utf8)
        var point = whole.count + exponent
        if point < 0 {
            digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: -point), at: 0)
            point = 0
        }
        if point > digits.count {
            digits.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: point - digits.count))
        }
        var integer = digits[..<point].drop { $0 == UInt8(ascii: "0") }
        var decimals = digits[point...]
        while decimals.last == UInt8(ascii: "0") { decimals = decimals.dropLast() }
        if integer.isEmpty { integer = [UInt8(ascii: "0")][...] }
        var result = String(decoding: integer, as: UTF8.self)
        if !decimals.isEmpty { result += "." + String(decoding: decimals, as: UTF8.self) }
        if negative && result != "0" { result = "-" + result }
        return result
    }

    /// A canonical decimal written with exactly `fractionDigits` digits after the point
    /// ("1234.5" with 2 gives "1234.50"); nil when that would drop non-zero digits.
    public static func fixed(_ canonical: String, fractionDigits: Int) -> String? {
        let parts = canonical.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= fractionDigits else { return nil }
        if fractionDigits == 0 { return String(parts[0]) }
        return String(parts[0]) + "." + fraction
            + String(repeating: "0", count: fractionDigits - fraction.count)
    }
}
