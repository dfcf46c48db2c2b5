import Vouch
@_spi(VouchInternal) import VouchBase

/// `vouch check` on input held in memory, for the C API's batch calls (`vouch_form_check`,
/// `vouch_form_check_to`): the command's own readers and record checker, and on more than one
/// thread its pipeline, so that the lines are the command's byte for byte and a binding cannot
/// drift from it.
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
    package var maxRecordBytes = defaultMaxRecordBytes
    package var maxValueBytes = defaultMaxValueBytes
    /// Adds `"display"` to each line.
    package var display = false
    /// The threads that check (`--jobs`): the calling thread alone for one.
    package var jobs = 1
    /// Whether the summary counts the records by field and code; without, it counts only the
    /// unreadable ones, and each record costs a little less.
    package var summarizes = true

    /// The limits' defaults, and the largest either may be, here and in `vouch check`'s
    /// `--max-record-bytes` and `--max-value-bytes`.
    package static let defaultMaxRecordBytes = 1 << 20
    package static let defaultMaxValueBytes = 1 << 16
    package static let maximumLimit = 1 << 30

    package init() {}

    /// Checks every record of `input` (read in place), hands its lines to `write` a batch at a
    /// time, in input order and on the calling thread (whatever `jobs`), and returns what the
    /// command would sum up. `write` returns why it could not take the lines, which stops the check
    /// and is thrown; it is nil when it took them. Throws also for input that has no records to
    /// read (a CSV input without a header row); a record that cannot be read is a line of its own.
    package func run(
        _ schema: FormSchema, input: UnsafeRawBufferPointer, _ write: (UnsafeBufferPointer<UInt8>) -> BatchError?
    ) throws(BatchError) -> CheckSummary {
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
        let batchBytes = CheckPipeline.batchBytes(inputBytes: input.count, jobs: jobs)
        if jobs > 1 {
            // The pipeline and its writer are done with `write` when the run returns.
            return try withoutActuallyEscaping(write) { write throws(BatchError) in
                let writer = OutputWriter(receiver: write)
                let pipeline = CheckPipeline(
                    reader: reader, source: source, fieldNames: schema.fields.map(\.name), output: writer, progress: nil,
                    batchBytes: batchBytes, writesOnCallingThread: true
                ) { [self, header] in self.checker(schema, header: header) }
                let summary = try pipeline.run(jobs: jobs)
                try writer.finish()
                return summary
            }
        }
        // One thread checks batch after batch itself: the pipeline's locks, lists and summaries per
        // batch would cost more than checking the one record of a database's call.
        let checker = self.checker(schema, header: header)
        var summary = CheckSummary(fieldNames: schema.fields.map(\.name))
        var lines = ByteBuffer()
        var batch = RecordBatch()
        // No room for more records than the input can hold (a record is two bytes at least).
        let recordLimit = min(CheckPipeline.batchRecords, input.count / 2 + 1)
        while true {
            batch = try reader.nextBatch(limit: recordLimit, byteBudget: batchBytes, reusing: consume batch)
            if batch.isEmpty { break }
            lines.removeAll()
            checker.check(batch, into: &lines, summary: &summary) { _, _ in }
            if let refused = write(lines.bytes) { throw refused }
        }
        return summary
    }

    /// The command's record checker, with these options.
    private func checker(_ schema: FormSchema, header: [String]?) -> RecordChecker {
        var checker = RecordChecker(schema: schema, header: header, maxValueBytes: maxValueBytes)
        checker.display = display
        checker.counting = summarizes ? .byField : .unreadable
        return checker
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
