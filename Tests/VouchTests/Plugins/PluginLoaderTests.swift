import Testing

@testable import Vouch
@testable import VouchSteps

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Loading plugins")
struct PluginLoaderTests {
    @Test("a plugin compiled with plain cc, outside SwiftPM, loads and works")
    func compiledWithCC() async throws {
        let directory = PluginSupport.temporaryDirectory()
        let path = try PluginSupport.compile(into: directory)
        let registry = Registry()
        let plugin = try registry.loadPlugin(path)
        #expect(plugin.name == "acme")
        #expect(plugin.rules == ["acme.even", "acme.fail"])
        let spec = #"""
            {"vouch": 1, "locale": "tr-TR", "fields": [
              {"name": "code", "rules": ["acme.even"], "formatters": ["acme.shout"]},
              {"name": "other", "rules": ["acme.fail"]}]}
            """#
        let schema = try FormSchema(json: spec, registry: registry)
        #expect(schema.validate(["code": "istanbul"]).canonicalValues["code"] == "İSTANBUL", "the host's ICU, in the form's locale")
        let odd = schema.validate(["code": "abc", "other": "x"])
        #expect(odd.violations.map(\.code) == ["acme.odd", "plugin_error"])
        #expect(odd.violations.first?.message == "3 bytes are odd.", "the plugin's message, with its plural")
        #expect(odd.violations.last?.message == "Bu değer denetlenemedi: acme.fail denetimi başarısız oldu.")

        // acme.even is not declared thread-safe: the host runs its calls one at a time.
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<100).flatMap { schema.validate(["code": $0 % 2 == 0 ? "ab" : "abc"]).violations.map(\.code) } }
            }
            var all: [[String]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.allSatisfy { $0 == Array(repeating: "acme.odd", count: 50) }, "no overlapping calls, same results as one thread")
    }

    @Test("a plugin is found by name along VOUCH_PLUGIN_PATH, never in the current directory")
    func byName() throws {
        let directory = PluginSupport.temporaryDirectory()
        _ = try PluginSupport.compile(into: directory, file: "libvouch-acme.so")
        let elsewhere = PluginSupport.temporaryDirectory()
        _ = try PluginSupport.compile(["FIXTURE_NAME=\\\"acme_local\\\""], into: elsewhere, file: "libvouch-acme.so")
        // `elsewhere` as a directory relative to the current one, and empty entries (the current
        // directory, in PATH's sense): both lead to a plugin, and neither may be searched. Not by
        // changing the current directory: the other tests, running meanwhile, use relative paths.
        let current = getcwd(nil, 0)!
        let up = String(cString: current).split(separator: "/").map { _ in ".." }
        free(current)
        let relative = (up + [String(elsewhere.dropFirst())]).joined(separator: "/")
        #expect(access("\(relative)/libvouch-acme.so", F_OK) == 0)
        // Nor by setting VOUCH_PLUGIN_PATH: tests running meanwhile load plugins by name.
        let missing = #expect(throws: VouchError.self) { try PluginLoader.resolve("acme", searchPath: ":\(relative):") }
        #expect(missing?.code == .invalidPlugin)
        #expect(missing?.message.contains("no plugin named \"acme\"") == true)

        let path = try PluginLoader.resolve("acme", searchPath: "\(relative)::\(directory)")
        #expect(path == "\(directory)/libvouch-acme.so")
        let plugin = try Registry().loadPlugin(path)
        #expect(plugin.name == "acme", "not the one in the relative directory")
    }

    @Test(
        "each bad plugin is refused with its own clear error, and the registry stays as it was",
        arguments: [
            ("FIXTURE_NO_ENTRY", "not a Vouch plugin: it exports no vouch_plugin_entry"),
            ("FIXTURE_OLD_ABI", "speaks no plugin ABI version this Vouch speaks (1...2)"),
            ("FIXTURE_FUTURE_ABI", "implements plugin ABI version 99; this Vouch speaks 1...2"),
            ("FIXTURE_SMALL", "its vouch_plugin descriptor has 16 bytes, too small for ABI version 1"),
            ("FIXTURE_INIT_FAILS", "the plugin failed to start: license file /etc/acme.lic not found"),
            ("FIXTURE_NAME=\\\"Acme\\\"", "\"Acme\" is not a valid plugin name"),
        ])
    func refused(define: String, message: String) throws {
        let directory = PluginSupport.temporaryDirectory()
        let path = try PluginSupport.compile([define], into: directory)
        let registry = Registry()
        let before = PluginSupport.snapshot(registry)
        let error = #expect(throws: VouchError.self) { try registry.loadPlugin(path) }
        #expect(error?.code == .invalidPlugin)
        #expect(error?.location == path, "the error names the file")
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
        #expect(PluginSupport.snapshot(registry) == before)
    }

    @Test("files that are no plugin at all are refused")
    func notPlugins() throws {
        let directory = PluginSupport.temporaryDirectory()
        let registry = Registry()
        let before = PluginSupport.snapshot(registry)

        let missing = #expect(throws: VouchError.self) { try registry.loadPlugin("\(directory)/nothing.so") }
        #expect(missing?.message == "cannot load the plugin: No such file or directory")
        #expect(missing?.location == "\(directory)/nothing.so")

        let text = "\(directory)/text.so"
        #expect(PluginSupport.run("echo 'not a library' > \(text)") == 0)
        let notShared = #expect(throws: VouchError.self) { try registry.loadPlugin(text) }
        #expect(notShared?.message.hasPrefix("not a shared library that can be loaded:") == true)

        let notFile = #expect(throws: VouchError.self) { try registry.loadPlugin(directory + "/") }
        #expect(notFile?.message == "not a regular file")
        #expect(PluginSupport.snapshot(registry) == before)
    }

    @Test("a name already taken is refused and nothing of the plugin is kept")
    func nameTaken() throws {
        let directory = PluginSupport.temporaryDirectory()
        let first = try PluginSupport.compile(into: directory, file: "one.so")
        let second = try PluginSupport.compile(into: directory, file: "two.so")
        let registry = Registry()
        try registry.loadPlugin(first)
        let before = PluginSupport.snapshot(registry)
        let error = #expect(throws: VouchError.self) { try registry.loadPlugin(second) }
        #expect(error?.code == .nameTaken)
        #expect(error?.message == "a plugin named \"acme\" is already loaded")
        #expect(PluginSupport.snapshot(registry) == before)

        try registry.register(RuleDefinition("card.luhn", summary: "mine") { _, _ in RequiredRule() })
        let clash = #expect(throws: VouchError.self) { try registry.loadPlugin(PluginSupport.built("card")) }
        #expect(clash?.code == .nameTaken)
        #expect(clash?.location == PluginSupport.built("card"))
        #expect(registry.rule(named: "card.number") == nil, "no rule of the refused plugin is kept")
        #expect(registry.rule(named: "card.luhn")?.summary == "mine")
    }

    @Test("a plugin file or directory other users can write is refused")
    func permissions() throws {
        let directory = PluginSupport.temporaryDirectory()
        let path = try PluginSupport.compile(into: directory)
        let registry = Registry()
        let before = PluginSupport.snapshot(registry)
        chmod(path, 0o757)
        let file = #expect(throws: VouchError.self) { try registry.loadPlugin(path) }
        #expect(file?.message == "refused: the plugin file is writable by other users (mode 757)")
        chmod(path, 0o775)
        let group = #expect(throws: VouchError.self) { try registry.loadPlugin(path) }
        #expect(group?.message == "refused: the plugin file is writable by other users (mode 775)")
        chmod(path, 0o755)
        chmod(directory, 0o777)
        let folder = #expect(throws: VouchError.self) { try registry.loadPlugin(path) }
        #expect(folder?.message == "refused: the directory \(directory) is writable by other users (mode 777)")
        #expect(PluginSupport.snapshot(registry) == before)
        chmod(directory, 0o700)
        try registry.loadPlugin(path)
        #expect(registry.plugins.map(\.name) == ["acme"])
    }

    @Test("error text copied into a plugin's buffer is cut at a character boundary and NUL-terminated")
    func errorBuffer() {
        var buffer = [CChar](repeating: 1, count: 6)
        buffer.withUnsafeMutableBufferPointer { PluginHost.write("abcé€x", into: $0.baseAddress, size: $0.count) }
        let written = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        #expect(buffer[written.count] == 0, "NUL-terminated")
        #expect(String(decoding: written, as: UTF8.self) == "abcé", "é is 2 bytes and fits in 5; € would not")
        var tiny = [CChar](repeating: 1, count: 3)
        tiny.withUnsafeMutableBufferPointer { PluginHost.write("€", into: $0.baseAddress, size: $0.count) }
        #expect(tiny[0] == 0, "a character that does not fit is left out whole")
    }
}
