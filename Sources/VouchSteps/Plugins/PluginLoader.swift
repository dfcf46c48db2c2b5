import CVouchPluginABI

#if canImport(Glibc)
    import Glibc
#endif

/// Finds, checks and loads plugin libraries, and turns what they describe into registry entries.
enum PluginLoader {
    /// The environment variable with directories to find plugins by name in, separated by `:`.
    static let environmentVariable = "VOUCH_PLUGIN_PATH"

    /// The directories beside Vouch itself, where a build or an installation puts its plugins: the
    /// directory of the program or library Vouch is part of (`.build/debug` after `swift build`,
    /// where `libvouch-card.so` lies beside `vouch`), then `lib/vouch/plugins` beside that
    /// directory (`/usr/bin/vouch` and `/usr/lib/libvouch.so.0` both find `/usr/lib/vouch/plugins`).
    static let imageDirectories: [String] = {
        // dladdr needs _GNU_SOURCE and getauxval <sys/auxv.h>, which the Glibc module leaves out:
        // look them up instead. Dl_info is four pointers, the file name and the image's base first.
        typealias AddressInfo = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
        typealias Info = (UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafePointer<CChar>?, UnsafeRawPointer?)
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "dladdr") else { return [] }
        func image(of address: UnsafeRawPointer?) -> Info? {
            var info: Info = (nil, nil, nil, nil)
            let found = withUnsafeMutableBytes(of: &info) { unsafeBitCast(symbol, to: AddressInfo.self)(address, $0.baseAddress) }
            return found != 0 ? info : nil
        }
        guard let vouch = image(of: #dsohandle), let name = vouch.0 else { return [] }
        // The main program's name is given as it was run (argv[0], perhaps relative to the current
        // directory, perhaps found along PATH): its real path is /proc/self/exe. A library's name
        // is as the loader found it; a relative one could lead to the current directory: none.
        typealias AuxiliaryValue = @convention(c) (UInt) -> UInt
        let headers = dlsym(handle, "getauxval").map { unsafeBitCast($0, to: AuxiliaryValue.self)(3) }  // AT_PHDR: the program's
        let program = headers.flatMap { image(of: UnsafeRawPointer(bitPattern: $0)) }
        let file = program?.1 == vouch.1 ? "/proc/self/exe" : String(cString: name)
        guard file.hasPrefix("/"), let resolved = realpath(file, nil) else { return [] }
        defer { Glibc.free(resolved) }
        return directories(beside: String(cString: resolved))
    }()

    /// The directory of `image` (an absolute path) and the `lib/vouch/plugins` beside it.
    static func directories(beside image: String) -> [String] {
        guard let slash = image.lastIndex(of: "/"), image.hasPrefix("/") else { return [] }
        let directory = slash == image.startIndex ? "/" : String(image[..<slash])
        let parent = directory.lastIndex(of: "/").map { $0 == directory.startIndex ? "" : String(directory[..<$0]) } ?? ""
        let installed = parent + "/lib/vouch/plugins"
        return installed == directory ? [directory] : [directory, installed]
    }

    /// Where plugins are looked for by name: the absolute directories of `VOUCH_PLUGIN_PATH`, then
    /// the ``imageDirectories``. Never the current directory, nor any relative one.
    static var searchDirectories: [String] { searchDirectories(listing: environmentValue) }

    /// `VOUCH_PLUGIN_PATH` as the process has it.
    static var environmentValue: String? { getenv(environmentVariable).map { String(cString: $0) } }

    /// ``searchDirectories`` with `listing` as `VOUCH_PLUGIN_PATH`'s value.
    static func searchDirectories(listing: String?) -> [String] {
        let listed = (listing ?? "").split(separator: ":").map(String.init)
        var directories: [String] = []
        for directory in listed.filter({ $0.hasPrefix("/") }) + imageDirectories where !directories.contains(directory) {
            directories.append(directory)
        }
        return directories
    }

