@testable import VouchCLI

#if canImport(Glibc)
    import Glibc
#endif

/// The input of the two `vouch check` targets, as the CLI reads a file: an in-memory file read in
/// small chunks that vary with the input, so that records cross chunk boundaries; and small limits,
/// so that records and values that are too long occur.
struct CheckInput {
    static let maxRecordBytes = 2048
    static let maxValueBytes = 256

    let descriptor: Int32
    let source: ByteSource

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        descriptor = MemoryFile.descriptor(holding: bytes)
        source = ByteSource(descriptor: descriptor, chunkSize: 1 + bytes.count % 97)
    }

    func close() { _ = Glibc.close(descriptor) }
}
