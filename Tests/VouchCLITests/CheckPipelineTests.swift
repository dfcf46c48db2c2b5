import Testing
import Vouch
@_spi(VouchInternal) import VouchBase

@testable import VouchBatch

#if canImport(Glibc)
    import Glibc
#endif

/// `vouch check`'s pipeline, in process: each record's line is written where the batch's output
/// is, and the batches are written in order; no line is lost, repeated or changed, whatever the
/// number of threads, the size of the batches and of the writes, and the records kept.
@Suite("Check pipeline")
struct CheckPipelineTests {
    static let schema = try! FormSchema(file: "Examples/signup.form.json", registry: Registry())
    static let maxRecordBytes = 600

    /// Lines of every kind, each of its own values: valid and invalid records, lines that cannot
    /// be read (malformed, not an object, not UTF-8, too long), and blank lines, which are no records.
    static let lines: [[UInt8]] = (0..<700).map { index in
        // Letters alone (a name holds no digits): 0 to 9 as a to j.
        let name = "ada" + String(String(index).unicodeScalars.map { Character(Unicode.Scalar($0.value + 49)!) })
        switch index % 10 {
        case 0: return Array(#"{"first_name": "\#(name)", "last_name": "#.utf8)
        case 1: return Array("[\(index)]".utf8)
        case 2: return Array(#"{"first_name": "j"#.utf8) + [0xFF] + Array(#"rgen\#(index)"}"#.utf8)
        case 3: return Array(#"{"first_name": "\#(String(repeating: "x", count: 700))"}"#.utf8)
        case 4: return Array("   ".utf8)
        case 5, 6:
            return Array(#"{"first_name": "", "email": "no-at-sign\#(index)", "zip": \#(index), "password": "hunter2"}"#.utf8)
        default:
            let fields = [
                #""first_name": "\#(name)", "last_name": "turing", "email": "\#(name)@example.org", "phone": "2015550123""#,
                #""zip": "94103", "state": "CA", "birth_date": "12/10/1985""#,
                #""password": "enigma-machine", "password_confirm": "enigma-machine""#,
            ]
            return Array("{\(fields.joined(separator: ", "))}".utf8)
        }
    }

    /// What a record's line is: all of it, or, for a record that cannot be read, how it starts.
    struct Expected {
        let line: [UInt8]
        let valid: Bool
        let whole: Bool

        /// Whether `line` is this one.
        func matches(_ line: [UInt8]) -> Bool { whole ? line == self.line : line.starts(with: self.line) && line.last == UInt8(ascii: "}") }
    }

    /// Each record's line, found record by record through the Swift API's own buffer (the JSON
    /// lines): blank lines are no records.
    static func expectedLines() -> [Expected] {
        let checker = FormChecker(schema: schema, maxValueBytes: 1 << 16)
        var number = 0
        return lines.enumerated().compactMap { index, line -> Expected? in
            guard line.contains(where: { $0 != UInt8(ascii: " ") }) else { return nil }
            number += 1
            let unreadable = Expected(
                line: Array(#"{"record":\#(number),"line":\#(index + 1),"valid":false,"#.utf8), valid: false, whole: false)
            guard line.count <= maxRecordBytes else { return unreadable }
            var output: [UInt8] = []
            let read = line.withUnsafeBufferPointer { checker.checkJSON($0, header: .record(number), into: &output) }
            guard case .success = read else { return unreadable }
            return Expected(line: output, valid: checker.lastRecordIsValid, whole: true)
        }
    }

    /// The output of the pipeline on ``lines`` (standard output as `vouch check` writes it).
    static func run(
        jobs: Int, batchRecords: Int, batchBytes: Int, flushSize: Int, format: CheckOutput = CheckOutput(),
        counting: RecordChecker.Counting = .byField
    ) throws -> (output: [UInt8], summary: CheckSummary) {
        let path = VouchProcess.temporaryDirectory() + "/out"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        let writer = OutputWriter(descriptor: descriptor, flushSize: flushSize)
        let input = lines.map { $0 + [UInt8(ascii: "\n")] }.joined()
        let summary = try Array(input).withUnsafeBytes { bytes throws(BatchError) -> CheckSummary in
            let source = ByteSource(borrowing: bytes)
            let pipeline = CheckPipeline(
                reader: JSONLinesReader(source: source, maxRecordBytes: maxRecordBytes), source: source,
                fieldNames: schema.fields.map(\.name), output: writer, progress: nil, batchRecords: batchRecords, batchBytes: batchBytes
            ) {
                var checker = RecordChecker(schema: schema, header: nil, maxValueBytes: 1 << 16, format: format)
                checker.counting = counting
                return checker
            }
            let summary = try pipeline.run(jobs: jobs)
            try writer.finish()
            return summary
        }
        close(descriptor)
        return (Array(try FileBytes.read(path)), summary)
    }

    /// The lines of `output`, each without its line feed; fails when the last does not end with one.
    static func split(_ output: [UInt8]) -> [[UInt8]] {
        #expect(output.last == UInt8(ascii: "\n"))
        return output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map(Array.init)
    }

    @Test(
        "every record's line, once and in order, for one thread or three, small or large batches and writes",
        arguments: [(1, 1024, 1 << 18, 1 << 16), (1, 7, 1 << 18, 100), (3, 5, 1 << 18, 1), (3, 64, 700, 1 << 16), (2, 1, 1, 10)])
    func allLines(jobs: Int, batchRecords: Int, batchBytes: Int, flushSize: Int) throws {
        let expected = Self.expectedLines()
        let (output, summary) = try Self.run(jobs: jobs, batchRecords: batchRecords, batchBytes: batchBytes, flushSize: flushSize)
        let lines = Self.split(output)
        try #require(lines.count == expected.count, "\(lines.count) lines for \(expected.count) records")
        for (index, (line, wanted)) in zip(lines, expected).enumerated() {
            #expect(wanted.matches(line), "record \(index + 1): \(String(decoding: line, as: UTF8.self))")
        }
        #expect(summary.records == expected.count)
        #expect(summary.valid == expected.filter(\.valid).count)
        #expect(summary.unreadable == 280)
    }

    @Test("the records alone counted (--quiet): the same lines, the records and the valid ones counted, no field", arguments: [1, 3])
    func recordsCounted(jobs: Int) throws {
        let (all, summary) = try Self.run(jobs: jobs, batchRecords: 6, batchBytes: 1 << 18, flushSize: 50)
        let (lines, records) = try Self.run(jobs: jobs, batchRecords: 6, batchBytes: 1 << 18, flushSize: 50, counting: .records)
        #expect(lines == all)
        #expect(summary.tally.fields.contains { $0.checked > 0 })
        #expect(records.tally.fields.allSatisfy { $0.checked == 0 && $0.invalid == 0 && $0.codes.isEmpty })
        #expect((records.records, records.valid, records.unreadable) == (summary.records, summary.valid, summary.unreadable))
        #expect(records.valid > 0 && records.valid < records.records)
    }

    @Test("--only invalid and --only valid keep exactly the records they name, in order", arguments: [1, 3])
    func only(jobs: Int) throws {
        let expected = Self.expectedLines()
        for only in [CheckOutput.Only.invalid, .valid] {
            let kept = expected.filter { $0.valid == (only == .valid) }
            #expect(!kept.isEmpty)
            let (output, summary) = try Self.run(
                jobs: jobs, batchRecords: 6, batchBytes: 1 << 18, flushSize: 50, format: CheckOutput(only: only, fields: Self.schema.fields)
            )
            let lines = Self.split(output)
            try #require(lines.count == kept.count, "\(lines.count) lines for \(kept.count) \(only) records")
            for (line, wanted) in zip(lines, kept) { #expect(wanted.matches(line), "\(String(decoding: line, as: UTF8.self))") }
            #expect(summary.records == expected.count, "the summary counts every record")
        }
    }

    @Test("--output csv: a row per record, each the row of its JSON line, in order", arguments: [1, 3])
    func csv(jobs: Int) throws {
        let expected = Self.expectedLines()
        let format = CheckOutput(format: .csv, fields: Self.schema.fields)
        let (output, _) = try Self.run(jobs: jobs, batchRecords: 9, batchBytes: 1 << 18, flushSize: 80, format: format)
        let rows = Self.split(output)
        try #require(rows.count == expected.count, "\(rows.count) rows for \(expected.count) records")
        for (index, (row, wanted)) in zip(rows, expected).enumerated() {
            guard wanted.whole else {
                #expect(row.starts(with: Array("\(index + 1),".utf8)) && row.contains(UInt8(ascii: ":")))
                continue
            }
            var written = ByteBuffer()
            format.csv.writeRow(format.row(of: try JSONParser().parse(wanted.line).objectValue ?? [:]), into: &written)
            #expect(row + [UInt8(ascii: "\n")] == written.array, "record \(index + 1): \(String(decoding: row, as: UTF8.self))")
        }
    }
}
