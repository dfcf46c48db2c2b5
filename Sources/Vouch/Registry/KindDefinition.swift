/// A field kind as the registry knows it: its name, aliases, parameters and how to build it for a locale.
public struct KindDefinition: Sendable {
    /// The name specs use: `phone`, `zip`.
    public let name: String
    /// Other names for the same kind: `postal_code` for `zip`.
    public let aliases: [String]
    /// One line for `vouch list kinds` and the docs.
    public let summary: String
    /// The kind's own field keys (`options` for `choice`, `min`/`max` for `number`).
    public let parameters: [ParameterSpec]
    let make: @Sendable (Parameters, BuildContext) throws(VouchError) -> Kind

    public init(
        _ name: String, aliases: [String] = [], summary: String, parameters: [ParameterSpec] = [],
        make: @escaping @Sendable (Parameters, BuildContext) throws(VouchError) -> Kind
    ) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.parameters = parameters
        self.make = make
    }
}
