import Testing

@_spi(VouchInternal) @testable import VouchBase

/// A short run of bytes (up to 64) is appended as words that may overlap, a longer one by
/// `memmove`, a key as two words of 16 bytes, and a text with nothing to escape between quotes as
/// `appendJSONString` writes it: every length, after every number of bytes already there, with a
/// buffer that grows and one that has room.
@Suite("Appending bytes to a byte buffer")
struct ByteBufferAppendTests {
    /// Appends with `append` each length up to `count` after each number of bytes up to 9 already
    /// there, in a buffer of `capacity`, then one byte more: the buffer must hold the bytes before,
    /// those `expected` gives for the length, and that byte.
    private func checkEveryPlacement(
        capacity: Int, count: Int, append: (inout ByteBuffer, Int) -> Void, expected: (Int) -> [UInt8]
    ) {
        for before in 0..<10 {
            for length in 0...count {
                var buffer = ByteBuffer(capacity: capacity)
                for _ in 0..<before { buffer.append(UInt8(0xEE)) }
                append(&buffer, length)
                buffer.append(UInt8(0xFF))
                #expect(buffer.array == Array(repeating: 0xEE, count: before) + expected(length) + [0xFF], "\(before) \(length)")
            }
        }
    }

    @Test("the bytes appended, and nothing past them", arguments: [1, 256])
    func lengths(capacity: Int) {
        let source = (0..<70).map { UInt8($0 + 1) }
        checkEveryPlacement(capacity: capacity, count: source.count) { buffer, length in
            source.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<length])) }
        } expected: {
            Array(source[..<$0])
        }
    }

    @Test("a text between quotes, as it is", arguments: [1, 256])
    func quoted(capacity: Int) {
        let source = (0..<70).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        checkEveryPlacement(capacity: capacity, count: source.count) { buffer, length in
            source.withUnsafeBufferPointer { buffer.appendQuoted(UnsafeBufferPointer(rebasing: $0[..<length])) }
        } expected: { length in
            var escaped = ByteBuffer()
            source.withUnsafeBufferPointer { escaped.appendJSONString(UnsafeBufferPointer(rebasing: $0[..<length])) }
            return escaped.array
        }
    }

    @Test("a prefix of 32 bytes read as two words: its bytes, and nothing past them counted", arguments: [1, 256])
    func prefix(capacity: Int) {
        let source = (0..<32).map { UInt8($0 + 1) }
        checkEveryPlacement(capacity: capacity, count: source.count) { buffer, length in
            buffer.reserve(32)
            source.withUnsafeBufferPointer { buffer.appendUnchecked(prefix: length, of: $0.baseAddress!) }
        } expected: {
            Array(source[..<$0])
        }
    }

    @Test("room reserved for a size known ahead: that much, the bytes kept, and appends after it as before")
    func reservedCapacity() {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(1000)
        #expect(buffer.capacity == 1000 && buffer.isEmpty)
        for byte in 0..<100 { buffer.append(UInt8(byte)) }
        buffer.reserveCapacity(500)
        #expect(buffer.capacity == 1000, "never less room than there is")
        buffer.reserveCapacity(1500)
        #expect(buffer.capacity == 1500 && buffer.array == (0..<100).map { UInt8($0) })
        for byte in 100..<1600 { buffer.append(UInt8(truncatingIfNeeded: byte)) }
        #expect(buffer.array == (0..<1600).map { UInt8(truncatingIfNeeded: $0) })
    }
}
