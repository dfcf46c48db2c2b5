import CByteScan

#if canImport(Glibc)
    import Glibc
#endif

/// What the checking path asks of a value's UTF-8 bytes before it takes a fast path.
extension ByteText {
    /// Whether every scalar is ASCII or in U+00A1...U+02FF (Latin letters, signs and modifiers).
    ///
    /// None of those is white space, and none joins its neighbour into one user-perceived
    /// character, so in such text characters are scalars (CR LF aside), and white space is ASCII.
    @inlinable public var isSimpleText: Bool {
        var index = 0
        while index < count {
            // ASCII eight bytes at a time.
            if index + 8 <= count, asciiWord(at: index) != nil {
                index += 8
                continue
            }
            guard let length = simpleScalarLength(at: index) else { return false }
            index += length
        }
        return true
    }

    /// The length of the scalar at `index` when it is ASCII (1) or in U+00A1...U+02FF (2); nil
    /// for any other.
    @inline(__always)
    @inlinable public func simpleScalarLength(at index: Int) -> Int? {
        let byte = self[index]
        if byte < 0x80 { return 1 }
        switch byte {
        case 0xC2: return index + 1 < count && self[index + 1] >= 0xA1 ? 2 : nil
        case 0xC3...0xCB: return 2
        default: return nil
        }
    }

    /// The number of user-perceived characters of simple text (see ``isSimpleText``): scalars,
    /// with CR LF counted once; nil for text that is not simple.
    @inlinable public var simpleTextCharacterCount: Int? {
        var characters = 0
        var previous: UInt8 = 0
        var index = 0
        while index < count {
            // Eight ASCII bytes without a carriage return, not after one: eight characters.
            if index + 8 <= count, previous != .carriageReturn, let word = asciiWord(at: index), !word.hasASCIICarriageReturn {
                characters += 8
                previous = self[index + 7]
                index += 8
                continue
            }
            // The last ASCII bytes, fewer than eight, as one shorter word.
            if index + 8 > count, previous != .carriageReturn {
                let word = word(at: index, length: count - index)
                if word & 0x8080_8080_8080_8080 == 0, !word.hasASCIICarriageReturn { return characters + count - index }
            }
            guard let length = simpleScalarLength(at: index) else { return nil }
            let byte = self[index]
            if !(byte == .lineFeed && previous == .carriageReturn) { characters += 1 }
            previous = byte
            index += length
        }
        return characters
    }

    /// The bytes without ASCII white space at either end.
    @inlinable public var trimmingASCIIWhitespace: ByteText {
        var start = 0
        var end = count
        while start < end, self[start].isASCIIWhitespace { start += 1 }
        while end > start, self[end - 1].isASCIIWhitespace { end -= 1 }
        return ByteText(rebasing: self[start..<end])
    }

    /// The index of the first byte from `start` on that a JSON string cannot hold as it is: a
    /// quote, a backslash or a control character (below 0x20); `count` when there is none.
    /// Sixteen bytes are tested at a time on vectors (SSE2), then eight at a time.
    @inline(__always)
    @inlinable public func firstJSONStringSpecial(from start: Int) -> Int {
        withUnsafeBufferPointer { buffer in Self.firstJSONStringSpecial(in: buffer, from: start) }
    }

