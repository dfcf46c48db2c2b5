import Testing

@testable import Vouch
@testable import VouchSteps

/// A letter under more combining marks than Unicode's Stream-Safe Text Format allows (UAX #15: 30
/// after a base) is not one character: `length` counts one per 31 code points of it, and `name`
/// refuses it ("Z" and 500,000 marks once passed `length max 100` and the name kind).
@Suite("Characters of many combining marks")
struct CombiningMarkTests {
    static func text(marks: Int) -> String { "Z" + String(repeating: "\u{301}", count: marks) }

    @Test(
        "length's count and name's verdict, both paths",
        arguments: [(0, 1, true), (1, 1, true), (30, 1, true), (31, 2, false), (61, 2, false), (62, 3, false), (500_000, 16_130, false)])
    func count(marks: Int, characters: Int, isName: Bool) throws {
        let value = Self.text(marks: marks)
        #expect(LengthRule.characterCount(value) == characters)
        #expect(NameRule.isName(value) == isName)
        let schema = try FormSchema(
            json: #"{"vouch": 1, "fields": [{"name": "n", "kind": "name", "rules": [{"rule": "length", "max": 100}]}]}"#,
            registry: Registry())
        let codes = schema.validate(["n": value]).violations.map(\.code)
        #expect(codes == (isName ? [] : ["name"]) + (characters > 100 ? ["too_long"] : []))
        let line = Array(("{\"n\":\"" + value + "\"}").utf8)
        var output: [UInt8] = []
        _ = line.withUnsafeBufferPointer { FormChecker(schema: schema, maxValueBytes: 1 << 21).checkJSON($0, into: &output) }
        let written = String(decoding: output, as: UTF8.self)
        #expect(written.contains("too_long") == (characters > 100), "the byte path agrees")
        #expect(written.contains(#""code":"name""#) == !isName, "the byte path agrees")
    }
}
