import CVouchAPI
import Synchronization
@_spi(Locking) import Vouch

#if canImport(Glibc)
    import Glibc
#endif

/// The message of the last failed call on one handle, kept per thread so that threads sharing a
/// registry do not see each other's errors. Each thread's string stays valid until its next call.
final class LastError: Sendable {
    private let messages = Lock<[UInt: CString]>([:])
    /// How many threads have a message: when none has, a successful call takes no lock.
    private let stored = Atomic<Int>(0)
    private static let none = CString("")

    private static var thread: UInt { UInt(pthread_self()) }

    func set(_ message: String?) {
        // A thread's own entry is written only by that thread: with none stored, it has none.
        if message == nil && stored.load(ordering: .acquiring) == 0 { return }
        let thread = Self.thread
        let string = message.map { CString($0) }
        // The string replaced is released outside the lock.
        let replaced = messages.withLock { messages in
            defer { stored.store(messages.count, ordering: .releasing) }
            return string == nil ? messages.removeValue(forKey: thread) : messages.updateValue(string!, forKey: thread)
        }
        _ = replaced
    }

    /// This thread's last message; "" when its last call succeeded.
    var current: UnsafePointer<CChar> {
        let thread = Self.thread
        return UnsafePointer((messages.withLock { $0[thread] } ?? Self.none).pointer)
    }
}

/// Something a C call can fail with: a status and a message.
struct APIFailure: Error {
    let status: vouch_status
    let message: String

    init(_ status: vouch_status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A Vouch error as a status; `context` decides the status of errors whose meaning depends on
    /// what was being loaded (a bad regex is a spec error in a spec, a pack error in a pack).
    init(_ error: VouchError, in context: vouch_status) {
        let status: vouch_status =
            switch error.code {
            case .unknownName: VOUCH_ERROR_UNKNOWN_NAME
            case .unknownParameter, .missingParameter, .invalidParameter: VOUCH_ERROR_PARAMETER
            case .unknownLocale: VOUCH_ERROR_LOCALE
            case .invalidJSON, .invalidInput: VOUCH_ERROR_JSON
            case .invalidPack: VOUCH_ERROR_PACK
            case .invalidPlugin: VOUCH_ERROR_PLUGIN
            case .io: VOUCH_ERROR_IO
            case .nameTaken: VOUCH_ERROR_NAME_TAKEN
            case .invalidSpec: VOUCH_ERROR_SPEC
            default: context
            }
        self.init(status, error.description)
    }
}

/// Runs the body of a C call: records its failure (or clears the last error) on `errors`, and
/// returns its status.
func run(_ errors: LastError?, _ body: () throws(APIFailure) -> Void) -> vouch_status {
    do {
        try body()
        errors?.set(nil)
        return VOUCH_OK
    } catch {
        errors?.set(error.message)
        return error.status
    }
}

/// Text from C, checked to be UTF-8.
func text(_ pointer: UnsafePointer<CChar>?, _ length: Int, _ what: String) throws(APIFailure) -> String {
    // A `size_t` above PTRDIFF_MAX (such as (size_t)-1, "NUL-terminated" in some C APIs) arrives
    // negative: no buffer is that long.
    guard length >= 0 else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the length of \(what) is larger than any buffer") }
    guard let pointer else {
        if length == 0 { return "" }
        throw APIFailure(VOUCH_ERROR_ARGUMENT, "\(what) is NULL")
    }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
    guard let string = String(validating: bytes, as: UTF8.self) else {
        throw APIFailure(VOUCH_ERROR_UTF8, "\(what) is not valid UTF-8")
    }
    return string
}

/// A locale tag from C: NULL for en-US.
func localeTag(_ pointer: UnsafePointer<CChar>?) throws(APIFailure) -> String {
    guard let pointer else { return "en-US" }
    return try text(pointer, strlen(pointer), "the locale tag")
}

/// The out-parameter C passed for a call's result; NULL is VOUCH_ERROR_ARGUMENT.
func outParameter<Pointee>(_ out: UnsafeMutablePointer<Pointee>?) throws(APIFailure) -> UnsafeMutablePointer<Pointee> {
    guard let out else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the output pointer is NULL") }
    return out
}

/// Writes a malloc'd copy of `string` and its length through C out-parameters.
func give(_ string: String, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ length: UnsafeMutablePointer<Int>?)
    throws(APIFailure)
{
    try outParameter(out).pointee = CString.malloced(string)
    length?.pointee = string.utf8.count
}
