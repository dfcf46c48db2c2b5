@testable import VouchBatch

#if canImport(Glibc)
    import Glibc
#endif

/// The input of the two `vouch check` targets, as the CLI reads a file: an in-memory file read in
/// small chunks that vary with the input, so that records cross chunk boundaries; and small limits,
/// so that records and values that are too long occur.
enum CheckInput {
    static let maxRecordBytes = 2048
    static let maxValueBytes = 256

    /// Reads `bytes` as a file, after its byte order mark, with the reader `open` makes of it (nil:
    /// the input has nothing to check, as a CSV file without a readable header), and hands each
    /// batch of up to three records to `body`. Reading from memory cannot fail.
    static func forEachBatch<Reader: RecordReader>(
        in bytes: UnsafeBufferPointer<UInt8>,
        open: (ByteSource) -> Reader?,
        _ body: (RecordBatch) -> Void
    ) {
        let descriptor = MemoryFile.descriptor(holding: bytes)
        defer { _ = Glibc.close(descriptor) }
        let source = ByteSource(descriptor: descriptor, chunkSize: 1 + bytes.count % 97)
        do {
            try source.skipByteOrderMark()
            guard var reader = open(source) else { return }
            while case let batch = try reader.nextBatch(limit: 3, byteBudget: 4096), !batch.isEmpty {
                body(batch)
            }
        } catch {
            fatalError("reading from memory failed: \(error)")
        }
    }
}
