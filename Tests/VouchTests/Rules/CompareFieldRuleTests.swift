import Testing

@testable import Vouch

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

    struct Case: CustomTestStringConvertible, Sendable {
        let locale: String
        let kind: String
        let start: String
        let op: String
        let end: String
        let holds: Bool
        var testDescription: String { "\(locale) \(kind): \(end) \(op) \(start) is \(holds)" }
    }

    static let cases: [Case] = [
        Case(locale: "en-US", kind: "date", start: "02/22/1982", op: ">", end: "02/23/1982", holds: true),
        Case(locale: "en-US", kind: "date", start: "02/22/1982", op: ">", end: "02/22/1982", holds: false),
        Case(locale: "en-US", kind: "date", start: "12/31/1999", op: ">", end: "01/01/2000", holds: true),
        Case(locale: "en-US", kind: "date", start: "02/22/1982", op: ">=", end: "1982-02-22", holds: true),
        Case(locale: "de-DE", kind: "date", start: "22.02.1982", op: "<", end: "21.02.1982", holds: true),
        Case(locale: "fr-FR", kind: "date", start: "22/02/1982", op: "!=", end: "22/02/1982", holds: false),
        Case(locale: "en-US", kind: "time", start: "9:00 AM", op: ">", end: "3:05 PM", holds: true),
        Case(locale: "en-US", kind: "time", start: "15:05", op: "==", end: "3:05 PM", holds: true),
        Case(locale: "de-DE", kind: "time", start: "15:05", op: "<=", end: "15:04", holds: true),
        Case(locale: "en-US", kind: "datetime", start: "1982-02-22T14:30Z", op: ">", end: "1982-02-22T15:05+01:00", holds: false),
        Case(locale: "en-US", kind: "datetime", start: "1982-02-22T14:30Z", op: "<", end: "1982-02-22T15:05+01:00", holds: true),
        Case(locale: "en-US", kind: "datetime", start: "1982-02-22T23:30-01:00", op: ">", end: "1982-02-23T00:10Z", holds: false),
        Case(locale: "en-US", kind: "number", start: "9", op: ">", end: "10", holds: true),
        Case(locale: "en-US", kind: "number", start: "-3", op: "<", end: "-12", holds: true),
        Case(locale: "en-US", kind: "decimal", start: "999.99", op: ">", end: "1,234.5", holds: true),
        Case(locale: "de-DE", kind: "decimal", start: "0,5", op: ">", end: "0,45", holds: false),
        Case(locale: "en-US", kind: "decimal", start: "2.50", op: "==", end: "2.5", holds: true),
        Case(locale: "en-US", kind: "money", start: "$10", op: ">=", end: "$9.99", holds: false),
        Case(locale: "en-US", kind: "money", start: "$10", op: "<=", end: "$10.00", holds: true),
        Case(locale: "en-US", kind: "number", start: "100000000000000000", op: ">", end: "5", holds: false),
        Case(locale: "en-US", kind: "date", start: "+10000-01-01", op: ">", end: "2000-01-01", holds: false),
    ]

    @Test("the comparison holds or is refused, in each kind and locale", arguments: cases)
    func compares(c: Case) throws {
        let schema = try Self.form(c.kind, c.op, locale: c.locale)
        let result = schema.validate(["start": c.start, "end": c.end])
        let codes = result.violations.map(\.code)
        #expect(codes == (c.holds ? [] : ["compare_field"]), "\(result.violations)")
        if !c.holds { #expect(result.violations.first?.field == "end", "the violation belongs to the field with the rule") }
        // The checking path says the same.
        let line = Array(JSONValue.object(["start": .string(c.start), "end": .string(c.end)]).jsonText.utf8)
        var output: [UInt8] = []
        _ = line.withUnsafeBufferPointer { FormChecker(schema: schema).checkJSON($0, into: &output) }
        #expect(String(decoding: output, as: UTF8.self).contains(#""code":"compare_field""#) == !c.holds)
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
