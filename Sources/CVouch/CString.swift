#if canImport(Glibc)
    import Glibc
#endif

/// A NUL-terminated copy of a string in memory Vouch owns, for `const char *` results that live as
/// long as their handle.
final class CString: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<CChar>
    /// Bytes before the NUL.
    let count: Int

    init(_ text: String) {
        let bytes = Array(text.utf8)
        count = bytes.count
        pointer = .allocate(capacity: bytes.count + 1)
        bytes.withUnsafeBytes {
            UnsafeMutableRawPointer(pointer).copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(pointer), byteCount: bytes.count)
        }
        pointer[bytes.count] = 0
    }

    deinit { pointer.deallocate() }

    /// A NUL-terminated copy in malloc'd memory that the caller releases with `vouch_free`.
    static func malloced(_ text: String) -> UnsafeMutablePointer<CChar> { Array(text.utf8).withUnsafeBufferPointer(malloced) }

    /// UTF-8 bytes in a NUL-terminated buffer from `malloc`, for the caller to `free`.
    static func malloced(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<CChar> {
        let copy = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        if let base = bytes.baseAddress { UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: bytes.count) }
        copy[bytes.count] = 0
        return copy
    }
}
