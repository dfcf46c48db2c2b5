import CICU

/// Moves text across the C boundary: Swift strings in as UTF-8 with a length, and out of ICU's
/// preflighting functions (which return the length they need when the buffer is too small).
@_spi(VouchInternal) public enum ICUText {
    /// Calls `body` with the UTF-8 bytes of `text` and their count; throws only what `body` throws.
    public static func withUTF8<R, E: Error>(_ text: String, _ body: (UnsafePointer<CChar>, Int32) throws(E) -> R) throws(E) -> R {
        var text = text
        let result: Result<R, E> = text.withUTF8 { bytes in
            let count = Int32(bytes.count)
            do throws(E) {
                if let base = bytes.baseAddress {
                    return .success(
                        try base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { (pointer) throws(E) -> R in
                            try body(pointer, count)
                        })
                }
                var empty: CChar = 0
                return .success(try body(&empty, 0))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Runs a preflighting C function `fill(buffer, capacity, &status)` until its output fits:
    /// that output, or the status ICU failed with.
    public static func string(
        capacity initialCapacity: Int = 64,
        _ fill: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32
    ) -> Result<String, ICUStatus> {
        var capacity = max(initialCapacity, 16)
        while true {
            var status: Int32 = 0
            var needed: Int32 = 0
            let text = String(unsafeUninitializedCapacity: capacity) { buffer in
                needed = buffer.withMemoryRebound(to: CChar.self) { chars in
                    fill(chars.baseAddress!, Int32(capacity), &status)
                }
                return status > 0 ? 0 : min(Int(needed), capacity)
            }
            if status == ICUStatus.bufferOverflow.rawValue, Int(needed) >= capacity {
                capacity = Int(needed) + 1
                continue
            }
            return status > 0 ? .failure(ICUStatus(rawValue: status)) : .success(text)
        }
    }

    /// Transforms `text` with a preflighting function that reads UTF-8 and writes UTF-8: the
    /// output, or the status ICU failed with.
    public static func map(
        _ text: String,
        _ transform: (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32
    ) -> Result<String, ICUStatus> {
        withUTF8(text) { source, length in
            string(capacity: Int(length) + Int(length) / 2 + 16) { buffer, capacity, status in
                transform(source, length, buffer, capacity, &status)
            }
        }
    }

    /// ``map(_:_:)`` with a shim that takes nothing but the text, the buffer and the status.
    static func map(
        _ text: String,
        _ function: (UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?) -> Int32
    ) -> Result<String, ICUStatus> {
        map(text) { source, length, buffer, capacity, status in function(source, length, buffer, capacity, &status) }
    }

    /// Calls `body` with a pointer to the UTF-8 bytes of each string and their counts, all valid
    /// for the call (one buffer holds them all).
    public static func withUTF8<R, E: Error>(_ texts: [String], _ body: ([UnsafePointer<CChar>], [Int32]) throws(E) -> R) throws(E) -> R {
        var storage: [CChar] = []
        storage.reserveCapacity(texts.reduce(0) { $0 + $1.utf8.count + 1 })
        var offsets: [Int] = []
        var lengths: [Int32] = []
        for text in texts {
            offsets.append(storage.count)
            lengths.append(Int32(text.utf8.count))
            storage.append(contentsOf: text.utf8.map { CChar(bitPattern: $0) })
            storage.append(0)
        }
        return try storage.withUnsafeBufferPointer { (buffer) throws(E) -> R in
            try body(offsets.map { buffer.baseAddress! + $0 }, lengths)
        }
    }
}
