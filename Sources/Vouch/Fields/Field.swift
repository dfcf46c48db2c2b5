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
    /// The violations shown: the last validation's, then the async rules', then the app's own
    /// error (``setError(_:sticky:)``).
    public var violations: [Violation] { checked + asyncFound + (appError.map { [$0.violation] } ?? []) }
    /// The violations of the last validation shown.
    private var checked: [Violation] = []
    /// What the async rules found on the current text.
    private var asyncFound: [Violation] = []
    /// The error the app set, and whether it stays when the text changes.
    private var appError: (violation: Violation, sticky: Bool)?
    /// Whether the field takes input; a disabled field is skipped by navigation and left out of the
    /// form's values and validation.
    public private(set) var isEnabled = true
    /// Asked before editing begins; returning false keeps the field from becoming active (the app
    /// may show its own picker instead). Not asked for a disabled field, which never begins.
    public var shouldBeginEditing: ((Field) -> Bool)?
    private var asyncRules: [AsyncRule] = []
    /// The async check under way (debouncing or running), if any.
    private var asyncCheck: Task<Void, Never>?
    /// Counts async checks started, so that a late finding of an earlier one is never applied.
    private var asyncGeneration = 0
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

    // A check under way ends with the field.
    deinit { asyncCheck?.cancel() }

    /// The locale of the field's form.
    public var formLocale: LocaleProfile { formSchema.locale }

    /// The form's validation of every field's current text (disabled fields left out), or only
    /// this one's when the form is gone.
    private func currentValidation() -> ValidationResult {
        form?.currentValidation() ?? formSchema.validate([name: text], excluding: isEnabled ? [] : [formSchema.index(of: name)!])
    }

    public var name: String { schema.name }

    /// The text after the field's formatters: what rules see.
    public var normalizedText: String { schema.normalize(text) }

    /// The typed value if the field is valid and not empty, from a fresh check.
    public var value: TypedValue? { currentValidation().value(of: name) }

    /// Whether the field is part of the form now (its `when` condition holds).
    public var isIncluded: Bool { form?.isIncluded(self) ?? true }

    /// Whether navigation can stop at the field: included, enabled and not read-only.
    public var isEditable: Bool { !schema.isReadOnly && isEnabled && isIncluded }

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

    /// Editing begins: the field becomes active (an error shown stays shown). Returns whether it
    /// did: a disabled, read-only or excluded field never begins, and ``shouldBeginEditing`` may
    /// say no.
    @discardableResult
    public func beginEditing() -> Bool {
        guard !isEditing else { return true }
        guard isEditable, shouldBeginEditing?(self) ?? true else { return false }
        if let current = form?.focused, current !== self { current.endEditing() }
        isEditing = true
        form?.focused = self
        emit(.began)
        updateState()
        return true
    }

    /// Sets the text, as typing or pasting does, and validates if the timing says so.
    /// An error set by the app goes, unless it was set sticky; async rules check the new text.
    public func setText(_ newText: String) {
        guard newText != text else { return }
        history.record(.init(text: text, caret: caret), step: .other, from: 0, caret: newText.utf16.count)
        change(to: newText)
    }

    /// Sets the text without recording a step: what every change of the text does.
    private func change(to newText: String) {
        guard newText != text else { return }
        text = newText
        if let appError, !appError.sticky { self.appError = nil }
        asyncFound = []
        emit(.changed)
        if schema.timing == .onChange || (schema.timing == .onChangeAfterFirstEnd && hasEnded) {
            validate()
        } else if schema.timing == .onChangeAfterFirstEnd || schema.timing == .onEnd, !checked.isEmpty {
            // An error shown keeps its place until the next check, but goes once the value is fixed.
            if check().isEmpty { show([]) }
        }
        startAsyncCheck()
        updateState()
    }

    /// Where the caret is, in UTF-16 code units, after the last ``edit(_:)``.
    public private(set) var caret = 0

    /// Where a decimal separator the field has no place for was refused (yen have no decimals):
    /// digits typed there next are that fraction's, and refused too, rather than taken as more
    /// whole units (`1234.5` must not become `12,345`).
    private var refusedFractionAt: Int?

    /// The steps ``undo()`` and ``redo()`` go through.
    private var history = EditHistory()

    /// The text an input method is composing (marked text), if any: the text before it began,
    /// where the marked text stands in it (UTF-16), and the marked text.
    private var composition: (base: String, baseCaret: Int, location: Int, marked: String)?

    /// Whether an input method is composing text in the field (``setMarkedText(_:)``).
    public var isComposing: Bool { composition != nil }

    /// Applies an as-you-type edit (a range of the text and its replacement, as a text box gives
    /// it): the field's mask, length limit, character filter and capitalization apply, and the
    /// caret goes after what was typed. A refused edit leaves the text as it was.
    @discardableResult
    public func edit(_ edit: TextEdit) -> EditResult {
        // A disabled, read-only or excluded text box takes no input.
        guard isEditable else { return EditResult(text: text, caret: caret, accepted: false, isComplete: schema.isComplete(text)) }
        if composition != nil { cancelMarkedText() }
        if let at = refusedFractionAt, edit.length == 0, edit.location == at, !edit.replacement.isEmpty,
            edit.replacement.allSatisfy(\.isNumber)
        {
            return EditResult(text: text, caret: caret, accepted: false, isComplete: schema.isComplete(text))
        }
        let result = schema.edit(edit, in: text)
        refusedFractionAt = !result.accepted && schema.editor.isDecimalSeparator(edit.replacement) ? result.caret : nil
        if result.accepted && result.text != text {
            let step: EditHistory.Step =
                edit.replacement.isEmpty ? .deleting : edit.length == 0 && edit.replacement.count == 1 ? .typing : .other
            // A deletion continues from where its range ends (the caret, for backspace).
            let from = step == .deleting ? edit.location + edit.length : edit.location
            history.record(.init(text: text, caret: caret), step: step, from: from, caret: result.caret)
        }
        caret = result.caret
        if result.accepted { change(to: result.text) }
        return result
    }

    // MARK: Composition

    /// Shows `marked`, the text an input method is composing (kana before their kanji, a
    /// full-width digit), at the caret where composition began, as it is: no mask, filter or
    /// layout applies and nothing is checked until ``commitMarkedText()``. Each call replaces the
    /// marked text of the call before. Returns false, changing nothing, for a field that takes no
    /// input.
    @discardableResult
    public func setMarkedText(_ marked: String) -> Bool {
        guard isEditable else { return false }
        let current = composition ?? (base: text, baseCaret: caret, location: caret, marked: "")
        composition = (current.base, current.baseCaret, current.location, marked)
        let utf16 = current.base.utf16
        let split = utf16.index(utf16.startIndex, offsetBy: min(current.location, utf16.count))
        text = String(current.base[..<split]) + marked + String(current.base[split...])
        caret = current.location + marked.utf16.count
        emit(.changed)
        return true
    }

    /// Commits the marked text: it is typed at the place composition began, as one edit that the
    /// field's mask lays out (`２０１` in a phone field gives `(201`), and one undo step.
    @discardableResult
    public func commitMarkedText() -> EditResult {
        guard let current = composition else {
            return EditResult(text: text, caret: caret, accepted: false, isComplete: schema.isComplete(text))
        }
        composition = nil
        text = current.base
        caret = current.baseCaret
        guard !current.marked.isEmpty else {
            emit(.changed)
            return EditResult(text: text, caret: caret, accepted: true, isComplete: schema.isComplete(text))
        }
        let result = edit(.insert(current.marked, at: current.location))
        if !result.accepted { emit(.changed) }
        return result
    }

    /// Drops the marked text (the input method's composition was cancelled).
    public func cancelMarkedText() {
        guard let current = composition else { return }
        composition = nil
        text = current.base
        caret = current.baseCaret
        emit(.changed)
    }

    /// Whether ``undo()`` has a step to undo.
    public var canUndo: Bool { history.canUndo }

    /// Whether ``redo()`` has a step to redo.
    public var canRedo: Bool { history.canRedo }

    /// Undoes the last step: a run of characters typed, a run of deletions, a paste or a text
    /// set. Returns false, changing nothing, when there is none or the field takes no input.
    @discardableResult
    public func undo() -> Bool {
        guard isEditable, let previous = history.undo(from: .init(text: text, caret: caret)) else { return false }
        restore(previous)
        return true
    }

    /// Redoes the last step undone. Returns false, changing nothing, when there is none or the
    /// field takes no input; any new edit forgets the steps undone.
    @discardableResult
    public func redo() -> Bool {
        guard isEditable, let next = history.redo(from: .init(text: text, caret: caret)) else { return false }
        restore(next)
        return true
    }

    private func restore(_ snapshot: EditHistory.Snapshot) {
        refusedFractionAt = nil
        caret = snapshot.caret
        change(to: snapshot.text)
    }

    /// Types `text` at the caret, as a keyboard does.
    @discardableResult
    public func type(_ text: String) -> EditResult { edit(.insert(text, at: caret)) }

    /// Deletes the character before the caret, as the backspace key does.
    @discardableResult
    public func deleteBackward() -> EditResult { edit(.deleteBackward(in: text, at: caret)) }

    /// Deletes the character after the caret, as the delete key does.
    @discardableResult
    public func deleteForward() -> EditResult { edit(.deleteForward(in: text, at: caret)) }

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

    /// Clears the text and every error, a sticky one too.
    public func clear() {
        text = ""
        caret = 0
        history.reset()
        checked = []
        asyncFound = []
        appError = nil
        cancelAsyncCheck()
        emit(.cleared)
        updateState()
    }

    // MARK: Enabled and disabled

    /// Turns the field off, as a disabled text box: editing ends (without validating), errors and
    /// async checks go, and until ``enable()`` navigation skips it, it takes no input, and the
    /// form leaves it out of its values and validation. Its text is kept.
    public func disable() {
        guard isEnabled else { return }
        isEnabled = false
        if isEditing {
            isEditing = false
            if form?.focused === self { form?.focused = nil }
            emit(.ended)
        }
        checked = []
        asyncFound = []
        appError = nil
        cancelAsyncCheck()
        updateState()
    }

    /// Turns the field back on: it is `inactive` until it is edited or validated.
    public func enable() {
        guard !isEnabled else { return }
        isEnabled = true
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

    /// The violations the field has now, without showing them (none while it is disabled).
    func check() -> [Violation] {
        currentValidation().field(name)?.violations ?? []
    }

    /// Shows an error that the app found itself (a server said the name is taken), with the code
    /// ``customCode``. It goes at the next change of the text, unless `sticky`: then it stays until
    /// ``clearError()`` or ``clear()``. Validating again keeps it.
    public func setError(_ message: String, sticky: Bool = false) {
        appError = (Violation(field: name, code: Self.customCode, message: message), sticky)
        updateState()
    }

    /// Removes the errors shown, whatever set them (a sticky one too).
    public func clearError() {
        checked = []
        asyncFound = []
        appError = nil
        updateState()
    }

    /// The code of errors set with ``setError(_:sticky:)``.
    public static let customCode = "custom"

    func show(_ found: [Violation]) {
        checked = isEnabled ? found : []
        updateState()
    }

    private func updateState() {
        // Called on every keystroke: the violations are not gathered into one array here.
        let showsError = !checked.isEmpty || !asyncFound.isEmpty || appError != nil
        let new: FieldState =
            !isEnabled ? .disabled : showsError ? .error : asyncCheck != nil ? .pending : isEditing ? .active : .inactive
        guard new != state else { return }
        state = new
        emit(.stateChanged(new))
    }

    // MARK: Async rules

    /// Adds a check that needs to wait (a server asked whether a user name is free). After each
    /// change of the text, once the field's own rules pass and the text is not empty, the field is
    /// ``FieldState/pending``: it waits `debounce` on the form's ``Form/clock`` (typing on restarts
    /// the wait), then runs `check` on the normalized text. A change of the text cancels the check
    /// under way; a finding is applied only if the text is still the one checked, as a violation
    /// with `code` and the message `check` returns (nil: it passes).
    ///
    /// The check's finding is applied on the main actor: use a field with async rules from the
    /// main actor (a UI's main thread).
    public func addAsyncRule(code: String, debounce: Duration = .milliseconds(300), _ check: @escaping @Sendable (String) async -> String?)
    {
        asyncRules.append(AsyncRule(code: code, debounce: debounce, check: check))
    }

    /// Whether an async check is under way.
    public var isPending: Bool { asyncCheck != nil }

    /// Waits until no async check is under way (each change of the text may start a new one).
    @MainActor
    public func waitForAsyncChecks() async {
        while let check = asyncCheck { await check.value }
    }

    private func cancelAsyncCheck() {
        asyncCheck?.cancel()
        asyncCheck = nil
        asyncGeneration += 1
    }

    /// Starts the async rules on the current text, cancelling a check under way.
    private func startAsyncCheck() {
        cancelAsyncCheck()
        guard !asyncRules.isEmpty, isEnabled, isIncluded, !normalizedText.isEmpty, check().isEmpty else { return }
        let rules = asyncRules
        let clock = form?.clock ?? ContinuousClock()
        let (checkedText, normalized, generation) = (text, normalizedText, asyncGeneration)
        let debounce = rules.map(\.debounce).max()!
        // The field is used on the main actor (see addAsyncRule): the task reads and writes it there.
        // It holds the field weakly: a field let go of is not kept alive by its check.
        nonisolated(unsafe) weak let owner = self
        let name = name
        asyncCheck = Task { @MainActor in
            do {
                try await clock.sleep(for: debounce)
            } catch {
                return  // cancelled: the text changed
            }
            var found: [Violation] = []
            for rule in rules {
                guard !Task.isCancelled else { return }
                if let message = await rule.check(normalized) {
                    found.append(Violation(field: name, code: rule.code, message: message))
                }
            }
            guard !Task.isCancelled, let field = owner, field.asyncGeneration == generation, field.text == checkedText else { return }
            field.asyncCheck = nil
            field.asyncFound = found
            field.updateState()
        }
    }
}

extension Field: CustomStringConvertible {
    /// The field's name, state and text; a secret field's text is never shown.
    public var description: String {
        "Field(\(name), \(state.rawValue), \(schema.isSecret ? "<secret>" : "\"\(text)\""))"
    }
}
