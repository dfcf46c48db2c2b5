import Testing

@testable import Vouch

/// A paste of many tokens costs work in proportion to its length: the field's value is set once a
/// paste, not once a token (16,000 tokens once took 11.7 s, each token re-joining and re-checking
/// all those before it).
@Suite("Pasting many tokens")
struct TokenPasteTests {
    @Test("the field's value is set once for a paste, whatever its count of tokens", arguments: [10, 2000, 16_000])
    func paste(count: Int) throws {
        let schema = try FormSchema(
            json: #"{"vouch": 1, "fields": [{"name": "tags", "kind": "tokens", "validate": "change"}]}"#, registry: Registry())
        let form = Form(schema: schema)
        let input = try #require(TokenField(form.fields[0]))
        var changes = 0
        var added = 0
        _ = form.fields[0].addListener { _, event in if event == .changed { changes += 1 } }
        input.addListener { if case .added = $0 { added += 1 } }
        input.type((0..<count).map { "tag\($0)" }.joined(separator: ",") + ",tag0,")
        #expect(input.items.count == count, "the repeated tag0 is not added")
        #expect(added == count)
        #expect(changes == 1)
        #expect(form.fields[0].text.split(separator: "\n").count == count)
    }
}
