import Testing
import Vouch
@_spi(VouchInternal) import VouchBase

@testable import VouchBatch

/// `vouch check` on bytes in memory (the C API's batch call): the command's output and summary,
/// byte for byte, for input read in place.
@Suite("Checking input in memory")
struct InMemoryCheckTests {
    static func run(_ check: InMemoryCheck, _ bytes: [UInt8], form: String = "Examples/signup.form.json") throws -> (String, CheckSummary) {
        let schema = try FormSchema(file: form, registry: Registry())
        var output: [UInt8] = []
        let summary = try bytes.withUnsafeBytes { input throws(BatchError) in
            try check.run(schema, input: input) { output.append(contentsOf: $0) }
        }
        return (String(decoding: output, as: UTF8.self), summary)
    }

    @Test("JSON lines and CSV give the command's stdout and stderr", arguments: ["jsonl", "csv"])
    func sameAsCommand(format: String) throws {
        let path = "Tests/Fixtures/batch/signups.\(format)"
        var check = InMemoryCheck()
        check.format = format == "csv" ? .csv : .jsonLines
        let (output, summary) = try Self.run(check, Array(try FileBytes.read(path)))
        let command = VouchProcess.run(["check", "--form", "Examples/signup.form.json", path])
        #expect(command.status == 1)
        #expect(output == command.stdout)
        #expect(summary.text + "\n" == command.stderr)
        #expect(summary.unreadable == 3, "the fixture has three records that cannot be read")
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
