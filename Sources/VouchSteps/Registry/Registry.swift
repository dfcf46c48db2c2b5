@_spi(VouchInternal) import VouchBase

/// Names to rules, formatters and kinds, and the locale packs they draw on.
///
/// A registry starts with Vouch's built-in rules, formatters and kinds and its embedded locale packs;
/// plugins and packs add to it. Names are unique across each category: registering a taken name is
/// an error unless the caller asks to replace it.
///
/// A registry is safe to use from many threads at once, including while others register.
public final class Registry: Sendable {
    struct Entries: Sendable {
        var rules = Catalog<any Rule>(category: "rule")
        var formatters = Catalog<any TextFormatter>(category: "formatter")
        var kinds = Catalog<Kind>(category: "kind")
        var plugins: [LoadedPlugin] = []
    }

    private let entries = Lock(Entries())
    let regexCache = RegexCache()
    /// The match and depth limits of every regular expression the registry builds.
    public let regexLimits: RegexLimits
    /// Where the relative bounds of `date`, `time` and `datetime` fields (`today-18y`) read the
    /// time: the system clock unless given.
    public let clock: VouchClock
    let locales: LocaleStore

    /// A registry with the built-in rules, formatters, kinds and locale packs.
    ///
    /// - Parameters:
    ///   - includingBuiltIns: `false` gives an empty registry (still with the embedded packs).
    ///   - regexLimits: bounds on each regex match, so that hostile input cannot make one run long.
    ///   - clock: the time relative bounds are resolved against, read once per record (a fixed one in tests).
    public init(includingBuiltIns: Bool = true, regexLimits: RegexLimits = .standard, clock: VouchClock = .system) {
        self.regexLimits = regexLimits
        self.clock = clock
        self.locales = LocaleStore()
        guard includingBuiltIns else { return }
        do {
            try update { entries throws(VouchError) in
                for rule in BuiltIns.rules { try entries.rules.add(rule, replacing: false) }
                for formatter in BuiltIns.formatters { try entries.formatters.add(formatter, replacing: false) }
                for kind in BuiltIns.kinds { try entries.kinds.add(kind, replacing: false) }
            }
        } catch {
            preconditionFailure("built-in definitions clash: \(error)")
        }
    }

    // MARK: Registering

    /// Registers a rule. Throws `name_taken` if the name is taken and `replacing` is false.
    public func register(_ rule: RuleDefinition, replacing: Bool = false) throws(VouchError) {
        try update { entries throws(VouchError) in try entries.rules.add(rule, replacing: replacing) }
    }

    /// Registers a formatter. Throws `name_taken` if the name is taken and `replacing` is false.
    public func register(_ formatter: FormatterDefinition, replacing: Bool = false) throws(VouchError) {
        try update { entries throws(VouchError) in try entries.formatters.add(formatter, replacing: replacing) }
    }

    /// Registers a kind under its name and aliases. Throws `name_taken` if one is taken and `replacing` is false.
    public func register(_ kind: KindDefinition, replacing: Bool = false) throws(VouchError) {
        try update { entries throws(VouchError) in try entries.kinds.add(kind, replacing: replacing) }
    }

    /// Applies `change` to a copy of the entries and keeps it only if `change` succeeds, so that a
    /// failed batch (a plugin with a taken name) leaves the registry as it was.
    func update(_ change: (inout Entries) throws(VouchError) -> Void) throws(VouchError) {
        try entries.withLock { current throws(VouchError) in
            var copy = current
            try change(&copy)
            current = copy
        }
    }

