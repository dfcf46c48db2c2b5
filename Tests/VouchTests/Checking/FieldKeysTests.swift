import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// The scanner reads a key it expects by comparing the line with the key's words (its name and
/// closing quote, eight bytes at a time); a key that is not the one expected, or that JSON writes
/// another way, is read byte by byte. Either way a record is read as the JSON parser reads it.
@Suite("Reading a record's keys a word at a time")
struct FieldKeysTests {
    /// Names whose keys (with the closing quote) end before, at and after the end of a word.
    static let names = ["a", "abcdef", "abcdefg", "abcdefgh", "abcdefghijklmno", "abcdefghijklmnop", "ábcdéfghijklmnopq", "say \"hi\""]

    static func form() throws -> FormSchema {
        let fields = names.map { name -> String in
            var json: [UInt8] = []
            JSONWriter.writeString(name, into: &json)
            return #"{"name": \#(String(decoding: json, as: UTF8.self)), "kind": "text"}"#
        }
        return try FormSchema(json: #"{"vouch": 1, "fields": [\#(fields.joined(separator: ", "))]}"#, registry: Registry())
    }

    /// What the record gives when its object is read by the JSON parser.
    static func expected(_ schema: FormSchema, _ line: String) throws -> String {
        let object = try #require(try JSONParser().parse(line).objectValue)
        var expected: [UInt8] = []
        JSONWriter.write(schema.validate(object).json(), into: &expected)
        return String(decoding: expected, as: UTF8.self)
    }

    static func checked(_ checker: FormChecker, _ line: String) throws -> String {
        var output: [UInt8] = []
        let read = Array(line.utf8).withUnsafeBufferPointer { checker.checkJSON($0, into: &output) }
        try read.get()
        return String(decoding: output, as: UTF8.self)
    }

    @Test("every key is found whether the words match, or the key differs by a byte, is longer, shorter or escaped")
    func keys() throws {
        let schema = try Self.form()
        let checker = FormChecker(schema: schema)
        let plain = Self.names.dropLast().enumerated().map { #""\#($1)": "v\#($0)""# }
        let lines = [
            "{" + plain.joined(separator: ", ") + "}",
            // The same again, now that the order is known, and reversed.
            "{" + plain.joined(separator: ", ") + "}",
            "{" + plain.reversed().joined(separator: ",") + "}",
            // Keys a byte off the expected names: shorter, longer, one byte changed, a quote inside.
            #"{"abcdefg": "x", "abcdefgi": "y", "abcdefgh": "z", "abcdefghh": "w"}"#,
            #"{"abcdefghijklmn": "x", "abcdefghijklmnopq": "y", "abcdefghijklmnoP": "z"}"#,
            // A key written with an escape, a name JSON writes with escapes, a key right at the end.
            #"{"abc\u0064ef": "x", "a": "y"}"#,
            #"{"a": "y", "say \"hi\"": "quoted"}"#,
            #"{"abcdefghijklmno": "x", "a":"y"}"#,
            #"{"a":"1","abcdefgh":""}"#,
        ]
        for line in lines {
            #expect(try Self.checked(checker, line) == Self.expected(schema, line), "\(line)")
        }
    }

    @Test("a key at the end of a line, with fewer bytes left than its words")
    func lineEnd() throws {
        let schema = try Self.form()
        let scanner = RecordScanner(plan: schema.plan, maxValueBytes: 1 << 20)
        var record = RecordCheck(codes: nil)
        for line in [#"{"abcdefgh":"x"}"#, #"{"abcdefgh":"x","a":""}"#, #"{"a":""}"#, #"{"ábcdéfghijklmnopq":"é"}"#] {
            let taken = Array(line.utf8).withUnsafeBufferPointer { scanner.scan($0, fields: schema.fields.count, into: &record) }
            #expect(taken, "\(line)")
            #expect(try Self.checked(FormChecker(schema: schema), line) == Self.expected(schema, line), "\(line)")
        }
    }

    @Test("a name that JSON must escape is never expected, and still read")
    func escapedName() throws {
        let keys = FieldKeys(names: ["say \"hi\"", "tab\there", "plain"])
        defer { keys.free() }
        let line = Array(#""say \"hi\"": 1, "tab\there": 2, "plain": 3"#.utf8)
        line.withUnsafeBufferPointer { bytes in
            #expect(keys.end(ofKey: 0, at: 1, in: bytes) == nil)
            #expect(keys.end(ofKey: 1, at: 18, in: bytes) == nil)
            #expect(keys.end(ofKey: 2, at: 34, in: bytes) == 40)
        }
    }
}
