import Testing
import VouchTestSupport

@testable import Vouch

/// The version is written once, in include/vouch.h; every other place that names it says the same.
@Suite("One version")
struct VersionTests {
    /// `VOUCH_VERSION_STRING` of include/vouch.h.
    static let header: String = {
        let text = TestFiles.read("include/vouch.h")
        let line = text.split(separator: "\n").first { $0.hasPrefix("#define VOUCH_VERSION_STRING ") } ?? ""
        return String(line.split(separator: "\"").dropFirst().first ?? "")
    }()

    /// The value of `#define NAME` in include/vouch.h.
    static func macro(_ name: String) -> String? {
        let prefix = "#define \(name) "
        let line = TestFiles.read("include/vouch.h").split(separator: "\n").first { $0.hasPrefix(prefix) }
        return line.map { String($0.dropFirst(prefix.count)) }
    }

    @Test("vouch.h's version string is its major, minor and patch macros")
    func header() {
        #expect(!Self.header.isEmpty)
        let parts = [Self.macro("VOUCH_VERSION_MAJOR"), Self.macro("VOUCH_VERSION_MINOR"), Self.macro("VOUCH_VERSION_PATCH")]
        #expect(parts.compactMap { $0 }.joined(separator: ".") == Self.header)
    }

    @Test("the Swift library, the command and the Python package say vouch.h's version")
    func everywhere() {
        #expect(Registry.version == Self.header)
        #expect(VouchProcess.run(["--version"]).stdout == "vouch \(Self.header)\n")
        #expect(TestFiles.read("python/src/vouch/__init__.py").contains("\n__version__ = \"\(Self.header)\"\n"))
        // pyproject.toml takes the package's version from vouch.__version__.
        let project = TestFiles.read("python/pyproject.toml")
        #expect(project.contains(#"dynamic = ["version"]"#) && project.contains(#"version = { attr = "vouch.__version__" }"#))
        #expect(TestFiles.read("Examples/c/expected-output.txt").hasPrefix("libvouch \(Self.header)\n"))
    }

    @Test("the docs and the changelog name it")
    func documents() {
        let readme = TestFiles.read("README.md")
        #expect(readme.contains("vouch_\(Self.header)_amd64.deb") && readme.contains("vouch-\(Self.header)-linux-x86_64.tar.gz"))
        #expect(TestFiles.read("CHANGELOG.md").contains("\n## \(Self.header)\n"))
        // The Makefile, vouch.pc and scripts/package read it from vouch.h.
        #expect(TestFiles.read("Makefile").contains("VOUCH_VERSION_STRING"))
        #expect(TestFiles.read("scripts/package").contains("VOUCH_VERSION_STRING"))
    }
}
