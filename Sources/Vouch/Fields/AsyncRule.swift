/// A check that needs to wait for something, such as a server: "is this user name free?".
///
/// A field runs its async rules after a change of its text, once its own rules pass on the new
/// text and it is not empty. It waits out the rule's debounce interval first (typing on restarts
/// the wait), shows ``FieldState/pending`` meanwhile, cancels the check when the text changes again,
/// and applies the finding only if the text is still the one checked. Add one with
/// ``Field/addAsyncRule(code:debounce:_:)``.
public struct AsyncRule: Sendable {
    /// The violation code of the rule's finding (`name_taken`).
    public let code: String
    /// How long the text must stay unchanged before the check runs.
    public let debounce: Duration
    /// Checks the field's normalized text; returns the message to show, or nil when it passes.
    /// It should give up when its task is cancelled (the text changed again).
    public let check: @Sendable (String) async -> String?

    public init(code: String, debounce: Duration = .milliseconds(300), check: @escaping @Sendable (String) async -> String?) {
        self.code = code
        self.debounce = debounce
        self.check = check
    }
}
