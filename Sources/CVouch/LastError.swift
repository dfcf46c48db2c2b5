import CVouchAPI
import Synchronization
import Vouch
@_spi(VouchInternal) import VouchBase

#if canImport(Glibc)
    import Glibc
#endif

/// The last failed call on one handle, kept per thread so that threads sharing a registry do not
/// see each other's errors. Each thread's strings stay valid until its next call on the handle.
final class LastError: Sendable {
    /// A failure's parts as C strings.
    final class Stored: Sendable {
        let status: vouch_status
        let text: CString
        let code: CString
        let message: CString
        let path: CString
        let file: CString

        init(_ failure: APIFailure) {
            status = failure.status
            text = CString(failure.description)
            code = CString(failure.error.code.rawValue)
            message = CString(failure.error.message)
            path = CString(failure.error.path ?? "")
            file = CString(failure.error.file ?? "")
        }
    }

    private let failures = Lock<[UInt: Stored]>([:])
    /// How many threads have a failure: when none has, a successful call takes no lock.
    private let stored = Atomic<Int>(0)
    private static let none = CString("")

    private static var thread: UInt { UInt(pthread_self()) }

    func set(_ failure: APIFailure?) {
        // A thread's own entry is written only by that thread: with none stored, it has none.
        if failure == nil && stored.load(ordering: .acquiring) == 0 { return }
        let thread = Self.thread
        let entry = failure.map(Stored.init)
        // The entry replaced is released outside the lock.
        let replaced = failures.withLock { failures in
            defer { stored.store(failures.count, ordering: .releasing) }
            return entry == nil ? failures.removeValue(forKey: thread) : failures.updateValue(entry!, forKey: thread)
        }
        _ = replaced
    }

    /// This thread's last failure; nil when its last call succeeded.
    var last: Stored? {
        let thread = Self.thread
        return failures.withLock { $0[thread] }
    }

    /// This thread's last message, location first; "" when its last call succeeded.
    var current: UnsafePointer<CChar> { UnsafePointer((last?.text ?? Self.none).pointer) }

    /// Writes this thread's last failure into a `vouch_error_detail` (all "" after a success).
    func detail(into detail: UnsafeMutablePointer<vouch_error_detail>) {
        let last = self.last
        let none = UnsafePointer(Self.none.pointer)
        detail.pointee.status = last?.status ?? VOUCH_OK
        detail.pointee.code = last.map { UnsafePointer($0.code.pointer) } ?? none
        detail.pointee.message = last.map { UnsafePointer($0.message.pointer) } ?? none
        detail.pointee.path = last.map { UnsafePointer($0.path.pointer) } ?? none
        detail.pointee.file = last.map { UnsafePointer($0.file.pointer) } ?? none
    }
}

/// Something a C call can fail with: a status, and the Vouch error it stands for.
struct APIFailure: Error, CustomStringConvertible {
    let status: vouch_status
    /// Vouch's error code (`invalid_spec`), message and where; the code of a failure of the C call
    /// itself is the status's own name in lower case (`argument`, `utf8`).
    let error: VouchError

    init(_ status: vouch_status, _ message: String) {
        self.status = status
        error = VouchError(VouchError.Code(rawValue: statusCode(status)), message)
    }

    /// A Vouch error as a status; `context` decides the status of errors whose meaning depends on
    /// what was being loaded (a bad regex is a spec error in a spec, a pack error in a pack).
    init(_ error: VouchError, in context: vouch_status) {
        status =
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
        self.error = error
    }

    /// The whole message, location first, as `vouch_*_last_error` gives it.
    var description: String { error.description }
}

/// Runs the body of a C call: records its failure (or clears the last error) on `errors`, and
/// returns its status.
func run(_ errors: LastError?, _ body: () throws(APIFailure) -> Void) -> vouch_status {
    do {
        try body()
        errors?.set(nil)
        return VOUCH_OK
    } catch {
        errors?.set(error)
        return error.status
    }
}

/// Text from C, checked to be UTF-8.
func text(_ pointer: CText, _ length: Int, _ what: String) throws(APIFailure) -> String {
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
func localeTag(_ pointer: CText) throws(APIFailure) -> String {
    guard let pointer else { return "en-US" }
    return try text(pointer, strlen(pointer), "the locale tag")
}

/// The out-parameter C passed for a call's result; NULL is VOUCH_ERROR_ARGUMENT.
func outParameter<Pointee>(_ out: UnsafeMutablePointer<Pointee>?) throws(APIFailure) -> UnsafeMutablePointer<Pointee> {
    guard let out else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the output pointer is NULL") }
    return out
}

/// Writes a malloc'd copy of `string` and its length through C out-parameters.
func give(_ string: String, _ out: CTextOut, _ length: IntOut)
    throws(APIFailure)
{
    try outParameter(out).pointee = CString.malloced(string)
    length?.pointee = string.utf8.count
}

/// Writes the JSON text of `value`, malloc'd, and its length through C out-parameters.
func give(_ value: JSONValue, _ out: CTextOut, _ length: IntOut)
    throws(APIFailure)
{
    try give(value.jsonText, out, length)
}

/// Writes a yes or no as C's 1 or 0 through an optional out-parameter. The answer is worked out
/// whether or not C asks for it.
func giveFlag(_ flag: Bool, _ out: UnsafeMutablePointer<Int32>?) { out?.pointee = flag ? 1 : 0 }
