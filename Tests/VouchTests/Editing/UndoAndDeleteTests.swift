import Testing

@testable import Vouch

/// Undo and redo in deterministic steps, and the delete keys over a mask's layout characters.
@Suite("Undo, redo and deleting over layout")
struct UndoAndDeleteTests {
    static func field(_ kind: String, locale: String = "en-US") throws -> Field { try EditingTests.field(kind, locale: locale) }

    @Test("a typed run is one step, a paste one step, a run of deletions one step")
    func steps() throws {
        let note = try Self.field("text")
        note.type("a")
        note.type("b")
        note.type("c")
        note.type(" pasted")
        note.deleteBackward()
        note.deleteBackward()
        #expect(note.text == "abc past")
        #expect(note.undo() && note.text == "abc pasted" && note.caret == 10, "the two deletions")
        #expect(note.undo() && note.text == "abc" && note.caret == 3, "the paste")
        #expect(note.undo() && note.text == "" && note.caret == 0, "the typed run")
        #expect(note.undo() == false)
        #expect(note.redo() && note.text == "abc")
        #expect(note.redo() && note.text == "abc pasted")
        note.type("!")
        #expect(note.redo() == false, "a new edit forgets the steps undone")
        #expect(note.undo() && note.text == "abc pasted")
    }

    @Test("moving the caret ends a typed run; a text set is a step")
    func runs() throws {
        let note = try Self.field("text")
        note.type("a")
        note.type("b")
        note.edit(.insert("x", at: 0))
        #expect(note.text == "xab")
        #expect(note.undo() && note.text == "ab")
        note.setText("set by the app")
        #expect(note.undo() && note.text == "ab")
        #expect(note.redo() && note.text == "set by the app")
    }

    @Test("a masked phone number typed digit by digit is one step, with its layout")
    func masked() throws {
        let phone = try Self.field("phone")
        for digit in "2015550123" { phone.type(String(digit)) }
        #expect(phone.text == "(201) 555-0123")
        phone.deleteBackward()
        #expect(phone.undo() && phone.text == "(201) 555-0123" && phone.caret == 14)
        #expect(phone.undo() && phone.text == "")
        #expect(phone.redo() && phone.text == "(201) 555-0123")
    }

    @Test("undo and redo do nothing on a field that takes no input")
    func notEditable() throws {
        let form = try Form(json: #"{"vouch": 1, "fields": [{"name": "a"}, {"name": "b"}]}"#, registry: Registry())
        let a = try #require(form["a"])
        a.type("x")
        a.disable()
        #expect(a.undo() == false && a.text == "x")
    }

    @Test(
        "backspace over a layout character deletes the digit before it, the delete key the digit after it",
        arguments: [
            // kind, typed, caret for backspace, what it gives, caret for delete, what it gives
            ("phone", "2015550123", 5, "(205) 550-123|", 4, "(201) |550-123"),
            ("date", "02221982", 3, "02/21/982|", 2, "02/|21/982"),
            ("money", "1234567", 2, "|234,567", 1, "1|34,567"),
        ])
    func deleteOverLayout(kind: String, typed: String, backCaret: Int, backward: String, forwardCaret: Int, forward: String) throws {
        let back = try Self.field(kind)
        back.type(typed)
        let before = back.edit(.deleteBackward(in: back.text, at: backCaret)).description
        let front = try Self.field(kind)
        front.type(typed)
        let after = front.edit(.deleteForward(in: front.text, at: forwardCaret)).description
        #expect(before.replacing("|", with: "") == backward.replacing("|", with: ""), "\(before)")
        #expect(after == forward)
    }

    @Test("marked text passes through a masked field as it is, and is laid out when committed")
    func composition() throws {
        let phone = try Self.field("phone")
        phone.type("20")
        #expect(phone.setMarkedText("１"))
        #expect(phone.text == "(20１" && phone.caret == 4 && phone.isComposing)
        #expect(phone.setMarkedText("１５５"))
        #expect(phone.text == "(20１５５", "the mask does not touch marked text")
        let committed = phone.commitMarkedText()
        #expect(committed.accepted && phone.text == "(201) 55" && phone.caret == 8 && !phone.isComposing)
        #expect(phone.undo() && phone.text == "(20", "the committed text is one step")
        let name = try Self.field("text")
        name.type("a")
        name.setMarkedText("にほ")
        name.cancelMarkedText()
        #expect(name.text == "a" && name.caret == 1)
        name.setMarkedText("日本")
        #expect(name.commitMarkedText().description == "a日本|")
    }
}
