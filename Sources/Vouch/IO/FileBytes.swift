#if canImport(Glibc)
    import Glibc
#endif

/// Reads whole files, with errors that say what the system said (`Permission denied`).
enum FileBytes {
    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(VouchError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open the file", path) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read the file", path)
            }
            bytes += buffer[0..<count]
        }
    }

    /// A `VouchError` with the system's message for `errno`.
    static func failure(_ what: String, _ path: String) -> VouchError {
        VouchError(.io, "\(what): \(String(cString: strerror(errno)))", at: path)
    }
}
