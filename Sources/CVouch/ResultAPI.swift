// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions here implement include/vouch.h: their names are the C API's, vouch_snake_case.

import CVouchAPI
import Vouch

/// What a `vouch_result *` points to: a validation result, with the C strings it hands out.
final class ResultHandle: Handle {
    let result: ValidationResult
    let violations: [(field: CString, code: CString, message: CString, args: CString, item: Int?)]
    /// Canonical JSON and display text of each valid, non-secret field.
    let values: [String: (canonical: CString, display: CString)]

    init(_ result: ValidationResult) {
        self.result = result
        violations = result.violations.map { violation in
            let args = violation.json["args"] ?? .object([:])
            return (CString(violation.field), CString(violation.code), CString(violation.message), CString(args.jsonText), violation.item)
        }
        var values: [String: (CString, CString)] = [:]
        for field in result.fields where field.isValid && !field.isSecret {
            values[field.name] = (CString(field.value?.canonical.jsonText ?? "null"), CString(field.value?.display ?? ""))
        }
        self.values = values
    }

    /// `{"valid", "values", "display", "errors"}`, with no secret in it.
    static func json(_ result: ValidationResult) -> String { result.json(includingDisplay: true).jsonText }
}

@c @implementation
public func vouch_result_free(_ result: OpaquePointer?) { ResultHandle.release(result) }

@c @implementation
public func vouch_result_valid(_ result: OpaquePointer?) -> Int32 {
    ResultHandle.from(result)?.result.isValid == true ? 1 : 0
}

@c @implementation
public func vouch_result_violation_count(_ result: OpaquePointer?) -> Int {
    ResultHandle.from(result)?.violations.count ?? 0
}

/// Hands out a string the result owns.
private func lend(_ string: CString, _ pointer: UnsafeMutablePointer<CText>?, _ length: IntOut) {
    pointer?.pointee = UnsafePointer(string.pointer)
    length?.pointee = string.count
}

@c @implementation
public func vouch_result_violation(
    _ result: OpaquePointer?, _ index: Int, _ field: UnsafeMutablePointer<CText>?,
    _ fieldLength: IntOut,
    _ code: UnsafeMutablePointer<CText>?, _ codeLength: IntOut,
    _ message: UnsafeMutablePointer<CText>?, _ messageLength: IntOut
) -> vouch_status {
    guard let handle = ResultHandle.from(result) else { return ResultHandle.failure(result) }
    guard handle.violations.indices.contains(index) else { return VOUCH_ERROR_NOT_FOUND }
    let violation = handle.violations[index]
    lend(violation.field, field, fieldLength)
    lend(violation.code, code, codeLength)
    lend(violation.message, message, messageLength)
    return VOUCH_OK
}

@c @implementation
public func vouch_result_violation_args(
    _ result: OpaquePointer?, _ index: Int, _ args: UnsafeMutablePointer<CText>?, _ argsLength: IntOut, _ item: IntOut
) -> vouch_status {
    guard let handle = ResultHandle.from(result) else { return ResultHandle.failure(result) }
    guard handle.violations.indices.contains(index) else { return VOUCH_ERROR_NOT_FOUND }
    let violation = handle.violations[index]
    lend(violation.args, args, argsLength)
    item?.pointee = violation.item ?? -1
    return VOUCH_OK
}

@c @implementation
public func vouch_result_value(
    _ result: OpaquePointer?, _ field: CText, _ fieldLength: Int,
    _ canonicalJSON: UnsafeMutablePointer<CText>?, _ canonicalLength: IntOut,
    _ display: UnsafeMutablePointer<CText>?, _ displayLength: IntOut
) -> vouch_status {
    guard let handle = ResultHandle.from(result) else { return ResultHandle.failure(result) }
    let name: String
    do {
        name = try text(field, fieldLength, "the field name")
    } catch {
        return error.status
    }
    guard let value = handle.values[name] else { return VOUCH_ERROR_NOT_FOUND }
    lend(value.canonical, canonicalJSON, canonicalLength)
    lend(value.display, display, displayLength)
    return VOUCH_OK
}

@c @implementation
public func vouch_result_json(_ result: OpaquePointer?, _ json: CTextOut, _ length: IntOut) -> vouch_status {
    guard let handle = ResultHandle.from(result) else { return ResultHandle.failure(result) }
    return run(nil) { () throws(APIFailure) in try give(ResultHandle.json(handle.result), json, length) }
}
