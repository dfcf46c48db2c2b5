/// One interactive field of a ``Form``: its text, state, violations and events.
///
/// A field validates itself at the time its ``FieldSchema/timing`` says (on change, on end
/// editing, on change after the first end, or on demand). It is not thread-safe: use a form and its
/// fields from one thread at a time (a UI's main thread).
public final class Field {
    /// What the field is: name, kind, rules, hints.
    public let schema: FieldSchema
    /// The form the field belongs to, while it exists; a field kept longer checks itself alone.
    public private(set) weak var form: Form?
    /// The schema of the form, kept so that the field works on its own too.
    private let formSchema: FormSchema
    /// The text as the user typed it.
    public private(set) var text: String = ""
    public private(set) var state: FieldState = .inactive
    /// The violations shown, from the last validation or ``setError(_:)``.
    public private(set) var violations: [Violation] = []
    /// Whether editing has ended at least once (for ``ValidationTiming/onChangeAfterFirstEnd``).
    public private(set) var hasEnded = false
    public private(set) var isEditing = false
    private var listeners: [(id: Int, handler: (Field, FieldEvent) -> Void)] = []
    private var nextListener = 0

    init(schema: FieldSchema, form: Form) {
        self.schema = schema
        self.form = form
        self.formSchema = form.schema
    }

    /// The locale of the field's form.
    public var formLocale: LocaleProfile { formSchema.locale }

    /// Every field's text: the form's, or only this one's when the form is gone.
    private var texts: [String: String] { form?.texts ?? [name: text] }

    public var name: String { schema.name }

    /// The text after the field's formatters: what rules see.
    public var normalizedText: String { schema.normalize(text) }

    /// The typed value if the field is valid and not empty, from a fresh check.
    public var value: TypedValue? { formSchema.validate(texts).value(of: name) }

    /// Whether the field is part of the form now (its `when` condition holds).
    public var isIncluded: Bool { form?.isIncluded(self) ?? true }

    /// Whether navigation can stop at the field: included and not read-only.
    public var isEditable: Bool { !schema.isReadOnly && isIncluded }

    // MARK: Events

    /// Calls `handler` for each event of the field; returns an ID for ``removeListener(_:)``.
    @discardableResult
    public func addListener(_ handler: @escaping (Field, FieldEvent) -> Void) -> Int {
        nextListener += 1
        listeners.append((nextListener, handler))
        return nextListener
    }

    public func removeListener(_ id: Int) { listeners.removeAll { $0.id == id } }

    private func emit(_ event: FieldEvent) {
        for listener in listeners { listener.handler(self, event) }
    }

    // MARK: Editing

    /// Editing begins: the field becomes active (an error shown stays shown).
    public func beginEditing() {
        guard !isEditing else { return }
        if let current = form?.focused, current !== self { current.endEditing() }
        isEditing = true
        form?.focused = self
        emit(.began)
        updateState()
    }

    /// Sets the text, as typing or pasting does, and validates if the timing says so.
    public func setText(_ newText: String) {
        guard newText != text else { return }
        text = newText
        emit(.changed)
        if schema.timing == .onChange || (schema.timing == .onChangeAfterFirstEnd && hasEnded) {
            validate()
        } else if schema.timing == .onChangeAfterFirstEnd || schema.timing == .onEnd, !violations.isEmpty,
            violations.first?.code != Self.customCode
        {
            // An error shown keeps its place until the next check, but goes once the value is fixed.
            if check().isEmpty { show([]) }
        }
    }

    /// Where the caret is, in UTF-16 code units, after the last ``edit(_:)``.
    public private(set) var caret = 0

    /// Applies an as-you-type edit (a range of the text and its replacement, as a text box gives
    /// it): the field's mask, length limit, character filter and capitalization apply, and the
    /// caret goes after what was typed. A refused edit leaves the text as it was.
    @discardableResult
    public func edit(_ edit: TextEdit) -> EditResult {
        let result = schema.edit(edit, in: text)
        caret = result.caret
        if result.accepted { setText(result.text) }
        return result
    }

    /// Types `text` at the caret, as a keyboard does.
    @discardableResult
    public func type(_ text: String) -> EditResult { edit(.insert(text, at: caret)) }

    /// Deletes the character before the caret, as the backspace key does.
    @discardableResult
    public func deleteBackward() -> EditResult { edit(.deleteBackward(in: text, at: caret)) }

    /// Editing ends: the field becomes inactive and validates if the timing says so.
    public func endEditing() {
        guard isEditing else { return }
        isEditing = false
        hasEnded = true
        if form?.focused === self { form?.focused = nil }
        emit(.ended)
        if schema.timing == .onEnd || schema.timing == .onChangeAfterFirstEnd {
            validate()
        } else {
            updateState()
        }
    }

    /// Clears the text and any error.
    public func clear() {
        text = ""
        violations = []
        emit(.cleared)
        updateState()
    }

    // MARK: Errors

    /// Validates the field now (with the form's other values) and shows the result.
    @discardableResult
    public func validate() -> [Violation] {
        let found = check()
        show(found)
        return found
    }

    /// The violations the field has now, without showing them.
    func check() -> [Violation] {
        formSchema.validate(texts).field(name)?.violations ?? []
    }

    /// Shows an error that the app found itself (a server said the name is taken).
    public func setError(_ message: String) {
        show([Violation(field: name, code: Self.customCode, message: message)])
    }

    /// Removes the error shown, whatever set it.
    public func clearError() { show([]) }

    /// The code of errors set with ``setError(_:)``.
    public static let customCode = "custom"

    func show(_ found: [Violation]) {
        violations = found
        updateState()
    }

    private func updateState() {
        let new: FieldState = !violations.isEmpty ? .error : isEditing ? .active : .inactive
        guard new != state else { return }
        state = new
        emit(.stateChanged(new))
    }
}

extension Field: CustomStringConvertible {
    /// The field's name, state and text; a secret field's text is never shown.
    public var description: String {
        "Field(\(name), \(state.rawValue), \(schema.isSecret ? "<secret>" : "\"\(text)\""))"
    }
}
