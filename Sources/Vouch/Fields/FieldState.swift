/// The visible state of an interactive field.
public enum FieldState: String, Sendable, Hashable {
    /// Not being edited, no error shown.
    case inactive
    /// Being edited, no error shown.
    case active
    /// Showing an error: violations from validation, or one set with ``Field/setError(_:)``.
    case error
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
