import CICU

/// Moves text across the C boundary: Swift strings in as UTF-8 with a length, and out of ICU's
/// preflighting functions (which return the length they need when the buffer is too small).
enum ICUText {
    /// Calls `body` with the UTF-8 bytes of `text` and their count.
    static func withUTF8<R>(
        _ text: String, _ body: (UnsafePointer<CChar>, Int32) throws(ICUStatus) -> R
    ) throws(ICUStatus) -> R {
        var text = text
        let result: Result<R, ICUStatus> = text.withUTF8 { bytes in
            let count = Int32(bytes.count)
            do throws(ICUStatus) {
                if let base = bytes.baseAddress {
                    return .success(
                        try base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                            (pointer) throws(ICUStatus) -> R in try body(pointer, count)
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

    /// Runs a preflighting C function `fill(buffer, capacity, &status)` until its output fits,
    /// and returns that output.
    static func string(
        capacity initialCapacity: Int = 64,
        _ fill: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32
    ) throws(ICUStatus) -> String {
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
            try ICUStatus.check(status)
            return text
        }
    }

    /// Transforms `text` with a preflighting function that reads UTF-8 and writes UTF-8.
    static func map(
        _ text: String,
        _ transform: (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<CChar>, Int32, inout Int32)
            -> Int32
    ) throws(ICUStatus) -> String {
        try withUTF8(text) { (source, length) throws(ICUStatus) in
            try string(capacity: Int(length) + Int(length) / 2 + 16) { buffer, capacity, status in
                transform(source, length, buffer, capacity, &status)
            }
        }
    }

    /// Calls `body` with a pointer to the UTF-8 bytes of each string and their counts, all valid
    /// for the call (one buffer holds them all).
    static func withUTF8<R>(
        _ texts: [String], _ body: ([UnsafePointer<CChar>], [Int32]) -> R
    ) -> R {
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
        return storage.withUnsafeBufferPointer { buffer in
            body(offsets.map { buffer.baseAddress! + $0 }, lengths)
        }
    }
}
