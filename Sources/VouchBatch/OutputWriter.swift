#if canImport(Glibc)
    import Glibc
#endif

/// Buffered writes to a file descriptor (standard output), in large chunks, or to a receiver of
/// the caller's (the C API's write callback).
///
/// Every write is checked: once one fails (a full disk, a reader that went away, a receiver that
/// asked to stop), nothing more is written and ``failure`` says why, so that the command can end
/// with an error instead of reporting success for output it did not write.
package final class OutputWriter {
    /// Where the bytes go: a file descriptor, or a receiver that takes them and says why it
    /// cannot (nil when it took them).
    private enum Destination {
        case descriptor(Int32)
        case receiver((UnsafeBufferPointer<UInt8>) -> BatchError?)
    }

    private let destination: Destination
    private var buffer: [UInt8] = []
    private let flushSize: Int
    /// Why the output could not be written, once a write failed.
    package private(set) var failure: BatchError?

    package init(descriptor: Int32 = 1, flushSize: Int = 1 << 16) {
        destination = .descriptor(descriptor)
        self.flushSize = flushSize
        buffer.reserveCapacity(flushSize * 2)
    }

    /// Hands every write to `receiver` as it comes, unbuffered: a batch's lines at a time.
    package init(receiver: @escaping (UnsafeBufferPointer<UInt8>) -> BatchError?) {
        destination = .receiver(receiver)
        flushSize = 0
    }

    /// The file descriptor written to; nil for a receiver.
    package var descriptor: Int32? {
        if case .descriptor(let descriptor) = destination { return descriptor }
        return nil
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
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let descriptor: Int32
        switch destination {
        case .descriptor(let given): descriptor = given
        case .receiver(let receiver):
            failure = receiver(bytes)
            return
        }
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
