// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions here implement include/vouch.h: their names are the C API's, vouch_snake_case.

import CVouchAPI
import Vouch
@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchPlan

/// What a `vouch_form *` points to.
final class FormHandle: ErrorKeepingHandle {
    let schema: FormSchema
    /// The spec as written (rule entries and kind parameters, which a built form no longer keeps),
    /// for the JSON Schema of its records.
    let spec: JSONObject
    let errors = LastError()

    init(schema: FormSchema, spec: JSONObject) {
        self.schema = schema
        self.spec = spec
    }

    /// Reads a record (a JSON object) from C.
    func record(_ json: CText, _ length: Int) throws(APIFailure) -> JSONObject {
        let source = try text(json, length, "the record")
        do {
            guard let record = try JSONParser().parse(source).objectValue else {
                throw APIFailure(VOUCH_ERROR_JSON, "a record is a JSON object of field name to value")
            }
            return record
        } catch let error as APIFailure {
            throw error
        } catch let error as JSONParseError {
            // A string's content may be a password: the error quotes none of it.
            throw APIFailure(VOUCH_ERROR_JSON, "the record is not valid JSON: \(error.withoutStringContent)")
        } catch {
            throw APIFailure(VOUCH_ERROR_JSON, "the record is not valid JSON: \(error)")
        }
    }
}

@c @implementation
public func vouch_form_open(_ registry: OpaquePointer?, _ specJSON: CText, _ length: Int, _ form: HandleOut) -> vouch_status {
    RegistryHandle.with(registry, making: form) { handle throws(APIFailure) in
        let spec = try text(specJSON, length, "the form spec")
        do throws(VouchError) {
            // Parsed once; text that is not JSON is read again only to say where it goes wrong.
            guard let parsed = try? JSONParser().parse(spec) else {
                _ = try FormSchema(json: spec, registry: handle.registry)
                throw VouchError(.invalidJSON, "the form spec is not valid JSON")
            }
            return FormHandle(schema: try FormSchema(spec: parsed, registry: handle.registry), spec: parsed.objectValue ?? [:])
        } catch {
            throw APIFailure(error, in: VOUCH_ERROR_SPEC)
        }
    }
}

@c @implementation
public func vouch_form_free(_ form: OpaquePointer?) { FormHandle.release(form) }

@c @implementation
public func vouch_form_last_error(_ form: OpaquePointer?) -> CText { FormHandle.lastError(form) }

@c @implementation
public func vouch_form_error_detail(_ form: OpaquePointer?, _ detail: UnsafeMutablePointer<vouch_error_detail>?) -> vouch_status {
    FormHandle.errorDetail(form, detail)
}

@c @implementation
public func vouch_form_validate(_ form: OpaquePointer?, _ recordJSON: CText, _ length: Int, _ result: HandleOut) -> vouch_status {
    FormHandle.with(form, making: result) { handle throws(APIFailure) in
        ResultHandle(handle.schema.validate(try handle.record(recordJSON, length)))
    }
}

@c @implementation
public func vouch_form_validate_json(
    _ form: OpaquePointer?, _ recordJSON: CText, _ length: Int, _ json: CTextOut, _ jsonLength: IntOut
) -> vouch_status {
    FormHandle.with(form) { handle throws(APIFailure) in
        let json = try outParameter(json)
        // The checking path reads the bytes as they are; a record it cannot read is read again
        // below, to say exactly what is wrong with it.
        if let bytes = recordBytes(recordJSON, length) {
            let checked = handle.schema.checkJSON(bytes, display: true) { output in
                json.pointee = CString.malloced(output)
                jsonLength?.pointee = output.count
            }
            if case .success = checked { return }
        }
        let validated = handle.schema.validate(try handle.record(recordJSON, length))
        try give(ResultHandle.json(validated), json, jsonLength)
    }
}

@c @implementation
public func vouch_form_check_valid(
    _ form: OpaquePointer?, _ recordJSON: CText, _ length: Int, _ valid: UnsafeMutablePointer<Int32>?
) -> vouch_status {
    FormHandle.with(form, answering: valid) { handle throws(APIFailure) in
        // As vouch_form_validate_json: a record the checking path cannot read is read again, to
        // say exactly what is wrong with it.
        if let bytes = recordBytes(recordJSON, length), case .success(let isValid) = handle.schema.isValid(json: bytes) {
            return isValid
        }
        return handle.schema.validate(try handle.record(recordJSON, length)).isValid
    }
}

