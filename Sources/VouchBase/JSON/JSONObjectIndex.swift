#if canImport(Glibc)
    import Glibc
#endif

/// The members of a JSON object and where each one's value lies in the text, found without
/// reading the values: for a large document of which only a few members are needed (the phone
/// plans), each read with ``JSONParser`` when asked for.
///
/// The scan checks the object's outline (keys, colons, commas, balanced brackets, closed
/// strings); a value's own errors are found when it is read.
@_spi(VouchInternal) public struct JSONObjectIndex: Sendable {
    /// The members in the order of the text: the key, and the byte range of the value.
    public let members: [(key: String, value: Range<Int>)]

    /// Indexes the object that `range` of `bytes` holds (with white space around it).
    public init(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) throws(JSONParseError) {
        var scanner = Scanner(bytes: bytes, position: range.lowerBound, end: range.upperBound)
        var members: [(key: String, value: Range<Int>)] = []
        scanner.skipSpace()
        try scanner.expect(UInt8(ascii: "{"), "expected '{' to open an object")
        scanner.skipSpace()
        if scanner.peek == UInt8(ascii: "}") {
            scanner.position += 1
        } else {
            while true {
                scanner.skipSpace()
                guard scanner.peek == UInt8(ascii: "\"") else { throw scanner.error("expected a key in quotes") }
                let keyStart = scanner.position
                try scanner.skipString()
                let key: String
                do {
                    guard let text = try JSONParser().parse(UnsafeBufferPointer(rebasing: bytes[keyStart..<scanner.position])).stringValue
                    else { throw scanner.error("expected a key in quotes") }
                    key = text
                } catch let error as JSONParseError {
                    throw scanner.error("a key is not valid: \(error.message)", at: keyStart)
                } catch {
                    throw scanner.error("a key is not valid", at: keyStart)
                }
                scanner.skipSpace()
                try scanner.expect(UInt8(ascii: ":"), "expected ':' after a key")
                scanner.skipSpace()
                let valueStart = scanner.position
                try scanner.skipValue()
                members.append((key, valueStart..<scanner.position))
                scanner.skipSpace()
                if scanner.peek == UInt8(ascii: ",") {
                    scanner.position += 1
                    continue
                }
                try scanner.expect(UInt8(ascii: "}"), "expected ',' or '}' after an object member")
                break
            }
        }
        scanner.skipSpace()
        guard scanner.position == scanner.end else { throw scanner.error("expected the end after the object") }
        self.members = members
    }

    /// Moves over the text byte by byte, knowing only strings and brackets.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int
        let end: Int

        var peek: UInt8? { position < end ? bytes[position] : nil }

        mutating func skipSpace() {
            while position < end, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
                position += 1
            }
        }

        mutating func expect(_ byte: UInt8, _ message: String) throws(JSONParseError) {
            guard peek == byte else { throw error(message) }
            position += 1
        }

        /// From an opening quote to past its closing one.
        mutating func skipString() throws(JSONParseError) {
            let start = position
            position += 1
            while position < end {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    position += 1
                    return
                case UInt8(ascii: "\\"): position += 2
                default: position += 1
                }
            }
            throw error("a string has no closing quote", at: start)
        }

        /// One value: a string, an object or array with all it holds, or a number or literal.
        mutating func skipValue() throws(JSONParseError) {
            guard let first = peek else { throw error("expected a value") }
            switch first {
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                // The bytes of a large value are most of the text: read through a pointer, a
                // string at a time.
                let start = position
                guard let base = bytes.baseAddress else { break }
                var at = position
                var depth = 0
                while at < end {
                    let byte = base[at]
                    at += 1
                    if byte == UInt8(ascii: "\"") {
                        at = Self.stringEnd(base, from: at, end: end)
                    } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 {
                            position = at
                            return
                        }
                    }
                }
                throw error("an object or array is not closed", at: start)
            default:
                let start = position
                while position < end, !Self.endsScalar(bytes[position]) { position += 1 }
                guard position > start else { throw error("expected a value") }
            }
        }

        /// Past the quote that closes a string whose text starts at `start`; `end` when none does.
        /// (memchr finds each quote; one after an odd number of backslashes is escaped.)
        private static func stringEnd(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
            var at = start
            while at < end {
                guard let quote = memchr(base + at, Int32(UInt8(ascii: "\"")), end - at) else { return end }
                let position = base.distance(to: quote.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while position - backslashes > start, base[position - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes % 2 == 0 { return position + 1 }
                at = position + 1
            }
            return end
        }

        private static func endsScalar(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: true
            default: false
            }
        }

        func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
            let offset = min(offset ?? position, end)
            var line = 1
            var lineStart = 0
            for index in 0..<offset where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            let column = 1 + bytes[lineStart..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            return JSONParseError(message: message, line: line, column: column, offset: offset)
        }
    }
}