    /// The file of a plugin given by path (anything with a `/`) or by name (`card`: the first
    /// `libvouch-card.so` or `card.so` in ``searchDirectories``, `searchPath` standing for
    /// `VOUCH_PLUGIN_PATH`).
    static func resolve(_ nameOrPath: String, searchPath: String? = environmentValue) throws(VouchError) -> String {
        if nameOrPath.contains("/") { return nameOrPath }
        guard Registry.isValidName(nameOrPath), !nameOrPath.contains(".") else {
            throw VouchError(
                .invalidPlugin, "\"\(nameOrPath)\" is not a plugin name; give a path with a '/' to load a file", at: nameOrPath)
        }
        let files = ["libvouch-\(nameOrPath).so", "\(nameOrPath).so"]
        let directories = searchDirectories(listing: searchPath)
        for directory in directories {
            for file in files where access("\(directory)/\(file)", F_OK) == 0 { return "\(directory)/\(file)" }
        }
        let searched = directories.isEmpty ? "no directory (set \(environmentVariable))" : directories.joined(separator: ", ")
        throw VouchError(
            .invalidPlugin, "no plugin named \"\(nameOrPath)\": looked for \(files.joined(separator: " and ")) in \(searched)",
            at: nameOrPath)
    }

    /// Loads the plugin at `path` into `registry`: all of it, or nothing.
    ///
    /// The file is opened and checked once (``PluginFile``), and refused before it is loaded unless
    /// its dynamic symbol table exports the entry point: a library that is no plugin never runs its
    /// constructors here.
    static func load(
        _ nameOrPath: String, into registry: Registry, maxFileBytes: Int, isolation: PluginIsolation? = nil
    ) throws(VouchError) -> LoadedPlugin {
        let path = try resolve(nameOrPath)
        var file = try PluginFile(opening: path, maxBytes: maxFileBytes)
        switch ELFImage.exportsFunction(named: VOUCH_PLUGIN_ENTRY_NAME, descriptor: file.descriptor, size: file.size) {
        case .success(true): break
        case .success(false): throw notAPlugin(path)
        case .failure(let problem): throw VouchError(.invalidPlugin, "not a shared library that can be loaded: \(problem.reason)", at: path)
        }
        let handle: UnsafeMutableRawPointer
        switch LoadedLibraries.open(&file) {
        case .success(let opened): handle = opened
        case .failure(let reason): throw VouchError(.invalidPlugin, "not a shared library that can be loaded: \(reason.text)", at: path)
        }
        do {
            var described = try describe(handle: handle, path: path)
            if let isolation { described = isolated(described, path: path, isolation) }
            try registry.add(described)
            return described.info
        } catch {
            // Nothing of the plugin is in use: let the system unload it if it can.
            LoadedLibraries.close(handle, of: file)
            throw error
        }
    }

    /// A library without the entry point: found in its symbol table before it is loaded, or by
    /// `dlsym` after.
    private static func notAPlugin(_ path: String) -> VouchError {
        VouchError(.invalidPlugin, "not a Vouch plugin: it exports no \(VOUCH_PLUGIN_ENTRY_NAME)", at: path)
    }

    /// What a plugin adds to a registry.
    struct Described {
        let info: LoadedPlugin
        var rules: [RuleDefinition]
        let formatters: [FormatterDefinition]
        let messages: [LocalePack]
        /// Which rules check empty values too (VOUCH_CHECKS_EMPTY), by name.
        var checksEmpty: [String: Bool] = [:]
    }

    /// The plugin's rules made to run in child processes (``IsolatedPluginRule``): nothing of the
    /// plugin runs in this process after its entry point described it.
    private static func isolated(_ described: Described, path: String, _ isolation: PluginIsolation) -> Described {
        var isolated = described
        isolated.rules = described.rules.map { definition in
            let name = definition.name
            let checksEmpty = described.checksEmpty[name] ?? false
            return RuleDefinition(name, summary: definition.summary, checksOwnParameters: true) { parameters, _ in
                IsolatedPluginRule(
                    name: name, path: path, parameters: parameters.values, checksEmptyValues: checksEmpty, isolation: isolation)
            }
        }
        return isolated
    }

