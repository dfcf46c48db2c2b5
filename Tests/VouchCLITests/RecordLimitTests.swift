import Testing

@testable import VouchBatch

#if canImport(Glibc)
    import Glibc
#endif

/// `--max-record-bytes` counts every byte of a record, CSV and JSON lines alike (separators and
/// quotes too), but not its line ending, LF or CRLF; what goes past it is neither kept nor parsed.
@Suite("Every byte of a record counts")
struct RecordLimitTests {
    static func csv(_ text: String, limit: Int) throws -> [String] {
        var reader = CSVReader(source: RecordReaderTests.source(Array(text.utf8)), maxRecordBytes: limit)
        var all: [RecordBatch] = []
        while case let batch = try reader.nextBatch(limit: 2, byteBudget: 1000), !batch.isEmpty { all.append(batch) }
        return RecordReaderTests.describe(all)
    }

    static func jsonLines(_ text: String, limit: Int) throws -> [String] {
        var reader = JSONLinesReader(source: RecordReaderTests.source(Array(text.utf8)), maxRecordBytes: limit)
        var all: [RecordBatch] = []
        while case let batch = try reader.nextBatch(limit: 2, byteBudget: 1000), !batch.isEmpty { all.append(batch) }
        return RecordReaderTests.describe(all)
    }

    @Test(
        "CSV rows at and over the limit of 10 bytes",
        arguments: [
            ("a\n" + String(repeating: ",", count: 10) + "\n", "1@2 cell_count: the row has 11 cells; the header has 1"),
            ("a\n" + String(repeating: ",", count: 11) + "\n", "1@2 too_large: the record has more than 10 bytes"),
            ("a\n" + String(repeating: ",", count: 5000) + "\n", "1@2 too_large: the record has more than 10 bytes"),
            ("a\n\"\"\"\"\"\"\"\"\"\"\n", "1@2 cells [\"\\\"\\\"\\\"\\\"\"]"),
            ("a\n\"\"\"\"\"\"\"\"\"\"\"\"\n", "1@2 too_large: the record has more than 10 bytes"),
            ("a\r\n0123456789\r\n", "1@2 cells [\"0123456789\"]"),
            ("a\n0123456789\n", "1@2 cells [\"0123456789\"]"),
            ("a\r\n0123456789X\r\n", "1@2 too_large: the record has more than 10 bytes"),
            ("a\r\n\"01234567\"\r\n", "1@2 cells [\"01234567\"]"),
            ("a\r\n\"012345678\"\r\n", "1@2 too_large: the record has more than 10 bytes"),
            ("a\r\n\"0\n345678\"\r\n", "1@2 cells [\"0\\n345678\"]"),
        ])
    func csvRows(text: String, expected: String) throws {
        #expect(try Self.csv(text, limit: 10) == [expected])
    }

    @Test(
        "JSON lines at and over the limit of 10 bytes, with LF and CRLF",
        arguments: [
            ("{\"a\":\"12\"}\n", "1@1 json {\"a\":\"12\"}"),
            ("{\"a\":\"12\"}\r\n", "1@1 json {\"a\":\"12\"}"),
            ("{\"a\":\"12\"}", "1@1 json {\"a\":\"12\"}"),
            ("{\"a\":\"123\"}\n", "1@1 too_large: the record has more than 10 bytes"),
            ("{\"a\":\"123\"}\r\n", "1@1 too_large: the record has more than 10 bytes"),
            ("{\"a\":\"12\"}\r\r\n", "1@1 too_large: the record has more than 10 bytes"),
            ("{\"a\":\"123\"}", "1@1 too_large: the record has more than 10 bytes"),
            ("{\"a\":\"" + String(repeating: "x", count: 40) + "\"}", "1@1 too_large: the record has more than 10 bytes"),
            ("{\"a\":\"" + String(repeating: "x", count: 40) + "\"}\r\n", "1@1 too_large: the record has more than 10 bytes"),
        ])
    func jsonLines(text: String, expected: String) throws {
        // Read 7 bytes at a time, the line crosses reads (the reader's slow path); after it, the
        // next line is whole in a read (the fast path).
        #expect(try Self.jsonLines(text, limit: 10) == [expected])
        #expect(try Self.jsonLines("{}\n" + text, limit: 10) == ["1@1 json {}", expected.replacing("1@1", with: "2@2")])
    }

    @Test("a CSV row of 16 MiB of commas is too large, and costs no memory for its cells")
    func commas() {
        let directory = VouchProcess.temporaryDirectory()
        let form = directory + "/form.json"
        VouchProcess.write(#"{"vouch": 1, "fields": [{"name": "first_name", "kind": "name"}]}"#, to: form)
        let small = directory + "/small.csv"
        VouchProcess.write("first_name\nAda\n", to: small)
        let commas = directory + "/commas.csv"
        VouchProcess.write(bytes: Array("first_name\n".utf8) + [UInt8](repeating: UInt8(ascii: ","), count: 16 << 20) + [10], to: commas)
        let baseline = VouchProcess.run(["check", "--quiet", "--jobs", "1", "--form", form, small])
        let outcome = VouchProcess.run(["check", "--quiet", "--jobs", "1", "--form", form, commas])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains(#""code":"too_large""#), "\(outcome.stdout.prefix(300))")
        // Before, the row's 16,777,217 empty cells took 125 MB beyond the baseline.
        let grown = outcome.maxResidentKilobytes - baseline.maxResidentKilobytes
        #expect(grown < 40_000, "\(grown) KB more than for one small record")
    }
}
