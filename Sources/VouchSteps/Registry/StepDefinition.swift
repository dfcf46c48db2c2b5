/// A rule, formatter or field kind as the registry knows it: its name and aliases, its parameters
/// and how to build it.
///
/// `Step` is what it builds: `any Rule` for a ``RuleDefinition``, `any TextFormatter` for a
/// ``FormatterDefinition``, a ``Kind`` for a ``KindDefinition``.
public struct StepDefinition<Step>: Sendable {
    /// The name specs use: `length`, `trim`, `card.luhn`, `phone`.
    public let name: String
    /// Other names for the same definition: `postal_code` for the kind `zip`.
    public let aliases: [String]
    /// The name and the aliases.
    package var names: [String] { [name] + aliases }
    /// One line for `vouch list` and the docs.
    public let summary: String
    /// The parameters it takes (for a kind, its own field keys such as `options` or `min`); the
    /// registry checks them before `make` is called.
    public let parameters: [ParameterSpec]
    /// Whether `make` checks its parameters itself (plugins do), so the registry passes them on
    /// unchecked instead of refusing those not in ``parameters``.
    public let checksOwnParameters: Bool
    let make: @Sendable (Parameters, BuildContext) throws(VouchError) -> Step
    /// What a locale pack may set for it under `kinds.<section>` (a kind's postal code pattern, a
    /// date pattern): packs are checked against it. Nil when it reads nothing from packs.
    public private(set) var packSettings: PackSettings?
    /// For a kind: what the JSON Schema of a field of the kind says of its input. Nil when the kind
    /// declares nothing; the schema then says that it leaves the kind's values to Vouch.
    public private(set) var inputSchema: (@Sendable (SchemaContribution.Field) -> SchemaContribution)?

    /// - Parameter make: builds the step from checked parameters; throws for values that are of the
    ///   right type but not acceptable (use ``BuildContext/invalid(_:_:)``).
    public init(
        _ name: String, aliases: [String] = [], summary: String, parameters: [ParameterSpec] = [],
        checksOwnParameters: Bool = false,
        make: @escaping @Sendable (Parameters, BuildContext) throws(VouchError) -> Step
    ) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.parameters = parameters
        self.checksOwnParameters = checksOwnParameters
        self.make = make
    }

    /// The same definition, reading `keys` (with their JSON types) from packs' `kinds.<section>`.
    public func readingPack(_ section: String, _ keys: [String: ParameterSpec.ValueType]) -> Self {
        var definition = self
        definition.packSettings = PackSettings(section: section, keys: keys)
        return definition
    }

    /// The same definition, saying of a field's input what `describe` makes of the field.
    public func describingInput(_ describe: @escaping @Sendable (SchemaContribution.Field) -> SchemaContribution) -> Self {
        var definition = self
        definition.inputSchema = describe
        return definition
    }
}

/// The settings a locale pack may give a step: the section of the pack's `kinds` they stand under,
/// and each key with its JSON type.
public struct PackSettings: Sendable {
    public let section: String
    public let keys: [String: ParameterSpec.ValueType]
}

/// A rule as the registry knows it: `RuleDefinition("even", summary: "…") { parameters, context in … }`.
public typealias RuleDefinition = StepDefinition<any Rule>

/// A formatter as the registry knows it, built the same way as a ``RuleDefinition``.
public typealias FormatterDefinition = StepDefinition<any TextFormatter>

/// A field kind as the registry knows it: `KindDefinition("zip", aliases: ["postal_code"], summary: "…") { … }`.
public typealias KindDefinition = StepDefinition<Kind>