    /// Calls the entry point and checks the descriptor the plugin fills.
    private static func describe(handle: UnsafeMutableRawPointer, path: String) throws(VouchError) -> Described {
        guard let symbol = dlsym(handle, VOUCH_PLUGIN_ENTRY_NAME) else {
            throw notAPlugin(path)
        }
        let entry = unsafeBitCast(symbol, to: vouch_plugin_entry_fn.self)
        var host = vouch_plugin_host(
            size: UInt32(MemoryLayout<vouch_plugin_host>.size), min_abi_version: PluginHost.abiVersions.lowerBound,
            max_abi_version: PluginHost.abiVersions.upperBound, services: PluginHost.services)
        var plugin = vouch_plugin()
        plugin.size = UInt32(MemoryLayout<vouch_plugin>.size)
        let versions = "\(PluginHost.abiVersions.lowerBound)...\(PluginHost.abiVersions.upperBound)"
        let (status, message) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: PluginHost.errorBufferSize) { error in
            error[0] = 0
            let status = entry(&host, &plugin, error.baseAddress, error.count)
            return (status, PluginHost.errorText(error))
        }
        switch status {
        case VOUCH_PLUGIN_OK: break
        case VOUCH_PLUGIN_ERR_VERSION:
            throw VouchError(.invalidPlugin, "speaks no plugin ABI version this Vouch speaks (\(versions))", at: path)
        default:
            throw VouchError(.invalidPlugin, "the plugin failed to start: \(message.isEmpty ? "it gave no reason" : message)", at: path)
        }
        guard PluginHost.abiVersions.contains(plugin.abi_version) else {
            throw VouchError(.invalidPlugin, "implements plugin ABI version \(plugin.abi_version); this Vouch speaks \(versions)", at: path)
        }
        // Version 1 is the whole struct as this host knows it.
        guard plugin.size >= UInt32(MemoryLayout<vouch_plugin>.size) else {
            throw VouchError(
                .invalidPlugin,
                "its vouch_plugin descriptor has \(plugin.size) bytes, too small for ABI version \(plugin.abi_version) (\(MemoryLayout<vouch_plugin>.size))",
                at: path)
        }
        let namespace = try text(plugin.name, "the plugin's name", path: path)
        guard Registry.isValidName(namespace), !namespace.contains(".") else {
            throw VouchError(.invalidPlugin, "\"\(namespace)\" is not a valid plugin name: lower-case letters, digits and '_'", at: path)
        }

