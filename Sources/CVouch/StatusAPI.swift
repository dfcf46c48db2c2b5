// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions here implement include/vouch.h: their names are the C API's, vouch_snake_case.

import CVouchAPI
import Vouch

#if canImport(Glibc)
    import Glibc
#endif

// Versions, status codes and vouch_free.

private let versionString = CString(Registry.version)

@c @implementation
public func vouch_version() -> CText { UnsafePointer(versionString.pointer) }

@c @implementation
public func vouch_version_number() -> Int32 {
    let parts = Registry.version.split(separator: ".").map { Int32($0) ?? 0 }
    return parts[0] * 10000 + parts[1] * 100 + parts[2]
}

/// Every status code: its name and message, as include/vouch.h writes them (python/tests/test_status.py
/// checks the two against each other, and the Python package's exceptions against both).
private let statuses: [(vouch_status, CString, CString)] = [
    (VOUCH_OK, CString("VOUCH_OK"), CString("success")),
    (VOUCH_ERROR_ARGUMENT, CString("VOUCH_ERROR_ARGUMENT"), CString("a NULL handle or pointer where one is required, or a bad value")),
    (VOUCH_ERROR_UTF8, CString("VOUCH_ERROR_UTF8"), CString("text that is not valid UTF-8")),
    (VOUCH_ERROR_JSON, CString("VOUCH_ERROR_JSON"), CString("text that is not valid JSON, or not the JSON expected")),
    (VOUCH_ERROR_SPEC, CString("VOUCH_ERROR_SPEC"), CString("a form spec that is not valid")),
    (VOUCH_ERROR_UNKNOWN_NAME, CString("VOUCH_ERROR_UNKNOWN_NAME"), CString("no kind, rule or formatter of that name")),
    (VOUCH_ERROR_PARAMETER, CString("VOUCH_ERROR_PARAMETER"), CString("a parameter that is missing, unknown or of the wrong type")),
    (VOUCH_ERROR_LOCALE, CString("VOUCH_ERROR_LOCALE"), CString("a locale tag that is malformed or unknown")),
    (VOUCH_ERROR_PACK, CString("VOUCH_ERROR_PACK"), CString("a locale pack that is refused")),
    (VOUCH_ERROR_PLUGIN, CString("VOUCH_ERROR_PLUGIN"), CString("a plugin that is refused")),
    (VOUCH_ERROR_IO, CString("VOUCH_ERROR_IO"), CString("a file that cannot be read, or output that was not taken")),
    (VOUCH_ERROR_NOT_FOUND, CString("VOUCH_ERROR_NOT_FOUND"), CString("no such field, value or index in a result")),
    (VOUCH_ERROR_NAME_TAKEN, CString("VOUCH_ERROR_NAME_TAKEN"), CString("a name that is already registered")),
    (VOUCH_ERROR_MISUSE, CString("VOUCH_ERROR_MISUSE"), CString("a handle freed already, or of another type than the call takes")),
]
private let unknownStatus = (CString("VOUCH_ERROR_UNKNOWN"), CString("unknown status"))

@c @implementation
public func vouch_status_name(_ status: vouch_status) -> CText {
    UnsafePointer((statuses.first { $0.0 == status }?.1 ?? unknownStatus.0).pointer)
}

@c @implementation
public func vouch_status_message(_ status: vouch_status) -> CText {
    UnsafePointer((statuses.first { $0.0 == status }?.2 ?? unknownStatus.1).pointer)
}

@c @implementation
public func vouch_free(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

/// The status's name in lower case without its prefix (`VOUCH_ERROR_ARGUMENT` is `argument`): the
/// code of a failure of the C call itself, which no Vouch error code names.
func statusCode(_ status: vouch_status) -> String {
    guard let name = statuses.first(where: { $0.0 == status }) else { return "unknown" }
    let text = String(cString: name.1.pointer)
    return String(text.dropFirst(text.hasPrefix("VOUCH_ERROR_") ? 12 : 6)).lowercased()
}
