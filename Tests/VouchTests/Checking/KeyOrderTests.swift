import Testing

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// The scanner finds a field by its key fastest when it guesses which field comes next. It guesses
/// from the last record's order, so records from one source (the form's order, or PostgreSQL's,
/// which sorts a jsonb's keys by length) are read without a hash look-up, and any order still reads.
@Suite("The order of a record's keys")
struct KeyOrderTests {
    static let spec = #"""
        {"vouch": 1, "fields": [{"name": "first_name"}, {"name": "email"}, {"name": "zip"}, {"name": "phone"}]}
        """#

    func scan(_ line: String, _ schema: FormSchema, into record: inout RecordCheck) -> Bool {
        let scanner = RecordScanner(plan: schema.plan, maxValueBytes: 1 << 20)
        return Array(line.utf8).withUnsafeBufferPointer { scanner.scan($0, fields: schema.fields.count, into: &record) }
    }

    /// The fields in the order the scanner expects them after the last record.
    func expectedOrder(_ record: borrowing RecordCheck, fields: Int) -> [Int] {
        var order: [Int] = []
        var previous = 0
        while order.count < fields {
            let next = record.keyOrder[previous]
            guard next < fields else { break }
            order.append(next)
            previous = next + 1
        }
        return order
    }

    @Test(
        "the next record is expected in the last one's order",
        arguments: [
            (#"{"first_name": "a", "email": "b", "zip": "c", "phone": "d"}"#, [0, 1, 2, 3]),
            (#"{"zip": "c", "email": "b", "phone": "d", "first_name": "a"}"#, [2, 1, 3, 0]),
            (#"{"zip": "c", "x": 1, "phone": "d", "email": "b", "first_name": "a"}"#, [2, 3, 1, 0]),
        ])
    func learned(line: String, order: [Int]) throws {
        let schema = try FormSchema(json: Self.spec, registry: Registry())
        var record = RecordCheck(codes: nil)
        #expect(scan(#"{"first_name": "a"}"#, schema, into: &record))
        #expect(expectedOrder(record, fields: 4) == [0, 1, 2, 3], "the form's order at first")
        #expect(scan(line, schema, into: &record))
        #expect(expectedOrder(record, fields: 4) == order)
    }

    @Test("records in changing orders give the same values")
    func changing() throws {
        let schema = try FormSchema(json: Self.spec, registry: Registry())
        let checker = FormChecker(schema: schema)
        let lines = [
            #"{"zip": "10001", "email": "ada@example.org", "phone": "2015550123", "first_name": "Ada"}"#,
            #"{"first_name": "Ada", "email": "ada@example.org", "zip": "10001", "phone": "2015550123"}"#,
            #"{"phone": "2015550123", "first_name": "Ada", "zip": "10001", "email": "ada@example.org"}"#,
            #"{"email": "ada@example.org", "zip": "10001", "first_name": "Ada"}"#,
        ]
        var outputs: [[UInt8]] = []
        for line in lines + lines {
            var output: [UInt8] = []
            _ = Array(line.utf8).withUnsafeBufferPointer { checker.checkJSON($0, into: &output) }
            outputs.append(output)
        }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
        #expect(outputs[0] != outputs[3], "the last has no phone")
        #expect(Array(outputs[..<4]) == Array(outputs[4...]))
    }
}
