/// A field kind, built for a locale: input hints, formatters, rules and how the value is typed.
///
/// Kinds come from the registry (``Registry/makeKind(_:_:locale:)``); a field adds its own
/// formatters and rules after the kind's.
public struct Kind: Sendable {
    /// The kind's name (`phone`), never an alias.
    public let name: String
    public var hints: InputHints
    /// Run in order on the text before the rules.
    public var formatters: [any TextFormatter]
    /// Run only while the field is typed, after ``formatters`` (a date's mask, an amount's
    /// groups): they lay out what is typed, and never change a value being checked.
    public var typing: [any TextFormatter]
    /// Checked in order after the formatters, for non-empty values.
    public var rules: [any Rule]
    /// Makes the typed value once the rules pass.
    public var value: any ValueConverter
    /// Display only: the field is never edited, skipped by navigation and not validated.
    public var isReadOnly: Bool
    /// For `choice` kinds: the options offered.
    public var options: [ChoiceOption]
    /// For `tokens` kinds: how text becomes tokens, and each token's kind.
    public var tokens: TokenSettings?
    /// For `choice` kinds with manual entry: the label of the manual-entry option.
    public var manualEntryLabel: String?
    /// Checked after `required` when a field of this kind is required: a boolean's `accepted`,
    /// so that a required box must be ticked, not only answered.
    public var whenRequired: [any Rule] = []
    /// What the JSON Schema of a field of the kind says of its input: its definition's
    /// ``StepDefinition/inputSchema``, set by the registry.
    public internal(set) var inputSchema: (@Sendable (SchemaContribution.Field) -> SchemaContribution)?

    public init(
        name: String, hints: InputHints, formatters: [any TextFormatter] = [], rules: [any Rule] = [],
        value: any ValueConverter = TextValue(), isReadOnly: Bool = false, options: [ChoiceOption] = [],
        tokens: TokenSettings? = nil, typing: [any TextFormatter] = []
    ) {
        self.name = name
        self.hints = hints
        self.formatters = formatters
        self.typing = typing
        self.rules = rules
        self.value = value
        self.isReadOnly = isReadOnly
        self.options = options
        self.tokens = tokens
    }

    /// Whether the value is secret (a password): it never appears in messages or output.
    public var isSecret: Bool { hints.secureEntry }
}
