import Testing

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

@Suite("compare_field: one field against another, as typed values")
struct CompareFieldRuleTests {
    static let registry = Registry()

    /// A form of two fields of `kind`, `start` and `end`, where `end` must stand to `start` as `op` says.
    static func form(_ kind: String, _ op: String, locale: String = "en-US") throws -> FormSchema {
        try FormSchema(
            json: #"""
                {"vouch": 1, "locale": "\#(locale)", "fields": [
                 {"name": "start", "label": "Start", "kind": "\#(kind)"},
                 {"name": "end", "label": "End", "kind": "\#(kind)", "rules": [{"rule": "compare_field", "field": "start", "op": "\#(op)"}]}]}
                """#,
            registry: registry)
    }

    /// A locale, a kind, the start, the operator, the end, and whether `end op start` holds.
    static let cases: [(String, String, String, String, String, Bool)] = [
        ("en-US", "date", "02/22/1982", ">", "02/23/1982", true),
        ("en-US", "date", "02/22/1982", ">", "02/22/1982", false),
        ("en-US", "date", "12/31/1999", ">", "01/01/2000", true),
        ("en-US", "date", "02/22/1982", ">=", "1982-02-22", true),
        ("de-DE", "date", "22.02.1982", "<", "21.02.1982", true),
        ("fr-FR", "date", "22/02/1982", "!=", "22/02/1982", false),
        ("en-US", "time", "9:00 AM", ">", "3:05 PM", true),
        ("en-US", "time", "15:05", "==", "3:05 PM", true),
        ("de-DE", "time", "15:05", "<=", "15:04", true),
        ("en-US", "datetime", "1982-02-22T14:30Z", ">", "1982-02-22T15:05+01:00", false),
        ("en-US", "datetime", "1982-02-22T14:30Z", "<", "1982-02-22T15:05+01:00", true),
        ("en-US", "datetime", "1982-02-22T23:30-01:00", ">", "1982-02-23T00:10Z", false),
        ("en-US", "number", "9", ">", "10", true),
        ("en-US", "number", "-3", "<", "-12", true),
        ("en-US", "decimal", "999.99", ">", "1,234.5", true),
        ("de-DE", "decimal", "0,5", ">", "0,45", false),
        ("en-US", "decimal", "2.50", "==", "2.5", true),
        ("en-US", "money", "$10", ">=", "$9.99", false),
        ("en-US", "money", "$10", "<=", "$10.00", true),
        ("en-US", "number", "100000000000000000", ">", "5", false),
        ("en-US", "date", "+10000-01-01", ">", "2000-01-01", false),
    ]

    @Test("the comparison holds or is refused, in each kind and locale", arguments: cases)
    func compares(locale: String, kind: String, start: String, op: String, end: String, holds: Bool) throws {
        let schema = try Self.form(kind, op, locale: locale)
        let result = schema.validate(["start": start, "end": end])
        let codes = result.violations.map(\.code)
        #expect(codes == (holds ? [] : ["compare_field"]), "\(result.violations)")
        if !holds { #expect(result.violations.first?.field == "end", "the violation belongs to the field with the rule") }
        // The checking path says the same.
        let line = Array(JSONValue.object(["start": .string(start), "end": .string(end)]).jsonText.utf8)
        var output: [UInt8] = []
        _ = line.withUnsafeBufferPointer { FormChecker(schema: schema).checkJSON($0, into: &output) }
        #expect(String(decoding: output, as: UTF8.self).contains(#""code":"compare_field""#) == !holds)
    }

    @Test("the message names the other field by its label, in the locale, with before and after for moments")
    func messages() throws {
        let date = try Self.form("date", ">").validate(["start": "02/22/1982", "end": "02/21/1982"])
        #expect(date.violations.first?.message == "This must be after Start.")
        #expect(date.violations.first?.arguments == ["other": "Start", "op": "gt", "order": "time"])
        let number = try Self.form("number", "<=").validate(["start": "5", "end": "6"])
        #expect(number.violations.first?.message == "This must be at most Start.")
        let german = try Self.form("date", ">", locale: "de-DE").validate(["start": "22.02.1982", "end": "21.02.1982"])
        #expect(german.violations.first?.message == "Dies muss nach Start liegen.")
    }

    @Test("an empty or invalid other field, or amounts of two currencies, are not compared")
    func notCompared() throws {
        #expect(try Self.form("date", ">").validate(["start": "", "end": "02/21/1982"]).isValid)
        let invalidOther = try Self.form("date", ">").validate(["start": "13/45/2001", "end": "02/21/1982"])
        #expect(invalidOther.violations.map(\.field) == ["start"], "only the other field's own violation")
        let currencies = try FormSchema(
            json: #"""
                {"vouch": 1, "locale": "en-US", "fields": [{"name": "a", "kind": "money", "currency": "EUR"},
                 {"name": "b", "kind": "money", "rules": [{"rule": "compare_field", "field": "a", "op": ">"}]}]}
                """#, registry: Self.registry)
        #expect(currencies.validate(["a": "€10", "b": "$5"]).violations.map(\.code) == [])
        #expect(try Self.form("money", ">").validate(["start": "$10", "end": "$5"]).violations.map(\.code) == ["compare_field"])
        #expect(currencies.validate(["a": "€10", "b": "$5"]).isValid)
        #expect(currencies.validate(["a": "10", "b": "5"]).isValid, "each field read with its own currency: 10 EUR, 5 USD")
    }

    @Test("the other field is read where the form has it, before or after, and by name in a form that moved it")
    func otherFieldPlace() throws {
        let schema = try Self.form("number", ">")
        let rule = try #require(schema.fields[1].rules.lazy.compactMap { $0.rule as? CompareFieldRule }.first)
        #expect(rule.otherIndex == 0)
        let after = try FormSchema(
            json: #"""
                {"vouch": 1, "fields": [{"name": "x", "kind": "number"},
                 {"name": "end", "kind": "number", "rules": [{"rule": "compare_field", "field": "start", "op": ">"}]},
                 {"name": "start", "kind": "number"}]}
                """#, registry: Self.registry)
        #expect(try #require(after.fields[1].rules.lazy.compactMap { $0.rule as? CompareFieldRule }.first).otherIndex == 2)
        #expect(after.validate(["x": "1", "start": "5", "end": "6"]).isValid)
        #expect(after.validate(["x": "9", "start": "5", "end": "4"]).violations.map(\.code) == ["compare_field"])
        let moved = FormSchema(locale: schema.locale, fields: [schema.fields[1], schema.fields[0]], formRules: [])
        #expect(moved.validate(["start": "5", "end": "6"]).isValid)
        #expect(moved.validate(["start": "5", "end": "4"]).violations.map(\.code) == ["compare_field"])
        let line = Array(#"{"start": "5", "end": "4"}"#.utf8)
        var output: [UInt8] = []
        _ = line.withUnsafeBufferPointer { FormChecker(schema: moved).checkJSON($0, into: &output) }
        #expect(String(decoding: output, as: UTF8.self).contains(#""code":"compare_field""#))
    }

    @Test("an excluded or missing other field is not compared")
    func otherFieldAbsent() throws {
        let schema = try FormSchema(
            json: #"""
                {"vouch": 1, "fields": [{"name": "known"},
                 {"name": "start", "kind": "number", "when": {"field": "known", "equals": "yes"}},
                 {"name": "end", "kind": "number", "rules": [{"rule": "compare_field", "field": "start", "op": ">"}]}]}
                """#, registry: Self.registry)
        #expect(schema.validate(["known": "yes", "start": "5", "end": "4"]).violations.map(\.code) == ["compare_field"])
        #expect(schema.validate(["known": "no", "start": "5", "end": "4"]).isValid, "start is excluded")
        #expect(schema.validate(["known": "yes", "end": "4"]).isValid, "start is missing")
        for line in [#"{"known": "no", "start": "5", "end": "4"}"#, #"{"known": "yes", "end": "4"}"#] {
            var output: [UInt8] = []
            _ = Array(line.utf8).withUnsafeBufferPointer { FormChecker(schema: schema).checkJSON($0, into: &output) }
            #expect(!String(decoding: output, as: UTF8.self).contains("compare_field"), "\(line)")
        }
    }

    @Test(
        "a form that compares what has no order, fields of two kinds, or with an unknown operator is refused",
        arguments: [
            (#"{"name": "a"}, {"name": "b", "rules": [{"rule": "compare_field", "field": "a", "op": ">"}]}"#, "kind with an order"),
            (
                #"{"name": "a", "kind": "date"}, {"name": "b", "kind": "number", "rules": [{"rule": "compare_field", "field": "a", "op": ">"}]}"#,
                "a field of kind \"date\""
            ),
            (
                #"{"name": "a", "kind": "date"}, {"name": "b", "kind": "date", "rules": [{"rule": "compare_field", "field": "c", "op": ">"}]}"#,
                "not a field"
            ),
            (
                #"{"name": "a", "kind": "date"}, {"name": "b", "kind": "date", "rules": [{"rule": "compare_field", "field": "a", "op": "=>"}]}"#,
                "op"
            ),
        ])
    func refused(fields: String, fragment: String) throws {
        let error = #expect(throws: VouchError.self) {
            try FormSchema(json: #"{"vouch": 1, "fields": [\#(fields)]}"#, registry: Self.registry)
        }
        #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "")")
        #expect(error?.location?.contains("fields[1].rules[0]") == true, "\(error?.location ?? "")")
    }
}
