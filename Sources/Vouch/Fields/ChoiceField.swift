@_spi(VouchInternal) import VouchBase

/// A `choice` field behind a picker: options by index or value, an optional "manual entry" option
/// that switches the field to free text, clearing, and selection events.
///
/// The selection is the wrapped ``Field``'s text (the option's value, or the free text), so the
/// form validates it as any field. Not thread-safe, like ``Field``.
public final class ChoiceField {
    public let field: Field
    /// The options, in the picker's order.
    public let options: [ChoiceOption]
    /// The label of the manual-entry row (from the locale's pack unless the spec names one); nil
    /// when the field takes only its options.
    public let manualEntryLabel: String?
    /// The selected option's index; nil when none is, or in manual entry.
    public private(set) var selectedIndex: Int?
    /// Whether the field is in manual entry (free text).
    public private(set) var isManualEntry = false
    private var listeners: [(Int?) -> Void] = []
    private let matcher: ChoiceValue

    /// Wraps a field of kind `choice`; nil for another kind.
    public init?(_ field: Field) {
        guard field.schema.kind.name == "choice", let matcher = field.schema.kind.value as? ChoiceValue else { return nil }
        self.field = field
        self.options = field.schema.kind.options
        self.manualEntryLabel = field.schema.kind.manualEntryLabel
        self.matcher = matcher
    }

    /// The rows of the picker: the options' labels, then the manual-entry label if any.
    public var rows: [String] { options.map(\.label) + (manualEntryLabel.map { [$0] } ?? []) }

    /// Calls `listener` with the new selected index (nil for none or manual entry) when it changes.
    public func addListener(_ listener: @escaping (Int?) -> Void) { listeners.append(listener) }

    /// Selects the option at `index`; the index after the last option is manual entry.
    public func select(index: Int) {
        if index == options.count, manualEntryLabel != nil {
            selectManualEntry()
            return
        }
        guard options.indices.contains(index) else { return }
        isManualEntry = false
        field.setText(options[index].value)
        change(to: index)
    }

    /// Selects the option with this value.
    public func select(value: String) {
        if let index = options.firstIndex(where: { $0.value == value }) { select(index: index) }
    }

    /// Selects what the user typed: the option it names, ignoring case and accents as the locale
    /// reads them (`sao paulo` selects São Paulo); otherwise free text in manual entry, if the field
    /// has it. Returns whether something was selected.
    @discardableResult
    public func choose(typed text: String) -> Bool {
        if let found = matcher.optionIndex(matching: text.trimmingWhitespace()), let index = options.firstIndex(of: matcher.options[found])
        {
            select(index: index)
            return true
        }
        guard manualEntryLabel != nil else { return false }
        selectManualEntry()
        field.setText(text)
        return true
    }

    /// Switches to manual entry: the field takes free text, checked by its manual rules.
    public func selectManualEntry() {
        guard manualEntryLabel != nil else { return }
        isManualEntry = true
        field.setText("")
        change(to: nil)
    }

    /// Clears the selection.
    public func clear() {
        isManualEntry = false
        field.clear()
        change(to: nil)
    }

    private func change(to index: Int?) {
        guard index != selectedIndex || index == nil else { return }
        selectedIndex = index
        for listener in listeners { listener(index) }
    }
}
