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
        let members = try MemberArray(members, count: count)
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

/// A record's bytes as the checking path reads them, when the caller gave them and a length.
private func recordBytes(_ json: CText, _ length: Int) -> UnsafeBufferPointer<UInt8>? {
    guard let json, length >= 0 else { return nil }
    return UnsafeRawBufferPointer(start: json, count: length).bindMemory(to: UInt8.self)
}
