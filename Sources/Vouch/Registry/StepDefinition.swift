/// A rule or formatter as the registry knows it: its name, its parameters and how to build it.
///
/// `Step` is what it builds: `any Rule` for a ``RuleDefinition``, `any TextFormatter` for a
/// ``FormatterDefinition``.
public struct StepDefinition<Step>: Sendable {
    /// The name specs use: `length`, `trim`, `card.luhn`.
    public let name: String
    /// One line for `vouch list` and the docs.
    public let summary: String
    /// The parameters it takes; the registry checks them before `make` is called.
    public let parameters: [ParameterSpec]
    /// Whether `make` checks its parameters itself (plugins do), so the registry passes them on
    /// unchecked instead of refusing those not in ``parameters``.
    public let checksOwnParameters: Bool
    let make: @Sendable (Parameters, BuildContext) throws(VouchError) -> Step

    /// - Parameter make: builds the step from checked parameters; throws for values that are of the
    ///   right type but not acceptable (use ``BuildContext/invalid(_:_:)``).
    public init(
        _ name: String, summary: String, parameters: [ParameterSpec] = [], checksOwnParameters: Bool = false,
        make: @escaping @Sendable (Parameters, BuildContext) throws(VouchError) -> Step
    ) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.checksOwnParameters = checksOwnParameters
        self.make = make
    }
}

/// A rule as the registry knows it: `RuleDefinition("even", summary: "…") { parameters, context in … }`.
public typealias RuleDefinition = StepDefinition<any Rule>

/// A formatter as the registry knows it, built the same way as a ``RuleDefinition``.
public typealias FormatterDefinition = StepDefinition<any TextFormatter>