    @inline(__always)
    @inlinable static func firstJSONStringSpecial(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = buffer.baseAddress else { return buffer.count }
        let count = buffer.count
        // Sixteen bytes at a time on vectors while sixteen are left, then eight at a time.
        var index = vouch_first_json_special16(base, start, count)
        if index < count && JSONStringSpecials.isSpecial(base[index]) { return index }
        while index + 8 <= count {
            let found = JSONStringSpecials.flags(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if found != 0 { return index + JSONStringSpecials.firstPlace(found) }
            index += 8
        }
        while index < count {
            if JSONStringSpecials.isSpecial(base[index]) { return index }
            index += 1
        }
        return count
    }

    /// The index of the first `byte` from `start` on (`memchr`), `count` when there is none.
    @inlinable public func firstIndex(of byte: UInt8, from start: Int) -> Int {
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, start < buffer.count, let found = memchr(base + start, Int32(byte), buffer.count - start)
            else { return buffer.count }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Calls `body` with the bytes that `isIncluded` keeps, in order, gathered in temporary
    /// memory (on the stack when they are few), so that nothing is allocated.
    @inline(__always)
    @inlinable public func withFiltered<R>(_ isIncluded: (UInt8) -> Bool, _ body: (ByteText) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            var kept = 0
            for byte in self where isIncluded(byte) {
                buffer[kept] = byte
                kept += 1
            }
            return body(ByteText(unsafeBuffer: UnsafeBufferPointer(rebasing: buffer[..<kept])))
        }
    }

    /// The runs between each `separator`, empty ones included (`a..b` has three), without
    /// making an array of them.
    @inlinable public func parts(separatedBy separator: UInt8) -> BytePartIterator {
        BytePartIterator(bytes: self, separator: separator)
    }

    /// Whether both runs hold the same bytes, compared as bytes, not as a generic collection.
    /// Texts of up to 32 bytes, as most values are, are compared in loads of four or eight bytes
    /// (which may overlap) where they are; longer ones by `memcmp`.
    @inlinable public func hasSameBytes(as other: ByteText) -> Bool {
        let count = buffer.count
        guard count == other.buffer.count else { return false }
        guard count > 0 else { return true }
        let a = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped)
        let b = UnsafeRawPointer(other.buffer.baseAddress.unsafelyUnwrapped)
        if count >= 8 {
            guard count <= 32 else { return memcmp(a, b, count) == 0 }
            let last = count &- 8
            var differ =
                (a.loadUnaligned(as: UInt64.self) ^ b.loadUnaligned(as: UInt64.self))
                | (a.loadUnaligned(fromByteOffset: last, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: last, as: UInt64.self))
            if count > 16 {
                differ |= a.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                differ |=
                    a.loadUnaligned(fromByteOffset: last &- 8, as: UInt64.self)
                    ^ b.loadUnaligned(fromByteOffset: last &- 8, as: UInt64.self)
            }
            return differ == 0
        }
        if count >= 4 {
            let last = count &- 4
            return (a.loadUnaligned(as: UInt32.self) ^ b.loadUnaligned(as: UInt32.self))
                | (a.loadUnaligned(fromByteOffset: last, as: UInt32.self) ^ b.loadUnaligned(fromByteOffset: last, as: UInt32.self)) == 0
        }
        let first = a.load(as: UInt8.self) ^ b.load(as: UInt8.self)
        let middle = a.load(fromByteOffset: count >> 1, as: UInt8.self) ^ b.load(fromByteOffset: count >> 1, as: UInt8.self)
        let end = a.load(fromByteOffset: count &- 1, as: UInt8.self) ^ b.load(fromByteOffset: count &- 1, as: UInt8.self)
        return first | middle | end == 0
    }

    /// Whether the bytes are those of `literal`.
    @inlinable public func hasSameBytes(as literal: StaticString) -> Bool {
        hasSameBytes(as: ByteText(unsafeBuffer: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)))
    }
}

/// The same questions of bytes that the checking path and the JSON layer hold as buffers.
@_spi(VouchInternal) extension UnsafeBufferPointer<UInt8> {
    /// See ``ByteText/firstJSONStringSpecial(from:)``.
    @inline(__always)
    @inlinable public func firstJSONStringSpecial(from start: Int) -> Int {
        ByteText(unsafeBuffer: self).firstJSONStringSpecial(from: start)
    }

    /// See ``ByteText/hasSameBytes(as:)-(ByteText)``.
    @inline(__always)
    @inlinable public func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteText(unsafeBuffer: self).hasSameBytes(as: ByteText(unsafeBuffer: other))
    }

    /// The bytes as a `String` (they are valid UTF-8).
    @inlinable public var string: String { String(decoding: self, as: UTF8.self) }
}

/// The parts of a run of bytes between separators, one after another (see
/// ``ByteText/parts(separatedBy:)``).
@_spi(VouchInternal) public struct BytePartIterator: Sequence, IteratorProtocol {
    public let bytes: ByteText
    public let separator: UInt8
    @usableFromInline var start = 0
    @usableFromInline var done = false

    @inlinable public init(bytes: ByteText, separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
    }

    @inlinable public mutating func next() -> Slice<ByteText>? {
        guard !done else { return nil }
        var end = start
        while end < bytes.count && bytes[end] != separator { end += 1 }
        defer { start = end + 1 }
        if end == bytes.count { done = true }
        return bytes[start..<end]
    }
}
