import Testing

@testable import Vouch

/// Field states: enabled and disabled, the app's veto of editing, the app's errors, return keys.
@Suite("Field states")
struct FieldStateTests {
    static func form(locale: String) throws -> Form {
        let spec = #"""
            {"vouch": 1, "locale": "\#(locale)", "fields": [
              {"name": "name", "kind": "name", "required": true},
              {"name": "email", "kind": "email", "required": true},
              {"name": "phone", "kind": "phone", "required": true},
              {"name": "zip", "kind": "zip"},
              {"name": "note", "kind": "area", "hints": {"return_key": "send"}}
            ]}
            """#
        return try Form(json: spec, registry: Registry())
    }

    enum Step {
        case next, previous, done
        case type(String)
        case disable(String)
        case enable(String)
    }

    /// The focused field, then each field's state: `phone | name:inactive email:disabled …`.
    static func render(_ form: Form) -> String {
        (form.focused?.name ?? "-") + " | " + form.fields.map { "\($0.name):\($0.state.rawValue)" }.joined(separator: " ")
    }

    /// Per locale: the `required` message, and the name typed as the locale's name kind writes it
    /// (Japanese names are not capitalized).
    static let locales = [
        ("en-US", "This field is required.", "Ada Lovelace"), ("de-DE", "Dieses Feld ist erforderlich.", "Ada Lovelace"),
        ("fr-FR", "Ce champ est obligatoire.", "Ada Lovelace"), ("ja-JP", "この項目は必須です。", "ada lovelace"),
        ("pt-BR", "Este campo é obrigatório.", "Ada Lovelace"),
    ]

    @Test("a disabled field is skipped by next, previous and done, and left out of values and validation", arguments: locales)
    func disabledSkipped(locale: String, required: String, name: String) throws {
        let form = try Self.form(locale: locale)
        let table: [(Step, String)] = [
            (.next, "name | name:active email:inactive phone:inactive zip:inactive note:inactive"),
            (.type("ada lovelace"), "name | name:active email:inactive phone:inactive zip:inactive note:inactive"),
            (.next, "email | name:inactive email:active phone:inactive zip:inactive note:inactive"),
            (.type("not-an-address"), "email | name:inactive email:active phone:inactive zip:inactive note:inactive"),
            (.disable("email"), "- | name:inactive email:disabled phone:inactive zip:inactive note:inactive"),
            (.next, "name | name:active email:disabled phone:inactive zip:inactive note:inactive"),
            (.next, "phone | name:inactive email:disabled phone:active zip:inactive note:inactive"),
            (.type("x"), "phone | name:inactive email:disabled phone:active zip:inactive note:inactive"),
            (.previous, "name | name:active email:disabled phone:error zip:inactive note:inactive"),
            (.enable("email"), "name | name:active email:inactive phone:error zip:inactive note:inactive"),
            (.next, "email | name:inactive email:active phone:error zip:inactive note:inactive"),
            (.disable("email"), "- | name:inactive email:disabled phone:error zip:inactive note:inactive"),
            (.done, "- | name:inactive email:disabled phone:error zip:inactive note:inactive"),
            (.disable("phone"), "- | name:inactive email:disabled phone:disabled zip:inactive note:inactive"),
            (.done, "- | name:inactive email:disabled phone:disabled zip:inactive note:inactive"),
        ]
        var results: [ValidationResult] = []
        for (index, (step, expected)) in table.enumerated() {
            switch step {
            case .next: form.next()
            case .previous: form.previous()
            case .done: results.append(form.done())
            case .type(let text): form.focused?.type(text)
            case .disable(let name): form[name]?.disable()
            case .enable(let name): form[name]?.enable()
            }
            #expect(Self.render(form) == expected, "step \(index + 1): \(step)")
        }
        #expect(results[0].violations.map { "\($0.field):\($0.code)" } == ["phone:required"], "the invalid email is left out")
        #expect(results[0].violations.first?.message == required)
        #expect(results[1].isValid)
        #expect(form.firstInvalidField == nil)
        #expect(form.values["email"] == nil, "a disabled field has no value")
        #expect(form.values["name"] == .string(name))
        #expect(form["email"]!.type("a").accepted == false, "a disabled field takes no input")
        #expect(form["email"]!.beginEditing() == false)
        form["email"]!.enable()
        form["phone"]!.enable()
        let again = form.done()
        #expect(again.violations.map { "\($0.field):\($0.code)" } == ["email:email", "phone:required"], "enabled again: checked again")
        #expect(form.firstInvalidField?.name == "email")
        #expect(form.editableFields.map(\.name) == ["name", "email", "phone", "zip", "note"])
    }

    @Test("a disabled field's value counts as empty in other fields' conditions")
    func disabledInConditions() throws {
        let spec = #"""
            {"vouch": 1, "fields": [{"name": "zip", "kind": "zip"},
              {"name": "state", "kind": "state", "required": true, "when": {"field": "zip", "filled": true}}]}
            """#
        let form = try Form(json: spec, registry: Registry())
        form["zip"]!.setText("94103")
        #expect(form.editableFields.map(\.name) == ["zip", "state"])
        form["zip"]!.disable()
        #expect(form.editableFields.isEmpty, "zip disabled: state's condition no longer holds")
        #expect(form.validate().isValid)
        form["zip"]!.enable()
        #expect(form.validate().violations.map(\.field) == ["state"])
    }

    @Test("shouldBeginEditing lets the app keep a field from becoming active")
    func veto() throws {
        let form = try Self.form(locale: "en-US")
        var asked: [String] = []
        form["phone"]!.shouldBeginEditing = { field in
            asked.append(field.name)
            return false  // the app shows its own picker instead
        }
        form.next()
        form.next()
        #expect(form.focused?.name == "email")
        #expect(form.next()?.name == "email", "phone said no: the focus stays")
        #expect(asked == ["phone"])
        #expect(form["phone"]!.state == .inactive)
        #expect(form["phone"]!.beginEditing() == false)
        form["phone"]!.shouldBeginEditing = nil
        #expect(form.next()?.name == "phone")
    }

    @Test("an app's error goes at the next change of the text unless sticky; validation keeps it")
    func appErrors() throws {
        let form = try Self.form(locale: "en-US")
        let email = try #require(form["email"])
        email.setText("ada@example.org")
        email.setError("This address is already registered.")
        #expect(email.state == .error)
        #expect(email.validate().isEmpty)
        #expect(email.violations.map(\.code) == [Field.customCode], "validating keeps the app's error")
        email.type("x")
        #expect(email.violations.isEmpty, "the text changed: the error goes")
        #expect(email.state == .inactive)
        email.setError("Our server is down; try later.", sticky: true)
        email.type("y")
        email.setText("grace@example.org")
        #expect(email.violations.map(\.message) == ["Our server is down; try later."], "sticky: it stays")
        email.clearError()
        #expect(email.state == .inactive)
        email.setError("Taken.", sticky: true)
        email.clear()
        #expect(email.violations.isEmpty, "clear removes a sticky error too")
    }

    @Test(
        "every UIKit return key type, as the hint and as HTML enterkeyhint",
        arguments: [
            ("default", "enter"), ("go", "go"), ("search", "search"), ("send", "send"), ("join", "go"), ("route", "go"),
            ("continue", "next"), ("done", "done"), ("next", "next"),
        ])
    func returnKeys(key: String, enterKeyHint: String) throws {
        let spec = #"""
            {"vouch": 1, "fields": [{"name": "q", "hints": {"return_key": "\#(key)"}}, {"name": "other"}]}
            """#
        let form = try Form(json: spec, registry: Registry())
        let field = try #require(form["q"])
        #expect(field.returnKey?.rawValue == key)
        #expect(field.schema.hints.returnKey?.enterKeyHint == enterKeyHint)
        #expect(field.htmlAttributeText.contains(#"enterkeyhint="\#(enterKeyHint)""#))
        #expect(form["other"]!.returnKey == .done, "no hint: by its place")
    }

    @Test("a return key the spec misspells is refused, naming the choices")
    func badReturnKey() {
        let spec = #"{"vouch": 1, "fields": [{"name": "q", "hints": {"return_key": "submit"}}]}"#
        #expect {
            try Form(json: spec, registry: Registry())
        } throws: { error in
            "\(error)".contains("fields[0].hints.return_key") && "\(error)".contains(#""search""#)
        }
    }
}
