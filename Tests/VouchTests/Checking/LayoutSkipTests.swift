import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// A phone field's layout (`(201) 555-0123`) is left out of the checking path where nothing
/// reads the laid-out text; where something does, it is there. Either way a record's values,
/// display values and violations are the same.
@Suite("Checking leaves out layouts nothing reads")
struct LayoutSkipTests {
    static let registry = Registry()

    static func form(_ fields: String, rules: String = "") throws -> FormSchema {
        try FormSchema(
            json: #"{"vouch": 1, "locale": "en-US", "fields": [\#(fields)]\#(rules.isEmpty ? "" : #", "rules": [\#(rules)]"#)}"#,
            registry: registry)
    }

    static let phone = #"{"name": "phone", "kind": "phone", "required": true}"#
    static let note = #"{"name": "note", "kind": "text"}"#

    @Test(
        "the layout is left out only where nothing reads it",
        arguments: [
            (phone, "", true),
            (phone + ", " + note, "", true),
            // A condition on the phone field reads its text.
            (phone + #", {"name": "note", "kind": "text", "when": {"field": "phone", "equals": "(201) 555-0123"}}"#, "", false),
            // A rule of the field that reads the text as it is laid out.
            (#"{"name": "phone", "kind": "phone", "rules": [{"rule": "pattern", "regex": "\\(.*"}]}"#, "", false),
            // A rule of the form that reads other fields.
            (phone + #", {"name": "again", "kind": "text", "rules": [{"rule": "equals_field", "field": "phone"}]}"#, "", false),
            (phone + ", " + note, #"{"rule": "required_if", "target": "note", "when": {"field": "phone", "equals": "x"}}"#, false),
            // Rules that read other fields, by name, none of them the phone field.
            (phone + ", " + note + #", {"name": "again", "kind": "text", "rules": [{"rule": "equals_field", "field": "note"}]}"#, "", true),
            (phone + ", " + note, #"{"rule": "required_if", "target": "phone", "when": {"field": "note", "equals": "x"}}"#, true),
        ])
    func skips(fields: String, rules: String, skips: Bool) throws {
        let schema = try Self.form(fields, rules: rules)
        #expect(schema.plan.skipsLayout[0] == skips)
    }

    /// A custom rule, with only a `String` path: it may read any field.
    struct OtherFieldRule: Rule {
        func check(_ value: String, context: RuleContext) -> [RuleViolation] {
            context.value(of: "phone") == value ? [RuleViolation("same")] : []
        }
    }

    @Test("a rule with only a String path may read any field: no layout is left out")
    func customRuleReadsAny() throws {
        let registry = Registry()
        try registry.register(RuleDefinition("acme.other", summary: "Reads the phone field.") { _, _ in OtherFieldRule() })
        let schema = try FormSchema(
            json:
                #"{"vouch": 1, "locale": "en-US", "fields": [\#(Self.phone), {"name": "note", "kind": "text", "rules": [{"rule": "acme.other"}]}]}"#,
            registry: registry)
        #expect(!schema.plan.skipsLayout[0])
        #expect(schema.validate(["phone": "2015550123", "note": "(201) 555-0123"]).field("note")?.violations.map(\.code) == ["same"])
    }

    static let numbers = [
        "2015550123", "(201) 555-0123", "+44 20 7946 0958", "2304780522", "12345", "201 555 0123 ext. 12", "+1 201-555-0123",
        "", "011 44 20 7946 0958", "2015550123x7",
    ]

    @Test("values, display values and violations are those of the laid-out text", arguments: numbers)
    func sameResults(number: String) throws {
        let skipping = try Self.form(Self.phone)
        // The same field where a condition reads it: laid out.
        let laidOut = try Self.form(
            Self.phone + #", {"name": "note", "kind": "text", "when": {"field": "phone", "equals": "never"}}"#)
        #expect(skipping.plan.skipsLayout[0] && !laidOut.plan.skipsLayout[0])
        let one = skipping.validate(["phone": number]).field("phone")
        let other = laidOut.validate(["phone": number]).field("phone")
        #expect(one?.value == other?.value, "\(number)")
        #expect(one?.value?.display == other?.value?.display, "\(number)")
        #expect(one?.violations == other?.violations, "\(number)")
        // And the checking path's output line, with display values.
        var outputs: [[UInt8]] = []
        for schema in [skipping, laidOut] {
            var output: [UInt8] = []
            let line = Array(JSONValue.object(["phone": .string(number)]).jsonText.utf8)
            _ = line.withUnsafeBufferPointer { FormChecker(schema: schema).checkJSON($0, display: true, into: &output) }
            outputs.append(output)
        }
        #expect(outputs[0] == outputs[1], "\(number): \(String(decoding: outputs[0], as: UTF8.self))")
    }

    @Test("a condition on the phone field sees its canonical value, however the number was written")
    func conditionSeesLayout() throws {
        let schema = try Self.form(
            Self.phone + #", {"name": "note", "kind": "text", "required": true, "when": {"field": "phone", "equals": "+12015550123"}}"#)
        for written in ["2015550123", "(201) 555-0123", "+1 201 555 0123"] {
            #expect(schema.validate(["phone": written]).field("note")?.violations.map(\.code) == ["required"], "\(written)")
        }
    }
}
