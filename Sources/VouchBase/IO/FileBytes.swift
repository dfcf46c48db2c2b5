#if canImport(Glibc)
    import Glibc
#endif

/// Reads whole files (form specs, pack.json), with errors that say what the system said
/// (`Permission denied`).
///
/// A UTF-8 byte order mark at the start (EF BB BF, which some editors write) is left out, as JSON
/// allows a reader to (RFC 8259, 8.1) and as `vouch check` does before records.
///
/// Only regular files are read, and only up to a limit: a FIFO, a device such as `/dev/zero`, or a
/// file larger than the limit is refused before it is read, never waited on or read whole.
@_spi(VouchInternal) public enum FileBytes {
    /// The largest file read unless a caller says otherwise: 16 MiB.
    public static let defaultLimit = 16 << 20

    /// The bytes of the regular file at `path`, if it has at most `limit` bytes.
    public static func read(_ path: String, limit: Int = defaultLimit) throws(VouchError) -> [UInt8] {
        // Without blocking: opening a FIFO would otherwise wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure("cannot open the file", path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure("cannot read the file", path) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw VouchError(.io, "not a regular file (a directory, a FIFO or a device): only files are read", at: path)
        }
        guard Int(info.st_size) <= limit else {
            throw VouchError(.io, "the file has \(info.st_size) bytes, more than the limit of \(limit)", at: path)
        }
        // One bounded read of the size the file has, and one more byte to see whether it grew.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read the file", path)
            }
            filled += count
        }
        guard filled <= Int(info.st_size) else {
            throw VouchError(.io, "the file grew while it was read", at: path)
        }
        bytes.removeSubrange(filled...)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes
    }

    /// A `VouchError` with the system's message for `errno`.
    public static func failure(_ what: String, _ path: String) -> VouchError {
        VouchError(.io, "\(what): \(String(cString: strerror(errno)))", at: path)
    }
}
