import Testing

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// Keys no field takes are checked for repeats through a hash table: a record of many of them costs
/// work in proportion to its keys, not to their square (a record of 120,000 such keys once took
/// 7.2 billion key comparisons).
@Suite("Keys the form does not use")
struct UnknownKeyTests {
    static func record(keys: Int, repeating repeated: Int? = nil) -> [UInt8] {
        var text = #"{"first_name":"Ada""#
        for index in 0..<keys { text += #","k\#(index)":"""# }
        if let repeated { text += #","k\#(repeated)":"x""# }
        return Array((text + "}").utf8)
    }

    @Test("each key is compared with few others, however many keys there are", arguments: [10, 1000, 60_000, 120_000])
    func linear(keys: Int) throws {
        let schema = try FormSchema(
            json: #"{"vouch": 1, "fields": [{"name": "first_name", "kind": "name", "required": true}]}"#, registry: Registry())
        let scanner = RecordScanner(plan: schema.plan, maxValueBytes: 1 << 20)
        var record = RecordCheck(codes: nil)
        let line = Self.record(keys: keys)
        let taken = line.withUnsafeBufferPointer { scanner.scan($0, fields: schema.fields.count, into: &record) }
        #expect(taken)
        #expect(record.otherKeys.count == keys)
        // Linear probing in a table at most half full: about one comparison a key.
        #expect(record.otherKeys.comparisons <= 2 * keys + UnknownKeySet.linearLimit * UnknownKeySet.linearLimit)
    }

    @Test("a key given twice is still found, early or late among many", arguments: [(5, 3), (1000, 0), (120_000, 119_999)])
    func repeated(keys: Int, repeated: Int) throws {
        let schema = try FormSchema(
            json: #"{"vouch": 1, "fields": [{"name": "first_name", "kind": "name", "required": true}]}"#, registry: Registry())
        let scanner = RecordScanner(plan: schema.plan, maxValueBytes: 1 << 20)
        var record = RecordCheck(codes: nil)
        let line = Self.record(keys: keys, repeating: repeated)
        let taken = line.withUnsafeBufferPointer { scanner.scan($0, fields: schema.fields.count, into: &record) }
        #expect(!taken, "the parser reads it, and says which key repeats")
        #expect(throws: JSONParseError.self) { try JSONParser().parse(line) }
    }
}