@c @implementation
public func vouch_form_check_valid_members(
    _ form: OpaquePointer?, _ members: UnsafePointer<vouch_member>?, _ count: Int, _ valid: UnsafeMutablePointer<Int32>?
) -> vouch_status {
    FormHandle.with(form, answering: valid) { handle throws(APIFailure) in
        guard count >= 0 else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the count of members is larger than any array") }
        guard count == 0 || members != nil else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the members are NULL") }
        return try withUnsafeTemporaryAllocation(of: RecordMember.self, capacity: count) { buffer throws(APIFailure) in
            var hasJSON = false
            for position in 0..<count {
                let member = try RecordMember(members![position], at: position)
                if case .json = member.value { hasJSON = true }
                buffer.initializeElement(at: position, to: member)
            }
            let members = UnsafeBufferPointer(buffer)
            if hasJSON { try checkJSONValues(of: members) }
            if case .success(let isValid) = handle.schema.isValid(members: members) { return isValid }
            // The JSON object the members stand for says what is wrong with them.
            var json = ByteBuffer()
            RecordMember.writeObject(members, into: &json)
            return try withExtendedLifetime(json) { () throws(APIFailure) in
                let text = UnsafeRawPointer(json.bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
                return handle.schema.validate(try handle.record(text, json.count)).isValid
            }
        }
    }
}

/// Refuses members whose JSON values are not each one JSON value (`1, "b": 2` would add a member
/// to the object they stand for), as the JSON text of the record would be refused: text that is not
/// UTF-8 first, wherever it is, then the first value that is not JSON.
private func checkJSONValues(of members: UnsafeBufferPointer<RecordMember>) throws(APIFailure) {
    for (position, member) in members.enumerated() {
        var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        switch member.value {
        case .string(let bytes), .json(let bytes): text = bytes
        case .null, .bool: break
        }
        guard UTF8Validation.isValid(member.name), UTF8Validation.isValid(text) else {
            throw APIFailure(VOUCH_ERROR_UTF8, "member \(position) is not valid UTF-8")
        }
    }
    for (position, member) in members.enumerated() {
        guard case .json(let text) = member.value else { continue }
        do {
            _ = try JSONParser().parse(text)
        } catch {
            // A string's content may be a password: the error quotes none of it.
            throw APIFailure(VOUCH_ERROR_JSON, "the value of member \(position) is not one JSON value: \(error.withoutStringContent)")
        }
    }
}

extension RecordMember {
    /// The member at `position` of a C array of members.
    init(_ member: vouch_member, at position: Int) throws(APIFailure) {
        let name = try Self.bytes(member.name, member.name_length) { "the name of member \(position)" }
        let value: Value
        switch member.type {
        case VOUCH_VALUE_STRING, VOUCH_VALUE_JSON:
            let text = try Self.bytes(member.value, member.value_length) { "the value of member \(position)" }
            value = member.type == VOUCH_VALUE_STRING ? .string(text) : .json(text)
        case VOUCH_VALUE_NULL: value = .null
        case VOUCH_VALUE_TRUE: value = .bool(true)
        case VOUCH_VALUE_FALSE: value = .bool(false)
        default: throw APIFailure(VOUCH_ERROR_ARGUMENT, "member \(position) has no value type \(member.type.rawValue)")
        }
        self.init(name: name, value: value)
    }

    /// A C string's bytes and length: NULL only with length 0.
    private static func bytes(_ pointer: CText, _ length: Int, _ what: () -> String) throws(APIFailure)
        -> UnsafeBufferPointer<UInt8>
    {
        guard length >= 0 else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the length of \(what()) is larger than any buffer") }
        guard let pointer else {
            if length == 0 { return UnsafeBufferPointer(start: nil, count: 0) }
            throw APIFailure(VOUCH_ERROR_ARGUMENT, "\(what()) is NULL")
        }
        return UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
    }
}

/// A record's bytes as the checking path reads them, when the caller gave them and a length.
private func recordBytes(_ json: CText, _ length: Int) -> UnsafeBufferPointer<UInt8>? {
    guard let json, length >= 0 else { return nil }
    return UnsafeRawBufferPointer(start: json, count: length).bindMemory(to: UInt8.self)
}
