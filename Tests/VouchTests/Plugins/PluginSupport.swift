import Testing
import VouchTestSupport

@testable import Vouch

#if canImport(Glibc)
    import Glibc
#endif

/// Where the tests find plugins: those SwiftPM built beside the test binary, and fixtures they
/// compile themselves with plain `cc`, outside SwiftPM.
enum PluginSupport {
    /// The directory of the running test binary, where `swift build` puts libvouch-card.so.
    static let buildDirectory = TestFiles.buildDirectory

    static func built(_ name: String) -> String { "\(buildDirectory)/libvouch-\(name).so" }

    /// A new registry with the built plugins `names` loaded, in order; a crash if one does not load.
    static func registry(loading names: String...) -> Registry {
        let registry = Registry()
        for name in names { try! registry.loadPlugin(built(name)) }
        return registry
    }

    /// A new private directory (mode 0700).
    static func temporaryDirectory() -> String { TestFiles.temporaryDirectory("vouch-plugins") }

    /// Compiles Tests/Fixtures/plugins/acme.c (or `source`) with `cc -shared`, with the given defines, into
    /// `directory/file`; returns the path.
    static func compile(_ defines: [String] = [], into directory: String, source: String = "acme.c", file: String = "acme.so") throws
        -> String
    {
        let output = "\(directory)/\(file)"
        let command =
            (["cc", "-shared", "-fPIC", "-O1", "-I", "include"] + defines.map { "-D\($0)" }
            + ["-o", output, "Tests/Fixtures/plugins/\(source)"]).joined(separator: " ")
        let outcome = ChildProcess.shell(command)
        try #require(outcome.status == 0, "\(command) failed: \(outcome.stderr)")
        return output
    }

    /// Runs a shell command; its exit status.
    static func run(_ command: String) -> Int32 { ChildProcess.shell(command).status }

    /// A summary of what a registry holds, to show a refused load changed nothing.
    static func snapshot(_ registry: Registry) -> [String] {
        registry.rules.map(\.name) + registry.formatters.map(\.name) + registry.plugins.map(\.name) + registry.localeTags
    }
}
