#if canImport(Glibc)
    import Glibc
#endif

/// Keys (field names, region codes) by their UTF-8 bytes: a look-up of bytes without making a
/// `String` of them.
@_spi(VouchInternal) public final class ByteKeyTable: Sendable {
    /// The names' bytes, one after another, and where each is.
    @usableFromInline let bytes: UncountedArray<UInt8>
    @usableFromInline let ranges: UncountedArray<Range<Int>>
    /// Each name of up to eight bytes as one word (``ByteText/word(at:length:)``); 0 for a longer
    /// one, which is compared by its bytes.
    @usableFromInline let words: UncountedArray<UInt64>
    /// Open addressing: slot to index + 1 (0 for an empty slot).
    @usableFromInline let slots: UncountedArray<Int32>
    @usableFromInline let mask: Int

    public init(_ names: [String]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        var words: [UInt64] = []
        for name in names {
            let start = bytes.count
            bytes += name.utf8
            ranges.append(start..<bytes.count)
            words.append(Array(name.utf8).withUnsafeBufferPointer { Self.word($0) ?? 0 })
        }
        // At most a quarter full, so that a look-up mostly finds its key, or an empty slot, first.
        var size = 8
        while size < names.count * 4 { size <<= 1 }
        var slots = [Int32](repeating: 0, count: size)
        for (index, name) in names.enumerated() {
            var slot = Array(name.utf8).withUnsafeBufferPointer(Self.hash) & (size - 1)
            // A name given twice keeps its last index, as a dictionary would.
            while slots[slot] != 0 && names[Int(slots[slot]) - 1] != name { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index + 1)
        }
        self.bytes = UncountedArray(bytes)
        self.ranges = UncountedArray(ranges)
        self.words = UncountedArray(words)
        self.slots = UncountedArray(slots)
        self.mask = size - 1
    }

    deinit {
        bytes.free()
        ranges.free()
        words.free()
        slots.free()
    }

    /// The index of `key`, or nil; `expected` is tried first (records tend to list their keys in
    /// the same order).
    @inline(__always)
    @inlinable public func index(of key: UnsafeBufferPointer<UInt8>, expected: Int) -> Int? {
        if expected < ranges.count, isName(expected, key) { return expected }
        return index(of: key)
    }

    /// The bytes of the name at `index`.
    @inlinable func name(_ index: Int) -> ByteText {
        ByteText(unsafeBuffer: UnsafeBufferPointer(rebasing: bytes.buffer[ranges[index]]))
    }

    /// The name at `index`, as a `String`.
    public func name(at index: Int) -> String { name(index).string }

    /// The index of `key` among the names the table was made from, or nil.
    @inlinable public func index(of key: ByteText) -> Int? {
        key.withUnsafeBufferPointer { index(of: $0) }
    }

    /// The index of `key` among the names the table was made from, or nil. A key of up to eight
    /// bytes (a code, most names) is read and compared as one word.
    @inlinable public func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let word = Self.word(key) else {
            var slot = Self.fnv1a(key) & mask
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                if isName(entry - 1, key) { return entry - 1 }
                slot = (slot + 1) & mask
            }
        }
        var slot = Self.hash(word, count: key.count) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if words[entry - 1] == word && ranges[entry - 1].count == key.count { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Whether the name at `index` has the bytes of `key`: lengths first, then a key of up to
    /// eight bytes as one word, of up to sixteen as two, a longer one by `memcmp`.
    @inline(__always)
    @inlinable func isName(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = ranges[index]
        guard range.count == key.count else { return false }
        if key.count <= 8 { return key.isEmpty || words[index] == ByteText(unsafeBuffer: key).word(at: 0, length: key.count) }
        guard key.count <= 16 else { return name(index).hasSameBytes(as: ByteText(unsafeBuffer: key)) }
        // Nine to sixteen bytes: the first word and the last, which may overlap.
        let name = UnsafeRawPointer(bytes.buffer.baseAddress.unsafelyUnwrapped + range.lowerBound)
        let other = UnsafeRawPointer(key.baseAddress.unsafelyUnwrapped)
        let last = key.count &- 8
        return name.loadUnaligned(as: UInt64.self) == other.loadUnaligned(as: UInt64.self)
            && name.loadUnaligned(fromByteOffset: last, as: UInt64.self) == other.loadUnaligned(fromByteOffset: last, as: UInt64.self)
    }

    /// A key of up to eight bytes as one word, the first byte lowest; nil for a longer key.
    @inline(__always)
    @inlinable static func word(_ key: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard key.count <= 8 else { return nil }
        return key.isEmpty ? 0 : ByteText(unsafeBuffer: key).word(at: 0, length: key.count)
    }

    /// A key's slot before the mask: a key of up to eight bytes by its word (``word(_:)``), a
    /// longer one by FNV-1a.
    @inlinable static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        guard let word = word(key) else { return fnv1a(key) }
        return hash(word, count: key.count)
    }

    /// The slot before the mask of a key of `count` bytes up to eight, read as `word`: one
    /// multiplication, its high half.
    @inline(__always)
    @inlinable static func hash(_ word: UInt64, count: Int) -> Int {
        Int(truncatingIfNeeded: ((word &+ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    /// FNV-1a.
    @inlinable static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ hash >> 32)
    }
}
