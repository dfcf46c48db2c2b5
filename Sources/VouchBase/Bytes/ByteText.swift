/// A read-only view of UTF-8 bytes, as steps (rules, formatters, value converters) read a value.
///
/// Steps index it from 0 to `count`, slice it, iterate it and compare it; they never see its
/// storage. Indexing is checked in debug builds, as an `UnsafeBufferPointer`'s is, and costs
/// nothing more in release builds. A view is valid for the call it is passed to: the record, field
/// or buffer it looks into outlives the call, not the view.
///
/// Only the bytes layer, the checking path and the C boundaries (PCRE2, ICU, plugins) make views
/// from memory (``init(unsafeBuffer:)``) or reach the memory behind one
/// (``withUnsafeBufferPointer(_:)``).
@_spi(VouchInternal) public struct ByteText: RandomAccessCollection {
    public typealias Element = UInt8
    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<ByteText>
    /// A buffer's iterator: a pointer that walks to the end, as fast as a loop over the buffer.
    public typealias Iterator = UnsafeBufferPointer<UInt8>.Iterator

    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

    /// A view of `buffer`, which must stay valid and unchanged while the view is used.
    @inline(__always)
    @inlinable public init(unsafeBuffer buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    /// The bytes of `slice` as a view of their own, indexed from 0.
    @inline(__always)
    @inlinable public init(rebasing slice: Slice<ByteText>) {
        buffer = UnsafeBufferPointer(rebasing: slice.base.buffer[slice.startIndex..<slice.endIndex])
    }

    /// No bytes.
    @inlinable public init() { buffer = UnsafeBufferPointer(start: nil, count: 0) }

    @inlinable @inline(__always) public var startIndex: Int { 0 }
    @inlinable @inline(__always) public var endIndex: Int { buffer.count }
    @inlinable @inline(__always) public var count: Int { buffer.count }
    @inlinable @inline(__always) public var isEmpty: Bool { buffer.isEmpty }
    @inlinable @inline(__always) public var indices: Range<Int> { 0..<buffer.count }

    @inline(__always)
    @inlinable public subscript(position: Int) -> UInt8 { buffer[position] }

    @inline(__always)
    @inlinable public func makeIterator() -> Iterator { buffer.makeIterator() }

    @inline(__always)
    @inlinable public subscript(bounds: Range<Int>) -> Slice<ByteText> {
        assert(bounds.lowerBound >= 0 && bounds.upperBound <= count, "range out of bounds")
        return Slice(base: self, bounds: bounds)
    }

    // Range checks of indices, as slices of the view make them: in debug builds only, as a
    // buffer's (the defaults check in release builds too, which costs the checking path).
    @inline(__always)
    @inlinable public func _failEarlyRangeCheck(_ index: Int, bounds: Range<Int>) {
        assert(index >= bounds.lowerBound && index < bounds.upperBound, "index out of range")
    }

    @inline(__always)
    @inlinable public func _failEarlyRangeCheck(_ index: Int, bounds: ClosedRange<Int>) {
        assert(bounds.contains(index), "index out of range")
    }

    @inline(__always)
    @inlinable public func _failEarlyRangeCheck(_ range: Range<Int>, bounds: Range<Int>) {
        assert(range.lowerBound >= bounds.lowerBound && range.upperBound <= bounds.upperBound, "range out of bounds")
    }

    @inlinable @inline(__always) public func index(after position: Int) -> Int { position + 1 }
    @inlinable @inline(__always) public func index(before position: Int) -> Int { position - 1 }
    @inlinable @inline(__always) public func index(_ position: Int, offsetBy distance: Int) -> Int { position + distance }
    @inlinable @inline(__always) public func distance(from start: Int, to end: Int) -> Int { end - start }

    @inline(__always)
    @inlinable public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try body(buffer)
    }

    /// Hands the memory behind the view to `body`: for the bytes layer and the C boundaries only
    /// (PCRE2 and ICU calls, `memchr`, word-at-a-time scans). The pointer must not escape `body`.
    @inline(__always)
    @inlinable public func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(buffer)
    }

    /// Whether every byte is ASCII, checked eight bytes at a time (with the base address read once:
    /// on the checking path, a loop of ``asciiWord(at:)`` here costs more).
    @inlinable public var isASCII: Bool {
        guard let base = buffer.baseAddress else { return true }
        let count = buffer.count
        var index = 0
        while index + 8 <= count {
            if UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if base[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// The bytes as an array.
    @inlinable public var array: [UInt8] { Array(buffer) }

    /// The bytes as a `String` (they are valid UTF-8).
    @inlinable public var string: String { String(decoding: buffer, as: UTF8.self) }
}

@_spi(VouchInternal) extension [UInt8] {
    /// Calls `body` with a view of the array's bytes.
    @inline(__always)
    @inlinable public func withByteText<R, E: Error>(_ body: (ByteText) throws(E) -> R) throws(E) -> R {
        try withUnsafeBufferPointer { (buffer) throws(E) in try body(ByteText(unsafeBuffer: buffer)) }
    }
}

@_spi(VouchInternal) extension ArraySlice<UInt8> {
    /// Calls `body` with a view of the slice's bytes, indexed from 0.
    @inline(__always)
    @inlinable public func withByteText<R>(_ body: (ByteText) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { try body(ByteText(unsafeBuffer: $0)) }
    }
}

@_spi(VouchInternal) extension String {
    /// Calls `body` with a view of the string's UTF-8 bytes (made contiguous first if need be).
    @inlinable public mutating func withByteText<R>(_ body: (ByteText) throws -> R) rethrows -> R {
        try withUTF8 { try body(ByteText(unsafeBuffer: $0)) }
    }
}
