import Vouch
@_spi(VouchInternal) import VouchBase

/// Turns input records into output lines on one thread: each record checked by a
/// ``FormChecker`` straight from its bytes, its line written as `{"record", "valid", "values",
/// "errors"}`, and counted.
package struct RecordChecker {
    package let checker: FormChecker
    /// CSV: for each distinct header name, in order, the column its value comes from (the last
    /// of its name) and the field it fills, if any.
    package let columns: [(name: String, column: Int, field: Int?)]
    package let maxValueBytes: Int
    /// JSON lines or CSV, all records or some.
    package let format: CheckOutput
    /// Whether each line also has `"display"` (the C API's batch call can ask for it).
    package var display = false
    /// What the summary counts of the records checked.
    package var counting = Counting.byField

    package enum Counting {
        /// The records, the valid ones, and each field's by code: the summary `vouch check` prints.
        case byField
        /// The records and the valid ones: what `vouch check --quiet` needs for its exit status.
        case records
        /// Nothing but the unreadable records: the C API's batch calls for a caller that asks for
        /// no summary (Python's `check_lines`).
        case unreadable
    }

    package init(schema: FormSchema, header: [String]?, maxValueBytes: Int, format: CheckOutput = CheckOutput()) {
        checker = FormChecker(schema: schema, maxValueBytes: maxValueBytes)
        var columns: [(name: String, column: Int, field: Int?)] = []
        var position: [String: Int] = [:]
        for (column, name) in (header ?? []).enumerated() {
            if let known = position[name] {
                columns[known].column = column
            } else {
                position[name] = columns.count
                columns.append((name, column, schema.index(of: name)))
            }
        }
        self.columns = columns
        self.maxValueBytes = maxValueBytes
        self.format = format
    }

    /// Appends the output lines of a batch's records to `output`, in order, counted into `summary`;
    /// `checked` is told, after each record, how many are done and what `output` holds. Each
    /// record is read where it lies: an array's element would be copied out for the call.
    @inline(__always)
    package func check(
        _ batch: RecordBatch, into output: inout ByteBuffer, summary: inout CheckSummary, checked: (Int, borrowing ByteBuffer) -> Void
    ) {
        batch.records.withUnsafeBufferPointer { records in
            for index in records.indices {
                check(records[index], in: batch, into: &output, summary: &summary)
                checked(index + 1, output)
            }
        }
    }

    /// Appends the output line of one record (with its newline) to `output`, where the checker
    /// writes it, counted into `summary`; nothing when `format` leaves the record out.
    package func check(_ record: InputRecord, in batch: RecordBatch, into output: inout ByteBuffer, summary: inout CheckSummary) {
        let start = output.count
        // Whether the record is valid, when counting it told; nil when nothing was counted, and
        // then asked of the checker only if `format` needs it. An unreadable record is invalid.
        var counted: Bool? = false
        switch record.content {
        case .unreadable(let code, let message):
            unreadable(record, code: code, message: message, into: &output, summary: &summary)
        case .json(let range):
            let problem = batch.withLines { bytes in
                checker.checkJSON(
                    UnsafeBufferPointer(rebasing: bytes[range]), header: .record(record.number), display: display, into: &output)
            }
            if let problem {
                unreadable(record, code: problem.code, message: problem.message, into: &output, summary: &summary)
            } else {
                counted = count(into: &summary)
            }
        case .cells(let cells):
            // Not a return: the line of a row with a value too large ends as every other line.
            if let large = columns.first(where: { cells[$0.column].utf8.count > maxValueBytes }) {
                let message = "field \"\(large.name)\" has more than \(maxValueBytes) bytes"
                unreadable(record, code: "value_too_large", message: message, into: &output, summary: &summary)
            } else {
                let texts = columns.compactMap { column in column.field.map { (field: $0, text: cells[column.column]) } }
                checker.check(texts: texts, header: .record(record.number), display: display, into: &output)
                counted = count(into: &summary)
            }
        }
        format.finish(recordAt: start, valid: counted ?? checker.isValid, in: &output)
    }

    /// Counts the record checked last into `summary`, as ``counting`` says, and says whether it is
    /// valid; nil, counting nothing, when only unreadable records are counted.
    @inline(__always)
    private func count(into summary: inout CheckSummary) -> Bool? {
        switch counting {
        case .byField: return checker.count(into: &summary.tally)
        case .records:
            let valid = checker.isValid
            summary.tally.records &+= 1
            if valid { summary.tally.valid &+= 1 }
            return valid
        case .unreadable: return nil
        }
    }

    private func unreadable(
        _ record: InputRecord, code: String, message: String, into output: inout ByteBuffer, summary: inout CheckSummary
    ) {
        summary.tally.records += 1
        summary.unreadable += 1
        summary.unreadableCodes[code, default: 0] += 1
        ResultWriter.writeUnreadable(record: record.number, line: record.line, code: code, message: message, into: &output)
    }
}
