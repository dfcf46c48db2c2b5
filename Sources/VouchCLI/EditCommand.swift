import Vouch
@_spi(VouchInternal) import VouchBase
import VouchBatch

/// `vouch edit`: replays as-you-type edits from a JSON file and prints the text and caret after
/// each one, to try a field's mask by hand.
enum EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit", summary: "Replay as-you-type edits on a field and print each step, the caret shown as |.",
        usage: "[--locale TAG] [--plugin NAME_OR_PATH]... EDITS.json", options: CommonOptions.all, positionals: 1...1,
        details: """
            EDITS.json: {"kind": "phone"} or {"field": {…a field of a form spec…}}, an optional "locale", and
            "edits": a list of {"type": "201"} (key by key at the caret), {"paste": "(201) 555-0123"} (at once),
            {"backspace": 2}, or {"replace": [START, LENGTH], "with": "…"} (UTF-16 offsets).
            A tokens field also takes {"return": true}, {"select": INDEX}, {"add": "…"} and {"remove": INDEX},
            with "suggestions" as the app's token-for-text hook. {"form": {…a form spec…}} replays a whole
            form: {"next": true}, {"previous": true}, {"done": true}, {"focus": NAME}, {"disable": NAME},
            {"enable": NAME}, {"set_error": "…", "sticky": true}, {"veto": NAME}… (docs/editing.md).
            """,
        positionalCompletion: .file)

    static func run(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> ExitStatus {
        let path = arguments.positionals[0]
        let script: JSONObject
        do {
            guard let object = try JSONParser().parse(try readFile(path, limit: CommonOptions.maxFileBytes(arguments))).objectValue else {
                throw CommandError("\(path): an edit script is a JSON object")
            }
            script = object
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("\(path): not valid JSON: \(error)")
        }
        guard let edits = script["edits"]?.arrayValue else { throw CommandError("\(path): \"edits\" is a list of edits") }
        let locale = arguments.value("--locale") ?? script["locale"]?.stringValue ?? "en-US"
        if let spec = script["form"] {
            guard case .object(var object) = spec else { throw CommandError("\(path): \"form\" is a form spec, a JSON object") }
            if arguments.value("--locale") != nil || object["locale"] == nil { object["locale"] = .string(locale) }
            let form: Form
            do {
                form = Form(schema: try FormSchema(spec: .object(object), registry: try CommonOptions.registry(arguments)))
            } catch let error as CommandError {
                throw error
            } catch {
                throw CommandError("\(path): form: \(error)")
            }
            try FormEditReplay(form: form, path: path, output: output).run(edits)
            return .success
        }
        var field: JSONObject = ["name": "field"]
        if let kind = script["kind"]?.stringValue {
            field["kind"] = .string(kind)
        } else if let given = script["field"]?.objectValue {
            field = given
            if field["name"] == nil { field["name"] = "field" }
        } else {
            throw CommandError("\(path): give \"kind\" or \"field\"")
        }
        let registry = try CommonOptions.registry(arguments)
        let form: Form
        do {
            form = Form(
                schema: try FormSchema(spec: ["vouch": 1, "locale": .string(locale), "fields": [.object(field)]], registry: registry))
        } catch {
            throw CommandError("\(path): \(error)")
        }
        let target = form.fields[0]
        if let input = TokenField(target) {
            var suggestions: [TokenField.Token] = []
            for (index, entry) in (script["suggestions"]?.arrayValue ?? []).enumerated() {
                suggestions.append(try TokenEditReplay.token(entry, at: "\(path): suggestions[\(index)]"))
            }
            let only = script["suggestions_only"]?.boolValue ?? false
            try TokenEditReplay(input: input, suggestions: suggestions, suggestionsOnly: only, path: path, output: output).run(edits)
            return .success
        }
        // A number's unit, as a UI shows it beside the field.
        if let unit = target.schema.hints.unit { output.write("unit".padding(28) + "  \(unit.short) (\(unit.long))\n") }
        // The range a stepper or picker offers: the hints' min, max and step.
        let hints = target.schema.hints
        let range = [("min", hints.minimum), ("max", hints.maximum), ("step", hints.step)].compactMap { name, value in
            value.map { "\(name) \($0)" }
        }
        if !range.isEmpty { output.write("range".padding(28) + "  " + range.joined(separator: ", ") + "\n") }
        for (index, edit) in edits.enumerated() {
            let step = edit.objectValue ?? [:]
            let results: [EditResult]
            let label: String
            // A password's text is never shown: its characters are dots, what was typed <secret>.
            let secret = target.schema.isSecret
            func quoted(_ text: String) -> String { secret ? "<secret>" : "\"\(text)\"" }
            if let typed = step["type"]?.stringValue {
                label = "type \(quoted(typed))"
                results = typed.map { target.type(String($0)) }
            } else if let pasted = step["paste"]?.stringValue {
                label = "paste \(quoted(pasted))"
                results = [target.type(pasted)]
            } else if let count = step["backspace"]?.intValue {
                guard (1...Self.maximumCount).contains(count) else {
                    throw CommandError("\(path): edits[\(index)]: backspace takes a count from 1 to \(Self.maximumCount), not \(count)")
                }
                label = "backspace ×\(count)"
                results = (0..<count).map { _ in target.deleteBackward() }
            } else if let range = step["replace"]?.arrayValue, range.count == 2, let start = range[0].intValue,
                let length = range[1].intValue,
                let with = step["with"]?.stringValue
            {
                guard (0...Self.maximumOffset).contains(start), (0...Self.maximumOffset).contains(length) else {
                    throw CommandError("\(path): edits[\(index)]: replace takes a start and a length from 0 to \(Self.maximumOffset)")
                }
                label = "replace [\(start), \(length)] with \(quoted(with))"
                results = [target.edit(TextEdit(location: start, length: length, replacement: with))]
            } else if let count = step["delete"]?.intValue {
                guard (1...Self.maximumCount).contains(count) else {
                    throw CommandError("\(path): edits[\(index)]: delete takes a count from 1 to \(Self.maximumCount), not \(count)")
                }
                let start = step["at"]?.intValue
                if let start, !(0...Self.maximumOffset).contains(start) {
                    throw CommandError("\(path): edits[\(index)]: at takes an offset from 0 to \(Self.maximumOffset)")
                }
                label = "delete ×\(count)" + (start.map { " at \($0)" } ?? "")
                results = (0..<count).map { press in
                    target.edit(.deleteForward(in: target.text, at: press == 0 ? start ?? target.caret : target.caret))
                }
            } else if let choice = ChoiceField(target), let row = step["select"]?.intValue {
                guard choice.rows.indices.contains(row) else {
                    throw CommandError("\(path): edits[\(index)]: select takes a row of the picker, from 0 to \(choice.rows.count - 1)")
                }
                choice.select(index: row)
                label = "select \(row) (\(choice.rows[row]))"
                results = [EditResult(text: target.text, caret: target.text.utf16.count, accepted: true, isComplete: !target.text.isEmpty)]
            } else if let choice = ChoiceField(target), let typed = step["choose"]?.stringValue {
                let chosen = choice.choose(typed: typed)
                label = "choose \(quoted(typed))" + (choice.isManualEntry ? " (manual entry)" : "")
                results = [
                    EditResult(text: target.text, caret: target.text.utf16.count, accepted: chosen, isComplete: !target.text.isEmpty)
                ]
            } else if let marked = step["mark"]?.stringValue {
                label = "mark \(quoted(marked))"
                let taken = target.setMarkedText(marked)
                results = [EditResult(text: target.text, caret: target.caret, accepted: taken, isComplete: false)]
            } else if step["commit"] != nil {
                label = "commit"
                results = [target.commitMarkedText()]
            } else if step["undo"] != nil || step["redo"] != nil {
                let undo = step["undo"] != nil
                label = undo ? "undo" : "redo"
                let done = undo ? target.undo() : target.redo()
                results = [
                    EditResult(text: target.text, caret: target.caret, accepted: done, isComplete: target.schema.isComplete(target.text))
                ]
            } else {
                throw CommandError(
                    "\(path): edits[\(index)] is not {\"type\"}, {\"paste\"}, {\"backspace\"}, {\"delete\"}, {\"mark\"}, {\"commit\"}, {\"undo\"}, {\"redo\"} or {\"replace\", \"with\"}"
                )
            }
            for (offset, result) in results.enumerated() {
                let name = offset == 0 ? label : ""
                output.write(name.padding(28) + "  " + Self.shown(result, secret: secret) + "\n")
            }
        }
        let violations = target.validate()
        let value = target.schema.isSecret ? (target.text.isEmpty ? "null" : "<secret>") : target.value?.canonical.jsonText ?? "null"
        let shown = target.schema.hints.unit == nil ? "" : target.value.map { "  shown: \(JSONValue.string($0.display).jsonText)" } ?? ""
        output.write(
            violations.isEmpty ? "valid: \(value)\(shown)\n" : "invalid: " + violations.map(\.message).joined(separator: " ") + "\n")
        return .success
    }

    /// The text of an edit's result with the caret as `|` (a password's characters as `•`), and
    /// `(refused)` when the field refused the edit.
    static func shown(_ result: EditResult, secret: Bool) -> String {
        var text = result.description
        if secret {
            let caret = result.text.utf16.index(result.text.utf16.startIndex, offsetBy: result.caret)
            let before = result.text[..<caret].count
            text = String(repeating: "•", count: before) + "|" + String(repeating: "•", count: result.text.count - before)
        }
        return text + (result.accepted ? "" : "   (refused)")
    }

    /// The most backspaces one step may press, and the largest offset a replacement may give.
    static let maximumCount = 10_000
    static let maximumOffset = 1_000_000

    private static func readFile(_ path: String, limit: Int) throws(CommandError) -> [UInt8] {
        do {
            return try FileBytes.read(path, limit: limit)
        } catch {
            throw CommandError("\(error)")
        }
    }

}
