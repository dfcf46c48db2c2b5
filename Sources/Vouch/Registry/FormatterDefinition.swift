/// A formatter as the registry knows it: its name, its parameters and how to build it.
public struct FormatterDefinition: Sendable {
    /// The name specs use: `trim`, `capitalize`, `card.group`.
    public let name: String
    /// One line for `vouch list formatters` and the docs.
    public let summary: String
    /// The parameters the formatter takes; the registry checks them before `make` is called.
    public let parameters: [ParameterSpec]
    /// Whether `make` checks its parameters itself (plugins do), so the registry passes them on
    /// unchecked instead of refusing those not in ``parameters``.
    public let checksOwnParameters: Bool
    let make: @Sendable (Parameters, BuildContext) throws(VouchError) -> any TextFormatter

    public init(
        _ name: String, summary: String, parameters: [ParameterSpec] = [], checksOwnParameters: Bool = false,
        make: @escaping @Sendable (Parameters, BuildContext) throws(VouchError) -> any TextFormatter
    ) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.checksOwnParameters = checksOwnParameters
        self.make = make
    }
}
