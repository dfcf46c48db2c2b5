import CVouchAPI
@_spi(VouchInternal) import VouchBase

/// What every opaque handle of the C API is: a Swift object lent to C as a retained pointer
/// (`vouch_registry *`, `vouch_form *`, `vouch_edit *`, `vouch_result *`), freed by its `_free`.
protocol Handle: AnyObject {}

extension Handle {
    /// The object behind a handle, without taking ownership; nil for NULL and for a pointer that is
    /// not a live handle of this type (see ``isLive(_:)``).
    static func from(_ pointer: OpaquePointer?) -> Self? {
        guard let pointer, isLive(pointer) else { return nil }
        return Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// Whether `pointer` is a live handle of this type, by its tag: the first word of a Swift
    /// object, its class. A handle of another type (a result passed as a form) has another; one
    /// already freed has the allocator's bookkeeping there instead, until the memory is reused.
    static func isLive(_ pointer: OpaquePointer) -> Bool {
        UnsafeRawPointer(pointer).load(as: UnsafeRawPointer.self) == unsafeBitCast(Self.self as AnyClass, to: UnsafeRawPointer.self)
    }

    /// Why a call cannot use the handle `pointer`: VOUCH_ERROR_ARGUMENT for NULL,
    /// VOUCH_ERROR_MISUSE for a pointer that is not a live handle of this type.
    static func failure(_ pointer: OpaquePointer?) -> vouch_status { pointer == nil ? VOUCH_ERROR_ARGUMENT : VOUCH_ERROR_MISUSE }

    /// The pointer handed to C, which owns one reference until it calls the handle's `_free`.
    var retainedPointer: OpaquePointer { OpaquePointer(Unmanaged.passRetained(self).toOpaque()) }

    /// Gives back the reference C owned; nothing for NULL, nor for a handle freed already or of
    /// another type.
    static func release(_ pointer: OpaquePointer?) {
        guard let pointer, isLive(pointer) else { return }
        Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer)).release()
    }
}

/// A handle that keeps the message of the last failed call on it, per thread.
protocol ErrorKeepingHandle: Handle {
    var errors: LastError { get }
}

extension ErrorKeepingHandle {
    /// Runs a call on the handle: a NULL handle is VOUCH_ERROR_ARGUMENT, a failure is kept as the
    /// handle's last error.
    static func with(_ pointer: OpaquePointer?, _ body: (Self) throws(APIFailure) -> Void) -> vouch_status {
        guard let pointer, isLive(pointer) else { return failure(pointer) }
        // C holds its reference for the whole call: the handle is used without one of its own.
        return LentReference<Self>(unretained: UnsafeRawPointer(pointer)).with { handle in
            run(handle.errors) { () throws(APIFailure) in try body(handle) }
        }
    }

    /// Runs a call on the handle that makes a new handle, which C receives through `out` and then
    /// owns; `out` is checked before `body` runs.
    static func with<Made: Handle>(
        _ pointer: OpaquePointer?, making out: HandleOut, _ body: (Self) throws(APIFailure) -> Made
    ) -> vouch_status {
        with(pointer) { handle throws(APIFailure) in
            let out = try outParameter(out)
            out.pointee = try body(handle).retainedPointer
        }
    }

    /// Runs a call on the handle that answers yes or no, written through `answer` as 1 or 0;
    /// `answer` is checked before `body` runs.
    static func with(
        _ pointer: OpaquePointer?, answering answer: UnsafeMutablePointer<Int32>?, _ body: (Self) throws(APIFailure) -> Bool
    ) -> vouch_status {
        with(pointer) { handle throws(APIFailure) in
            let answer = try outParameter(answer)
            giveFlag(try body(handle), answer)
        }
    }

    /// The handle's last error for this thread, or a message saying the handle is NULL or not a
    /// live handle.
    static func lastError(_ pointer: OpaquePointer?) -> CText {
        from(pointer)?.errors.current ?? UnsafePointer((pointer == nil ? noHandle : notAHandle).pointer)
    }

    /// Fills a `vouch_error_detail` with the handle's last failure for this thread.
    static func errorDetail(_ pointer: OpaquePointer?, _ detail: UnsafeMutablePointer<vouch_error_detail>?) -> vouch_status {
        guard let handle = from(pointer), let detail, detail.pointee.size >= MemoryLayout<vouch_error_detail>.size else {
            return VOUCH_ERROR_ARGUMENT
        }
        handle.errors.detail(into: detail)
        return VOUCH_OK
    }
}

/// The last error of a NULL handle.
let noHandle = CString("the handle is NULL")
/// The last error of a pointer that is not a live handle of the type the call takes.
let notAHandle = CString("the handle is not a live handle of the type this call takes: freed already, or of another type")