        let table = Table(namespace: namespace, path: path)
        var checksEmptyByName: [String: Bool] = [:]
        let rules = try table.definitions(plugin.rules, count: plugin.rule_count, "rule") { definition, name throws(VouchError) in
            guard let validate = definition.validate else {
                throw VouchError(.invalidPlugin, "rule \(name) has no validate callback", at: path)
            }
            let checksEmpty = definition.flags & UInt32(VOUCH_CHECKS_EMPTY) != 0
            checksEmptyByName[name] = checksEmpty
            return { state, _ in PluginRule(name: name, validate: validate, state: state, checksEmptyValues: checksEmpty) as any Rule }
        }
        let formatters = try table.definitions(plugin.formatters, count: plugin.formatter_count, "formatter") {
            definition, name throws(VouchError) in
            guard let format = definition.format else {
                throw VouchError(.invalidPlugin, "formatter \(name) has no format callback", at: path)
            }
            let isMask = definition.flags & UInt32(VOUCH_MASK) != 0
            return { state, context in
                PluginFormatter(format: format, state: state, locale: context.locale.tag, isMask: isMask) as any TextFormatter
            }
        }
        for name in rules.map(\.name) + formatters.map(\.name) where !Registry.isValidName(name) {
            throw VouchError(.invalidPlugin, "\"\(name)\" is not a valid name: lower-case letters, digits and '_'", at: path)
        }
        return Described(
            info: LoadedPlugin(
                name: namespace, version: try text(plugin.version, "", path: path, optional: true),
                summary: try text(plugin.summary, "", path: path, optional: true), path: path, abiVersion: Int(plugin.abi_version),
                rules: rules.map(\.name), formatters: formatters.map(\.name)),
            rules: rules, formatters: formatters, messages: try messagePacks(plugin, namespace: namespace, path: path),
            checksEmpty: checksEmptyByName)
    }

    /// The plugin's messages as locale packs, one per locale, checked like any pack.
    private static func messagePacks(_ plugin: vouch_plugin, namespace: String, path: String) throws(VouchError) -> [LocalePack] {
        var byLocale: [String: JSONObject] = [:]
        var order: [String] = []
        for index in 0..<plugin.message_count {
            guard let definitions = plugin.messages else {
                throw VouchError(.invalidPlugin, "message_count is \(plugin.message_count) but messages is NULL", at: path)
            }
            let definition = definitions[index]
            try checkSize(definition.size, MemoryLayout<vouch_message_def>.size, "message \(index)", path)
            let locale = try text(definition.locale, "the locale of message \(index)", path: path)
            let code = try text(definition.code, "the code of message \(index)", path: path)
            if byLocale[locale] == nil { order.append(locale) }
            byLocale[locale, default: [:]][code] = .string(try text(definition.text, "the text of message \(index)", path: path))
        }
        var packs: [LocalePack] = []
        for locale in order {
            let document: JSONObject = ["vouch_pack": 1, "locale": .string(locale), "messages": .object(byLocale[locale]!)]
            packs.append(try LocalePack(document: document, source: "\(path) (plugin \(namespace))"))
        }
        return packs
    }

    /// A plugin's table of rules or of formatters, read the same way: each definition checked,
    /// named in the plugin's namespace, and built with its own state when a spec uses it.
    private struct Table {
        let namespace: String
        let path: String

        /// - Parameter step: checks a definition's own callback; returns what builds the step from
        ///   its state.
        func definitions<Definition: PluginStepDefinition, Step>(
            _ table: UnsafePointer<Definition>?, count: Int, _ what: String,
            step: (Definition, String) throws(VouchError) -> @Sendable (PluginState, BuildContext) -> Step
        ) throws(VouchError) -> [StepDefinition<Step>] {
            guard count == 0 || table != nil else {
                throw VouchError(.invalidPlugin, "\(what)_count is \(count) but \(what)s is NULL", at: path)
            }
            var definitions: [StepDefinition<Step>] = []
            for index in 0..<count {
                let definition = table![index]
                try checkSize(definition.size, MemoryLayout<Definition>.size, "\(what) \(index)", path)
                let name = "\(namespace).\(try text(definition.name, "the name of \(what) \(index)", path: path))"
                let build = try step(definition, name)
                let (create, destroy, threadSafe) = (
                    definition.create, definition.destroy, definition.flags & UInt32(VOUCH_THREAD_SAFE) != 0
                )
                definitions.append(
                    StepDefinition(name, summary: try text(definition.summary, "", path: path, optional: true), checksOwnParameters: true) {
                        parameters, context throws(VouchError) in
                        let state = try PluginState.make(
                            create: create, destroy: destroy, threadSafe: threadSafe, parameters: parameters.values, context: context)
                        return build(state, context)
                    })
            }
            return definitions
        }
    }

    private static func checkSize(_ size: UInt32, _ required: Int, _ what: String, _ path: String) throws(VouchError) {
        guard size >= UInt32(required) else {
            throw VouchError(.invalidPlugin, "\(what) has a size of \(size) bytes, too small for its ABI version (\(required))", at: path)
        }
    }

    private static func text(_ pointer: UnsafePointer<CChar>?, _ what: String, path: String, optional: Bool = false) throws(VouchError)
        -> String
    {
        guard let pointer else {
            if optional { return "" }
            throw VouchError(.invalidPlugin, "\(what) is NULL", at: path)
        }
        return String(cString: pointer)
    }
}

/// What a plugin's rule and formatter definitions share, field for field (include/vouch_plugin.h).
protocol PluginStepDefinition {
    var size: UInt32 { get }
    var flags: UInt32 { get }
    var name: UnsafePointer<CChar>! { get }
    var summary: UnsafePointer<CChar>! { get }
    var create: vouch_create_fn! { get }
    var destroy: vouch_destroy_fn! { get }
}

extension vouch_rule_def: PluginStepDefinition {}
extension vouch_formatter_def: PluginStepDefinition {}
