import CVouchAPI
import Vouch

/// What a `vouch_form *` points to.
final class FormHandle {
    let schema: FormSchema
    let errors = LastError()

    init(schema: FormSchema) { self.schema = schema }

    static func from(_ pointer: OpaquePointer?) -> FormHandle? {
        pointer.map { Unmanaged<FormHandle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    /// Reads a record (a JSON object) from C.
    func record(_ json: UnsafePointer<CChar>?, _ length: Int) throws(APIFailure) -> JSONObject {
        let source = try text(json, length, "the record")
        do {
            guard let record = try JSONParser().parse(source).objectValue else {
                throw APIFailure(VOUCH_ERROR_JSON, "a record is a JSON object of field name to value")
            }
            return record
        } catch let error as APIFailure {
            throw error
        } catch {
            throw APIFailure(VOUCH_ERROR_JSON, "the record is not valid JSON: \(error)")
        }
    }
}

/// Runs a call on a form handle, with a NULL handle refused.
func withForm(_ pointer: OpaquePointer?, _ body: (FormHandle) throws(APIFailure) -> Void) -> vouch_status {
    guard let handle = FormHandle.from(pointer) else { return VOUCH_ERROR_ARGUMENT }
    return run(handle.errors) { () throws(APIFailure) in try body(handle) }
}

@c @implementation
public func vouch_form_open(
    _ registry: OpaquePointer?, _ specJSON: UnsafePointer<CChar>?, _ length: Int, _ form: UnsafeMutablePointer<OpaquePointer?>?
) -> vouch_status {
    withRegistry(registry) { handle throws(APIFailure) in
        guard let form else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the output pointer is NULL") }
        let spec = try text(specJSON, length, "the form spec")
        do throws(VouchError) {
            let schema = try FormSchema(json: spec, registry: handle.registry)
            form.pointee = OpaquePointer(Unmanaged.passRetained(FormHandle(schema: schema)).toOpaque())
        } catch {
            throw APIFailure(error, in: VOUCH_ERROR_SPEC)
        }
    }
}

@c @implementation
public func vouch_form_free(_ form: OpaquePointer?) {
    guard let form else { return }
    Unmanaged<FormHandle>.fromOpaque(UnsafeRawPointer(form)).release()
}

@c @implementation
public func vouch_form_last_error(_ form: OpaquePointer?) -> UnsafePointer<CChar>? {
    FormHandle.from(form)?.errors.current ?? UnsafePointer(noHandle.pointer)
}

@c @implementation
public func vouch_form_validate(
    _ form: OpaquePointer?, _ recordJSON: UnsafePointer<CChar>?, _ length: Int, _ result: UnsafeMutablePointer<OpaquePointer?>?
) -> vouch_status {
    withForm(form) { handle throws(APIFailure) in
        guard let result else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the output pointer is NULL") }
        let validated = handle.schema.validate(try handle.record(recordJSON, length))
        result.pointee = ResultHandle(validated).retainedPointer
    }
}

@c @implementation
public func vouch_form_validate_json(
    _ form: OpaquePointer?, _ recordJSON: UnsafePointer<CChar>?, _ length: Int, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ jsonLength: UnsafeMutablePointer<Int>?
) -> vouch_status {
    withForm(form) { handle throws(APIFailure) in
        guard let json else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the output pointer is NULL") }
        // The checking path reads the bytes as they are; a record it cannot read is read again
        // below, to say exactly what is wrong with it.
        if let recordJSON, length >= 0 {
            let bytes = UnsafeRawBufferPointer(start: recordJSON, count: length).bindMemory(to: UInt8.self)
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
