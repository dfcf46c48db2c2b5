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
        buffer += bytes
        if buffer.count >= flushSize { flush() }
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                break  // a closed pipe: nothing more can be written
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

/// Writes to standard error, unbuffered.
func printError(_ text: String) {
    let line = text.hasSuffix("\n") ? text : text + "\n"
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