    /// `length`, `card.luhn`, `my_rules.strong_password`.
    static func isValidName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            guard let first = part.utf8.first, first.isASCIILowercase else { return false }
            return part.utf8.allSatisfy { $0.isASCIILowercase || $0.isASCIIDigit || $0 == .underscore }
        }
    }

    // MARK: Looking up

    /// The rule registered under `name`.
    public func rule(named name: String) -> RuleDefinition? { entries.withLock { $0.rules.definition(named: name) } }

    /// The formatter registered under `name`.
    public func formatter(named name: String) -> FormatterDefinition? { entries.withLock { $0.formatters.definition(named: name) } }

    /// The kind registered under `name` or one of its aliases.
    public func kind(named name: String) -> KindDefinition? { entries.withLock { $0.kinds.definition(named: name) } }

    /// Every rule, sorted by name.
    public var rules: [RuleDefinition] { entries.withLock { $0.rules.sorted } }

    /// Every formatter, sorted by name.
    public var formatters: [FormatterDefinition] { entries.withLock { $0.formatters.sorted } }

    /// Every kind, sorted by name.
    public var kinds: [KindDefinition] { entries.withLock { $0.kinds.sorted } }

    // MARK: Building

    /// Builds the rule `name` with `parameters`, checking them first.
    public func makeRule(_ name: String, _ parameters: JSONObject = [:], locale: String = "en-US") throws(VouchError) -> any Rule {
        let context = BuildContext(registry: self, locale: try self.locale(locale), field: nil, path: JSONPath())
        return try buildRule(name, parameters, context: context)
    }

    /// Builds the formatter `name` with `parameters`, checking them first.
    public func makeFormatter(_ name: String, _ parameters: JSONObject = [:], locale: String = "en-US") throws(VouchError)
        -> any TextFormatter
    {
        let context = BuildContext(registry: self, locale: try self.locale(locale), field: nil, path: JSONPath())
        return try buildFormatter(name, parameters, context: context)
    }

    /// Builds the kind `name` for `locale`, with the kind's own parameters.
    public func makeKind(_ name: String, _ parameters: JSONObject = [:], locale: String = "en-US") throws(VouchError) -> Kind {
        let context = BuildContext(registry: self, locale: try self.locale(locale), field: nil, path: JSONPath())
        return try buildKind(name, parameters, context: context)
    }

    func buildRule(_ name: String, _ parameters: JSONObject, context: BuildContext) throws(VouchError) -> any Rule {
        try build(entries.withLock { $0.rules }, name, parameters, context: context)
    }

    package func buildFormatter(_ name: String, _ parameters: JSONObject, context: BuildContext) throws(VouchError) -> any TextFormatter {
        try build(entries.withLock { $0.formatters }, name, parameters, context: context)
    }

    package func buildKind(_ name: String, _ parameters: JSONObject, context: BuildContext) throws(VouchError) -> Kind {
        let kinds = entries.withLock { $0.kinds }
        var kind = try build(kinds, name, parameters, context: context)
        kind.inputSchema = kinds.definition(named: name)?.inputSchema
        return kind
    }

    /// Builds a rule, formatter or kind from its definition in `catalog`, its parameters checked
    /// against what it declares (unless it checks them itself).
    private func build<Step>(
        _ catalog: Catalog<Step>, _ name: String, _ parameters: JSONObject, context: BuildContext
    ) throws(VouchError) -> Step {
        guard let definition = catalog.definition(named: name) else {
            throw VouchError(
                .unknownName,
                context.describe("no \(catalog.category) is named \"\(name)\"")
                    + NameSuggestion.didYouMean(name, among: catalog.names) + NameSuggestion.plugin(for: name, registry: self),
                at: context.path.description)
        }
        let subject = "\(catalog.category) \"\(definition.name)\""
        let checked =
            definition.checksOwnParameters
            ? Parameters(parameters)
            : try Parameters.check(parameters, against: definition.parameters, for: context.describe(subject), at: context.path)
        return try definition.make(checked, context.with(subject: subject, path: context.path))
    }

    // MARK: Locales

    /// Loads locale packs from `paths` (pack directories, `pack.json` files, or directories of
    /// pack directories), on top of the packs already there.
    ///
    /// All or nothing: a pack that cannot be read, is malformed, or is for an unknown locale stops
    /// the load with an error naming the file and the key, and no pack of the call is kept.
    ///
    /// - Parameter maxFileBytes: the largest `pack.json` read (16 MiB unless given).
    public func loadPacks(at paths: [String], maxFileBytes: Int = Registry.defaultMaxFileBytes) throws(VouchError) {
        try locales.add(try PackLoader.read(paths, maxFileBytes: maxFileBytes), regexCache: regexCache, regexLimits: regexLimits)
    }

    /// The largest form spec or `pack.json` read unless a caller says otherwise: 16 MiB. Only
    /// regular files are read; a FIFO or a device is refused.
    public static let defaultMaxFileBytes = FileBytes.defaultLimit

    /// Loads the packs named by the `VOUCH_PACK_PATH` environment variable (paths separated by
    /// `:`), as ``loadPacks(at:)`` does; nothing when it is not set.
    public func loadPacksFromEnvironment() throws(VouchError) {
        try loadPacks(searchPath: PackLoader.environmentValue)
    }

    /// ``loadPacksFromEnvironment()`` with `value` as `VOUCH_PACK_PATH`'s.
    func loadPacks(searchPath value: String?) throws(VouchError) {
        let paths = PackLoader.paths(listed: value)
        if !paths.isEmpty { try loadPacks(at: paths) }
    }

    // MARK: Plugins

    /// Loads a plugin by path (anything with a `/`) or by name (`card`, found as `libvouch-card.so`
    /// or `card.so` along `VOUCH_PLUGIN_PATH`, then in the directory of the program or library
    /// Vouch is part of and the `lib/vouch/plugins` beside it; never the current directory), and
    /// registers its rules and formatters under its namespace
    /// (`card.luhn`), and its messages.
    ///
    /// All or nothing: a plugin that is missing, not a shared library, not a plugin, of an ABI
    /// version this Vouch does not speak, with a malformed descriptor, with a name already taken,
    /// whose init fails, or that another user could have changed, is refused with an error naming
    /// the file and the reason, and the registry is left as it was.
    ///
    /// The file is opened once and checked through its descriptor: it, every directory on its path
    /// (symbolic links followed) and every link must belong to root or to you, and none may be
    /// writable by group or others, except a directory with the sticky bit such as `/tmp`. A file
    /// whose dynamic symbol table has no `vouch_plugin_entry` is refused before it is loaded, so its
    /// constructors never run.
    ///
    /// - Parameters:
    ///   - maxFileBytes: the largest plugin file loaded (64 MiB unless given).
    ///   - isolation: run the plugin's rules in child processes (``PluginIsolation``): its entry
    ///     point still runs here, to describe it, but none of its checks.
    @discardableResult
    public func loadPlugin(
        _ nameOrPath: String, maxFileBytes: Int = Registry.defaultMaxPluginBytes, isolation: PluginIsolation? = nil
    ) throws(VouchError) -> LoadedPlugin {
        try PluginLoader.load(nameOrPath, into: self, maxFileBytes: maxFileBytes, isolation: isolation)
    }

    /// The largest plugin library loaded unless a caller says otherwise: 64 MiB.
    public static let defaultMaxPluginBytes = 64 << 20

    /// The plugins loaded, in load order.
    public var plugins: [LoadedPlugin] { entries.withLock { $0.plugins } }

    func add(_ plugin: PluginLoader.Described) throws(VouchError) {
        try update { entries throws(VouchError) in
            if entries.plugins.contains(where: { $0.name == plugin.info.name }) {
                throw VouchError(.nameTaken, "a plugin named \"\(plugin.info.name)\" is already loaded", at: plugin.info.path)
            }
            do throws(VouchError) {
                for rule in plugin.rules { try entries.rules.add(rule, replacing: false) }
                for formatter in plugin.formatters { try entries.formatters.add(formatter, replacing: false) }
            } catch {
                throw VouchError(error.code, error.message, at: plugin.info.path)
            }
            entries.plugins.append(plugin.info)
            // Last, as it cannot be undone by dropping the copy of the entries.
            try locales.add(plugin.messages, regexCache: regexCache, regexLimits: regexLimits)
        }
    }

    /// Every locale with a pack, sorted (`root` among them).
    public var localeTags: [String] { locales.locales }

    /// Everything the registry knows about `tag`: its packs along the fallback chain, merged.
    public func locale(_ tag: String) throws(VouchError) -> LocaleProfile {
        try locales.profile(for: tag, regexCache: regexCache, regexLimits: regexLimits)
    }
}
