import Testing

@testable import Vouch

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

    @Test(
        "equals_field compares with the other field's value",
        arguments: [
            ("secret", "secret", [String]()),
            ("secret", "Secret", ["equals_field"]),
            ("secret", "secre", ["equals_field"]),
            ("secret", " secret ", []),  // both are trimmed by the text kind before the rule
        ])
    func equalsField(password: String, confirm: String, expected: [String]) throws {
        let schema = try FormSchema(json: Self.signup, registry: RuleHarness.registry)
        let result = schema.validate(["password": password, "confirm": confirm])
        #expect(result.violations.map(\.code) == expected)
        #expect(result.violations.allSatisfy { $0.field == "confirm" })
    }

    @Test("equals_field names the other field by its label, never its value")
    func equalsFieldArguments() throws {
        let schema = try FormSchema(json: Self.signup, registry: RuleHarness.registry)
        let violation = try #require(schema.validate(["password": "hunter2", "confirm": "hunter3"]).violations.first)
        #expect(violation.arguments == ["other": .string("Password")])
        #expect(violation.message == "This must match Password.")
        #expect(!violation.message.contains("hunter"))
    }

    @Test("equals_field naming a field the form lacks is refused, located at the parameter")
    func equalsFieldUnknownField() {
        let spec = """
            {"vouch": 1, "fields": [{"name": "a"}, {"name": "b", "rules": [{"rule": "equals_field", "field": "c"}]}]}
            """
        do throws(VouchError) {
            _ = try FormSchema(json: spec, registry: RuleHarness.registry)
            Issue.record("built a form whose equals_field names a missing field")
        } catch {
            #expect(error.code == .invalidParameter)
            #expect(error.location == "fields[1].rules[0].field")
            #expect(error.message.contains("\"c\""))
        }
    }

    @Test(
        "required_if requires the value only while the condition holds",
        arguments: [
            ("phone", "", ["required"]),
            ("phone", "   ", ["required"]),  // trimmed to empty
            ("phone", "2015550123", []),
            ("email", "", []),
            ("", "", []),
            ("Phone", "", []),  // equals compares exactly
        ])
    func requiredIf(contact: String, phone: String, expected: [String]) throws {
        let schema = try FormSchema(json: Self.contact, registry: RuleHarness.registry)
        let result = schema.validate(["contact": contact, "phone": phone])
        #expect(result.violations.map(\.code) == expected)
        #expect(result.violations.allSatisfy { $0.field == "phone" })
    }

    @Test(
        "required_if with in, filled, and not",
        arguments: [
            (#"{"field": "contact", "in": ["phone", "sms"]}"#, "sms", ["required"]),
            (#"{"field": "contact", "in": ["phone", "sms"]}"#, "email", []),
            (#"{"field": "contact", "filled": true}"#, "anything", ["required"]),
            (#"{"field": "contact", "filled": true}"#, "", []),
            (#"{"not": {"field": "contact", "equals": "email"}}"#, "phone", ["required"]),
            (#"{"not": {"field": "contact", "equals": "email"}}"#, "email", []),
        ])
    func requiredIfConditions(condition: String, contact: String, expected: [String]) throws {
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
        do throws(VouchError) {
            _ = try FormSchema(json: spec, registry: RuleHarness.registry)
            Issue.record("built a form whose required_if names a missing field")
        } catch {
            #expect(error.code == .invalidParameter)
            #expect(error.location == "fields[0].rules[0].when")
        }
    }

    @Test("required_if needs its when parameter")
    func requiredIfMissingWhen() {
        #expect(RuleHarness.buildError("required_if")?.code == .missingParameter)
    }
}
