/// A growable run of bytes that the checking path writes into and reuses from record to record.
///
/// Unlike `[UInt8]` it cannot be copied, so an append never checks whether its storage is shared,
/// and emptying it keeps its memory. Views of its bytes (``bytes``, ``subscript(_:)-(PartialRangeFrom<Int>)``)
/// are valid until the next change.
@_spi(VouchInternal) public struct ByteBuffer: ~Copyable {
    /// Nil until the first byte is written: an empty buffer costs nothing to make.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>?
    /// The number of bytes written, which ``count`` reads.
    @usableFromInline var used = 0
    @usableFromInline var capacity = 0

    /// An empty buffer, with no memory yet.
    @inlinable public init() {}

    /// An empty buffer with room for `capacity` bytes.
    @inlinable public init(capacity: Int) { grow(to: capacity) }

    deinit { base?.deallocate() }

    @inlinable public var count: Int { used }

    @inlinable public var isEmpty: Bool { used == 0 }

    /// The bytes written so far; valid until the buffer next changes.
    @inlinable public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// A view of the bytes written so far, as steps read them; valid until the buffer next changes.
    @inlinable public var text: ByteText { ByteText(unsafeBuffer: bytes) }

    /// Calls `body` with a view of the bytes written so far.
    @inlinable public func withText<R, E: Error>(_ body: (ByteText) throws(E) -> R) throws(E) -> R { try body(text) }

    /// A view of the bytes from `start` on, as steps read them; valid until the buffer next changes.
    @inlinable public func text(from start: Int) -> ByteText { ByteText(unsafeBuffer: self[start...]) }

    /// The last byte, if any.
    @inlinable public var last: UInt8? { count > 0 ? base![count - 1] : nil }

    @inlinable public subscript(index: Int) -> UInt8 {
        get {
            precondition(index >= 0 && index < count, "index out of range")
            return base![index]
        }
        set {
            precondition(index >= 0 && index < count, "index out of range")
            base![index] = newValue
        }
    }

