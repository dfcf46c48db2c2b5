import Testing
@_spi(VouchInternal) import VouchBase

@testable import VouchPlan
@_spi(VouchInternal) @testable import VouchSteps

/// A field's text read from the line without an escape and left as it was holds nothing a JSON
/// string escapes: the result writer copies it as it is, as it does a text kept with a result
/// met before that holds nothing to escape. Any other text is escaped. Either way the value
/// written is the JSON string of the field's text.
@Suite("Texts written as they are")
struct PlainJSONTests {
    static let schema = try! FormSchema(
        json: #"{"vouch": 1, "locale": "en-US", "fields": [{"name": "note", "kind": "text"}, {"name": "who", "kind": "name"}]}"#,
        registry: Registry())

    /// A member's JSON text in the line, the text it stands for, and whether it is written as it is.
    @Test(
        "values with and without escapes",
        arguments: [
            (#""plain text""#, "plain text", true),
            (#""it's 5 o'clock, ok?""#, "it's 5 o'clock, ok?", true),
            (#""a \"quoted\" word""#, "a \"quoted\" word", false),
            (#""back\\slash""#, "back\\slash", false),
            (#""tab\there""#, "tab\there", false),
            (#""caf\u00e9""#, "café", false),
            (#""\u0001""#, "\u{1}", false),
            (#""  spaced  out  ""#, "spaced  out", false),
        ])
    func written(member: String, text: String, plain: Bool) throws {
        let state = CheckState(codes: Self.schema.plan.codes)
        let line = Array(#"{"note": \#(member), "who": \#(member)}"#.utf8)
        var results: [String] = []
        for pass in 0..<2 {
            let result = line.withUnsafeBufferPointer { line in
                state.checkJSON(line, schema: Self.schema, maxValueBytes: .max, header: .none, display: false) {
                    String(decoding: $0, as: UTF8.self)
                }
            }
            results.append(try result.get())
            // Met before, a text kept says whether it holds anything to escape.
            let isPlain = state.record.pointee.isPlainJSON[0]
            #expect(pass == 0 ? isPlain == plain : !isPlain || !text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }, "\(member)")
        }
        #expect(results[0] == results[1], "the result met before is written alike")
        let values = try #require(try JSONParser().parse(Array(results[0].utf8)).objectValue?["values"]?.objectValue)
        #expect(values["note"]?.textValue == text)
        var expected: [UInt8] = []
        JSONWriter.writeString(text, into: &expected)
        #expect(results[0].contains(#""note":\#(String(decoding: expected, as: UTF8.self))"#))
    }

    /// Converters that write only text with nothing to escape say so; others do not.
    @Test("values of phones, dates and regions are written as they are; a choice's escaped")
    func converterValues() throws {
        let schema = try FormSchema(
            json: #"{"vouch": 1, "locale": "en-US", "fields": [{"name": "phone", "kind": "phone"}, {"name": "born", "kind": "date"}, "#
                + #"{"name": "state", "kind": "state"}, {"name": "pick", "kind": "choice", "options": ["a \"b\""]}]}"#,
            registry: Registry())
        let state = CheckState(codes: schema.plan.codes)
        let line = Array(#"{"phone": "(201) 555-0123", "born": "02/22/1982", "state": "texas", "pick": "a \"b\""}"#.utf8)
        let json = try line.withUnsafeBufferPointer { line in
            try state.checkJSON(line, schema: schema, maxValueBytes: .max, header: .none, display: false) {
                String(decoding: $0, as: UTF8.self)
            }.get()
        }
        #expect(json.contains(#""phone":"+12015550123","born":"1982-02-22","state":"TX","pick":"a \"b\"""#), "\(json)")
        let forms = state.record.pointee.outcomes.buffer.map { outcome -> RecordCheck.Outcome.Form? in
            if case .bytes(_, _, let form) = outcome.value { return form }
            return nil
        }
        #expect(forms == [.plainText, .plainText, .plainText, .text])
    }
}
