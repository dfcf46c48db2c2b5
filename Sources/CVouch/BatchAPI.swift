// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions here implement the block "Bulk checking, and a form's fields, for language
// bindings" of include/vouch.h: their names are the C API's, vouch_snake_case.

import CVouchAPI
import Vouch
@_spi(VouchInternal) import VouchBase
import VouchBatch

#if canImport(Glibc)
    import Glibc
#endif

@c @implementation
public func vouch_form_check(
    _ form: OpaquePointer?, _ input: CText, _ length: Int, _ options: UnsafePointer<vouch_check_options>?,
    _ output: CTextOut, _ outputLength: IntOut,
    _ summary: CTextOut, _ summaryLength: IntOut
) -> vouch_status {
    FormHandle.with(form) { handle throws(APIFailure) in
        let output = try outParameter(output)
        let input = try inputBuffer(input, length)
        let check = try inMemoryCheck(options, summarizes: summary != nil)
        // The lines go straight into the buffer the caller receives, grown as they come.
        var buffer = MallocBuffer(capacity: length + length / 2 + 4096)
        let counts: CheckSummary
        do throws(BatchError) {
            counts = try check.run(handle.schema, input: input) { lines in
                buffer.append(lines)
                return nil
            }
        } catch {
            buffer.free()
            throw APIFailure(VOUCH_ERROR_ARGUMENT, error.message)
        }
        outputLength?.pointee = buffer.count
        output.pointee = buffer.finish()
        if let summary { try give(counts.json, summary, summaryLength) }
    }
}

@c @implementation
public func vouch_form_check_to(
    _ form: OpaquePointer?, _ input: CText, _ length: Int, _ options: UnsafePointer<vouch_check_options>?,
    _ write: vouch_write_callback?, _ context: UnsafeMutableRawPointer?,
    _ summary: CTextOut, _ summaryLength: IntOut
) -> vouch_status {
    FormHandle.with(form) { handle throws(APIFailure) in
        guard let write else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the write callback is NULL") }
        let input = try inputBuffer(input, length)
        let check = try inMemoryCheck(options, summarizes: summary != nil)
        let counts: CheckSummary
        var stop: Int32 = 0
        do throws(BatchError) {
            counts = try check.run(handle.schema, input: input) { lines in
                stop = write(context, UnsafeRawPointer(lines.baseAddress)?.assumingMemoryBound(to: CChar.self), lines.count)
                return stop == 0 ? nil : BatchError("the write callback returned \(stop): the check stopped")
            }
        } catch {
            throw APIFailure(stop != 0 ? VOUCH_ERROR_IO : VOUCH_ERROR_ARGUMENT, error.message)
        }
        if let summary { try give(counts.json, summary, summaryLength) }
    }
}

/// The input C gave, checked: a length that fits a buffer, and an address unless it is empty.
private func inputBuffer(_ input: CText, _ length: Int) throws(APIFailure) -> UnsafeRawBufferPointer {
    guard length >= 0 else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the length of the input is larger than any buffer") }
    guard input != nil || length == 0 else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the input is NULL") }
    return UnsafeRawBufferPointer(start: input, count: length)
}

/// The options C gave, read no further than their `size`, as the command's check; it counts the
/// records for a summary when `summarizes`, as for a caller that asks for one.
private func inMemoryCheck(_ options: UnsafePointer<vouch_check_options>?, summarizes: Bool) throws(APIFailure) -> InMemoryCheck {
    var check = InMemoryCheck()
    check.summarizes = summarizes
    guard let options else { return check }
    // A caller built against an older header passes a smaller struct: what it lacks is zero.
    var given = vouch_check_options()
    let size = UnsafeRawPointer(options).load(as: Int.self)
    guard size >= MemoryLayout<Int>.size else {
        throw APIFailure(VOUCH_ERROR_ARGUMENT, "options.size is \(size): set it to sizeof(vouch_check_options)")
    }
    withUnsafeMutableBytes(of: &given) { target in
        target.copyMemory(from: UnsafeRawBufferPointer(start: options, count: min(size, MemoryLayout<vouch_check_options>.size)))
    }
    switch given.format {
    case VOUCH_INPUT_JSON_LINES: check.format = .jsonLines
    case VOUCH_INPUT_CSV: check.format = .csv
    default: throw APIFailure(VOUCH_ERROR_ARGUMENT, "options.format is \(given.format.rawValue): VOUCH_INPUT_JSON_LINES or VOUCH_INPUT_CSV")
    }
    func count(_ value: Int, _ name: String, default fallback: Int) throws(APIFailure) -> Int {
        if value == 0 { return fallback }
        guard value > 0, value <= InMemoryCheck.maximumLimit else {
            throw APIFailure(VOUCH_ERROR_ARGUMENT, "options.\(name) is \(UInt(bitPattern: value)): at most \(InMemoryCheck.maximumLimit)")
        }
        return value
    }
    check.firstRecord = try count(given.first_record, "first_record", default: 1)
    check.firstLine = try count(given.first_line, "first_line", default: 1)
    check.maxRecordBytes = try count(given.max_record_bytes, "max_record_bytes", default: check.maxRecordBytes)
    check.maxValueBytes = try count(given.max_value_bytes, "max_value_bytes", default: check.maxValueBytes)
    check.display = given.display != 0
    guard given.jobs <= CheckPipeline.maximumJobs else {
        throw APIFailure(VOUCH_ERROR_ARGUMENT, "options.jobs is \(given.jobs): at most \(CheckPipeline.maximumJobs)")
    }
    check.jobs = max(given.jobs, 1)
    return check
}

@c @implementation
public func vouch_form_schema_json(
    _ form: OpaquePointer?, _ title: CText, _ titleLength: Int, _ json: CTextOut, _ length: IntOut
) -> vouch_status {
    FormHandle.with(form) { handle throws(APIFailure) in
        let given = try text(title, titleLength, "the title")
        let name = given.isEmpty ? handle.spec["name"]?.stringValue ?? "form" : given
        var schema = InputSchema(form: handle.schema, spec: handle.spec)
        try give(JSONWriter.string(schema.schema(title: name), pretty: true), json, length)
    }
}

@c @implementation
public func vouch_form_fields_json(_ form: OpaquePointer?, _ json: CTextOut, _ length: IntOut) -> vouch_status {
    FormHandle.with(form) { handle throws(APIFailure) in
        let fields = handle.schema.fields.map { field in
            var members: [(String, JSONValue)] = [
                ("name", .string(field.name)), ("label", .string(field.label)), ("kind", .string(field.kind.name)),
                ("required", .bool(field.isRequired)), ("secret", .bool(field.isSecret)), ("conditional", .bool(field.condition != nil)),
            ]
            if let tokens = field.kind.tokens { members.append(("token_kind", .string(tokens.tokenKind.name))) }
            return JSONValue.object(JSONObject(members))
        }
        try give(.array(fields), json, length)
    }
}

/// Bytes in memory from `malloc`, grown with `realloc`, handed to C NUL-terminated (for `vouch_free`).
private struct MallocBuffer {
    private var base: UnsafeMutablePointer<CChar>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = malloc(self.capacity)!.assumingMemoryBound(to: CChar.self)
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count + 1 > capacity {
            capacity = max(capacity * 2, count + bytes.count + 1)
            base = realloc(base, capacity)!.assumingMemoryBound(to: CChar.self)
        }
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// The buffer, NUL-terminated; the struct is not used after.
    mutating func finish() -> UnsafeMutablePointer<CChar> {
        base[count] = 0
        return base
    }

    func free() { Glibc.free(base) }
}
