import Dispatch
import Testing

@testable import VouchBatch

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Reading records")
struct RecordReaderTests {
    static func source(_ bytes: [UInt8]) -> ByteSource {
        let path = VouchProcess.temporaryDirectory() + "/input"
        VouchProcess.write(bytes: bytes, to: path)
        return ByteSource(descriptor: open(path, O_RDONLY), chunkSize: 7)  // small chunks: records cross them
    }

    static func describe(_ batches: [RecordBatch]) -> [String] {
        batches.flatMap { batch in
            batch.records.map { (record: InputRecord) in
                switch record.content {
                case .json(let range):
                    "\(record.number)@\(record.line) json \(batch.withLines { String(decoding: $0[range], as: UTF8.self) })"
                case .cells(let cells): "\(record.number)@\(record.line) cells \(cells)"
                case .unreadable(let code, let message): "\(record.number)@\(record.line) \(code): \(message)"
                }
            }
        }
    }

    /// JSON lines with blank lines, CRLF, a line over 30 bytes and a last line without a line feed.
    static let jsonLinesText = "{\"a\":1}\r\n\n  \n{\"b\":2}\n" + "{\"long\":\"" + String(repeating: "x", count: 40) + "\"}\n{\"c\":3}"
    /// The records read from ``jsonLinesText`` with a limit of 30 bytes.
    static let jsonLinesRecords = [
        "1@1 json {\"a\":1}", "2@4 json {\"b\":2}", "3@5 too_large: the record has more than 30 bytes", "4@6 json {\"c\":3}",
    ]

    static func batches(_ reader: inout JSONLinesReader) throws -> [RecordBatch] {
        var all: [RecordBatch] = []
        while case let batch = try reader.nextBatch(limit: 2, byteBudget: 1000), !batch.isEmpty { all.append(batch) }
        return all
    }

    @Test("JSON lines: blank lines skipped, CRLF, line numbers, a line too long neither buffered nor dropped")
    func jsonLines() throws {
        var reader = JSONLinesReader(source: Self.source(Array(Self.jsonLinesText.utf8)), maxRecordBytes: 30)
        #expect(Self.describe(try Self.batches(&reader)) == Self.jsonLinesRecords)
    }

    @Test("JSON lines of a file are read into the batch's memory: each holds the input from where the last ended")
    func jsonLinesReadInPlace() throws {
        let input = Array(Self.jsonLinesText.utf8)
        var reader = JSONLinesReader(source: Self.source(input), maxRecordBytes: 30)
        let all = try Self.batches(&reader)
        #expect(Self.describe(all) == Self.jsonLinesRecords)
        // The batches' bytes, one after the other, are the input as read, blank lines and line
        // endings too, but for the line too long to keep, which none holds: the lines are where
        // they were read, not copies.
        let longLine = input.firstRange(of: Array("{\"long\"".utf8))!.lowerBound
        var kept = input
        kept.removeSubrange(longLine...input[longLine...].firstIndex(of: UInt8(ascii: "\n"))!)
        #expect(all.map { $0.lent == nil } == [true, true])
        #expect(all.flatMap { Array($0.bytes[..<$0.readCount]) } == kept)
    }

    @Test("a line too long that comes slowly is one unreadable record, though the records before it go first")
    func longLineComingSlowly() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let writer = ends[1]
        @Sendable func send(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }
        // More than the limit of the long line comes, then nothing for a while.
        send("{\"a\":1}\n{\"long\":\"" + String(repeating: "x", count: 40))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
            send("\"}\n{\"b\":2}\n")
            close(writer)
        }
        var reader = JSONLinesReader(source: ByteSource(descriptor: ends[0], chunkSize: 7), maxRecordBytes: 30)
        #expect(
            Self.describe(try Self.batches(&reader)) == [
                "1@1 json {\"a\":1}", "2@2 too_large: the record has more than 30 bytes", "3@3 json {\"b\":2}",
            ])
    }

    @Test("JSON lines held in memory: the same records, each read where it lies in the input, none copied")
    func jsonLinesInMemory() throws {
        let input = Array(Self.jsonLinesText.utf8)
        try input.withUnsafeBytes { bytes in
            var reader = JSONLinesReader(source: ByteSource(borrowing: bytes), maxRecordBytes: 30)
            let all = try Self.batches(&reader)
            #expect(Self.describe(all) == Self.jsonLinesRecords)
            // The lines are the input's bytes, the last too (no line feed ends it): none was copied.
            let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for batch in all {
                #expect(batch.bytes.isEmpty)
                #expect(batch.lent?.baseAddress == base)
            }
            #expect(all.map(\.byteCount) == [14, 7])
        }
    }

    @Test("CSV: quotes, doubled quotes, line breaks in cells, CRLF, and each bad row reported with its line")
    func csv() throws {
        let text = "name,note\r\nada,\"says \"\"hi\"\", twice\"\r\n\r\ngrace,\"two\nlines\"\nalan\n\"x\",\"y\",\"z\"\nbad,\u{FF}\nlast,one"
        var bytes = Array(text.utf8)
        bytes[bytes.firstIndex(of: 0xC3)!] = 0xFF  // the \u{FF} becomes an invalid byte
        bytes.remove(at: bytes.firstIndex(of: 0xBF)!)
        var reader = CSVReader(source: Self.source(bytes), maxRecordBytes: 1000)
        #expect(try reader.readHeader() == ["name", "note"])
        var all: [RecordBatch] = []
        while case let batch = try reader.nextBatch(limit: 3, byteBudget: 1000), !batch.isEmpty { all.append(batch) }
        #expect(
            Self.describe(all) == [
                "1@2 cells [\"ada\", \"says \\\"hi\\\", twice\"]",
                "2@4 cells [\"grace\", \"two\\nlines\"]",
                "3@6 cell_count: the row has 1 cells; the header has 2",
                "4@7 cell_count: the row has 3 cells; the header has 2",
                "5@8 invalid_utf8: column \"note\" is not valid UTF-8",
                "6@9 cells [\"last\", \"one\"]",
            ])
    }

    @Test("CSV: an unterminated quote, and an empty input")
    func csvProblems() throws {
        var reader = CSVReader(source: Self.source(Array("a,b\n1,\"open".utf8)), maxRecordBytes: 1000)
        let batch = try reader.nextBatch(limit: 10, byteBudget: 1000)
        #expect(Self.describe([batch]) == ["1@2 unterminated_quote: a quoted cell is not closed before the end of the input"])
        var empty = CSVReader(source: Self.source([]), maxRecordBytes: 1000)
        #expect(throws: BatchError.self) { try empty.readHeader() }
    }
}
