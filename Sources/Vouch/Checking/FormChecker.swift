/// Checks records against a form on the compiled byte path, and writes their results as JSON.
///
/// For bulk checking: make one per thread (a checker keeps buffers and PCRE2 match data from
/// record to record, so that a valid record allocates nothing), all sharing one ``FormSchema``.
/// Results are those of ``FormSchema/validate(_:)-(JSONObject)``, value for value.
public final class FormChecker {
    public let schema: FormSchema
    /// The longest string value a record may hold, in bytes.
    public let maxValueBytes: Int
    private let state: CheckState

    public init(schema: FormSchema, maxValueBytes: Int = .max) {
        self.schema = schema
        self.maxValueBytes = maxValueBytes
        self.state = CheckState()
    }

    init(schema: FormSchema, state: CheckState) {
        self.schema = schema
        self.maxValueBytes = .max
        self.state = state
    }

    /// Why a record could not be read: a stable code and a message.
    public struct Unreadable: Error, Sendable, Hashable {
        /// `invalid_utf8`, `invalid_json`, `not_an_object` or `value_too_large`.
        public let code: String
        public let message: String
    }

    /// What comes before `"valid"` in a result: nothing, or `"record": N`.
    public enum Header: Sendable {
        case none
        case record(Int)
    }

    /// Checks one record given as a JSON object (a line of JSON lines), and appends its result to
    /// `output`: `{["record": N,] "valid", "values", ["display",] "errors"}`. Nothing is written
    /// for a record that cannot be read.
    public func checkJSON(
        _ line: UnsafeBufferPointer<UInt8>, header: Header = .none, display: Bool = false, into output: inout [UInt8]
    ) -> Result<Void, Unreadable> {
        checkJSON(line, header: header, display: display) { output.append(contentsOf: $0) }
    }

