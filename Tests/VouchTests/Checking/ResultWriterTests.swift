import Testing
@_spi(VouchInternal) import VouchBase

@testable import VouchPlan

/// The result writer makes room once for each field's key and value and copies them unchecked,
/// a key as two words of 16 bytes: every line it writes is the one ``ValidationResult/json(display:includingDisplay:)``
/// gives, for keys of every length around those words, values to escape and not, texts much longer
/// than the room the buffer had, secret fields and every record number.
@Suite("Result lines, written with room made once per field")
struct ResultWriterTests {
    /// Field names whose keys (`,"name":`) are 5 to 40 bytes long, around the 32 copied as words,
    /// one with a quote to escape, and a password that is never written.
    static let names: [String] =
        (1...36).map { length in String(repeating: "n", count: length - 1) + String(length % 10) } + [
            #"say "hi""#, "pw",
        ]

    static let schema = try! FormSchema(
        json: #"{"vouch": 1, "locale": "en-US", "fields": ["#
            + names.map { name in
                var key: [UInt8] = []
                JSONWriter.writeString(name, into: &key)
                let kind = name == "pw" ? "password" : "text"
                return #"{"name": \#(String(decoding: key, as: UTF8.self)), "kind": "\#(kind)"}"#
            }.joined(separator: ", ") + "]}",
        registry: Registry())

    /// The line `checker` writes for `record`, and the one the `String` path gives for it.
    static func lines(_ checker: FormChecker, _ record: JSONObject, number: Int, display: Bool) throws -> (got: String, want: String) {
        let line = Array(JSONValue.object(record).jsonText.utf8)
        var output: [UInt8] = []
        let read = line.withUnsafeBufferPointer { checker.checkJSON($0, header: .record(number), display: display, into: &output) }
        try read.get()
        var expected: [UInt8] = []
        JSONWriter.write(checker.schema.validate(record).json(includingDisplay: display), into: &expected)
        return (String(decoding: output, as: UTF8.self), #"{"record":\#(number),"# + String(decoding: expected.dropFirst(), as: UTF8.self))
    }

    /// Texts to give every field: empty, short and long, plain and needing escapes at either end,
    /// and many times longer than the 1,024 bytes the buffer starts with.
    static let texts: [String] = [
        "", "a", "ab", "abc", "abcd", "seven77", "eight888", String(repeating: "x", count: 16), String(repeating: "y", count: 17),
        String(repeating: "z", count: 31), String(repeating: "w", count: 32), String(repeating: "v", count: 33),
        String(repeating: "u", count: 63), String(repeating: "t", count: 64), String(repeating: "s", count: 65), "a \"quoted\" word",
        "back\\slash", "tab\there", "\u{1}", "café", "\"" + String(repeating: "q", count: 40), String(repeating: "r", count: 40) + "\n",
        String(repeating: "long plain text ", count: 6_000), String(repeating: "\"\\\u{7}", count: 9_000),
        String(repeating: "é", count: 30_000) + "\"",
    ]

    @Test("each text in every field, with and without display values", arguments: [false, true])
    func everyText(display: Bool) throws {
        let checker = FormChecker(schema: Self.schema)
        for (index, text) in Self.texts.enumerated() {
            let record = JSONObject(Self.names.map { ($0, JSONValue.string(text)) })
            let (got, want) = try Self.lines(checker, record, number: index, display: display)
            #expect(got == want, "text \(index) (\(text.utf8.count) bytes)")
            #expect(!got.contains(#""pw""#))
        }
    }

    @Test("texts mixed across fields, after long lines and short ones", arguments: [false, true])
    func mixed(display: Bool) throws {
        let checker = FormChecker(schema: Self.schema)
        var generator = SeededGenerator(seed: 7_331)
        for index in 0..<300 {
            // Some fields left out, some given a number (the wrong type), the rest a text.
            let record = JSONObject(
                Self.names.compactMap { name -> (String, JSONValue)? in
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0: nil
                    case 1: (name, .number(Double(index)))
                    default: (name, .string(Self.texts.randomElement(using: &generator)!))
                    }
                })
            let (got, want) = try Self.lines(checker, record, number: index, display: display)
            #expect(got == want, "record \(index)")
        }
    }

    @Test(
        "the record's number, every count of digits",
        arguments: [0, 1, 9, 10, 99, 100, 12_345, 1_000_000, 99_999_999_999, Int.max, -1, -12_345, Int.min])
    func number(_ number: Int) throws {
        let checker = FormChecker(schema: Self.schema)
        let (got, want) = try Self.lines(checker, [Self.names[0]: .string("a")], number: number, display: false)
        #expect(got == want)
        #expect(got.hasPrefix(#"{"record":\#(number),"valid":"#))
    }
}
