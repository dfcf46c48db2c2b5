/// The visible state of an interactive field.
public enum FieldState: String, Sendable, Hashable, CaseIterable {
    /// Not being edited, no error shown.
    case inactive
    /// Being edited, no error shown.
    case active
    /// Showing an error: violations from validation, an async rule's finding, or one set with
    /// ``Field/setError(_:sticky:)``.
    case error
    /// An async rule (``Field/addAsyncRule(code:debounce:_:)``) is checking the text: waiting out its
    /// debounce interval, or running.
    case pending
    /// Turned off with ``Field/disable()``: not editable, skipped by next/done, and left out of the
    /// form's values and validation.
    case disabled
}

/// Something that happened to an interactive field.
public enum FieldEvent: Sendable, Hashable {
    /// Editing began (the field took focus).
    case began
    /// The text changed.
    case changed
    /// Editing ended (the field lost focus).
    case ended
    /// The field was cleared.
    case cleared
    /// The state changed (to an error, or back).
    case stateChanged(FieldState)
}
