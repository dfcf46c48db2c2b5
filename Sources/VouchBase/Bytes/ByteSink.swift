/// Where writers put bytes: a ``ByteBuffer`` on the checking path, a `[UInt8]` elsewhere.
@_spi(VouchInternal) public protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: ByteText)
}

extension ByteSink where Self: ~Copyable {
    @inlinable public mutating func append(contentsOf bytes: Slice<ByteText>) {
        append(contentsOf: ByteText(rebasing: bytes))
    }

    @inlinable public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withByteText { append(contentsOf: $0) }
    }

    @inlinable public mutating func append(contentsOf text: String.UTF8View) {
        for byte in text { append(byte) }
    }

    /// `value`, not negative, in ASCII decimal digits.
    @inlinable public mutating func append(decimal value: Int) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            append(.zero + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}

extension ByteBuffer: ByteSink {}

@_spi(VouchInternal) extension Array: ByteSink where Element == UInt8 {
    @inlinable public mutating func append(contentsOf bytes: ByteText) {
        bytes.withUnsafeBufferPointer { self += $0 }
    }
}
