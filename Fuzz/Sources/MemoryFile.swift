#if canImport(Glibc)
    import Glibc
#endif

/// Bytes behind a file descriptor, for readers that take one (the CLI's `ByteSource`): one unlinked
/// temporary file per process, rewritten for each input.
enum MemoryFile {
    private static let file: Int32 = {
        var template = Array("/tmp/vouch-fuzz-input.XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        expect(descriptor >= 0, "mkstemp failed: \(errno)")
        unlink(template)
        return descriptor
    }()

    /// A new descriptor open for reading at the start of `bytes`; the caller (or the `ByteSource`
    /// it is given to) closes it.
    static func descriptor(holding bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        expect(ftruncate(file, 0) == 0, "ftruncate failed: \(errno)")
        var written = 0
        while written < bytes.count {
            let count = pwrite(file, bytes.baseAddress! + written, bytes.count - written, off_t(written))
            expect(count > 0, "writing the input failed: \(errno)")
            written += count
        }
        lseek(file, 0, SEEK_SET)
        return dup(file)
    }
}
