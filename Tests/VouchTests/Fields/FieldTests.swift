import Testing

@testable import Vouch

@Suite("Interactive fields and forms")
struct FieldTests {
    static let spec = #"""
        {"vouch": 1, "fields": [
          {"name": "name", "kind": "name", "required": true},
          {"name": "id", "kind": "readonly"},
          {"name": "email", "kind": "email", "required": true, "validate": "change"},
          {"name": "zip", "kind": "zip", "validate": "change_after_end"},
          {"name": "state", "kind": "state", "when": {"field": "zip", "filled": true}},
          {"name": "note", "kind": "area", "validate": "demand", "rules": [{"rule": "length", "max": 3}]}
        ]}
        """#

    func makeForm() throws -> Form { try Form(json: Self.spec, registry: Registry()) }

    @Test("states and events: began, changed, ended, cleared, error and back")
    func statesAndEvents() throws {
        let form = try makeForm()
        let name = try #require(form["name"])
        var events: [FieldEvent] = []
        name.addListener { _, event in events.append(event) }
        #expect(name.state == .inactive)
        name.beginEditing()
        #expect(name.state == .active)
        name.setText("")
        name.endEditing()  // validates on end (the default): required
        #expect(name.state == .error)
        #expect(name.violations.map(\.code) == ["required"])
        name.beginEditing()
        name.setText("ada")
        #expect(name.state == .active, "fixed while typing: the error goes")
        name.clear()
        #expect(
            events == [.began, .stateChanged(.active), .ended, .stateChanged(.error), .began, .changed, .stateChanged(.active), .cleared])
    }

    @Test("setError and clearError show an app's own error")
    func manualError() throws {
        let form = try makeForm()
        let email = try #require(form["email"])
        email.setError("This address is already registered.")
        #expect(email.state == .error)
        #expect(email.violations.map(\.code) == [Field.customCode])
        #expect(email.violations.first?.message == "This address is already registered.")
        email.clearError()
        #expect(email.state == .inactive)
        #expect(email.violations.isEmpty)
    }

    @Test("validation timing per field")
    func timing() throws {
        let form = try makeForm()
        let email = try #require(form["email"])
        let zip = try #require(form["zip"])
        let note = try #require(form["note"])
        email.beginEditing()
        email.setText("ada@")
        #expect(email.violations.map(\.code) == ["email"], "on change")
        email.setText("ada@example.org")
        #expect(email.violations.isEmpty)

        zip.beginEditing()
        zip.setText("1")
        #expect(zip.violations.isEmpty, "no error before the first end")
        zip.endEditing()
        #expect(zip.violations.map(\.code) == ["postal_code"])
        zip.beginEditing()
        zip.setText("12")
        #expect(zip.violations.map(\.code) == ["postal_code"], "after the first end, on every change")
        zip.setText("12345")
        #expect(zip.violations.isEmpty)

        note.beginEditing()
        note.setText("too long")
        note.endEditing()
        #expect(note.violations.isEmpty, "on demand only")
        #expect(note.validate().map(\.code) == ["too_long"])
    }

    @Test("next/done navigation skips read-only and excluded fields")
    func navigation() throws {
        let form = try makeForm()
        #expect(form.editableFields.map(\.name) == ["name", "email", "zip", "note"], "state is excluded while zip is empty")
        #expect(form.next()?.name == "name")
        #expect(form.focused?.name == "name")
        #expect(form.returnKey(for: form["name"]!) == .next)
        #expect(form.next()?.name == "email", "skips the read-only id")
        #expect(form["name"]!.isEditing == false)
        #expect(form.next()?.name == "zip")
        form["zip"]!.setText("94103")
        #expect(form.next()?.name == "state", "zip filled: state is included now")
        #expect(form.next()?.name == "note")
        #expect(form.returnKey(for: form["note"]!) == .done)
        #expect(form.next() == nil)
        #expect(form.focused == nil)
    }

    @Test("a read-only or excluded field never becomes active and takes no typing")
    func readOnlyAndExcluded() throws {
        let form = try makeForm()
        let id = try #require(form["id"])
        let state = try #require(form["state"])
        for field in [id, state] {
            #expect(field.beginEditing() == false, "\(field.name) refused the focus")
            #expect(form.focused == nil)
            #expect(field.type("abc").accepted == false)
            #expect(field.edit(.insert("x", at: 0)).accepted == false)
            #expect(field.text == "")
        }
        #expect(id.schema.edit(.insert("abc", at: 0), in: "").accepted == false, "a read-only schema takes no edit")
        form["zip"]!.setText("94103")
        #expect(state.beginEditing(), "zip filled: state is included now")
        #expect(state.type("CA").accepted)
    }

    @Test("done ends editing, validates every included field and shows each one's errors")
    func done() throws {
        let form = try makeForm()
        form.next()
        form["name"]!.setText("ada lovelace")
        form["note"]!.setText("four")
        let result = form.done()
        #expect(result.violations.map { "\($0.field):\($0.code)" } == ["email:required", "note:too_long"])
        #expect(form["email"]!.state == .error)
        #expect(form["note"]!.state == .error)
        #expect(form["name"]!.state == .inactive)
        #expect(form["name"]!.value?.canonical == "Ada Lovelace")
        form["email"]!.setText("ada@example.org")
        form["note"]!.setText("ok")
        #expect(form.done().isValid)
        #expect(form.values["email"] == "ada@example.org")
        #expect(form.values["state"] == nil, "excluded fields are not output")
    }
}
