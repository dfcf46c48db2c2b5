@_spi(VouchInternal) import VouchBase

/// A `tokens` field behind a token input (a mail app's recipient field): text becomes a token on
/// return or on a separator character; each token is checked and normalized by the field's token
/// kind and rules; refused text stays in the text box with its violations; duplicates are not added.
///
/// As in the best token inputs (CLTokenInputView): the app can turn typed text into a token of its
/// own (``tokenForText``: "Bren" becomes "Brenden Mulligan" from an address book), add a chosen
/// token from code (``add(token:)``), and give each token a context (the contact it stands for).
/// A token is selected by tapping it (``select(at:)``) or by backspace on empty text; while one is
/// selected, typing replaces it and backspace removes it.
///
/// The tokens are the field's value: the wrapped ``Field`` holds them, one per line, so the form
/// validates them as any field. Not thread-safe, like ``Field``.
public final class TokenField {
    /// One token: its canonical text (the value), how it is shown, and what the app attached.
    public struct Token {
        /// The text, checked and normalized by the field's token kind once added (`ada@example.org`).
        public var text: String
        /// What the token input shows (`Brenden Mulligan`); nil: the token kind's display form.
        public var display: String?
        /// Anything the app attaches (the contact a recipient stands for); Vouch only keeps it.
        public var context: Any?

        public init(_ text: String, display: String? = nil, context: Any? = nil) {
            self.text = text
            self.display = display
            self.context = context
        }
    }

    /// Something that happened to the token input.
    public enum Event: Sendable, Hashable {
        case added(String)
        case removed(String)
        /// The text in the text box changed (for autocomplete).
        case textChanged(String)
        /// The token at this index is selected (nil: none), by ``select(at:)`` or the first
        /// backspace on empty text.
        case selected(Int?)
        /// The text could not become a token; it stays, with these violations (none when
        /// ``tokenForText`` gave no token for it).
        case refused([Violation])
    }

    public let field: Field
    /// The tokens as added: canonical text, display form (always set) and context, in order.
    public private(set) var items: [Token] = []
    /// The tokens, canonical (`ada@example.org`), in order.
    public var tokens: [String] { items.map(\.text) }
    /// Their display forms.
    public var displayTokens: [String] { items.map { $0.display ?? $0.text } }
    /// The text being typed, not yet a token.
    public private(set) var text = ""
    /// The violations of the last text refused, until the text changes.
    public private(set) var violations: [Violation] = []
    public private(set) var selectedIndex: Int?
    /// Turns the text typed into a token when it is committed (return or a separator): the token
    /// the app matches it with (an address book entry), or nil to refuse the text, which stays in
    /// the text box. Without it, the text itself is the token. The token given is still checked
    /// by the field's token kind and rules; return `Token(text)` to take the text as typed.
    public var tokenForText: ((String) -> Token?)?
    private var listeners: [(Event) -> Void] = []
    private let settings: TokenSettings
    /// The tokens' texts, to find a duplicate without a look at each token.
    private var known: Set<String> = []
    /// While ``type(_:)`` runs, the field's value is set once, at its end.
    private var deferringSync = false
    private var needsSync = false

    /// Wraps a field of kind `tokens`; nil for another kind.
    public init?(_ field: Field) {
        guard let settings = field.schema.kind.tokens else { return nil }
        self.field = field
        self.settings = settings
    }

    public func addListener(_ listener: @escaping (Event) -> Void) { listeners.append(listener) }

    private func emit(_ event: Event) { for listener in listeners { listener(event) } }

    /// The token at `index`, with its context; nil past the last.
    public func token(at index: Int) -> Token? { items.indices.contains(index) ? items[index] : nil }

    /// Types into the text box; a separator character ends the token before it. While a token is
    /// selected, the first character typed replaces it (the token goes, the character is typed).
    ///
    /// Typed text of many characters (a paste) changes the text once for each run between
    /// separators (one `textChanged` event each), and the field's value once at the end, so that
    /// a paste of thousands of tokens costs time in proportion to its length.
    public func type(_ typed: String) {
        guard field.isEnabled else { return }
        deferringSync = true
        defer {
            deferringSync = false
            if needsSync { syncField() }
        }
        var run = ""
        for character in typed {
            removeSelected()
            if settings.separators.contains(character) || character.isNewline {
                if !run.isEmpty { changeText(text + run) }
                run = ""
                commit()
            } else {
                run.append(character)
            }
        }
        if !run.isEmpty { changeText(text + run) }
    }

