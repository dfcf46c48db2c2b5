#if canImport(Glibc)
    import Glibc
#endif

/// Buffered writes to a file descriptor (standard output), in large chunks.
///
/// Every write is checked: once one fails (a full disk, a reader that went away), nothing more is
/// written and ``failure`` says why, so that the command can end with an error instead of
/// reporting success for output it did not write.
package final class OutputWriter {
    package let descriptor: Int32
    private var buffer: [UInt8] = []
    private let flushSize: Int
    /// Why the output could not be written, once a write failed.
    package private(set) var failure: BatchError?

    package init(descriptor: Int32 = 1, flushSize: Int = 1 << 16) {
        self.descriptor = descriptor
        self.flushSize = flushSize
        buffer.reserveCapacity(flushSize * 2)
    }

    /// Writes `bytes` after what is buffered: into the buffer, or at once when they are many.
    package func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        if bytes.count >= flushSize {
            // Large pieces go out as they are, after what is buffered.
            flush()
            writeAll(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushSize { flush() }
    }

    package func write(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { write($0) } }

    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Calls `body` with the bytes buffered and not yet written.
    package func withPending(_ body: (UnsafeBufferPointer<UInt8>) -> Void) { buffer.withUnsafeBufferPointer(body) }

    package func flush() {
        buffer.withUnsafeBufferPointer { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count && failure == nil {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let reason = errno == EPIPE ? "the reader of the output went away" : String(cString: strerror(errno))
                failure = BatchError("vouch: cannot write the output: \(reason)")
                return
            }
            offset += written
        }
    }

    /// Flushes what is buffered and throws if any write failed.
    package func finish() throws(BatchError) {
        flush()
        if let failure { throw failure }
    }
}

/// Writes to standard error, unbuffered.
package func printError(_ text: String) {
    let line = text.hasSuffix("\n") ? text : text + "\n"
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
