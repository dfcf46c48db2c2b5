import Vouch
import VouchBatch

/// The options every command that builds things takes: the locale, packs and plugins.
enum CommonOptions {
    static let all = [
        OptionSpec("--locale", value: "TAG", "the locale (default: the form's, else en-US)"),
        OptionSpec("--pack", value: "DIR", repeatable: true, "load locale packs from DIR (a pack, or a directory of packs)"),
        OptionSpec(
            "--plugin", value: "NAME_OR_PATH", repeatable: true,
            "load a plugin, by path or by name (along VOUCH_PLUGIN_PATH, then beside vouch)"),
        OptionSpec("--max-file-bytes", value: "N", "the largest form spec, pack.json or plugin read (default 16777216; plugins 67108864)"),
    ]

    static func maxFileBytes(_ arguments: ParsedArguments) throws(CommandError) -> Int {
        try positiveInteger(arguments, "--max-file-bytes", maximum: 1 << 40) ?? Registry.defaultMaxFileBytes
    }

    /// A registry with VOUCH_PACK_PATH's packs, then the --pack and --plugin ones loaded.
    static func registry(_ arguments: ParsedArguments) throws(CommandError) -> Registry {
        let registry = Registry()
        do {
            try registry.loadPacksFromEnvironment()
            let limit = try maxFileBytes(arguments)
            for pack in arguments.all("--pack") { try registry.loadPacks(at: [pack], maxFileBytes: limit) }
            let pluginLimit = arguments.value("--max-file-bytes") == nil ? Registry.defaultMaxPluginBytes : limit
            for plugin in arguments.all("--plugin") { try registry.loadPlugin(plugin, maxFileBytes: pluginLimit) }
        } catch {
            throw CommandError("\(error)")
        }
        return registry
    }

    static func form(_ path: String, locale: String?, registry: Registry, maxFileBytes: Int) throws(CommandError) -> FormSchema {
        do {
            return try FormSchema(file: path, registry: registry, locale: locale, maxFileBytes: maxFileBytes)
        } catch {
            throw CommandError("\(error)")
        }
    }

    static func positiveInteger(_ arguments: ParsedArguments, _ option: String, maximum: Int) throws(CommandError) -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Int(text), (1...maximum).contains(value) else {
            throw CommandError("\(option) takes a whole number from 1 to \(maximum), not \(text)")
        }
        return value
    }
}
