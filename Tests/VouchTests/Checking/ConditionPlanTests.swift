import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// The checking path reads conditions on bytes (``ConditionPlan``): it must include the fields
/// that ``Condition/holds(_:)`` includes on the `String` path, which compares each field's
/// canonical value as text, for a field of every kind.
@Suite("Conditions on the checking path agree with the String path")
struct ConditionPlanTests {
    @Test("a condition on a field of every kind, on texts of every sort", arguments: ["en-US", "de-DE", "ja-JP", "tr-TR"])
    func everyKind(locale: String) throws {
        let registry = Registry()
        // Not tokens: the String path's reference does not check them; conditions compare them
        // through the String path.
        let (kinds, plain) = try CheckingPathTests.textKindsForm(registry, locale: locale)
        // What the String path compares for each kind and text, as the values conditions look
        // for; and texts that differ from those only in their bytes (canonically equivalent).
        var compared: Set<String> = ["e\u{301}dith", "zoe\u{308}", "x"]
        for (index, field) in plain.fields.enumerated() {
            for input in CheckingPathTests.anyInputs {
                let normalized = field.formatters.reduce(input) { $1.format($0) }
                compared.insert(plain.conditionValue(of: index, normalized: normalized))
            }
        }
        let values = compared.sorted().map { JSONValue.string($0).jsonText }.joined(separator: ", ")
        var fields: [String] = []
        for name in kinds {
            fields.append(#"{"name": "\#(name)", "kind": "\#(name)"}"#)
            fields.append(
                #"{"name": "if_\#(name)", "kind": "text", "required": true, "when": {"any": [{"field": "\#(name)", "in": [\#(values)]}, "#
                    + #"{"all": [{"field": "\#(name)", "filled": false}, {"not": {"field": "\#(name)", "equals": "x"}}]}]}}"#)
            fields.append(
                #"{"name": "unless_\#(name)", "kind": "text", "required": true, "when": {"not": {"field": "if_\#(name)", "filled": true}}}"#
            )
        }
        let schema = try FormSchema(
            json: #"{"vouch": 1, "locale": "\#(locale)", "fields": [\#(fields.joined(separator: ", "))]}"#, registry: registry)
        let checker = FormChecker(schema: schema)
        let inputs = CheckingPathTests.anyInputs + ["ÉDITH", "E\u{301}DITH", "e\u{301}dith", "zoë", "x", "X"]
        var generator = SeededGenerator(seed: UInt64(locale.utf8.count * 15_485_863))
        var includedBy = 0
        for index in 0..<300 {
            var record: [String: String] = [:]
            for name in kinds {
                record[name] = inputs.randomElement(using: &generator)!
                record["if_" + name] = ["", "ok"].randomElement(using: &generator)!
            }
            CheckingPathTests.expectBothPaths(checker, schema, record, "\(locale) record \(index)")
            let normalized = schema.fields.map { field in field.formatters.reduce(record[field.name] ?? "") { $1.format($0) } }
            let included = schema.inclusion(normalized: normalized)
            includedBy += zip(schema.fields, included).filter { $0.name.hasPrefix("if_") && $1 }.count
        }
        #expect(includedBy > 300, "the conditions hold for a good share of the records: \(includedBy)")
    }

    /// A value compares as written when the field's value of that text is that text: then a
    /// record whose normalized text has its bytes holds without its value being made.
    @Test(
        "a value compares as written only when it is its own compared text",
        arguments: [
            // The choice's option `y` is labelled `yes`: `yes` typed is `y`, by its value.
            ("choice", "y", "y", true, true), ("choice", " y ", "y", true, true), ("choice", "yes", "y", true, true),
            ("choice", "maybe", "y", false, true), ("choice", "no", "y", false, true),
            // A decimal compares as its canonical value: `1.50` is not that.
            ("decimal", "1.50", "1.50", false, false), ("decimal", "1.5", "1.50", false, false), ("decimal", "1.5", "1.5", true, true),
            ("decimal", "1.50", "1.5", true, true),
        ])
    func comparesAsWritten(kind: String, typed: String, expected: String, holds: Bool, asWritten: Bool) throws {
        let options = kind == "choice" ? #", "options": [{"value": "y", "label": "yes"}, "no"]"# : ""
        let schema = try FormSchema(
            json: #"{"vouch": 1, "locale": "en-US", "fields": [{"name": "a", "kind": "\#(kind)"\#(options)}, "#
                + #"{"name": "topic", "kind": "text", "required": true, "when": {"field": "a", "equals": "\#(expected)"}}]}"#,
            registry: Registry())
        let condition = try #require(schema.plan.conditions[1]).object
        #expect(condition.values[0].comparesAsWritten == asWritten)
        let result = schema.validate(["a": typed])
        #expect((result.field("topic") != nil) == holds, "\(typed)")
        var output: [UInt8] = []
        let record = Array(#"{"a": "\#(typed)"}"#.utf8)
        _ = record.withUnsafeBufferPointer { schema.checkJSON($0, display: false, into: &output) }
        #expect(String(decoding: output, as: UTF8.self).contains(#""field":"topic""#) == holds, "\(typed)")
    }
}
