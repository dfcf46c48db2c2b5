// Serializes JSONValue to JSON text (UTF-8).

/// Writes `JSONValue` as JSON text.
///
/// - Object members are written in `JSONObject` order.
/// - Strings escape only what RFC 8259 requires: `"` and `\` and the control
///   characters U+0000-U+001F (as `\b \f \n \r \t` where those exist,
///   otherwise `\u00XX`). Everything else, including non-ASCII, is written as
///   UTF-8.
/// - Numbers: integral values below 10^16 in magnitude are written as
///   integers (`5`, `-0`); others use Swift's shortest round-trip form
///   (`0.1`, `1e+21`, `5e-324`), which is valid JSON. Non-finite numbers have
///   no JSON form and are written as `null`.
/// - Compact form has no whitespace; pretty form indents by 2 spaces, puts
///   one element or member per line, writes `"key": value`, and keeps empty
///   containers as `[]` and `{}`.
///
/// `JSONParser` reads back any written value as an equal value
/// (`parse(write(v)) == v`) except for non-finite numbers.
@_spi(VouchInternal) public enum JSONWriter {
    /// Appends the JSON text of `value` to `output`.
    public static func write(_ value: JSONValue, into output: inout [UInt8], pretty: Bool = false) {
        if pretty {
            writePretty(value, into: &output, indent: 0)
        } else {
            writeCompact(value, into: &output)
        }
    }

    /// Appends the JSON text of `value` to `output`.
    public static func write(_ value: JSONValue, into output: inout String, pretty: Bool = false) {
        var bytes: [UInt8] = []
        write(value, into: &bytes, pretty: pretty)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// The JSON text of `value`.
    public static func string(_ value: JSONValue, pretty: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        write(value, into: &bytes, pretty: pretty)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `s` as a JSON string literal, quotes included: `a"b` -> `"a\"b"`.
    public static func quoted(_ s: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        writeString(s, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Compact

    public static func writeCompact(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: appendASCII("null", into: &out)
        case .bool(let b): appendASCII(b ? "true" : "false", into: &out)
        case .number(let d): writeNumber(d, into: &out)
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out.append(.openBracket)
            var first = true
            for v in a {
                if !first { out.append(.comma) }
                first = false
                writeCompact(v, into: &out)
            }
            out.append(.closeBracket)
        case .object(let o):
            out.append(.openBrace)
            var first = true
            for m in o.storage {
                if !first { out.append(.comma) }
                first = false
                writeString(m.key, into: &out)
                out.append(.colon)
                writeCompact(m.value, into: &out)
            }
            out.append(.closeBrace)
        }
    }

    // MARK: Pretty

    public static func newline(_ indent: Int, into out: inout [UInt8]) {
        out.append(.lineFeed)
        for _ in 0..<(indent * 2) { out.append(.space) }
    }

    public static func writePretty(_ value: JSONValue, into out: inout [UInt8], indent: Int) {
        switch value {
        case .array(let a) where !a.isEmpty:
            out.append(.openBracket)
            for (i, v) in a.enumerated() {
                if i > 0 { out.append(.comma) }
                newline(indent + 1, into: &out)
                writePretty(v, into: &out, indent: indent + 1)
            }
            newline(indent, into: &out)
            out.append(.closeBracket)
        case .object(let o) where !o.isEmpty:
            out.append(.openBrace)
            for (i, m) in o.storage.enumerated() {
                if i > 0 { out.append(.comma) }
                newline(indent + 1, into: &out)
                writeString(m.key, into: &out)
                out.append(.colon)
                out.append(.space)
                writePretty(m.value, into: &out, indent: indent + 1)
            }
            newline(indent, into: &out)
            out.append(.closeBrace)
        default:
            writeCompact(value, into: &out)
        }
    }

    // MARK: Scalars

    @inline(__always) public static func appendASCII(_ s: StaticString, into out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    public static func writeNumber(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite else {
            appendASCII("null", into: &out)
            return
        }
        if d == d.rounded(.towardZero) && d.magnitude < 1e16 {
            if d == 0 {
                if d.sign == .minus { out.append(.hyphen) }
                out.append(.zero)
                return
            }
            var n = Int64(d)
            if n < 0 {
                out.append(.hyphen)
                n = -n
            }
            // At most 16 digits.
            var digits: (UInt64, UInt64) = (0, 0)
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buf in
                var m = UInt64(n)
                while m > 0 {
                    buf[15 - count] = UInt8(truncatingIfNeeded: m % 10) + .zero
                    m /= 10
                    count += 1
                }
                out.append(contentsOf: buf[(16 - count)...])
            }
            return
        }
        var text = d.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    public static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(.quote)
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { buf in
            writeEscaped(buf, into: &out)
        }
        if done == nil {
            let copy = Array(s.utf8)
            copy.withUnsafeBufferPointer { writeEscaped($0, into: &out) }
        }
        out.append(.quote)
    }

    public static func writeEscaped(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var runStart = 0
        while case let index = text.firstJSONStringSpecial(from: runStart), index < text.count {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            runStart = index + 1
            out.append(.backslash)
            let byte = text[index]
            if let letter = escapeLetter(byte) {
                out.append(letter)
            } else {
                out.append(contentsOf: [UInt8(ascii: "u"), .zero, .zero, hexDigit(byte >> 4), hexDigit(byte & 0xF)])
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
    }

    /// What follows the backslash that escapes `byte` (a quote, a backslash or a control
    /// character): its letter (`n` for a line feed), or nil when it is written `u00` and two hex digits.
    public static func escapeLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case .quote, .backslash: byte
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        case .lineFeed: UInt8(ascii: "n")
        case .carriageReturn: UInt8(ascii: "r")
        case .tab: UInt8(ascii: "t")
        default: nil
        }
    }

    /// The lower-case hex digit of a value below 16.
    public static func hexDigit(_ value: UInt8) -> UInt8 { hexDigits.utf8Start[Int(value)] }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text.
    public var jsonText: String { JSONWriter.string(self) }

    /// JSON text indented by 2 spaces.
    public var prettyJSONText: String { JSONWriter.string(self, pretty: true) }

    /// Compact JSON text.
    public var description: String { jsonText }
}

extension JSONObject: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { JSONWriter.string(.object(self)) }
}
