import Vouch
import VouchBatch

#if canImport(Glibc)
    import Glibc
#endif

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
            let isolation = try pluginIsolation(arguments)
            for plugin in arguments.all("--plugin") { try registry.loadPlugin(plugin, maxFileBytes: pluginLimit, isolation: isolation) }
        } catch {
            throw CommandError("\(error)")
        }
        return registry
    }

    /// With --isolate-plugins: plugins' rules run in child processes of this program, each call
    /// within --plugin-timeout seconds.
    static func pluginIsolation(_ arguments: ParsedArguments) throws(CommandError) -> PluginIsolation? {
        guard arguments.has("--isolate-plugins") else { return nil }
        let seconds = try positiveInteger(arguments, "--plugin-timeout", maximum: 3600) ?? 10
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { throw CommandError("vouch: --isolate-plugins: cannot find this program (/proc/self/exe)") }
        return PluginIsolation(
            helper: String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self), timeout: seconds * 1000)
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
