/// A violation tied to its field, with its message in the form's language.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// The field the violation belongs to.
    public var field: String
    /// Stable and machine-readable: `required`, `too_short`, `pattern`, `card.luhn`.
    public var code: String
    /// The localized message.
    public var message: String
    /// The arguments the message was made from (never the value itself).
    public var arguments: [String: MessageArgument]

    public init(field: String, code: String, message: String, arguments: [String: MessageArgument] = [:]) {
        self.field = field
        self.code = code
        self.message = message
        self.arguments = arguments
    }

    public var description: String { "\(field): \(code): \(message)" }
}
