/// A plugin the registry has loaded.
public struct LoadedPlugin: Sendable, Hashable, CustomStringConvertible {
    /// The plugin's namespace: its rules are `name.rule`.
    public let name: String
    /// The plugin's own version.
    public let version: String
    public let summary: String
    /// The file it was loaded from.
    public let path: String
    /// The ABI version agreed with it.
    public let abiVersion: Int
    /// The full names of its rules and formatters.
    public let rules: [String]
    public let formatters: [String]

    public var description: String { "\(name) \(version) (\(path))" }
}
