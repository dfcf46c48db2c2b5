import Vouch
@_spi(VouchInternal) import VouchBase
import VouchBatch

/// `vouch edit` on a `tokens` field: typing (a separator ends a token), return, backspace,
/// selecting, adding and removing tokens, and the app's suggestions as its token-for-text hook;
/// one line per step, the tokens shown as `[token]` (`[*token*]` when selected).
final class TokenEditReplay {
    private let input: TokenField
    private let path: String
    private let output: OutputWriter
    /// What the last step was refused with, if it was.
    private var refusal: [Violation]?
    /// Whether the last step committed or added a token that was there already.
    private var duplicate = false

    /// - Parameters:
    ///   - suggestions: the app's address book: text typed that begins one's display form (ignoring
    ///     case) becomes its token.
    ///   - suggestionsOnly: text that begins no suggestion is refused (else it is taken as typed).
    init(input: TokenField, suggestions: [TokenField.Token], suggestionsOnly: Bool, path: String, output: OutputWriter) {
        self.input = input
        self.path = path
        self.output = output
        if !suggestions.isEmpty {
            input.tokenForText = { typed in
                let lowered = typed.lowercased()
                if let match = suggestions.first(where: { ($0.display ?? $0.text).lowercased().hasPrefix(lowered) }) { return match }
                return suggestionsOnly ? nil : TokenField.Token(typed)
            }
        }
        input.addListener { [unowned self] event in
            if case .refused(let violations) = event { refusal = violations }
        }
    }

    /// A token given in a script: `"text"` or `{"text", "display", "context"}`.
    static func token(_ value: JSONValue, at: String) throws(CommandError) -> TokenField.Token {
        if let text = value.stringValue { return TokenField.Token(text) }
        guard let object = value.objectValue, let text = object["text"]?.stringValue else {
            throw CommandError("\(at): a token is \"text\" or {\"text\", \"display\", \"context\"}")
        }
        return TokenField.Token(text, display: object["display"]?.stringValue, context: object["context"])
    }

    func run(_ edits: [JSONValue]) throws(CommandError) {
        for (index, edit) in edits.enumerated() {
            let step = edit.objectValue ?? [:]
            let at = "\(path): edits[\(index)]"
            refusal = nil
            duplicate = false
            if let typed = step["type"]?.stringValue {
                input.type(typed)
                write("type \(quoted(typed))")
            } else if let pasted = step["paste"]?.stringValue {
                input.setText(pasted)
                write("paste \(quoted(pasted))")
            } else if step["return"] != nil {
                let hadText = !input.text.trimmingWhitespace().isEmpty
                duplicate = !input.commit() && hadText && refusal == nil
                write("return")
            } else if let count = step["backspace"]?.intValue {
                guard (1...EditCommand.maximumCount).contains(count) else {
                    throw CommandError("\(at): backspace takes a count from 1 to \(EditCommand.maximumCount), not \(count)")
                }
                for press in 0..<count {
                    input.deleteBackward()
                    write(press == 0 ? "backspace ×\(count)" : "")
                }
            } else if let selected = step["select"] {
                if selected.isNull {
                    input.select(at: nil)
                    write("select none")
                } else {
                    guard let token = selected.intValue, input.select(at: token) else {
                        throw CommandError("\(at): select takes the index of a token (\(tokenIndices)) or null")
                    }
                    write("select \(token)")
                }
            } else if let added = step["add"] {
                let token = try Self.token(added, at: at)
                duplicate = !input.add(token: token) && refusal == nil
                write("add \(quoted(token.text))")
            } else if let token = step["remove"]?.intValue {
                guard input.remove(at: token) else {
                    throw CommandError("\(at): remove takes the index of a token (\(tokenIndices))")
                }
                write("remove \(token)")
            } else if let shown = step["summary"]?.intValue {
                guard (0...EditCommand.maximumCount).contains(shown) else {
                    throw CommandError("\(at): summary takes how many tokens to show, from 0 to \(EditCommand.maximumCount)")
                }
                // The collapsed line a field not being edited shows; a secret field's tokens are never shown.
                output.write("summary \(shown)".padding(28) + "  " + (secret ? "<secret>" : input.summary(showing: shown)) + "\n")
            } else {
                throw CommandError(
                    "\(at) is not {\"type\"}, {\"paste\"}, {\"return\"}, {\"backspace\"}, {\"select\"}, {\"add\"}, {\"remove\"} or {\"summary\"}"
                )
            }
        }
        for (index, token) in input.items.enumerated() {
            let context = (token.context as? JSONValue).map { "  context \($0.jsonText)" } ?? ""
            let shown = secret ? "<secret>" : "\(token.text)  \"\(token.display ?? token.text)\""
            output.write("token \(index): \(shown)\(context)\n")
        }
        let violations = input.field.validate()
        let value = secret ? (input.items.isEmpty ? "null" : "<secret>") : input.field.value?.canonical.jsonText ?? "null"
        output.write(
            violations.isEmpty
                ? "valid: \(value)\n"
                : "invalid: " + violations.map(\.message).joined(separator: " ") + "\n")
    }

    /// Whether the tokens are secret (`"token_kind": "password"`): never shown, only their places.
    private var secret: Bool { input.field.schema.isSecret }

    /// Text typed or added, quoted; `<secret>` for secret tokens.
    private func quoted(_ text: String) -> String { secret ? "<secret>" : "\"\(text)\"" }

    /// The indexes a step may name, for its error.
    private var tokenIndices: String { input.items.isEmpty ? "there is none yet" : "from 0 to \(input.items.count - 1)" }

    /// A step's line: its label, the tokens and the text with the caret, and any refusal.
    private func write(_ label: String) {
        let tokens = input.displayTokens.enumerated().map {
            let shown = secret ? "•••" : $0.element
            return $0.offset == input.selectedIndex ? "[*\(shown)*]" : "[\(shown)]"
        }
        let text = secret ? String(repeating: "•", count: input.text.count) : input.text
        var line = label.padding(28) + "  " + (tokens + [text + "|"]).joined(separator: " ")
        if let refusal {
            line += refusal.isEmpty ? "   (refused: no suggestion)" : "   (refused: \(refusal.map(\.message).joined(separator: " ")))"
        } else if duplicate {
            line += "   (already there)"
        }
        while line.last == " " { line.removeLast() }
        output.write(line + "\n")
    }
}
