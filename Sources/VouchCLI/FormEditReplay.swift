import Vouch
import VouchBatch

/// `vouch edit` on a whole form (`{"form": {…a form spec…}, "edits": […]}`): focus and navigation,
/// typing into the focused field, enabling and disabling, the app's errors and its veto of
/// editing, one line per step with the states that changed.
final class FormEditReplay {
    private let form: Form
    private let path: String
    private let output: OutputWriter
    /// The fields the app keeps from beginning editing (`{"veto": NAME}`).
    private var vetoed: Set<String> = []
    /// The states that changed during the step being replayed.
    private var changes: [String] = []

    init(form: Form, path: String, output: OutputWriter) {
        self.form = form
        self.path = path
        self.output = output
        for field in form.fields {
            field.addListener { [unowned self] field, event in
                guard case .stateChanged(let state) = event else { return }
                var change = "\(field.name): \(state.rawValue)"
                if state == .error, let message = field.violations.first?.message { change += " \"\(message)\"" }
                changes.append(change)
            }
            field.shouldBeginEditing = { [unowned self] field in !vetoed.contains(field.name) }
        }
    }

    /// The steps a form script takes, for error messages.
    static let steps =
        "{\"next\"}, {\"previous\"}, {\"done\"}, {\"focus\"}, {\"blur\"}, {\"type\"}, {\"paste\"}, {\"backspace\"}, {\"delete\"}, {\"mark\"}, {\"commit\"}, "
        + "{\"undo\"}, {\"redo\"}, {\"replace\", \"with\"}, {\"set_text\"}, {\"disable\"}, {\"enable\"}, {\"set_error\"}, {\"clear_error\"}, {\"veto\"} or {\"allow\"}"

    func run(_ edits: [JSONValue]) throws(CommandError) {
        for (index, edit) in edits.enumerated() {
            let step = edit.objectValue ?? [:]
            let at = "\(path): edits[\(index)]"
            changes = []
            if step["next"] != nil {
                form.next()
                write("next", focus)
            } else if step["previous"] != nil {
                form.previous()
                write("previous", focus)
            } else if step["done"] != nil {
                let first = form.done().isValid ? nil : form.firstInvalidField
                write("done", first.map { "first invalid: \($0.name)" } ?? "valid")
            } else if let name = step["focus"]?.stringValue {
                let field = try self.field(name, at: at)
                write("focus \(name)", field.beginEditing() ? focus : "\(name) refused the focus")
            } else if step["blur"] != nil {
                form.focused?.endEditing()
                write("blur", focus)
            } else if let typed = step["type"]?.stringValue {
                let field = try target(step, at: at)
                for (offset, key) in typed.enumerated() {
                    let result = field.type(String(key))
                    write(offset == 0 ? "type \(quoted(typed, field))" : "", shown(result, field))
                    changes = []
                }
            } else if let pasted = step["paste"]?.stringValue {
                let field = try target(step, at: at)
                write("paste \(quoted(pasted, field))", shown(field.type(pasted), field))
            } else if let key = ["backspace", "delete"].first(where: { step[$0]?.intValue != nil }), let count = step[key]?.intValue {
                guard (1...EditCommand.maximumCount).contains(count) else {
                    throw CommandError("\(at): \(key) takes a count from 1 to \(EditCommand.maximumCount), not \(count)")
                }
                let field = try target(step, at: at)
                for press in 0..<count {
                    let result = key == "backspace" ? field.deleteBackward() : field.deleteForward()
                    write(press == 0 ? "\(key) ×\(count)" : "", shown(result, field))
                    changes = []
                }
            } else if let marked = step["mark"]?.stringValue {
                let field = try target(step, at: at)
                let taken = field.setMarkedText(marked)
                write(
                    "mark \(quoted(marked, field))",
                    shown(EditResult(text: field.text, caret: field.caret, accepted: taken, isComplete: false), field))
            } else if step["commit"] != nil {
                let field = try target(step, at: at)
                write("commit", shown(field.commitMarkedText(), field))
            } else if step["undo"] != nil || step["redo"] != nil {
                let field = try target(step, at: at)
                let undo = step["undo"] != nil
                let done = undo ? field.undo() : field.redo()
                let result = EditResult(
                    text: field.text, caret: field.caret, accepted: done, isComplete: field.schema.isComplete(field.text))
                write(undo ? "undo" : "redo", shown(result, field))
            } else if let range = step["replace"]?.arrayValue, range.count == 2, let start = range[0].intValue,
                let length = range[1].intValue, let with = step["with"]?.stringValue
            {
                guard (0...EditCommand.maximumOffset).contains(start), (0...EditCommand.maximumOffset).contains(length) else {
                    throw CommandError("\(at): replace takes a start and a length from 0 to \(EditCommand.maximumOffset)")
                }
                let field = try target(step, at: at)
                let result = field.edit(TextEdit(location: start, length: length, replacement: with))
                write("replace [\(start), \(length)] with \(quoted(with, field))", shown(result, field))
            } else if let text = step["set_text"]?.stringValue {
                let field = try target(step, at: at)
                field.setText(text)
                write("set_text \(field.name)", quoted(text, field))
            } else if let name = step["disable"]?.stringValue {
                try field(name, at: at).disable()
                write("disable \(name)", focus)
            } else if let name = step["enable"]?.stringValue {
                try field(name, at: at).enable()
                write("enable \(name)", focus)
            } else if let message = step["set_error"]?.stringValue {
                let field = try target(step, at: at)
                let sticky = step["sticky"]?.boolValue ?? false
                field.setError(message, sticky: sticky)
                write("set_error \(field.name)\(sticky ? " (sticky)" : "")", "")
            } else if let name = step["clear_error"]?.stringValue {
                try field(name, at: at).clearError()
                write("clear_error \(name)", "")
            } else if let name = step["veto"]?.stringValue {
                _ = try field(name, at: at)
                vetoed.insert(name)
                write("veto \(name)", "")
            } else if let name = step["allow"]?.stringValue {
                _ = try field(name, at: at)
                vetoed.remove(name)
                write("allow \(name)", "")
            } else {
                throw CommandError("\(at) is not one of \(Self.steps)")
            }
        }
        output.write("values: \(JSONValue.object(form.values).jsonText)\n")
    }

    private var focus: String { "focus: \(form.focused?.name ?? "none")" }

    /// A step's line: its label, what it gave, and the states that changed.
    private func write(_ label: String, _ result: String) {
        var line = label.padding(28) + "  " + result
        if !changes.isEmpty { line = line.padding(60) + "  " + changes.joined(separator: ", ") }
        while line.last == " " { line.removeLast() }
        output.write(line + "\n")
    }

    private func field(_ name: String, at: String) throws(CommandError) -> Field {
        guard let field = form[name] else { throw CommandError("\(at): the form has no field \"\(name)\"") }
        return field
    }

    /// The step's `"field"`, else the focused field.
    private func target(_ step: JSONObject, at: String) throws(CommandError) -> Field {
        if let name = step["field"]?.stringValue { return try field(name, at: at) }
        guard let focused = form.focused else { throw CommandError("\(at): no field is focused: give \"field\", or focus one first") }
        return focused
    }

    /// The field's text with the caret as `|`, and `(refused)`.
    private func shown(_ result: EditResult, _ field: Field) -> String {
        "\(field.name): " + EditCommand.shown(result, secret: field.schema.isSecret)
    }

    /// Text typed into `field`, quoted; `<secret>` for a password.
    private func quoted(_ text: String, _ field: Field) -> String { field.schema.isSecret ? "<secret>" : "\"\(text)\"" }
}
