/// A named check of one field's value: given the value and its context, the violations it finds.
///
/// Rules are built by the ``Registry`` from a ``RuleDefinition`` and checked parameters, once per
/// form; a built rule is then used for every value, from many threads at once.
///
/// ## Implementation requirements
///
/// - `check` must be safe to call concurrently from many threads: keep no mutable state.
/// - It receives the value after the field's formatters ran. Unless ``checksEmptyValues`` is
///   `true`, it is only called for non-empty values: empty optional fields skip every rule.
/// - It returns no violation for a valid value; otherwise one ``RuleViolation`` per problem, each with
///   a stable `code` and the arguments its message needs (`min`, `max`, …). The message text comes
///   from the locale's templates, so a rule never builds user-facing text itself.
/// - It must never put the value into a violation's arguments: values may be secret.
public protocol Rule: Sendable {
    /// Whether the rule also runs on an empty value (as `required` and `required_if` do).
    var checksEmptyValues: Bool { get }

    /// Checks `value`, returning the violations found (none when valid).
    func check(_ value: String, context: RuleContext) -> [RuleViolation]

    /// Vouch's own rules' code on UTF-8 bytes; keep the default (``ByteStep/none``), and the
    /// checking path runs ``check(_:context:)``.
    var ruleOnBytes: ByteStep { get }
}

extension Rule {
    public var checksEmptyValues: Bool { false }
    public var ruleOnBytes: ByteStep { .none }
}

/// One problem a rule found: a stable code and the arguments of its message.
public struct RuleViolation: Sendable, Hashable {
    /// Stable and machine-readable: `required`, `too_short`, `pattern`, `card.luhn`.
    public var code: String
    /// Named arguments for the message template (`{min}`, `{count, plural, …}`).
    public var arguments: [String: MessageArgument]
    /// For a step that is not Vouch's own (a plugin's): the arguments that repeat a parameter the
    /// spec gave it, the only ones a secret field's violation keeps. Nil for Vouch's own steps,
    /// whose arguments a secret field keeps by name (``FieldSchema``).
    package var parameterArguments: Set<String>?

    public init(_ code: String, _ arguments: [String: MessageArgument] = [:]) {
        self.code = code
        self.arguments = arguments
    }

    /// The same finding about the token at `item` (from 1) of a `tokens` field; itself for nil.
    @_spi(VouchInternal) public func at(_ item: Int?) -> RuleViolation {
        guard let item else { return self }
        var found = self
        found.arguments["item"] = .number(Double(item))
        return found
    }
}

/// What a rule may know besides the value: the field, the locale, and the other fields of the form.
public struct RuleContext {
    /// The name of the field being checked.
    public let field: String
    /// Everything Vouch knows about the form's locale.
    public let locale: LocaleProfile
    /// When the record is checked, in seconds since 1970-01-01T00:00Z: what relative bounds
    /// (`today-18y`) are resolved against. Read once per record.
    public let now: Int
    let others: any FieldValueProvider

    init(field: String, locale: LocaleProfile, others: any FieldValueProvider, now: Int? = nil) {
        self.field = field
        self.locale = locale
        self.others = others
        self.now = now ?? VouchClock.system.now()
    }

    /// A context for checking one value on its own, with no other fields around it, at `now`
    /// (seconds since 1970 in UTC; the system clock when nil).
    public init(field: String = "value", locale: LocaleProfile, now: Int? = nil) {
        self.init(field: field, locale: locale, others: NoOtherFields(), now: now)
    }

    /// The value of another field after its formatters ran; `nil` if the form has no such field
    /// or it is excluded by its `when` condition.
    public func value(of field: String) -> String? { others.normalizedText(of: field) }
}

/// Gives rules the values of the other fields of a form.
protocol FieldValueProvider {
    func normalizedText(of field: String) -> String?
}

struct NoOtherFields: FieldValueProvider {
    func normalizedText(of field: String) -> String? { nil }
}
