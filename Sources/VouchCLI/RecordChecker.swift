import Vouch

/// Turns input records into output lines: reads each record's content, checks it against the
/// form, and writes `{"record", "valid", "values", "errors"}`. Immutable; used by many threads.
struct RecordChecker: Sendable {
    let schema: FormSchema
    /// The CSV header, when the input is CSV.
    let header: [String]?
    let maxValueBytes: Int

    /// The output line of one record (with its newline), counted into `summary`.
    func check(_ record: InputRecord, summary: inout CheckSummary) -> [UInt8] {
        summary.records += 1
        switch read(record) {
        case .failure(let problem):
            summary.unreadable += 1
            summary.unreadableCodes[problem.code, default: 0] += 1
            return line(
                ["record": .number(Double(record.number)), "line": .number(Double(record.line)), "valid": false, "values": [:],
                 "errors": [["field": .null, "code": .string(problem.code), "message": .string("line \(record.line): \(problem.message)")]]])
        case .success(let fields):
            let result = schema.validate(fields)
            if result.isValid { summary.valid += 1 }
            for (index, field) in schema.fields.enumerated() {
                guard let outcome = result.field(field.name) else { continue }
                summary.fields[index].checked += 1
                if !outcome.isValid {
                    summary.fields[index].invalid += 1
                    for violation in outcome.violations { summary.fields[index].codes[violation.code, default: 0] += 1 }
                }
            }
            let errors: [JSONValue] = result.violations.map {
                ["field": .string($0.field), "code": .string($0.code), "message": .string($0.message)]
            }
            return line(
                ["record": .number(Double(record.number)), "valid": .bool(result.isValid), "values": .object(result.canonicalValues),
                 "errors": .array(errors)])
        }
    }

    struct Problem: Error {
        let code: String
        let message: String
    }

    /// The record's fields, or why it cannot be read.
    private func read(_ record: InputRecord) -> Result<JSONObject, Problem> {
        let object: JSONObject
        switch record.content {
        case .unreadable(let code, let message):
            return .failure(Problem(code: code, message: message))
        case .cells(let cells):
            object = JSONObject(zip(header ?? [], cells.map { JSONValue.string($0) }).map { ($0, $1) })
        case .json(let bytes):
            guard String(validating: bytes, as: UTF8.self) != nil else {
                return .failure(Problem(code: "invalid_utf8", message: "the record is not valid UTF-8"))
            }
            do {
                guard let parsed = try JSONParser().parse(bytes).objectValue else {
                    return .failure(Problem(code: "not_an_object", message: "a record is a JSON object of field name to value"))
                }
                object = parsed
            } catch {
                return .failure(Problem(code: "invalid_json", message: "column \(error.column): \(error.message)"))
            }
        }
        for (name, value) in object {
            if case .string(let text) = value, text.utf8.count > maxValueBytes {
                return .failure(Problem(code: "value_too_large", message: "field \"\(name)\" has more than \(maxValueBytes) bytes"))
            }
        }
        return .success(object)
    }

    private func line(_ object: JSONObject) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        JSONWriter.write(.object(object), into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
