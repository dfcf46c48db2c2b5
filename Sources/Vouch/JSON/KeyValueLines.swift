/// The `"key": value` lines of a JSON file laid out one member a line, as the data files of
/// `Sources/VouchData` are: each line's number, indentation, key and value (the trailing comma
/// left out), so that a reader can find the members it wants and parse only their values. Lines
/// without a key (the braces) are skipped.
struct KeyValueLines: Sequence, IteratorProtocol {
    struct Line {
        /// The line's number, from 1.
        let number: Int
        /// How many spaces come before the key.
        let indent: Int
        /// The key's bytes, between its quotes (a key with escapes is not expected).
        let key: Range<Int>
        /// The value's bytes, up to a trailing comma.
        let value: Range<Int>
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var lineStart = 0
    private var lineNumber = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func next() -> Line? {
        while lineStart < bytes.count {
            lineNumber += 1
            let lineEnd = bytes.firstIndex(of: .lineFeed, from: lineStart)
            defer { lineStart = lineEnd + 1 }
            var keyStart = lineStart
            while keyStart < lineEnd, bytes[keyStart] == .space { keyStart += 1 }
            guard keyStart < lineEnd, bytes[keyStart] == .quote else { continue }
            let keyEnd = bytes.firstIndex(of: .quote, from: keyStart + 1)
            guard keyEnd + 2 < lineEnd, bytes[keyEnd + 1] == .colon else { continue }
            var valueEnd = lineEnd
            if bytes[valueEnd - 1] == .comma { valueEnd -= 1 }
            return Line(number: lineNumber, indent: keyStart - lineStart, key: (keyStart + 1)..<keyEnd, value: (keyEnd + 2)..<valueEnd)
        }
        return nil
    }
}
