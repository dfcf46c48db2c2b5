import Testing
import VouchTestSupport

/// `--plugin NAME` as the docs show it, from a plain `swift build`: found beside the `vouch`
/// program, never in the current directory.
@Suite("Plugins by name on the command line")
struct PluginSearchCommandTests {
    static let directory = String(VouchProcess.executable[..<VouchProcess.executable.lastIndex(of: "/")!])

    @Test("vouch list rules --plugin card works from the build directory, with no VOUCH_PLUGIN_PATH")
    func besideTheProgram() {
        let outcome = VouchProcess.run(["list", "rules", "--plugin", "card", "--plugin", "iban"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.lines.contains { $0.hasPrefix("card.luhn ") })
        #expect(outcome.lines.contains { $0.hasPrefix("iban.iban ") })
        let plugins = VouchProcess.run(["list", "plugins", "--plugin", "card"])
        #expect(plugins.stdout.contains("\(Self.directory)/libvouch-card.so"))
    }

    @Test("a plugin left in the current directory is not loaded by name, and the error lists every directory searched")
    func notTheCurrentDirectory() {
        let current = VouchProcess.temporaryDirectory()
        let copy = ChildProcess.shell("cp '\(Self.directory)/libvouch-card.so' '\(current)/libvouch-stray.so'")
        #expect(copy.status == 0)
        // Run as a user would, by name along PATH from that directory: argv[0] is then "vouch".
        let outcome = ChildProcess.run(
            "/bin/sh", ["-c", "cd '\(current)' && exec vouch list --plugin stray"], stdin: "",
            environment: ["PATH=\(Self.directory):/usr/bin:/bin"])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.contains(
                "no plugin named \"stray\": looked for libvouch-stray.so and stray.so in \(Self.directory), "
                    + String(Self.directory[..<Self.directory.lastIndex(of: "/")!]) + "/lib/vouch/plugins"),
            "\(outcome.stderr)")
        #expect(!outcome.stderr.contains(current + ","))
        // Named in VOUCH_PLUGIN_PATH by its absolute path, the same directory is searched.
        let listed = ChildProcess.run(
            "/bin/sh", ["-c", "cd '\(current)' && exec vouch list plugins --plugin stray"], stdin: "",
            environment: ["PATH=\(Self.directory):/usr/bin:/bin", "VOUCH_PLUGIN_PATH=\(current)"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("\(current)/libvouch-stray.so"))
    }
}
