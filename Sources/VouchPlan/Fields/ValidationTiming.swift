/// When an interactive field validates itself.
public enum ValidationTiming: String, Sendable, Hashable, CaseIterable {
    /// After every change of its text.
    case onChange = "change"
    /// When editing ends (the field loses focus).
    case onEnd = "end"
    /// When editing first ends, then after every change: no error while the user is still typing
    /// a new value, and an error that clears as soon as it is fixed.
    case onChangeAfterFirstEnd = "change_after_end"
    /// Only when asked (``Field/validate()``, or the form's `done`/`validate`).
    case onDemand = "demand"
}
