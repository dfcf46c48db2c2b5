import Testing

@testable import Vouch

@Suite("One maximum length: what typing stops at is what checking refuses past")
struct MaxLengthTests {
    static let registry = Registry()

    /// A form of one field `f` with the extra keys `extra`.
    static func form(_ extra: String, kind: String = "text") throws -> Form {
        try Form(json: #"{"vouch": 1, "fields": [{"name": "f", "kind": "\#(kind)"\#(extra)}]}"#, registry: registry)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let extra: String
        /// The hint, the typing limit and the checked maximum, all one number.
        let maxLength: Int?
        var testDescription: String { extra.isEmpty ? "no limit" : extra }
    }

    @Test(
        "the field's hint, its length rule, or the smaller of the two",
        arguments: [
            Case(extra: #", "hints": {"max_length": 5}"#, maxLength: 5),
            Case(extra: #", "rules": [{"rule": "length", "max": 3}]"#, maxLength: 3),
            Case(extra: #", "hints": {"max_length": 5}, "rules": [{"rule": "length", "min": 2, "max": 10}]"#, maxLength: 5),
            Case(extra: #", "hints": {"max_length": 10}, "rules": [{"rule": "length", "max": 4}]"#, maxLength: 4),
            Case(extra: "", maxLength: nil),
        ])
    func oneNumber(c: Case) throws {
        let form = try Self.form(c.extra)
        let field = try #require(form["f"])
        #expect(field.schema.hints.maxLength == c.maxLength)
        // Typing stops at the limit.
        for character in "abcdefghijkl" { field.type(String(character)) }
        #expect(field.text.count == c.maxLength ?? 12)
        // Checking refuses what is longer, with the same number.
        let result = form.schema.validate(["f": "abcdefghijkl"])
        guard let maxLength = c.maxLength else { return #expect(result.isValid) }
        #expect(result.violations.map(\.code) == ["too_long"], "one violation, however many limits were given")
        #expect(result.violations.first?.arguments["max"] == .number(Double(maxLength)))
        #expect(form.schema.validate(["f": String("abcdefghijkl".prefix(maxLength))]).violations.map(\.code) != ["too_long"])
    }

    @Test("a kind's own maximum is its rules' to keep: a state name becomes its code, and no too_long is added")
    func kindMaximum() throws {
        let form = try Self.form("", kind: "state")
        #expect(form["f"]?.schema.hints.maxLength == 2)
        #expect(form.schema.validate(["f": "California"]).isValid)
        #expect(form.schema.validate(["f": "Californa"]).violations.map(\.code) == ["region"])
    }

    @Test("a minimum above the maximum length is refused: no value could be entered")
    func impossible() throws {
        let error = #expect(throws: VouchError.self) {
            try Self.form(#", "hints": {"max_length": 5}, "rules": [{"rule": "length", "min": 10}]"#)
        }
        #expect(error?.message.contains("min (10)") == true)
        #expect(error?.location == "fields[0].rules")
    }

    @Test("the HTML maxlength attribute says the same number")
    func html() throws {
        let form = try Self.form(#", "rules": [{"rule": "length", "max": 3}]"#)
        let attributes = try #require(form["f"]).htmlAttributes
        #expect(attributes.first { $0.name == "maxlength" }?.value == "3")
    }
}
