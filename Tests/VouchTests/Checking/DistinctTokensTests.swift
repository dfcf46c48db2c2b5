import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan

/// A `tokens` field's value lists each token once, as a `Set<JSONValue>` tells tokens apart: texts
/// by Unicode canonical equivalence, numbers by value. The list compares bytes first and keeps no
/// set while it is short, so these cases cover both ways and the change from one to the other.
@Suite("The distinct values of a tokens field")
struct DistinctTokensTests {
    /// Texts (false) and JSON numbers or booleans (true), as the checking path hands them over.
    static let cases: [[(String, Bool)]] = [
        [("ada", false), ("grace", false), ("ada", false)],
        [("caf\u{E9}", false), ("cafe\u{301}", false), ("cafe", false)],
        [("\u{212A}", false), ("K", false), ("k", false)],
        [("\u{212B}", false), ("\u{C5}", false), ("A\u{30A}", false)],
        [("100", true), ("1e2", true), ("100.0", true), ("100", false), ("101", true)],
        [("true", true), ("true", false), ("true", true), ("false", true)],
        (0..<40).map { ("t\($0 % 23)", false) },
        (0..<40).map { ($0 % 2 == 0 ? "caf\u{E9}\($0 % 19)" : "cafe\u{301}\($0 % 19)", false) },
        (0..<30).map { ("\($0 % 20)e0", true) } + (0..<25).map { ("\($0)", true) },
    ]

    static func jsonValue(_ text: String, isNumber: Bool) throws -> JSONValue {
        isNumber ? try JSONParser().parse(Array(text.utf8)) : .string(text)
    }

    @Test("the values a set keeps, in their order, and their JSON", arguments: cases.indices)
    func distinct(index: Int) throws {
        var seen = Set<JSONValue>()
        var expected: [JSONValue] = []
        var tokens = DistinctTokens()
        for (text, isNumber) in Self.cases[index] {
            let value = try Self.jsonValue(text, isNumber: isNumber)
            let inserted = seen.insert(value).inserted
            if inserted { expected.append(value) }
            var bytes = Array(text.utf8)
            let added = bytes.withUnsafeMutableBufferPointer {
                tokens.insert(ByteText(unsafeBuffer: UnsafeBufferPointer($0)), isNumber: isNumber)
            }
            #expect(added == inserted, "\(text)")
        }
        #expect(tokens.count == expected.count)
        var written = ByteBuffer()
        tokens.writeJSON(into: &written)
        var json: [UInt8] = []
        JSONWriter.write(.array(expected), into: &json)
        #expect(Array(written.bytes) == json)
        tokens.removeAll()
        #expect(tokens.count == 0)
    }
}