    /// Sets the text being typed, as a text box reports it (a paste may hold separators: each ends
    /// a token). A change while a token is selected replaces the token, as typing does.
    public func setText(_ newText: String) {
        guard field.isEnabled else { return }
        if newText.contains(where: { settings.separators.contains($0) || $0.isNewline }) {
            removeSelected()
            changeText("")
            type(newText)
            return
        }
        guard newText != text else { return }
        removeSelected()
        changeText(newText)
    }

    private func changeText(_ newText: String) {
        guard newText != text else { return }
        text = newText
        violations = []
        emit(.textChanged(text))
    }

    /// Return: the text becomes a token (through ``tokenForText`` when set) if the token kind and
    /// rules accept it. Returns whether a token was added; a duplicate is not added (and its text
    /// is cleared), refused text stays.
    @discardableResult
    public func commit() -> Bool {
        guard field.isEnabled else { return false }
        let candidate = text.trimmingWhitespace()
        guard !candidate.isEmpty else {
            if !text.isEmpty { changeText("") }
            return false
        }
        var token = Token(candidate)
        if let tokenForText {
            guard let made = tokenForText(candidate) else {
                violations = []
                emit(.refused([]))
                return false
            }
            token = made
        }
        return checkAndAdd(token)
    }

    /// Adds a token from code, as choosing a suggestion does: it is checked and normalized by the
    /// field's token kind and rules like typed text, and the text being typed is cleared. Returns
    /// whether it was added: false for a duplicate, or a token refused (its violations are in
    /// ``violations`` and a `refused` event, and the text is kept).
    @discardableResult
    public func add(token: Token) -> Bool {
        guard field.isEnabled else { return false }
        return checkAndAdd(token)
    }

    private func checkAndAdd(_ token: Token) -> Bool {
        let outcome = field.schema.checkTokens([token.text], locale: formLocale)
        guard outcome.violations.isEmpty, case .array(let values)? = outcome.value?.canonical, let value = values.first?.stringValue else {
            violations = outcome.violations
            emit(.refused(outcome.violations))
            return false
        }
        selectedIndex = nil
        changeText("")
        guard known.insert(value).inserted else { return false }
        items.append(Token(value, display: token.display ?? outcome.value?.display ?? value, context: token.context))
        syncField()
        emit(.added(value))
        return true
    }

    /// Selects the token at `index`, as tapping it does (nil: none); returns false, selecting
    /// nothing new, for an index past the last token.
    @discardableResult
    public func select(at index: Int?) -> Bool {
        guard let index else {
            if selectedIndex != nil {
                selectedIndex = nil
                emit(.selected(nil))
            }
            return true
        }
        guard field.isEnabled, items.indices.contains(index) else { return false }
        if selectedIndex != index {
            selectedIndex = index
            emit(.selected(index))
        }
        return true
    }

    /// Backspace: removes the selected token; else deletes a character of the text; on empty text,
    /// the first selects the last token, the second removes it.
    public func deleteBackward() {
        guard field.isEnabled else { return }
        if let selectedIndex {
            remove(at: selectedIndex)
            return
        }
        guard text.isEmpty else {
            changeText(String(text.dropLast()))
            return
        }
        guard !items.isEmpty else { return }
        selectedIndex = items.count - 1
        emit(.selected(selectedIndex))
    }

    /// Removes the token at `index`; returns false for an index past the last token.
    @discardableResult
    public func remove(at index: Int) -> Bool {
        guard items.indices.contains(index) else { return false }
        let removed = items.remove(at: index)
        known.remove(removed.text)
        selectedIndex = nil
        syncField()
        emit(.removed(removed.text))
        return true
    }

    /// The selected token goes, as a key typed over it does.
    private func removeSelected() {
        if let selectedIndex { remove(at: selectedIndex) }
    }

    /// The tokens collapsed into a line in the locale's words: `ada@x.org, grace@y.org, and 3 more`.
    public func summary(showing shown: Int = 2) -> String {
        let locale = formLocale
        let displayTokens = displayTokens
        guard displayTokens.count > shown else { return ListFormat.format(displayTokens, locale: locale.icuLocale) }
        let more = locale.message(for: "tokens_more", ["count": .number(Double(displayTokens.count - shown))])
        return ListFormat.format(Array(displayTokens.prefix(shown)) + [more], locale: locale.icuLocale)
    }

    private var formLocale: LocaleProfile { field.formLocale }

    private func syncField() {
        guard !deferringSync else {
            needsSync = true
            return
        }
        needsSync = false
        field.setText(tokens.joined(separator: "\n"))
    }
}
