import Vouch

#if canImport(Glibc)
    import Glibc
#endif

/// `vouch plugin-host`, the child process of an isolated plugin (`vouch check --isolate-plugins`,
/// ``PluginIsolation``): reads one JSON request per line on standard input (`plugin`, `rule`,
/// `parameters`, `locale`, `value`), checks the value with the plugin's rule loaded here, and
/// answers one line on descriptor 3: `{"violations": [{"code", "args"}]}` or `{"error": …}`.
/// Not a command users run: it is not listed.
enum PluginHostServer {
    static func run() -> Int32 {
        // A plugin that crashes here ends this process quietly, by its signal, whatever handler
        // (a sanitizer's) the process started with: the parent reports the failed call, naming the
        // rule, and a report here could quote the value.
        for crash in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT] { signal(crash, SIG_DFL) }
        let registry = Registry()
        var loaded: Set<String> = []
        var rules: [String: any Rule] = [:]
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        // Started: the parent's time limit counts from the first request on.
        guard answer(["ready": true]) else { return 2 }
        while true {
            guard let end = pending.firstIndex(of: 10) else {
                let count = read(0, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return 0 }
                pending += buffer[..<count]
                continue
            }
            let line = Array(pending[..<end])
            pending.removeSubrange(...end)
            let reply: JSONObject
            do throws(VouchError) {
                reply = ["violations": .array(try check(line, registry: registry, loaded: &loaded, rules: &rules))]
            } catch {
                reply = ["error": .string(error.message)]
            }
            guard answer(reply) else { return 2 }
        }
    }

    /// Writes one line of JSON on descriptor 3; false when the parent is gone.
    private static func answer(_ object: JSONObject) -> Bool {
        let bytes = Array((JSONValue.object(object).jsonText + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(3, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func check(
        _ line: [UInt8], registry: Registry, loaded: inout Set<String>, rules: inout [String: any Rule]
    ) throws(VouchError) -> [JSONValue] {
        guard let request = (try? JSONParser().parse(line))?.objectValue, let plugin = request["plugin"]?.stringValue,
            let name = request["rule"]?.stringValue, let value = request["value"]?.stringValue
        else { throw VouchError(.invalidInput, "a request is {plugin, rule, parameters, locale, value}") }
        let locale = request["locale"]?.stringValue ?? "en-US"
        let parameters = request["parameters"]?.objectValue ?? [:]
        if !loaded.contains(plugin) {
            try registry.loadPlugin(plugin)
            loaded.insert(plugin)
        }
        let key = name + "\n" + locale + "\n" + JSONValue.object(parameters).jsonText
        let rule: any Rule
        if let made = rules[key] {
            rule = made
        } else {
            rule = try registry.makeRule(name, parameters, locale: locale)
            rules[key] = rule
        }
        let found = rule.check(value, context: RuleContext(locale: try registry.locale(locale)))
        return found.map { violation in
            var arguments: JSONObject = [:]
            for (key, argument) in violation.arguments {
                switch argument {
                case .number(let number): arguments[key] = .number(number)
                case .string(let text): arguments[key] = .string(text)
                }
            }
            return .object(["code": .string(violation.code), "args": .object(arguments)])
        }
    }
}
