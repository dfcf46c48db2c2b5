/// A value for a named argument of a message template: `{count}` or `{name}`.
public enum MessageArgument: Sendable, Hashable {
    /// A number, for plural, selectordinal and number arguments.
    case number(Double)
    /// Text, for select and plain arguments.
    case string(String)
}

extension MessageArgument: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral
{
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}
