/// Up to 32 ASCII digits, kept inline: the digits of a phone number while it is read, without a
/// heap allocation. A phone number has at most 17 national digits; with an international prefix,
/// a country code and a national prefix around them, 32 is more than any real number needs.
struct PhoneDigits {
    static let capacity = 32

    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var storedCount: UInt8 = 0

    var count: Int { Int(storedCount) }

    init() {}

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = min(bytes.count, Self.capacity)
        guard count > 0, let base = bytes.baseAddress else { return }
        withUnsafeMutableBytes(of: &storage) { $0.baseAddress!.copyMemory(from: base, byteCount: count) }
        storedCount = UInt8(count)
    }

    /// The ASCII digits of `text`, as far as they fit.
    init(_ text: String) {
        for byte in text.utf8 { append(byte) }
    }

    var isFull: Bool { count == Self.capacity }

    /// Appends a digit; one past the capacity is dropped (callers check ``isFull`` first).
    mutating func append(_ digit: UInt8) {
        guard count < Self.capacity else { return }
        let index = count
        withUnsafeMutableBytes(of: &storage) { $0[index] = digit }
        storedCount += 1
    }

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withUnsafeBytes(of: storage) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }
}
