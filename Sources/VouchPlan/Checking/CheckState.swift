@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// What a thread reuses from record to record while it checks with one form (whose violation
/// codes it numbers), or with none (``shared``).
///
/// Unchecked: it is used by one thread at a time, handed over through an `ObjectPool`'s lock.
/// Its parts live behind pointers of their own, so that using them costs no exclusivity check
/// (as a class's stored properties would, on every access).
final class CheckState: @unchecked Sendable {
    let record = UnsafeMutablePointer<RecordCheck>.allocate(capacity: 1)
    let scratch = UnsafeMutablePointer<CheckScratch>.allocate(capacity: 1)
    /// A record's result, before it is handed to a caller that gives no buffer of its own.
    let output = UnsafeMutablePointer<ByteBuffer>.allocate(capacity: 1)

    /// Checking state for the checks made apart from a form's own pool (a token field's tokens):
    /// nothing counts their violations, and their codes get no numbers.
    static let shared = ObjectPool { CheckState(codes: nil) }

    /// State for checks with one form, whose violations get numbers from `codes`, the form's.
    init(codes: ViolationCodes?) {
        record.initialize(to: RecordCheck(codes: codes))
        scratch.initialize(to: CheckScratch())
        output.initialize(to: ByteBuffer(capacity: 1024))
    }

    deinit {
        record.deinitialize(count: 1)
        record.deallocate()
        scratch.deinitialize(count: 1)
        scratch.deallocate()
        output.deinitialize(count: 1)
        output.deallocate()
    }

