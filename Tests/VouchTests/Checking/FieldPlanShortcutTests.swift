import Testing
@_spi(VouchInternal) import VouchBase

@testable import VouchPlan
@_spi(VouchInternal) @testable import VouchSteps

/// A field's plan leaves out of a filled text's check the rules that only find an empty text
/// (`required`), and makes a text value without calling its converter; the results are those of
/// every rule and the converter.
@Suite("Field plan shortcuts")
struct FieldPlanShortcutTests {
    static let registry = Registry()

    static func form(_ fields: String) throws -> FormSchema {
        try FormSchema(json: #"{"vouch": 1, "locale": "en-US", "fields": [\#(fields)]}"#, registry: registry)
    }

    @Test("a filled text skips exactly the rules that only find an empty one")
    func filledTextRules() throws {
        let schema = try Self.form(
            #"{"name": "a", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 5}]}, "#
                + #"{"name": "b", "kind": "email"}, {"name": "c", "kind": "text", "required": true}"#)
        for field in schema.fields {
            let plan = field.plan
            let kept = plan.filledTextRules.buffer.map { plan.rules[$0].rule }
            let left = plan.rules.indices.filter { !plan.filledTextRules.buffer.contains($0) }.map { plan.rules[$0].rule }
            #expect(left.allSatisfy { $0 is RequiredRule }, "\(field.name)")
            #expect(kept.allSatisfy { !($0 is RequiredRule) }, "\(field.name)")
            #expect(left.count == (field.name == "b" ? 0 : 1), "\(field.name)")
        }
    }

    @Test("`required` finds nothing in a filled text", arguments: ["a", " ", "0", "ü", "\u{200B}"])
    func requiredOnFilledText(text: String) throws {
        #expect(RequiredRule().findsOnlyInEmptyText)
        let context = ByteContext(locale: try Self.registry.locale("en-US"), record: .alone, wantsDisplay: false)
        var scratch = CheckScratch()
        var found: [RuleViolation] = []
        var filled = text
        filled.withByteText { RequiredRule().check($0, context: context, scratch: &scratch, into: &found) }
        RequiredRule().check(ByteText(), context: context, scratch: &scratch, into: &found)
        #expect(found.map(\.code) == ["required"])
    }

    @Test("a required field still speaks for an empty text, and a filled one keeps its other rules")
    func results() throws {
        let schema = try Self.form(#"{"name": "a", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 5}]}"#)
        #expect(schema.validate(["a": ""]).field("a")?.violations.map(\.code) == ["required"])
        #expect(schema.validate(["a": "abcdefg"]).field("a")?.violations.map(\.code) == ["too_long"])
        #expect(schema.validate(["a": "ada"]).field("a")?.violations.isEmpty == true)
    }

    @Test("a text kind's value is its normalized text, made without its converter")
    func textValue() throws {
        let schema = try Self.form(#"{"name": "a", "kind": "text"}, {"name": "b", "kind": "name"}, {"name": "c", "kind": "date"}"#)
        #expect(schema.fields.map(\.plan.valueIsText) == [true, true, false])
        let result = schema.validate(["a": "  two words ", "b": "ada lovelace", "c": "2020-01-02"])
        #expect(result.field("a")?.value?.canonical == .string("two words"))
        #expect(result.field("b")?.value?.canonical == .string("Ada Lovelace"))
        #expect(result.field("c")?.value?.canonical == .string("2020-01-02"))
    }
}
