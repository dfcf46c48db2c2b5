import Testing

@testable import Vouch

@Suite("Form semantics (DESIGN.md §4)")
struct FormSemanticsTests {
    let registry = Registry()

    func form(_ fields: String, rules: String = "[]") throws -> FormSchema {
        try FormSchema(json: #"{"vouch": 1, "locale": "en-US", "fields": \#(fields), "rules": \#(rules)}"#, registry: registry)
    }

    @Test("an empty optional field skips every rule and is valid")
    func emptyOptional() throws {
        let schema = try form(#"[{"name": "zip", "kind": "zip", "rules": [{"rule": "length", "min": 5}, "email"]}]"#)
        for empty in ["", "   ", "\t\n"] {
            let result = schema.validate(["zip": empty])
            #expect(result.isValid, "\"\(empty)\" is empty after trim")
            #expect(result.canonicalValues["zip"] == .null)
        }
        #expect(schema.validate([:] as [String: String]).isValid, "a missing key is empty")
        #expect(schema.validate(["zip": "1"]).violations.map(\.code) == ["postal_code", "too_short", "email"])
    }

    @Test("a required empty field yields exactly one violation, required")
    func requiredEmpty() throws {
        let schema = try form(
            #"[{"name": "email", "kind": "email", "required": true, "rules": [{"rule": "length", "min": 3}, {"rule": "required_if", "when": {"field": "other", "filled": false}}]}, {"name": "other"}]"#
        )
        for empty in ["", "  "] {
            let result = schema.validate(["email": empty])
            #expect(result.violations.map(\.code) == ["required"])
            #expect(result.violations.first?.field == "email")
            #expect(result.violations.first?.message == "This field is required.")
        }
    }

    @Test("every violation of every field is reported, each tied to its field; stop_at_first limits one field")
    func allViolations() throws {
        let schema = try form(
            #"""
            [{"name": "a", "rules": [{"rule": "length", "min": 5}, {"rule": "pattern", "regex": "[0-9]+"}]},
             {"name": "b", "stop_at_first": true, "rules": [{"rule": "length", "min": 5}, {"rule": "pattern", "regex": "[0-9]+"}]},
             {"name": "c", "kind": "email"}]
            """#)
        let result = schema.validate(["a": "x", "b": "y", "c": "nope"])
        #expect(result.violations.map { "\($0.field):\($0.code)" } == ["a:too_short", "a:pattern", "b:too_short", "c:email"])
        #expect(!result.isValid)
        #expect(result.field("c")?.violations.count == 1)
    }

    @Test("when excludes a field: neither validated nor output; conditions chain")
    func conditions() throws {
        let schema = try form(
            #"""
            [{"name": "country", "required": true},
             {"name": "state", "kind": "state", "required": true, "when": {"field": "country", "equals": "US"}},
             {"name": "county", "required": true, "when": {"all": [{"field": "state", "filled": true}, {"not": {"field": "state", "in": ["DC"]}}]}}]
            """#)
        let abroad = schema.validate(["country": "FR", "state": "ZZ"])
        #expect(abroad.isValid)
        #expect(abroad.canonicalValues.keys == ["country"])
        #expect(abroad.field("state") == nil)
        let home = schema.validate(["country": "US", "state": "ZZ"])
        #expect(home.violations.map(\.code) == ["region", "required"])
        let dc = schema.validate(["country": "US", "state": "dc"])
        #expect(dc.isValid, "county is excluded for DC")
        #expect(dc.canonicalValues["state"] == "DC")
    }

    @Test("a condition compares the canonical value: a choice's value, a boolean, a number, a date")
    func conditionsSeeValues() throws {
        let schema = try form(
            #"""
            [{"name": "account_type", "kind": "choice", "options": [{"value": "business", "label": "Business"}, "personal"]},
             {"name": "company", "required": true, "when": {"field": "account_type", "equals": "business"}},
             {"name": "agree", "kind": "boolean"},
             {"name": "why", "required": true, "when": {"field": "agree", "equals": true}},
             {"name": "count", "kind": "decimal"},
             {"name": "extra", "required": true, "when": {"field": "count", "in": [1000.5, 2000]}},
             {"name": "born", "kind": "date"},
             {"name": "note", "required": true, "when": {"field": "born", "equals": "1982-02-22"}},
             {"name": "vat", "rules": [{"rule": "required_if", "when": {"field": "account_type", "equals": "business"}}]}]
            """#)
        #expect(schema.validate(["account_type": "Business"]).violations.map(\.field) == ["company", "vat"])
        #expect(schema.validate(["account_type": "personal"]).isValid)
        #expect(schema.validate(["agree": "on"]).violations.map(\.field) == ["why"])
        #expect(schema.validate(["agree": "no"]).isValid)
        #expect(schema.validate(["count": "1,000.50"]).violations.map(\.field) == ["extra"])
        #expect(schema.validate(["born": "02/22/1982"]).violations.map(\.field) == ["note"])
        var output: [UInt8] = []
        let record = Array(#"{"account_type": "Business", "agree": "yes"}"#.utf8)
        _ = record.withUnsafeBufferPointer { schema.checkJSON($0, into: &output) }
        let json = String(decoding: output, as: UTF8.self)
        #expect(json.contains(#""field":"company""#) && json.contains(#""field":"why""#), "\(json)")
    }

    @Test("a condition that names a choice's label, or no value of it, is refused when the form is built")
    func conditionOnLabel() {
        for value in ["Business", "corporate"] {
            #expect(throws: VouchError.self) {
                try form(
                    #"[{"name": "t", "kind": "choice", "options": [{"value": "business", "label": "Business"}]}, {"name": "c", "when": {"field": "t", "in": ["\#(value)"]}}]"#
                )
            }
        }
    }

    @Test("cross-field rules: equals_field, required_if, and form-level rules with a target")
    func crossField() throws {
        let schema = try form(
            #"""
            [{"name": "contact", "kind": "choice", "options": ["email", "phone"]},
             {"name": "email", "kind": "email", "rules": [{"rule": "required_if", "when": {"field": "contact", "equals": "email"}}]},
             {"name": "phone", "kind": "phone"},
             {"name": "password", "kind": "password", "required": true},
             {"name": "confirm", "kind": "password", "label": "Confirm password"}]
            """#,
            rules: #"""
                [{"target": "confirm", "rule": "equals_field", "field": "password", "message": "The passwords differ."},
                 {"target": "phone", "rule": "required_if", "when": {"field": "contact", "equals": "phone"}}]
                """#)
        #expect(
            schema.validate(["contact": "email", "password": "s3cret-value", "confirm": "s3cret-value"]).violations.map(\.code) == [
                "required"
            ])
        let phone = schema.validate(["contact": "phone", "email": "", "password": "s3cret-value", "confirm": "other"])
        #expect(phone.violations.map { "\($0.field):\($0.code)" } == ["phone:required", "confirm:equals_field"])
        #expect(phone.violations.last?.message == "The passwords differ.")
        #expect(
            schema.validate(["contact": "phone", "phone": "2015550123", "password": "s3cret-value", "confirm": "s3cret-value"]).isValid)
    }

    @Test("a password never appears in messages, values, JSON or descriptions")
    func secrets() throws {
        let secret = "Tr0ub4dor&3-unique"
        let schema = try form(
            #"""
            [{"name": "password", "kind": "password", "rules": [{"rule": "length", "max": 5}, {"rule": "one_of", "values": ["a"]}]},
             {"name": "confirm", "kind": "password", "rules": [{"rule": "equals_field", "field": "password"}]}]
            """#)
        let result = schema.validate(["password": secret, "confirm": secret + "x"])
        #expect(!result.isValid)
        let everything = [
            result.json().jsonText, result.json(display: true).jsonText, result.description, "\(result.violations)",
            result.violations.map(\.message).joined(), "\(result.violations.map(\.arguments))",
        ]
        for text in everything { #expect(!text.contains(secret), "leaked in \(text)") }
        let valid = try form(#"[{"name": "password", "kind": "password"}]"#).validate(["password": "abc"])
        #expect(valid.canonicalValues.isEmpty, "secret fields are left out of values")
        #expect(valid.value(of: "password")?.canonical == "abc", "the app itself can still read it")
        #expect(!valid.description.contains("abc"))
        let form = Form(schema: schema)
        form["password"]!.setText(secret)
        #expect(!form["password"]!.description.contains(secret))
    }

    @Test("violations carry their arguments and a token's position, never the value nor a secret's length")
    func violationData() throws {
        let schema = try form(
            #"""
            [{"name": "code", "rules": [{"rule": "length", "max": 3}]},
             {"name": "pin", "kind": "password", "rules": [{"rule": "length", "max": 4}]},
             {"name": "tags", "kind": "tokens", "rules": [{"rule": "one_of", "values": ["a", "b"]}]}]
            """#)
        let result = schema.validate(["code": "abcdef", "pin": "123456", "tags": .array(["a", "b", "zz"])])
        let errors = try #require(result.json()["errors"]?.arrayValue)
        #expect(errors.count == 3)
        #expect(errors[0]["args"] == .object(["count": 6, "max": 3]))
        #expect(errors[0]["item"] == nil)
        #expect(errors[1]["args"] == .object(["max": 4]), "a password's length is not given")
        #expect(result.violations[1].arguments == ["max": 4], "not to Swift callers either")
        #expect(errors[2]["item"] == 2, "the third token, from 0")
        #expect(errors[2]["args"]?["item"] == nil)
        #expect(errors[2]["args"]?["options"]?.stringValue == "a or b")
        #expect(result.violations.map(\.item) == [nil, nil, 2])
    }

    @Test("typed values out: canonical and display")
    func typedValues() throws {
        let schema = try form(
            #"""
            [{"name": "phone", "kind": "phone"}, {"name": "born", "kind": "date"}, {"name": "price", "kind": "money"},
             {"name": "weight", "kind": "decimal"}, {"name": "age", "kind": "number", "min": 0, "max": 150},
             {"name": "who", "kind": "name"}, {"name": "tags", "kind": "tokens", "token_kind": "email"},
             {"name": "size", "kind": "choice", "options": [{"value": "s", "label": "Small"}, {"value": "l", "label": "Large"}]}]
            """#)
        let result = schema.validate([
            "phone": "201.201.0123", "born": "02/22/1982", "price": "$1,234.5", "weight": "1,234.50",
            "age": "42", "who": "ada LOVELACE", "tags": "Ada@Example.org, grace@example.org,ada@example.org", "size": "large",
        ])
        #expect(result.isValid, "\(result.violations)")
        let canonical = result.canonicalValues
        let display = result.displayValues
        #expect(canonical["phone"] == "+12012010123")
        #expect(display["phone"] == "(201) 201-0123")
        #expect(canonical["born"] == "1982-02-22")
        #expect(display["born"] == "02/22/1982")
        #expect(canonical["price"] == "1234.50 USD")
        #expect(display["price"] == "$1,234.50")
        #expect(canonical["weight"] == "1234.5")
        #expect(display["weight"] == "1,234.5")
        #expect(canonical["age"] == 42)
        #expect(canonical["who"] == "Ada Lovelace")
        #expect(canonical["tags"] == ["Ada@example.org", "grace@example.org", "ada@example.org"])
        #expect(display["tags"] == "Ada@example.org, grace@example.org, and ada@example.org")
        #expect(canonical["size"] == "l")
        #expect(display["size"] == "Large")
    }

    @Test("records: numbers and booleans read as text, a wrong type is a violation, unknown keys ignored")
    func recordTypes() throws {
        let schema = try form(
            #"[{"name": "zip", "kind": "zip"}, {"name": "age", "kind": "number"}, {"name": "ok", "kind": "choice", "options": ["true", "false"]}]"#
        )
        let record = try JSONParser().parse(#"{"zip": 94103, "age": 42, "ok": true, "extra": [1]}"#).objectValue!
        let result = schema.validate(record)
        #expect(result.isValid)
        #expect(result.canonicalValues["zip"] == "94103")
        let wrong = schema.validate(try JSONParser().parse(#"{"zip": {"code": 1}}"#).objectValue!)
        #expect(wrong.violations.map(\.code) == ["type"])
        #expect(wrong.violations.first?.message == "This value has the wrong type: expected a string.")
    }

    @Test("message overrides: rule entry, field per code, field for all codes")
    func messages() throws {
        let schema = try form(
            #"""
            [{"name": "a", "required": true, "message": {"required": "Tell us {field}."}, "label": "your name"},
             {"name": "b", "message": "B is wrong ({min})", "rules": [{"rule": "length", "min": 3}]},
             {"name": "c", "message": "field-level", "rules": [{"rule": "length", "min": 3, "message": "{min, plural, one {# char} other {# chars}} at least"}]}]
            """#)
        let result = schema.validate(["a": "", "b": "x", "c": "y"])
        #expect(result.violations.map(\.message) == ["Tell us your name.", "B is wrong (3)", "3 chars at least"])
    }
}
