import Testing

@_spi(VouchInternal) import VouchBase

/// A checked record's strings are written eight bytes at a time, each word stored whole before it
/// is known to hold nothing to escape: what comes out must be what ``JSONWriter`` writes, byte for
/// byte, wherever the special bytes fall, however the output is aligned, however full it is.
@Suite("Writing a JSON string into a byte buffer")
struct JSONStringAppendTests {
    static func expected(_ bytes: [UInt8], after prefix: [UInt8]) -> [UInt8] {
        var output = prefix
        output.append(.quote)
        bytes.withUnsafeBufferPointer { JSONWriter.writeEscaped($0, into: &output) }
        output.append(.quote)
        return output
    }

    static func written(_ bytes: [UInt8], after prefix: [UInt8], capacity: Int) -> [UInt8] {
        var buffer = ByteBuffer(capacity: capacity)
        buffer.append(contentsOf: prefix)
        bytes.withUnsafeBufferPointer { buffer.appendJSONString($0) }
        return buffer.array
    }

    @Test("agrees with JSONWriter", arguments: [UInt8.quote, .backslash, 0x00, 0x01, 0x1F, .lineFeed, .tab, nil])
    func agrees(special: UInt8?) {
        JSONStringSubjects.each(lengths: 0...34, special: special) { bytes, subject in
            for prefixLength in [0, 1, 7, 8, 63] {
                let prefix = [UInt8](repeating: UInt8(ascii: "p"), count: prefixLength)
                // A buffer just large enough for the prefix (so that it grows), and a roomy one.
                for capacity in [max(prefixLength, 1), 4096] {
                    #expect(
                        Self.written(bytes, after: prefix, capacity: capacity) == Self.expected(bytes, after: prefix),
                        "\(subject), after \(prefixLength) bytes")
                }
            }
        }
    }

    @Test("text made only of bytes to escape, each escape growing the output past its first room")
    func allSpecial() {
        for length in [1, 7, 8, 9, 16, 100, 1000] {
            let specials: [UInt8] = [0x00, .quote, .backslash, 0x1F, .lineFeed]
            let bytes = (0..<length).map { specials[$0 % specials.count] }
            #expect(Self.written(bytes, after: [], capacity: 1) == Self.expected(bytes, after: []), "length \(length)")
        }
    }

    @Test("text that ends at a word's end, with and without a special byte in its last word")
    func wordEnds() {
        for words in 1...4 {
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8 * words)
            #expect(Self.written(bytes, after: [], capacity: 1) == Self.expected(bytes, after: []))
            var last = bytes
            last[last.count - 1] = .quote
            #expect(Self.written(last, after: [], capacity: 1) == Self.expected(last, after: []))
        }
    }
}
