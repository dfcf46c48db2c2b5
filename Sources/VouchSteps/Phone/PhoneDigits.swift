@_spi(VouchInternal) import VouchBase

/// Up to 32 ASCII digits, kept inline: the digits of a phone number while it is read, without a
/// heap allocation. A phone number has at most 17 national digits; with an international prefix,
/// a country code and a national prefix around them, 32 is more than any real number needs.
struct PhoneDigits: Sendable, Hashable, ByteSink {
    static let capacity = 32

    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var storedCount: UInt8 = 0

    var count: Int { Int(storedCount) }

    init() {}

    /// `bytes`, as far as they fit: read and stored a word at a time (the bytes past them stay 0).
    init(_ bytes: ByteText) {
        let count = Swift.min(bytes.count, Self.capacity)
        withUnsafeMutableBytes(of: &storage) { words in
            var index = 0
            while index < count {
                let word = bytes.word(at: index, length: Swift.min(8, count &- index))
                words.storeBytes(of: word.littleEndian, toByteOffset: index, as: UInt64.self)
                index &+= 8
            }
        }
        storedCount = UInt8(count)
    }

    /// The bytes of `text`, as far as they fit.
    init(_ text: String) {
        var text = text
        self = text.withByteText { PhoneDigits($0) }
    }

    var isFull: Bool { count == Self.capacity }

    /// Appends a digit; one past the capacity is dropped (callers check ``isFull`` first).
    mutating func append(_ digit: UInt8) {
        guard count < Self.capacity else { return }
        let index = count
        withUnsafeMutableBytes(of: &storage) { $0[index] = digit }
        storedCount += 1
    }

    /// Appends `bytes`, as far as they fit.
    mutating func append(contentsOf bytes: ByteText) {
        let added = min(bytes.count, Self.capacity - count)
        guard added > 0 else { return }
        let start = count
        bytes.withUnsafeBufferPointer { source in
            withUnsafeMutableBytes(of: &storage) {
                $0.baseAddress!.advanced(by: start).copyMemory(from: source.baseAddress!, byteCount: added)
            }
        }
        storedCount += UInt8(added)
    }

    /// Calls `body` with the storage (room for ``capacity`` bytes) and the count, for a loop that
    /// appends many digits: the storage is not copied at each one.
    mutating func withStorage<R>(_ body: (UnsafeMutablePointer<UInt8>, inout Int) throws -> R) rethrows -> R {
        var count = self.count
        defer { storedCount = UInt8(count) }
        return try withUnsafeMutableBytes(of: &storage) { try body($0.baseAddress!.assumingMemoryBound(to: UInt8.self), &count) }
    }

    func withBytes<R>(_ body: (ByteText) throws -> R) rethrows -> R {
        try withUnsafeBytes(of: storage) { raw in
            try body(ByteText(unsafeBuffer: UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)))
        }
    }

    var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    // Bytes past the count are always zero, so the stored words compare and hash the digits.
    static func == (lhs: PhoneDigits, rhs: PhoneDigits) -> Bool {
        lhs.storedCount == rhs.storedCount && lhs.storage.0 == rhs.storage.0 && lhs.storage.1 == rhs.storage.1
            && lhs.storage.2 == rhs.storage.2 && lhs.storage.3 == rhs.storage.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(storedCount)
        hasher.combine(storage.0)
        hasher.combine(storage.1)
        hasher.combine(storage.2)
        hasher.combine(storage.3)
    }
}
