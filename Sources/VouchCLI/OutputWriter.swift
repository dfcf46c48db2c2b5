#if canImport(Glibc)
    import Glibc
#endif

/// Buffered writes to a file descriptor (standard output), in large chunks.
final class OutputWriter {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private let flushSize: Int

    init(descriptor: Int32 = 1, flushSize: Int = 1 << 16) {
        self.descriptor = descriptor
        self.flushSize = flushSize
        buffer.reserveCapacity(flushSize * 2)
    }

    func write(_ bytes: [UInt8]) {
        if bytes.count >= flushSize {
            // Large pieces go out as they are, after what is buffered.
            flush()
            writeAll(bytes)
            return
        }
        buffer += bytes
        if buffer.count >= flushSize { flush() }
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    func flush() {
        writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                break  // a closed pipe: nothing more can be written
            }
            offset += written
        }
    }

    deinit { flush() }
}

/// Writes to standard error, unbuffered.
func printError(_ text: String) {
    let line = text.hasSuffix("\n") ? text : text + "\n"
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
