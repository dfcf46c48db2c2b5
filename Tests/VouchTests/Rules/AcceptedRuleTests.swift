import Testing

@testable import Vouch

@Suite("accepted rule")
struct AcceptedRuleTests {
    /// Words to try: every locale's yes and no words, what a checkbox sends, and others.
    static let candidates = [
        "on", "ON", "off", "1", "0", "true", "TRUE", "false", "yes", "Yes", "no", "y", "n", "ja", "JA", "nein", "oui", "non",
        "はい", "いいえ", "sim", "não", "evet", "hayır", "nee", "", "maybe", "2",
    ]

    @Test(
        "passes exactly for the values the boolean kind reads as true",
        arguments: ["en-US", "de-DE", "fr-FR", "ja-JP", "nl-NL", "pt-BR", "tr-TR"])
    func sameAsBoolean(locale: String) throws {
        let json =
            #"{"vouch": 1, "locale": "\#(locale)", "fields": [{"name": "tick", "kind": "boolean"}, {"name": "terms", "rules": ["accepted"]}]}"#
        let schema = try FormSchema(json: json, registry: Registry())
        for word in Self.candidates {
            let result = schema.validate(["tick": word, "terms": word])
            let readAsTrue = !word.isEmpty && result.canonicalValues["tick"] == .bool(true)
            let accepted = !result.violations.contains { $0.field == "terms" }
            #expect(accepted == readAsTrue, "\(locale): \"\(word)\"")
        }
    }

    @Test(
        "a required boolean field is accepted: in bulk and typed into, it passes exactly for the words read as true",
        arguments: ["en-US", "de-DE", "fr-FR", "ja-JP", "nl-NL", "pt-BR", "tr-TR"])
    func requiredBoolean(locale: String) throws {
        let json =
            #"{"vouch": 1, "locale": "\#(locale)", "fields": [{"name": "tick", "kind": "boolean"}, {"name": "must", "kind": "boolean", "required": true}]}"#
        let schema = try FormSchema(json: json, registry: Registry())
        let form = Form(schema: schema)
        for word in Self.candidates {
            let tick = schema.validate(["tick": word]).canonicalValues["tick"]
            // Nothing: required; a no: accepted; a word that is neither: the kind's boolean.
            let expected =
                word.isEmpty ? ["required"] : tick == .bool(true) ? [] : tick == .bool(false) ? ["accepted"] : ["boolean"]
            let bulk = schema.validate(["must": word]).violations.filter { $0.field == "must" }.map(\.code)
            #expect(bulk == expected, "\(locale): \"\(word)\" in bulk")
            form["must"]!.setText(word)
            #expect(form["must"]!.validate().map(\.code) == expected, "\(locale): \"\(word)\" typed")
        }
        // JSON's own booleans, as a record sends them.
        let no: JSONObject = ["must": .bool(false)]
        let yes: JSONObject = ["must": .bool(true)]
        #expect(schema.validate(no).violations.map(\.code) == ["accepted"])
        #expect(schema.validate(yes).violations.isEmpty)
    }

    @Test("an unticked box (nothing sent) is refused, with the locale's message")
    func empty() throws {
        let json = #"{"vouch": 1, "locale": "de-DE", "fields": [{"name": "terms", "kind": "boolean", "rules": ["accepted"]}]}"#
        let result = try FormSchema(json: json, registry: Registry()).validate([:] as [String: String])
        #expect(result.violations.map(\.code) == ["accepted"])
        #expect(result.violations.first?.message == "Setzen Sie hier ein Häkchen, um fortzufahren.")
    }
}
