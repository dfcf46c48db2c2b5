/// A rule as the registry knows it: its name, its parameters and how to build it.
public struct RuleDefinition: Sendable {
    /// The name specs use: `length`, `email`, `card.luhn`.
    public let name: String
    /// One line for `vouch list rules` and the docs.
    public let summary: String
    /// The parameters the rule takes; the registry checks them before `make` is called.
    public let parameters: [ParameterSpec]
    /// Whether `make` checks its parameters itself (plugins do), so the registry passes them on
    /// unchecked instead of refusing those not in ``parameters``.
    public let checksOwnParameters: Bool
    let make: @Sendable (Parameters, BuildContext) throws(VouchError) -> any Rule

    /// - Parameter make: builds the rule from checked parameters; throws for values that are of the
    ///   right type but not acceptable (use ``BuildContext/invalid(_:_:)``).
    public init(
        _ name: String, summary: String, parameters: [ParameterSpec] = [], checksOwnParameters: Bool = false,
        make: @escaping @Sendable (Parameters, BuildContext) throws(VouchError) -> any Rule
    ) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.checksOwnParameters = checksOwnParameters
        self.make = make
    }
}