    /// Checks one record given as a JSON object, and calls `body` with its result.
    func checkJSON<R>(
        _ line: UnsafeBufferPointer<UInt8>, schema: borrowing FormSchema, maxValueBytes: Int, header: FormChecker.Header, display: Bool,
        _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> Result<R, FormChecker.Unreadable> {
        output.pointee.removeAll()
        if let problem = checkJSON(
            line, schema: schema, maxValueBytes: maxValueBytes, header: header, display: display, into: &output.pointee)
        {
            return .failure(problem)
        }
        return .success(body(output.pointee.bytes))
    }

    /// Checks one record given as a JSON object, and appends its result to `output`; nothing is
    /// written for a record that cannot be read.
    func checkJSON(
        _ line: UnsafeBufferPointer<UInt8>, schema: borrowing FormSchema, maxValueBytes: Int, header: FormChecker.Header, display: Bool,
        into output: inout ByteBuffer
    ) -> FormChecker.Unreadable? {
        if let problem = run(line, schema: schema, maxValueBytes: maxValueBytes, display: display) { return problem }
        write(schema: schema, header: header, display: display, into: &output)
        return nil
    }

    /// Whether one record given as a JSON object passes every check, its result not written
    /// (no display forms, messages nor JSON); the reason when it cannot be read.
    func isValid(_ line: UnsafeBufferPointer<UInt8>, schema: borrowing FormSchema) -> Result<Bool, FormChecker.Unreadable> {
        if let problem = run(line, schema: schema, maxValueBytes: .max, display: false, stoppingAtFirstFailure: true) {
            return .failure(problem)
        }
        return .success(record.pointee.isValid)
    }

    /// Whether a record given member by member passes every check: what ``isValid(_:schema:)`` says
    /// of the JSON object the members stand for, read from them unless only that text can say.
    func isValid(members: some Collection<RecordMember>, schema: borrowing FormSchema) -> Result<Bool, FormChecker.Unreadable> {
        let scanner = RecordScanner(plan: schema.plan, maxValueBytes: .max)
        guard scanner.scan(members, fields: schema.fields.count, into: &record.pointee) else {
            var json = ByteBuffer()
            RecordMember.writeObject(members, into: &json)
            return withExtendedLifetime(json) { isValid(json.bytes, schema: schema) }
        }
        record.pointee.run(schema: schema, line: Self.noLine, scratch: &scratch.pointee, wantsDisplay: false, stoppingAtFirstFailure: true)
        return .success(record.pointee.isValid)
    }

    /// Checks one record given as a JSON object: read by the scanner, or, for what it leaves, by
    /// the JSON parser; the reason when it cannot be read.
    private func run(
        _ line: UnsafeBufferPointer<UInt8>, schema: borrowing FormSchema, maxValueBytes: Int, display: Bool,
        stoppingAtFirstFailure: Bool = false
    ) -> FormChecker.Unreadable? {
        let scanner = RecordScanner(plan: schema.plan, maxValueBytes: maxValueBytes)
        if scanner.scan(line, fields: schema.fields.count, into: &record.pointee) {
            record.pointee.run(
                schema: schema, line: line, scratch: &scratch.pointee, wantsDisplay: display, stoppingAtFirstFailure: stoppingAtFirstFailure
            )
            return nil
        }
        switch Self.read(line, maxValueBytes: maxValueBytes) {
        case .failure(let problem): return problem
        case .success(let object):
            record.pointee.setInputs(object, schema: schema)
            record.pointee.run(
                schema: schema, line: Self.noLine, scratch: &scratch.pointee, wantsDisplay: display,
                stoppingAtFirstFailure: stoppingAtFirstFailure)
            return nil
        }
    }

    /// Checks one record given as text by field, and calls `body` with its result.
    func check<R>(
        texts: [(field: Int, text: String)], schema: borrowing FormSchema, header: FormChecker.Header, display: Bool,
        _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        output.pointee.removeAll()
        check(texts: texts, schema: schema, header: header, display: display, into: &output.pointee)
        return body(output.pointee.bytes)
    }

    /// Checks one record given as text by field, and appends its result to `output`.
    func check(
        texts: [(field: Int, text: String)], schema: borrowing FormSchema, header: FormChecker.Header, display: Bool,
        into output: inout ByteBuffer
    ) {
        record.pointee.reset(fields: schema.fields.count)
        for (field, text) in texts { record.pointee.setText(field, text.utf8) }
        record.pointee.run(schema: schema, line: Self.noLine, scratch: &scratch.pointee, wantsDisplay: display)
        write(schema: schema, header: header, display: display, into: &output)
    }

    /// Checks a record of JSON values, as ``FormSchema/validate(_:)-(JSONObject)`` does.
    func validate(_ values: JSONObject, schema: borrowing FormSchema) -> ValidationResult {
        record.pointee.setInputs(values, schema: schema)
        record.pointee.run(schema: schema, line: Self.noLine, scratch: &scratch.pointee, wantsDisplay: true)
        return record.pointee.result(schema: schema)
    }

    /// Checks values given as text, by field name.
    func validate(_ values: [String: String], schema: borrowing FormSchema, excluding excluded: Set<Int> = []) -> ValidationResult {
        record.pointee.reset(fields: schema.fields.count)
        for (index, field) in schema.fields.enumerated() {
            if let text = values[field.name] { record.pointee.setText(index, text.utf8) }
        }
        record.pointee.run(schema: schema, line: Self.noLine, scratch: &scratch.pointee, wantsDisplay: true, excluding: excluded)
        return record.pointee.result(schema: schema)
    }

    /// Appends the record's result to `output`.
    @inline(__always)
    private func write(schema: borrowing FormSchema, header: FormChecker.Header, display: Bool, into output: inout ByteBuffer) {
        schema.plan.writer.write(record, header: header.writerHeader, display: display, into: &output)
    }

    private static var noLine: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

    /// The record's fields, or why it cannot be read, by ``JSONParser``.
    private static func read(_ line: UnsafeBufferPointer<UInt8>, maxValueBytes: Int) -> Result<JSONObject, FormChecker.Unreadable> {
        guard UTF8Validation.isValid(line) else {
            return .failure(FormChecker.Unreadable(code: "invalid_utf8", message: "the record is not valid UTF-8"))
        }
        let object: JSONObject
        do {
            guard let parsed = try JSONParser().parse(line).objectValue else {
                return .failure(FormChecker.Unreadable(code: "not_an_object", message: "a record is a JSON object of field name to value"))
            }
            object = parsed
        } catch {
            // A string's content may be a password: its error quotes none of it.
            let error = error.withoutStringContent
            return .failure(FormChecker.Unreadable(code: "invalid_json", message: "column \(error.column): \(error.message)"))
        }
        for (name, value) in object {
            if case .string(let text) = value, text.utf8.count > maxValueBytes {
                return .failure(
                    FormChecker.Unreadable(code: "value_too_large", message: "field \"\(name)\" has more than \(maxValueBytes) bytes"))
            }
        }
        return .success(object)
    }
}