    /// The bytes from `range.lowerBound` on; valid until the buffer next changes.
    @inlinable public subscript(range: PartialRangeFrom<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.lowerBound <= count, "index out of range")
        return UnsafeBufferPointer(start: base.map { $0 + range.lowerBound }, count: count - range.lowerBound)
    }

    /// The bytes in `range`; valid until the buffer next changes.
    @inlinable public subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "index out of range")
        return UnsafeBufferPointer(start: base.map { $0 + range.lowerBound }, count: range.count)
    }

    /// Makes sure of room for `count` bytes more, so that the unchecked appends that follow
    /// (``appendUnchecked(_:)-(UInt8)`` and the like), up to that many bytes in all, need not
    /// check for it.
    @inline(__always)
    @inlinable public mutating func reserve(_ count: Int) {
        if used &+ count > capacity { grow(to: used + count) }
    }

    @inline(__always)
    @inlinable public mutating func append(_ byte: UInt8) {
        reserve(1)
        appendUnchecked(byte)
    }

    /// Appends `byte` in the room made sure of by ``reserve(_:)``.
    @inline(__always)
    @inlinable public mutating func appendUnchecked(_ byte: UInt8) {
        assert(used < capacity, "no room reserved")
        base.unsafelyUnwrapped[used] = byte
        used &+= 1
    }

    /// Appends `bytes`: up to 64 of them (a key, a literal, a short value) as words that may
    /// overlap, more by `memmove`.
    @inline(__always)
    @inlinable public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        appendUnchecked(contentsOf: bytes)
    }

    /// Appends `bytes` in the room made sure of by ``reserve(_:)``.
    @inline(__always)
    @inlinable public mutating func appendUnchecked(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        assert(used + length <= capacity, "no room reserved")
        Self.copy(source, length, to: base.unsafelyUnwrapped + used)
        used &+= length
    }

    /// Appends the first `count` bytes of `source`, at most 32, as two words of 16 bytes: `source`
    /// must have 32 bytes to read, and the room made sure of by ``reserve(_:)`` be 32 bytes at
    /// least (what lies past the `count` bytes is written and not counted).
    @inline(__always)
    @inlinable public mutating func appendUnchecked(prefix count: Int, of source: UnsafePointer<UInt8>) {
        assert(count <= 32 && used + 32 <= capacity, "no room reserved")
        let words = (
            UnsafeRawPointer(source).loadUnaligned(as: SIMD16<UInt8>.self),
            UnsafeRawPointer(source).loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        )
        let target = UnsafeMutableRawPointer(base.unsafelyUnwrapped + used)
        target.storeBytes(of: words.0, as: SIMD16<UInt8>.self)
        target.storeBytes(of: words.1, toByteOffset: 16, as: SIMD16<UInt8>.self)
        used &+= count
    }

    /// Appends `text` between quotes, as it is: what ``appendJSONString(_:)-(UnsafeBufferPointer<UInt8>)``
    /// writes of a text that holds nothing a JSON string escapes (no quote, backslash nor control
    /// character), which the caller knows of it.
    @inline(__always)
    @inlinable public mutating func appendQuoted(_ text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count &+ 2)
        appendQuotedUnchecked(text)
    }

    /// ``appendQuoted(_:)`` in the room made sure of by ``reserve(_:)``.
    @inline(__always)
    @inlinable public mutating func appendQuotedUnchecked(_ text: UnsafeBufferPointer<UInt8>) {
        let length = text.count
        assert(used + length + 2 <= capacity, "no room reserved")
        let target = base.unsafelyUnwrapped + used
        target.pointee = .quote
        if let source = text.baseAddress, length > 0 { Self.copy(source, length, to: target + 1) }
        target[length &+ 1] = .quote
        used &+= length &+ 2
    }

    /// Copies `length` bytes (at least one) from `source` to `target`: up to 64 as words that may
    /// overlap (every byte read before any is written), more by `memmove`.
    @inline(__always)
    @inlinable static func copy(_ source: UnsafePointer<UInt8>, _ length: Int, to target: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeRawPointer(source)
        let output = UnsafeMutableRawPointer(target)
        if length > 16 && length <= 32 {
            let words = (
                raw.loadUnaligned(as: SIMD16<UInt8>.self), raw.loadUnaligned(fromByteOffset: length &- 16, as: SIMD16<UInt8>.self)
            )
            output.storeBytes(of: words.0, as: SIMD16<UInt8>.self)
            output.storeBytes(of: words.1, toByteOffset: length &- 16, as: SIMD16<UInt8>.self)
        } else if length >= 8 && length <= 16 {
            let words = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self))
            output.storeBytes(of: words.0, as: UInt64.self)
            output.storeBytes(of: words.1, toByteOffset: length &- 8, as: UInt64.self)
        } else if length > 32 && length <= 64 {
            let words = (
                raw.loadUnaligned(as: SIMD16<UInt8>.self), raw.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self),
                raw.loadUnaligned(fromByteOffset: length &- 32, as: SIMD16<UInt8>.self),
                raw.loadUnaligned(fromByteOffset: length &- 16, as: SIMD16<UInt8>.self)
            )
            output.storeBytes(of: words.0, as: SIMD16<UInt8>.self)
            output.storeBytes(of: words.1, toByteOffset: 16, as: SIMD16<UInt8>.self)
            output.storeBytes(of: words.2, toByteOffset: length &- 32, as: SIMD16<UInt8>.self)
            output.storeBytes(of: words.3, toByteOffset: length &- 16, as: SIMD16<UInt8>.self)
        } else if length >= 4 && length < 8 {
            let words = (raw.loadUnaligned(as: UInt32.self), raw.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self))
            output.storeBytes(of: words.0, as: UInt32.self)
            output.storeBytes(of: words.1, toByteOffset: length &- 4, as: UInt32.self)
        } else if length < 4 {
            // One to three bytes: the first, the middle and the last (some of them the same).
            let bytes = (source[0], source[length &>> 1], source[length &- 1])
            target[0] = bytes.0
            target[length &>> 1] = bytes.1
            target[length &- 1] = bytes.2
        } else {
            target.update(from: source, count: length)
        }
    }

    @inlinable public mutating func append(contentsOf bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        append(contentsOf: UnsafeBufferPointer(rebasing: bytes))
    }

    @inline(__always)
    @inlinable public mutating func append(contentsOf bytes: ByteText) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    @inlinable public mutating func append(contentsOf bytes: Slice<ByteText>) {
        append(contentsOf: ByteText(rebasing: bytes))
    }

    @inlinable public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends the bytes of a literal.
    @inline(__always)
    @inlinable public mutating func append(_ literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends the bytes of a literal in the room made sure of by ``reserve(_:)``.
    @inline(__always)
    @inlinable public mutating func appendUnchecked(_ literal: StaticString) {
        appendUnchecked(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inlinable public mutating func append(contentsOf text: String.UTF8View) {
        var text = String(text)
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends a sequence's bytes: at once when they lie in contiguous memory (an array, a native
    /// string's UTF-8), else one by one.
    @inlinable public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) != nil { return }
        for byte in bytes { append(byte) }
    }

    /// Lets `body` write up to `maxCount` bytes in place after the last one, and keeps the number
    /// it returns; nil keeps none. Whether `body` returned a number.
    @inline(__always)
    @inlinable public mutating func appendInPlace(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int?) -> Bool {
        if used + maxCount >= capacity { grow(to: used + maxCount + 1) }
        guard let written = body(base.unsafelyUnwrapped + used) else { return false }
        assert(written <= maxCount, "more bytes written than room was asked for")
        used += written
        return true
    }

    /// The most digits a ``append(decimal:)`` writes: those of `UInt.max`.
    @inlinable public static var maxDecimalDigits: Int { 20 }

    /// Appends `value` in ASCII decimal digits.
    @inlinable public mutating func append(decimal value: UInt) {
        reserve(Self.maxDecimalDigits)
        appendUnchecked(decimal: value)
    }

    /// Appends `value` in ASCII decimal digits, in the room made sure of by ``reserve(_:)``
    /// (``maxDecimalDigits`` bytes): written at the end of that room from the last two digits
    /// back, each two as ``digitPair(_:)`` gives them, then copied to its start.
    @inlinable public mutating func appendUnchecked(decimal value: UInt) {
        assert(used + Self.maxDecimalDigits <= capacity, "no room reserved")
        let target = base.unsafelyUnwrapped + used
        let end = UnsafeMutableRawPointer(target + Self.maxDecimalDigits)
        var start = end
        var rest = value
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100)
            rest /= 100
            start -= 2
            start.storeBytes(of: Self.digitPair(pair), as: UInt16.self)
        }
        if rest >= 10 {
            start -= 2
            start.storeBytes(of: Self.digitPair(Int(truncatingIfNeeded: rest)), as: UInt16.self)
        } else {
            start -= 1
            start.storeBytes(of: .zero + UInt8(truncatingIfNeeded: rest), as: UInt8.self)
        }
        let length = start.distance(to: end)
        // The digits and where they go may overlap: `copy` reads every byte before it writes one.
        Self.copy(start.assumingMemoryBound(to: UInt8.self), length, to: target)
        used &+= length
    }

    /// The two ASCII digits of `value` (0 to 99), as the two bytes of a little-endian word.
    @inline(__always)
    @inlinable static func digitPair(_ value: Int) -> UInt16 {
        UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: value &* 2, as: UInt16.self)
    }

    /// The two digits of each number from 0 to 99, one after another.
    @usableFromInline static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Appends the bytes of another buffer.
    @inlinable public mutating func append(_ other: borrowing ByteBuffer) {
        append(contentsOf: other.bytes)
    }

    @inlinable public static func += (buffer: inout ByteBuffer, bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }
    @inlinable public static func += (buffer: inout ByteBuffer, text: String.UTF8View) { buffer.append(contentsOf: text) }

    @inlinable public mutating func removeLast() {
        precondition(count > 0, "the buffer is empty")
        used -= 1
    }

    /// Drops the bytes from `range.lowerBound` on.
    @inlinable public mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
        precondition(range.lowerBound >= 0 && range.lowerBound <= count, "index out of range")
        used = range.lowerBound
    }

    /// Empties the buffer, keeping its memory.
    @inlinable public mutating func removeAll() { used = 0 }

    @inlinable public func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(bytes)
    }

    /// The bytes as an array.
    @inlinable public var array: [UInt8] { Array(bytes) }

    /// Makes room for `count` bytes in all, and no more than that when it grows: for a buffer whose
    /// size is known ahead (a batch's output), where ``reserve(_:)`` would round its room up.
    public mutating func reserveCapacity(_ count: Int) {
        if count > capacity { reallocate(capacity: count) }
    }

    @inline(never)
    @usableFromInline mutating func grow(to needed: Int) {
        var newCapacity = max(capacity * 2, 64)
        while newCapacity < needed { newCapacity *= 2 }
        reallocate(capacity: newCapacity)
    }

    /// Moves the bytes to new memory of `newCapacity` bytes, at least ``count``.
    private mutating func reallocate(capacity newCapacity: Int) {
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if let base {
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = grown
        capacity = newCapacity
    }
}
