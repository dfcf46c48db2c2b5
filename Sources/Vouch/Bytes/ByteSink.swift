/// Where writers put bytes: a ``ByteBuffer`` on the checking path, a `[UInt8]` elsewhere.
protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink where Self: ~Copyable {
    mutating func append(contentsOf bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        append(contentsOf: UnsafeBufferPointer(rebasing: bytes))
    }

    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    mutating func append(contentsOf text: String.UTF8View) {
        for byte in text { append(byte) }
    }
}

extension ByteBuffer: ByteSink {}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        self += bytes
    }
}
