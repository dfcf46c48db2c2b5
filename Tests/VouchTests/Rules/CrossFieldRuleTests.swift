import Testing

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

@Suite("equals_field and required_if rules, in a form")
struct CrossFieldRulesTests {
    static let signup = """
        {
          "vouch": 1,
          "fields": [
            {"name": "password", "label": "Password"},
            {"name": "confirm", "label": "Confirmation", "rules": [{"rule": "equals_field", "field": "password"}]}
          ]
        }
        """

    static let contact = """
        {
          "vouch": 1,
          "fields": [
            {"name": "contact", "label": "Contact by"},
            {"name": "phone", "label": "Phone", "rules": [{"rule": "required_if", "when": {"field": "contact", "equals": "phone"}}]}
          ]
        }
        """

    /// The codes of the violations `form` finds in `values`; an issue if one is not on `field`.
    static func codes(_ form: String, _ values: [String: String], on field: String) throws -> [String] {
        let result = try FormSchema(json: form, registry: RuleHarness.registry).validate(values)
        #expect(result.violations.allSatisfy { $0.field == field })
        return result.violations.map(\.code)
    }

    /// The form `spec` is refused with; an issue, saying `what` was built, if it is not.
    static func refusal(_ spec: String, _ what: Comment, sourceLocation: SourceLocation = #_sourceLocation) -> VouchError? {
        #expect(throws: VouchError.self, what, sourceLocation: sourceLocation) {
            try FormSchema(json: spec, registry: RuleHarness.registry)
        }
    }

    // " secret " matches: both values are trimmed by the text kind before the rule.
    @Test(
        "equals_field compares with the other field's value",
        arguments: try Vectors.rows("cross-field-rules", "equalsField", as: (String, String, [String]).self))
    func equalsField(password: String, confirm: String, expected: [String]) throws {
        #expect(try Self.codes(Self.signup, ["password": password, "confirm": confirm], on: "confirm") == expected)
    }

    @Test("equals_field names the other field by its label, never its value")
    func equalsFieldArguments() throws {
        let schema = try FormSchema(json: Self.signup, registry: RuleHarness.registry)
        let violation = try #require(schema.validate(["password": "hunter2", "confirm": "hunter3"]).violations.first)
        #expect(violation.arguments == ["other": .string("Password")])
        #expect(violation.message == "This must match Password.")
        #expect(!violation.message.contains("hunter"))
    }

    @Test("equals_field reads the other field where the form has it, and by name in a form that moved it")
    func equalsFieldPlace() throws {
        let schema = try FormSchema(json: Self.signup, registry: RuleHarness.registry)
        let rule = try #require(schema.fields[1].rules.first?.rule as? EqualsFieldRule)
        #expect(rule.otherIndex == 0)
        let moved = FormSchema(locale: schema.locale, fields: [schema.fields[1], schema.fields[0]], formRules: [])
        #expect(moved.validate(["password": "hunter2", "confirm": "hunter2"]).isValid)
        #expect(moved.validate(["password": "hunter2", "confirm": "hunter3"]).violations.map(\.code) == ["equals_field"])
    }

    @Test("equals_field naming a field the form lacks is refused, located at the parameter")
    func equalsFieldUnknownField() {
        let spec = """
            {"vouch": 1, "fields": [{"name": "a"}, {"name": "b", "rules": [{"rule": "equals_field", "field": "c"}]}]}
            """
        let error = Self.refusal(spec, "built a form whose equals_field names a missing field")
        #expect(error?.code == .invalidParameter)
        #expect(error?.location == "fields[1].rules[0].field")
        #expect(error?.message.contains("\"c\"") == true)
    }

    // "   " is trimmed to empty, so required; "Phone" is not "phone": equals compares exactly.
    @Test(
        "required_if requires the value only while the condition holds",
        arguments: try Vectors.rows("cross-field-rules", "requiredIf", as: (String, String, [String]).self))
    func requiredIf(contact: String, phone: String, expected: [String]) throws {
        #expect(try Self.codes(Self.contact, ["contact": contact, "phone": phone], on: "phone") == expected)
    }

    @Test(
        "required_if with in, filled, and not",
        arguments: try Vectors.rows("cross-field-rules", "requiredIfConditions", as: (JSONObject, String, [String]).self))
    func requiredIfConditions(condition: JSONObject, contact: String, expected: [String]) throws {
        let spec = """
            {"vouch": 1, "fields": [{"name": "contact"}, {"name": "phone", "rules": [{"rule": "required_if", "when": \(condition)}]}]}
            """
        let schema = try FormSchema(json: spec, registry: RuleHarness.registry)
        #expect(schema.validate(["contact": contact, "phone": ""]).violations.map(\.code) == expected)
    }

    @Test("required_if naming a field the form lacks is refused")
    func requiredIfUnknownField() {
        let spec = """
            {"vouch": 1, "fields": [{"name": "phone", "rules": [{"rule": "required_if", "when": {"field": "nope", "equals": "x"}}]}]}
            """
        let error = Self.refusal(spec, "built a form whose required_if names a missing field")
        #expect(error?.code == .invalidParameter)
        #expect(error?.location == "fields[0].rules[0].when")
    }

    @Test("required_if needs its when parameter")
    func requiredIfMissingWhen() {
        #expect(RuleHarness.buildError("required_if")?.code == .missingParameter)
    }
}
