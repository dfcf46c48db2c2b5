import Testing
import VouchTestSupport

/// A crash (here a plugin's write through a NULL pointer) tells nothing of the values and loses
/// nothing checked before it.
@Suite("Crashes")
struct CrashTests {
    /// Tests/Fixtures/plugins/acme.c built with `defines` (`-DFIXTURE_CRASH`), in a directory of its own.
    static func acmePlugin(_ defines: String...) throws -> (directory: String, plugin: String) {
        let directory = VouchProcess.temporaryDirectory()
        let plugin = directory + "/acme.so"
        let flags = defines.joined(separator: " ")
        let compiled = ChildProcess.shell("cc -shared -fPIC -O1 -I include \(flags) -o \(plugin) Tests/Fixtures/plugins/acme.c")
        try #require(compiled.status == 0, "\(compiled.stderr)")
        return (directory, plugin)
    }

    @Test("no memory dump (the value is a secret's), and the records checked before the crash are written")
    func pluginCrash() throws {
        let (directory, plugin) = try Self.acmePlugin("-DFIXTURE_CRASH")
        VouchProcess.write(
            #"{"vouch": 1, "fields": [{"name": "secret", "kind": "password", "rules": ["acme.even"]}]}"#, to: directory + "/form.json")
        let records = (0..<3616).map { _ in #"{"secret": "hunter2-even"}"# } + [#"{"secret": "CRASH-hunter2-secret"}"#]
        VouchProcess.write(records.joined(separator: "\n") + "\n", to: directory + "/in.jsonl")
        let outcome = VouchProcess.run(
            ["check", "--quiet", "--jobs", "1", "--plugin", plugin, "--form", directory + "/form.json", directory + "/in.jsonl"])
        #expect(outcome.signal == 11, "killed by SIGSEGV, as a crash is: \(outcome.status) \(outcome.stderr)")
        #expect(!outcome.stderr.contains("hunter2"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("rbx") && !outcome.stderr.contains("Registers"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("vouch check: crashed (signal 11); the records checked before the crash are written: 3616"))
        #expect(outcome.lines.count == 3616)
        #expect(
            outcome.lines.allSatisfy { $0 == #"{"record":\#($0.dropFirst(10).prefix { $0 != "," }),"valid":true,"values":{},"errors":[]}"# }
        )
    }

    @Test("what a plugin prints goes to stderr, never among the records")
    func pluginPrints() throws {
        let (directory, plugin) = try Self.acmePlugin("-DFIXTURE_PRINT")
        VouchProcess.write(#"{"vouch": 1, "fields": [{"name": "code", "rules": ["acme.even"]}]}"#, to: directory + "/form.json")
        let outcome = VouchProcess.run(
            ["check", "--quiet", "--plugin", plugin, "--form", directory + "/form.json"],
            stdin: #"{"code": "ab"}"# + "\n" + #"{"code": "abcd"}"#)
        #expect(outcome.status == 0)
        #expect(
            outcome.lines == [
                #"{"record":1,"valid":true,"values":{"code":"ab"},"errors":[]}"#,
                #"{"record":2,"valid":true,"values":{"code":"abcd"},"errors":[]}"#,
            ])
        #expect(outcome.stderr.contains("acme checked 2 bytes"), "\(outcome.stderr)")
    }

    @Test("--isolate-plugins: a crash, a hang past the limit and printing fail only the value being checked")
    func isolated() throws {
        let (directory, plugin) = try Self.acmePlugin("-DFIXTURE_CRASH", "-DFIXTURE_HANG", "-DFIXTURE_PRINT")
        VouchProcess.write(#"{"vouch": 1, "fields": [{"name": "code", "rules": ["acme.even"]}]}"#, to: directory + "/form.json")
        let input = ["ab", "CRASH!", "abc", "HANG", "abcd"].map { #"{"code": "\#($0)"}"# }.joined(separator: "\n")
        let outcome = VouchProcess.run(
            // A limit that a child's start under a sanitizer stays within, and the hang passes.
            ["check", "--quiet", "--isolate-plugins", "--plugin-timeout", "5", "--plugin", plugin, "--form", directory + "/form.json"],
            stdin: input)
        #expect(outcome.status == 1, "\(outcome.stderr)")
        let failed =
            #""errors":[{"field":"code","code":"plugin_error","message":"This value could not be checked: the acme.even check failed.","args":{"rule":"acme.even"}}]}"#
        #expect(
            outcome.lines == [
                #"{"record":1,"valid":true,"values":{"code":"ab"},"errors":[]}"#, #"{"record":2,"valid":false,"values":{},"# + failed,
                #"{"record":3,"valid":false,"values":{},"errors":[{"field":"code","code":"acme.odd","message":"3 bytes are odd.","args":{"length":3}}]}"#,
                #"{"record":4,"valid":false,"values":{},"# + failed, #"{"record":5,"valid":true,"values":{"code":"abcd"},"errors":[]}"#,
            ])
        #expect(outcome.stderr.contains("acme checked 2 bytes"), "\(outcome.stderr)")
    }
}
