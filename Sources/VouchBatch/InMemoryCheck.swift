import Vouch
@_spi(VouchInternal) import VouchBase

/// `vouch check` on input held in memory, for the C API's batch call (`vouch_form_check`): the
/// command's own readers and record checker, on the calling thread, so that the lines are the
/// command's byte for byte and a binding cannot drift from it.
package struct InMemoryCheck {
    /// How the input is read: as `vouch check` reads a `.jsonl` or a `.csv` file.
    package enum Format: Sendable {
        case jsonLines
        case csv
    }

    package var format = Format.jsonLines
    /// The number of the first record, and the line the input starts on.
    package var firstRecord = 1
    package var firstLine = 1
    /// The command's limits and defaults (`--max-record-bytes`, `--max-value-bytes`).
    package var maxRecordBytes = 1 << 20
    package var maxValueBytes = 1 << 16
    /// Adds `"display"` to each line.
    package var display = false

    /// The largest limit the command takes.
    package static let maximumLimit = 1 << 30

    package init() {}

    /// Checks every record of `input` (read in place), hands its lines to `write` a batch at a
    /// time, and returns what the command would sum up. Throws only for input that has no records
    /// to read (a CSV input without a header row); a record that cannot be read is a line of its own.
    package func run(_ schema: FormSchema, input: UnsafeRawBufferPointer, _ write: (UnsafeBufferPointer<UInt8>) -> Void)
        throws(BatchError) -> CheckSummary
    {
        let source = ByteSource(borrowing: input)
        try source.skipByteOrderMark()
        var reader: any RecordReader
        var header: [String]? = nil
        switch format {
        case .jsonLines:
            reader = JSONLinesReader(source: source, maxRecordBytes: maxRecordBytes, firstRecord: firstRecord, firstLine: firstLine)
        case .csv:
            var csv = CSVReader(source: source, maxRecordBytes: maxRecordBytes, firstRecord: firstRecord, firstLine: firstLine)
            header = try csv.readHeader()
            reader = csv
        }
        var checker = RecordChecker(schema: schema, header: header, maxValueBytes: maxValueBytes)
        checker.display = display
        var summary = CheckSummary(fieldNames: schema.fields.map(\.name))
        // One batch's lines at a time, in memory that stays in the cache; a small input (one record
        // from a database's check) gets a batch its own size, not a megabyte that malloc hands back
        // to the system at each call.
        var lines = ByteBuffer()
        var batch = RecordBatch()
        let (recordLimit, byteBudget) = (min(4096, input.count / 2 + 1), min(1 << 20, input.count + 1))
        while true {
            batch = try reader.nextBatch(limit: recordLimit, byteBudget: byteBudget, reusing: batch)
            if batch.isEmpty { break }
            lines.removeAll()
            // Each record read where it lies: an array's element would be copied out for the call.
            batch.records.withUnsafeBufferPointer { records in
                for index in records.indices { checker.check(records[index], in: batch, into: &lines, summary: &summary) }
            }
            write(lines.bytes)
        }
        return summary
    }
}

extension CheckSummary {
    /// The summary as JSON, for programs that combine the summaries of many runs:
    /// `{"records", "valid", "invalid", "unreadable", "unreadable_codes", "fields": [{"name",
    /// "records", "invalid", "codes"}]}`, codes by name.
    package var json: JSONValue {
        func counts(_ codes: [String: Int]) -> JSONValue {
            .object(JSONObject(codes.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number(Double($0.value))) }))
        }
        let fields = zip(fieldNames, tally.fields).map { name, field in
            JSONValue.object(
                JSONObject([
                    ("name", .string(name)), ("records", .number(Double(field.checked))), ("invalid", .number(Double(field.invalid))),
                    ("codes", counts(field.codes)),
                ]))
        }
        return .object(
            JSONObject([
                ("records", .number(Double(records))), ("valid", .number(Double(valid))), ("invalid", .number(Double(invalid))),
                ("unreadable", .number(Double(unreadable))), ("unreadable_codes", counts(unreadableCodes)), ("fields", .array(fields)),
            ]))
    }
}
