import Testing
import Vouch
@_spi(VouchInternal) import VouchBase

@testable import VouchBatch

#if canImport(Glibc)
    import Glibc
#endif

/// `vouch check` on bytes in memory (the C API's batch call): the command's output and summary,
/// byte for byte, for input read in place.
@Suite("Checking input in memory")
struct InMemoryCheckTests {
    /// The lines of a check, gathered; each write whole lines, on the thread that called.
    final class Gathered {
        var bytes: [UInt8] = []
        var writes = 0
        var brokenLines = 0
        var writesOnOtherThreads = 0
    }

    static func run(_ check: InMemoryCheck, _ bytes: [UInt8], form: String = "Examples/signup.form.json") throws -> (String, CheckSummary) {
        let (gathered, summary) = try gather(check, bytes, schema: try FormSchema(file: form, registry: Registry()))
        return (String(decoding: gathered.bytes, as: UTF8.self), summary)
    }

    static func gather(_ check: InMemoryCheck, _ bytes: [UInt8], schema: FormSchema) throws -> (Gathered, CheckSummary) {
        let gathered = Gathered()
        let caller = pthread_self()
        let summary = try bytes.withUnsafeBytes { input throws(BatchError) in
            try check.run(schema, input: input) { lines in
                gathered.writes += 1
                if pthread_equal(pthread_self(), caller) == 0 { gathered.writesOnOtherThreads += 1 }
                if lines.last != UInt8(ascii: "\n") { gathered.brokenLines += 1 }
                gathered.bytes.append(contentsOf: lines)
                return nil
            }
        }
        return (gathered, summary)
    }

    @Test("JSON lines and CSV give the command's stdout and stderr, on one thread or several", arguments: ["jsonl", "csv"], [1, 2, 3])
    func sameAsCommand(format: String, jobs: Int) throws {
        let path = "Tests/Fixtures/batch/signups.\(format)"
        var check = InMemoryCheck()
        check.format = format == "csv" ? .csv : .jsonLines
        check.jobs = jobs
        let (output, summary) = try Self.run(check, Array(try FileBytes.read(path)))
        let command = VouchProcess.run(["check", "--form", "Examples/signup.form.json", path])
        #expect(command.status == 1)
        #expect(output == command.stdout)
        #expect(summary.text + "\n" == command.stderr)
        #expect(summary.unreadable == 3, "the fixture has three records that cannot be read")
    }

    @Test("without a summary, the same lines, and no record counted by field", arguments: ["jsonl", "csv"], [1, 2])
    func withoutSummary(format: String, jobs: Int) throws {
        let bytes = Array(try FileBytes.read("Tests/Fixtures/batch/signups.\(format)"))
        var check = InMemoryCheck()
        check.format = format == "csv" ? .csv : .jsonLines
        check.jobs = jobs
        let (counted, summary) = try Self.run(check, bytes)
        check.summarizes = false
        let (uncounted, none) = try Self.run(check, bytes)
        #expect(uncounted == counted)
        #expect(summary.tally.fields.contains { $0.checked > 0 })
        #expect(none.tally.fields.allSatisfy { $0.checked == 0 && $0.invalid == 0 && $0.codes.isEmpty })
        #expect(none.valid == 0)
    }

    @Test("many records come a batch at a time, in order and on the calling thread, the same on every number of threads")
    func batches() throws {
        let schema = try FormSchema(file: "Examples/signup.form.json", registry: Registry())
        let input = (0..<5000).map { $0 % 9 == 4 ? "{\"email\": \n" : "{\"email\": \"u\($0)@example.com\", \"zip\": \"9\($0 % 10)210\"}\n" }
            .joined()
        let (one, summary) = try Self.gather(InMemoryCheck(), Array(input.utf8), schema: schema)
        #expect(one.writes > 4 && one.brokenLines == 0 && summary.records == 5000)
        for jobs in 2...4 {
            var check = InMemoryCheck()
            check.jobs = jobs
            let (many, manySummary) = try Self.gather(check, Array(input.utf8), schema: schema)
            #expect(many.bytes == one.bytes && many.brokenLines == 0)
            #expect(many.writes > 4 && many.writesOnOtherThreads == 0, "\(many.writesOnOtherThreads) of \(many.writes) on \(jobs) threads")
            #expect(manySummary.text == summary.text)
        }
    }

    @Test("a receiver that cannot take the lines stops the check there, and its reason is thrown", arguments: [1, 2])
    func receiverStops(jobs: Int) throws {
        let schema = try FormSchema(file: "Examples/signup.form.json", registry: Registry())
        var check = InMemoryCheck()
        check.jobs = jobs
        let input = Array(String(repeating: "{\"email\": \"a@b.example\"}\n", count: 5000).utf8)
        let gathered = Gathered()
        do {
            _ = try input.withUnsafeBytes { bytes throws(BatchError) in
                try check.run(schema, input: bytes) { _ in
                    gathered.writes += 1
                    return gathered.writes == 2 ? BatchError("stop") : nil
                }
            }
            Issue.record("the check went on after the receiver refused")
        } catch {
            #expect((error as? BatchError)?.message == "stop")
        }
        #expect(gathered.writes == 2, "nothing is written after the receiver refused")
    }

    @Test("records and lines numbered from where the input starts; display values on request")
    func numbering() throws {
        var check = InMemoryCheck()
        check.firstRecord = 41
        check.firstLine = 100
        check.display = true
        let (output, summary) = try Self.run(check, Array("{\"email\": \"a@b.example\"}\n\n[1]\n".utf8))
        let lines = output.split(separator: "\n")
        #expect(lines.count == 2 && summary.records == 2)
        #expect(lines[0].hasPrefix(#"{"record":41,"valid":false"#) && lines[0].contains(#""display":{"#))
        #expect(lines[1].hasPrefix(#"{"record":42,"line":102,"valid":false"#))
    }

    @Test("a CSV input without its header row is refused; empty JSON lines are no records")
    func empty() throws {
        var check = InMemoryCheck()
        check.format = .csv
        #expect(throws: BatchError.self) { try Self.run(check, []) }
        let (output, summary) = try Self.run(InMemoryCheck(), [])
        #expect(output.isEmpty && summary.records == 0)
    }

    @Test("the summary as JSON, and unreadable codes of equal counts in the order of their names")
    func summary() throws {
        let input = "[1]\n{\"a\": \n\u{FF}\n"  // not an object, malformed, and (below) not UTF-8
        var bytes = Array(input.utf8)
        bytes[bytes.count - 3...bytes.count - 2] = [0xFF, 0xFE]
        let (_, summary) = try Self.run(InMemoryCheck(), bytes)
        #expect(summary.text.hasSuffix("  unreadable records: invalid_json (1), invalid_utf8 (1), not_an_object (1)"))
        let json = summary.json
        #expect(json["records"]?.intValue == 3 && json["unreadable"]?.intValue == 3)
        #expect(json["unreadable_codes"]?.objectValue?.keys == ["invalid_json", "invalid_utf8", "not_an_object"])
        #expect(json["fields"]?.arrayValue?.first?["name"]?.stringValue == "first_name")
    }
}
