@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchBatch
@testable import VouchPlan
@testable import VouchSteps

/// `vouch check` on JSON lines: the CLI's reader splits the input into records, `RecordChecker`
/// checks each against the fixed forms from its bytes, and every output line is JSON. Each record
/// the checking path reads must give exactly what `FormSchema.validate` gives for the parsed object,
/// and each it refuses must be one the parser refuses (or not an object, or not UTF-8).
enum JSONLinesTarget {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let checkers = FuzzForms.checked.map { RecordChecker(schema: $0, header: nil, maxValueBytes: CheckInput.maxValueBytes) }
        let formCheckers = FuzzForms.checked.map { FormChecker(schema: $0) }
        CheckInput.forEachBatch(in: bytes) { source in
            JSONLinesReader(source: source, maxRecordBytes: CheckInput.maxRecordBytes)
        } _: { batch in
            for checker in checkers {
                var output = ByteBuffer()
                var summary = CheckSummary(fieldNames: checker.checker.schema.fields.map(\.name))
                for record in batch.records { checker.check(record, in: batch, into: &output, summary: &summary) }
                RecordOutput.checkLines(output.array, expected: batch.records.count)
            }
            for record in batch.records {
                guard case .json(let range) = record.content else { continue }
                for checker in formCheckers { compare(Array(batch.bytes[range]), checker: checker) }
            }
        }
    }

    /// The checking path against the Swift API, on one record.
    static func compare(_ line: [UInt8], checker: FormChecker) {
        let schema = checker.schema
        // Keys no field takes cost about one comparison each, however many (quadratic once).
        var scanned = RecordCheck(codes: nil)
        let scanner = RecordScanner(plan: schema.plan, maxValueBytes: CheckInput.maxValueBytes)
        _ = line.withUnsafeBufferPointer { scanner.scan($0, fields: schema.fields.count, into: &scanned) }
        let keys = scanned.otherKeys.count
        expect(
            scanned.otherKeys.comparisons <= 2 * keys + UnknownKeySet.linearLimit * UnknownKeySet.linearLimit,
            "\(scanned.otherKeys.comparisons) comparisons for \(keys) unknown keys")
        var output: [UInt8] = []
        let read = line.withUnsafeBufferPointer { checker.checkJSON($0, into: &output) }
        let parsed = try? JSONParser().parse(line)
        switch read {
        case .success:
            guard case .object(let object)? = parsed else { fatalError("the checking path read a record the parser refuses") }
            let expected = RecordOutput.reference(schema.validate(object))
            expect(
                output == expected,
                """
                the checking path and the Swift API disagree
                 got \(String(decoding: output, as: UTF8.self))
                want \(String(decoding: expected, as: UTF8.self))
                """)
        case .failure(let problem):
            expect(output.isEmpty, "an unreadable record wrote output")
            switch problem.code {
            case "invalid_utf8": expect(String(validating: line, as: UTF8.self) == nil, "valid UTF-8 refused as invalid")
            case "invalid_json": expect(parsed == nil, "the checking path refused JSON the parser reads: \(problem.message)")
            case "not_an_object": expect(parsed != nil && parsed?.objectValue == nil, "not_an_object for an object")
            default: fatalError("unexpected code \(problem.code)")
            }
        }
    }
}
