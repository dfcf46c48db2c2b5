/// A `tokens` field behind a token input (a mail app's recipient field): text becomes a token on
/// return or on a separator character; each token is checked and normalized by the field's token
/// kind and rules; refused text stays in the text box with its violations; duplicates are not added;
/// deleting backwards on empty text selects, then removes, the last token.
///
/// The tokens are the field's value: the wrapped ``Field`` holds them, one per line, so the form
/// validates them as any field. Not thread-safe, like ``Field``.
public final class TokenField {
    /// Something that happened to the token input.
    public enum Event: Sendable, Hashable {
        case added(String)
        case removed(String)
        /// The text in the text box changed (for autocomplete).
        case textChanged(String)
        /// The token at this index is selected (nil: none), as the first backspace on empty text does.
        case selected(Int?)
        /// The text could not become a token; it stays, with these violations.
        case refused([Violation])
    }

    public let field: Field
    /// The tokens, canonical (`ada@example.org`), in order.
    public private(set) var tokens: [String] = []
    /// Their display forms.
    public private(set) var displayTokens: [String] = []
    /// The text being typed, not yet a token.
    public private(set) var text = ""
    /// The violations of the last text refused, until the text changes.
    public private(set) var violations: [Violation] = []
    public private(set) var selectedIndex: Int?
    private var listeners: [(Event) -> Void] = []
    private let settings: TokenSettings

    /// Wraps a field of kind `tokens`; nil for another kind.
    public init?(_ field: Field) {
        guard let settings = field.schema.kind.tokens else { return nil }
        self.field = field
        self.settings = settings
    }

    public func addListener(_ listener: @escaping (Event) -> Void) { listeners.append(listener) }

    private func emit(_ event: Event) { for listener in listeners { listener(event) } }

    /// Types into the text box; a separator character ends the token before it.
    public func type(_ typed: String) {
        for character in typed {
            if settings.separators.contains(character) || character.isNewline {
                commit()
            } else {
                setText(text + String(character))
            }
        }
    }

    /// Sets the text being typed (a paste may hold separators: each ends a token).
    public func setText(_ newText: String) {
        if newText.contains(where: { settings.separators.contains($0) || $0.isNewline }) {
            text = ""
            type(newText)
            return
        }
        guard newText != text else { return }
        text = newText
        violations = []
        selectedIndex = nil
        emit(.textChanged(text))
    }

    /// Return: the text becomes a token if the token kind and rules accept it. Returns whether a
    /// token was added; a duplicate is not added (and its text is cleared), refused text stays.
    @discardableResult
    public func commit() -> Bool {
        let candidate = text.trimmingWhitespace()
        guard !candidate.isEmpty else {
            if !text.isEmpty { setText("") }
            return false
        }
        let context = RuleContext(field: field.name, locale: formLocale)
        let outcome = field.schema.checkTokens([candidate], context: context)
        guard outcome.violations.isEmpty, case .array(let values)? = outcome.value?.canonical, let value = values.first?.stringValue else {
            violations = outcome.violations
            emit(.refused(outcome.violations))
            return false
        }
        defer { setText("") }
        guard !tokens.contains(value) else { return false }
        tokens.append(value)
        displayTokens.append(outcome.value?.display ?? value)
        syncField()
        emit(.added(value))
        return true
    }

    /// Backspace on empty text: the first selects the last token, the second removes it.
    public func deleteBackward() {
        guard text.isEmpty else {
            setText(String(text.dropLast()))
            return
        }
        guard !tokens.isEmpty else { return }
        if selectedIndex == tokens.count - 1 {
            remove(at: tokens.count - 1)
        } else {
            selectedIndex = tokens.count - 1
            emit(.selected(selectedIndex))
        }
    }

    /// Removes the token at `index`.
    public func remove(at index: Int) {
        guard tokens.indices.contains(index) else { return }
        let removed = tokens.remove(at: index)
        displayTokens.remove(at: index)
        selectedIndex = nil
        syncField()
        emit(.removed(removed))
    }

    /// The tokens collapsed into a line in the locale's words: `ada@x.org, grace@y.org, and 3 more`.
    public func summary(showing shown: Int = 2) -> String {
        let locale = formLocale
        guard displayTokens.count > shown else { return ListFormat.format(displayTokens, locale: locale.icuLocale) }
        let more = locale.message(for: "tokens_more", ["count": .number(Double(displayTokens.count - shown))])
        return ListFormat.format(Array(displayTokens.prefix(shown)) + [more], locale: locale.icuLocale)
    }

    private var formLocale: LocaleProfile { field.formLocale }

    private func syncField() { field.setText(tokens.joined(separator: "\n")) }
}
