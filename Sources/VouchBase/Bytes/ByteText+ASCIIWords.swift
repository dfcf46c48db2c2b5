/// Eight ASCII bytes read as one word, for scans that pass over runs of plain text.
@_spi(VouchInternal) extension ByteText {
    /// The eight bytes from `index` (with `index + 8 <= count`) as one word when they are all
    /// ASCII; nil otherwise.
    @inline(__always)
    @inlinable public func asciiWord(at index: Int) -> UInt64? {
        let word = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
        return word & 0x8080_8080_8080_8080 == 0 ? word : nil
    }
}

@_spi(VouchInternal) extension UInt64 {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Whether any byte of eight ASCII bytes is an upper-case letter (0x41...0x5A): adding 0x3F
    /// sets a byte's high bit from 0x41 on, adding 0x25 from 0x5B on, with no carry between bytes.
    @inlinable public var hasASCIIUppercase: Bool {
        (self &+ 0x3F &* Self.ones) & ~(self &+ 0x25 &* Self.ones) & (0x80 &* Self.ones) != 0
    }

    /// Whether any byte of eight ASCII bytes is a space, a tab or another control character (below
    /// 0x21): subtracting 0x21 sets the high bit of those bytes (the first of them exactly, and
    /// any at all is what is asked).
    @inlinable public var hasASCIISpaceOrControl: Bool {
        (self &- 0x21 &* Self.ones) & ~self & (0x80 &* Self.ones) != 0
    }
}