    /// Checks one record given as a JSON object, and calls `body` with its result (the bytes are
    /// valid during the call only); for a record that cannot be read, `body` is not called.
    public func checkJSON<R>(
        _ line: UnsafeBufferPointer<UInt8>, header: Header = .none, display: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> Result<R, Unreadable> {
        withState { record, scratch in
            let scanner = RecordScanner(names: schema.plan.nameRef, maxValueBytes: maxValueBytes)
            if scanner.scan(line, fields: schema.fields.count, into: &record) {
                record.run(schema: schema, line: line, scratch: &scratch, wantsDisplay: display)
            } else {
                switch read(line) {
                case .failure(let problem): return .failure(problem)
                case .success(let object):
                    record.setInputs(object, schema: schema)
                    record.run(schema: schema, line: Self.noLine, scratch: &scratch, wantsDisplay: display)
                }
            }
            state.output.pointee.removeAll()
            schema.plan.writer.write(record, header: header.writerHeader, display: display, into: &state.output.pointee)
            return .success(body(state.output.pointee.bytes))
        }
    }

    /// Checks one record given as text by field (a CSV row), and appends its result to `output`.
    public func check(texts: [(field: Int, text: String)], header: Header = .none, display: Bool = false, into output: inout [UInt8]) {
        withState { record, scratch in
            record.reset(fields: schema.fields.count)
            for (field, text) in texts { record.setText(field, text.utf8) }
            record.run(schema: schema, line: Self.noLine, scratch: &scratch, wantsDisplay: display)
            write(record, header: header, display: display, into: &output)
        }
    }

    /// Checks a record of JSON values, as ``FormSchema/validate(_:)-(JSONObject)`` does.
    public func validate(_ record: JSONObject) -> ValidationResult {
        withState { state, scratch in
            state.setInputs(record, schema: schema)
            state.run(schema: schema, line: Self.noLine, scratch: &scratch, wantsDisplay: true)
            return state.result(schema: schema)
        }
    }

    /// Checks values given as text, by field name.
    public func validate(_ values: [String: String]) -> ValidationResult {
        withState { record, scratch in
            record.reset(fields: schema.fields.count)
            for (index, field) in schema.fields.enumerated() {
                if let text = values[field.name] { record.setText(index, text.utf8) }
            }
            record.run(schema: schema, line: Self.noLine, scratch: &scratch, wantsDisplay: true)
            return record.result(schema: schema)
        }
    }

    /// Writes the record's result through the thread's buffer, then to `output`.
    private func write(_ record: borrowing RecordCheck, header: Header, display: Bool, into output: inout [UInt8]) {
        state.output.pointee.removeAll()
        schema.plan.writer.write(record, header: header.writerHeader, display: display, into: &state.output.pointee)
        output.append(contentsOf: state.output.pointee.bytes)
    }


    private static var noLine: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

    /// Runs `body` with the thread's record state and scratch.
    private func withState<R>(_ body: (inout RecordCheck, inout CheckScratch) -> R) -> R {
        body(&state.record.pointee, &state.scratch.pointee)
    }

    /// Whether the record checked last is valid.
    public var lastRecordIsValid: Bool { state.record.pointee.isValid }

    /// Counts the record checked last into `tally`, field by field.
    public func count(into tally: inout CheckTally) {
        tally.records += 1
        if lastRecordIsValid { tally.valid += 1 }
        state.record.pointee.outcomes.withUnsafeBufferPointer { outcomes in
            for index in outcomes.indices where outcomes[index].included {
                tally.fields[index].checked += 1
                guard !outcomes[index].violations.isEmpty else { continue }
                tally.fields[index].invalid += 1
                for violation in outcomes[index].violations { tally.fields[index].codes[violation.code, default: 0] += 1 }
            }
        }
    }

    /// The record's fields, or why it cannot be read, by ``JSONParser``.
    private func read(_ line: UnsafeBufferPointer<UInt8>) -> Result<JSONObject, Unreadable> {
        guard UTF8Validation.isValid(line) else {
            return .failure(Unreadable(code: "invalid_utf8", message: "the record is not valid UTF-8"))
        }
        let object: JSONObject
        do {
            guard let parsed = try JSONParser().parse(line).objectValue else {
                return .failure(Unreadable(code: "not_an_object", message: "a record is a JSON object of field name to value"))
            }
            object = parsed
        } catch {
            return .failure(Unreadable(code: "invalid_json", message: "column \(error.column): \(error.message)"))
        }
        for (name, value) in object {
            if case .string(let text) = value, text.utf8.count > maxValueBytes {
                return .failure(Unreadable(code: "value_too_large", message: "field \"\(name)\" has more than \(maxValueBytes) bytes"))
            }
        }
        return .success(object)
    }
}

extension FormChecker.Header {
    var writerHeader: ResultWriter.Header {
        switch self {
        case .none: .none
        case .record(let number): .record(number)
        }
    }
}

/// What a thread reuses from record to record, apart from any one form.
///
/// Unchecked: it is used by one thread at a time, handed over through ``CheckerPool``'s lock.
/// Its parts live behind pointers of their own, so that using them costs no exclusivity check
/// (as a class's stored properties would, on every access).
final class CheckState: @unchecked Sendable {
    let record = UnsafeMutablePointer<RecordCheck>.allocate(capacity: 1)
    let scratch = UnsafeMutablePointer<CheckScratch>.allocate(capacity: 1)
    /// A record's result, before it is handed out.
    let output = UnsafeMutablePointer<ByteBuffer>.allocate(capacity: 1)

    init() {
        record.initialize(to: RecordCheck())
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
}

/// Counts of a bulk check: records, and for each field how many records included it, how many
/// broke it, and with which codes.
public struct CheckTally: Sendable {
    public var records = 0
    public var valid = 0
    public var fields: [Field]

    public struct Field: Sendable {
        public var checked = 0
        public var invalid = 0
        public var codes: [String: Int] = [:]
    }

    public init(fields count: Int) {
        fields = Array(repeating: Field(), count: count)
    }

    public mutating func merge(_ other: CheckTally) {
        records += other.records
        valid += other.valid
        for index in fields.indices {
            fields[index].checked += other.fields[index].checked
            fields[index].invalid += other.fields[index].invalid
            for (code, count) in other.fields[index].codes { fields[index].codes[code, default: 0] += count }
        }
    }
}
