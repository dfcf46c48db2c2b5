import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// What docs/form-spec.md quotes is what Vouch says: its error examples, and where a token's
/// violation is counted from.
@Suite("docs/form-spec.md")
struct FormSpecDocumentationTests {
    static let guide: String = String(decoding: (try? FileBytes.read("docs/form-spec.md")) ?? [], as: UTF8.self)

    /// The specs of the guide's error examples, each quoted there as Vouch writes it (`location: message`).
    static let errorExamples: [String] = [
        #"{"vouch": 1, "fields": [{"name": "zip", "rules": [{"rule": "length", "max": "5"}]}]}"#,
        #"{"vouch": 1, "fields": [{"name": "email", "kind": "emial"}]}"#,
        #"{"vouch": 1, "fields": [{"name": "age", "kind": "number", "minimum": 18}]}"#,
        #"{"vouch": 1, "fields": [{"name": "code", "rules": [{"rule": "pattern", "regex": "([0-9]{5}"}]}]}"#,
        #"{"vouch": 1, "fields": [{"name": "a", "rules": [{"rule": "equals_field", "field": "b"}]}]}"#,
        #"{"vouch": 1, "fields": [{"name": "code", "rules": [{"rule": "pattern", "regex": "^\d{5}$"}]}]}"#,
    ]

    @Test("each error example is quoted as Vouch words it", arguments: errorExamples)
    func errorExample(spec: String) {
        let error = #expect(throws: VouchError.self) { try FormSchema(json: spec, registry: Registry()) }
        guard let error else { return }
        let line = error.description
        #expect(Self.guide.contains("\n" + line + "\n"), "docs/form-spec.md does not quote: \(line)")
    }

    @Test("a token's violation says its position from 0 in the JSON, from 1 in messages")
    func itemCountedFrom0() throws {
        let spec = #"{"vouch": 1, "fields": [{"name": "topics", "kind": "tokens", "rules": [{"rule": "one_of", "values": ["a", "b"]}]}]}"#
        let violation = try #require(try FormSchema(json: spec, registry: Registry()).validate(["topics": "a, x"]).violations.first)
        #expect(violation.item == 1)
        #expect(violation.arguments["item"] == .number(2))
        #expect(Self.guide.contains("position from 0"))
        #expect(!Self.guide.contains("position, from 1"))
        #expect(!Self.guide.contains("the token's position from 1"))
    }
}
