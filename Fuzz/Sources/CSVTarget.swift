@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchBatch

/// `vouch check` on CSV: the CLI's reader takes the header and the rows, `RecordChecker` checks
/// each row against the fixed forms (columns matched to fields by the header), and every output
/// line is JSON. A row's result must be what `FormSchema.validate` gives for the same texts.
enum CSVTarget {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        var header: [String] = []
        var checkers: [RecordChecker] = []
        let formCheckers = FuzzForms.checked.map { FormChecker(schema: $0) }
        CheckInput.forEachBatch(in: bytes) { source -> CSVReader? in
            var reader = CSVReader(source: source, maxRecordBytes: CheckInput.maxRecordBytes)
            // No header, or a header that is not UTF-8: vouch check stops with a message.
            guard let read = try? reader.readHeader() else { return nil }
            header = read
            checkers = FuzzForms.checked.map {
                RecordChecker(schema: $0, header: header, maxValueBytes: CheckInput.maxValueBytes)
            }
            return reader
        } _: { batch in
            for (checker, formChecker) in zip(checkers, formCheckers) {
                var output = ByteBuffer()
                var summary = CheckSummary(fieldNames: checker.checker.schema.fields.map(\.name))
                for record in batch.records {
                    checker.check(record, in: batch, into: &output, summary: &summary)
                    if case .cells(let cells) = record.content, cells.count != header.count {
                        fatalError("a row of \(cells.count) cells was read under a header of \(header.count)")
                    }
                    // Every byte of a row counts, commas too: no row over the limit is read as cells.
                    if case .unreadable("cell_count", let message) = record.content,
                        let count = message.firstMatch(of: /has (\d+) cells/).flatMap({ Int($0.1) })
                    {
                        expect(
                            count <= CheckInput.maxRecordBytes + 1,
                            "a row of \(count) cells under a limit of \(CheckInput.maxRecordBytes) bytes")
                    }
                }
                RecordOutput.checkLines(output.array, expected: batch.records.count)
                for record in batch.records {
                    guard case .cells(let cells) = record.content else { continue }
                    compare(cells, columns: checker.columns, checker: formChecker)
                }
            }
        }
    }

    /// The row as `vouch check` gives it to the checker, against the Swift API on the same texts.
    static func compare(_ cells: [String], columns: [(name: String, column: Int, field: Int?)], checker: FormChecker) {
        guard !cells.contains(where: { $0.utf8.count > CheckInput.maxValueBytes }) else { return }
        let schema = checker.schema
        let fields = columns.compactMap { column in column.field.map { (field: $0, text: cells[column.column]) } }
        var output: [UInt8] = []
        checker.check(texts: fields, into: &output)
        var values: [String: String] = [:]
        for (field, text) in fields { values[schema.fields[field].name] = text }
        let expected = RecordOutput.reference(schema.validate(values))
        expect(
            output == expected,
            """
            the checking path and the Swift API disagree on a CSV row
             got \(String(decoding: output, as: UTF8.self))
            want \(String(decoding: expected, as: UTF8.self))
            """)
    }
}
