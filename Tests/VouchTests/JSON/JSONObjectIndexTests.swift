import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// The index of an object's members finds each value where the parser reads it, and refuses an
/// object whose outline is broken, saying where.
@Suite("JSON object index")
struct JSONObjectIndexTests {
    @Test(
        "each member's value is the text the parser reads for it",
        arguments: [
            #"{}"#, #" { } "#, #"{"a":1}"#, #"{"a": "x,}]", "b" : [1, {"c": [2]}], "d": null}"#,
            #"{"k\"ey": "v\\", "é": {"[": "{"}, "n": -1.5e3, "t": true}"#, "{\n\"a\":\n[ ]\n}\n",
            #"{"a": ["q\"}", "\\", {"b": "\\\"]"}], "c": 1}"#,
        ])
    func members(text: String) throws {
        let bytes = Array(text.utf8)
        let expected = try #require(try JSONParser().parse(bytes).objectValue)
        let index = try bytes.withUnsafeBufferPointer { try JSONObjectIndex($0, in: 0..<$0.count) }
        #expect(index.members.map(\.key) == expected.keys)
        for member in index.members {
            let value = try JSONParser().parse(Array(bytes[member.value]))
            #expect(value == expected[member.key], "\(member.key)")
        }
    }

    @Test(
        "a broken outline is refused where it breaks",
        arguments: [
            (#"[1]"#, 1, 1), (#"{"a" 1}"#, 1, 6), (#"{"a": [1, 2}"#, 1, 13), (#"{"a": "x}"#, 1, 7), ("{\"a\": 1,\n 2}", 2, 2),
            (#"{"a": 1} x"#, 1, 10), (#"{"a": }"#, 1, 7),
        ])
    func broken(text: String, line: Int, column: Int) {
        let bytes = Array(text.utf8)
        #expect {
            try bytes.withUnsafeBufferPointer { try JSONObjectIndex($0, in: 0..<$0.count) }
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.line == line && error.column == column
        }
    }
}
