@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

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
    /// The schema's violation codes, which a count numbers by: held by ``schema``, so not counted here.
    private let codes: LentReference<ViolationCodes>

    /// A checker whose state comes from the form's pool (a checker made for each call of a
    /// binding reuses the last one's buffers and messages) and goes back to it.
    public init(schema: FormSchema, maxValueBytes: Int = .max) {
        self.schema = schema
        self.maxValueBytes = maxValueBytes
        self.state = schema.plan.checkers.take()
        self.codes = LentReference(schema.plan.codes)
    }

    deinit { schema.plan.checkers.giveBack(state) }

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
        state.checkJSON(line, schema: schema, maxValueBytes: maxValueBytes, header: header, display: display, body)
    }

    /// Checks one record given as a JSON object, and appends its result to `output`, where it is
    /// written: what ``checkJSON(_:header:display:into:)-([UInt8])`` appends, with no copy.
    package func checkJSON(
        _ line: UnsafeBufferPointer<UInt8>, header: Header = .none, display: Bool = false, into output: inout ByteBuffer
    ) -> Unreadable? {
        state.checkJSON(line, schema: schema, maxValueBytes: maxValueBytes, header: header, display: display, into: &output)
    }

    /// Checks one record given as text by field (a CSV row), and appends its result to `output`.
    public func check(texts: [(field: Int, text: String)], header: Header = .none, display: Bool = false, into output: inout [UInt8]) {
        state.check(texts: texts, schema: schema, header: header, display: display) { output.append(contentsOf: $0) }
    }

    /// Checks one record given as text by field, and appends its result to `output`, where it is written.
    package func check(texts: [(field: Int, text: String)], header: Header = .none, display: Bool = false, into output: inout ByteBuffer) {
        state.check(texts: texts, schema: schema, header: header, display: display, into: &output)
    }

    /// Checks a record of JSON values, as ``FormSchema/validate(_:)-(JSONObject)`` does.
    public func validate(_ record: JSONObject) -> ValidationResult { state.validate(record, schema: schema) }

    /// Checks values given as text, by field name.
    public func validate(_ values: [String: String]) -> ValidationResult { state.validate(values, schema: schema) }

    /// Whether the record checked last is valid.
    public var lastRecordIsValid: Bool { state.record.pointee.isValid }

    /// Counts the record checked last into `tally`, field by field; whether it is valid.
    ///
    /// The outcomes and the tally's fields are walked side by side by pointer: a field included
    /// costs a compare, an add and a test of its first violation.
    @discardableResult
    public func count(into tally: inout CheckTally) -> Bool {
        var valid = true
        state.record.pointee.outcomes.withUnsafeBufferPointer { outcomes in
            tally.fields.withUnsafeMutableBufferPointer { fields in
                guard var outcome = outcomes.baseAddress, var field = fields.baseAddress else { return }
                let end = outcome + min(outcomes.count, fields.count)
                while outcome < end {
                    if outcome.pointee.included {
                        field.pointee.checked &+= 1
                        if !outcome.pointee.isValid {
                            valid = false
                            countViolations(of: outcome, into: field)
                        }
                    }
                    outcome += 1
                    field += 1
                }
            }
        }
        tally.records &+= 1
        if valid { tally.valid &+= 1 }
        return valid
    }

    /// Whether the record checked last is valid: ``count(into:)``'s answer, for a caller that
    /// counts nothing.
    public var isValid: Bool { state.record.pointee.isValid }

    /// Counts a field's violations by code. Kept out of line: a valid record's count reads
    /// nothing of the form's codes. (The outcome is read where it is: a copy would count
    /// references; and the codes are the schema's, read with no reference counted.)
    @inline(never)
    private func countViolations(of outcome: UnsafePointer<RecordCheck.Outcome>, into field: UnsafeMutablePointer<CheckTally.Field>) {
        field.pointee.invalid &+= 1
        codes.with { codes in
            field.pointee.count(outcome.pointee.firstCode, of: codes)
            for code in outcome.pointee.moreCodes { field.pointee.count(code, of: codes) }
        }
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
