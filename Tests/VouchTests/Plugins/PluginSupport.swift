#if canImport(Glibc)
    import Glibc
#endif
import Testing

@testable import Vouch

/// Where the tests find plugins: those SwiftPM built beside the test binary, and fixtures they
/// compile themselves with plain `cc`, outside SwiftPM.
enum PluginSupport {
    /// The directory of the running test binary, where `swift build` puts libvouch-card.so.
    static let buildDirectory: String = {
        let resolved = realpath("/proc/self/exe", nil)!
        defer { free(resolved) }
        let path = String(cString: resolved)
        return String(path[..<path.lastIndex(of: "/")!])
    }()

    static func built(_ name: String) -> String { "\(buildDirectory)/libvouch-\(name).so" }

    /// A new private directory (mode 0700).
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/vouch-plugins-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    /// Compiles Tests/Fixtures/plugins/acme.c with `cc -shared`, with the given defines, into
    /// `directory/file`; returns the path.
    static func compile(_ defines: [String] = [], into directory: String, file: String = "acme.so") throws -> String {
        let output = "\(directory)/\(file)"
        let command = (["cc", "-shared", "-fPIC", "-O1", "-I", "include"] + defines.map { "-D\($0)" }
            + ["-o", output, "Tests/Fixtures/plugins/acme.c"]).joined(separator: " ")
        try #require(run(command) == 0, "\(command) failed")
        return output
    }

    /// Runs a shell command; its exit status.
    static func run(_ command: String) -> Int32 {
        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (status >> 8) & 0xFF
    }

    /// A summary of what a registry holds, to show a refused load changed nothing.
    static func snapshot(_ registry: Registry) -> [String] {
        registry.rules.map(\.name) + registry.formatters.map(\.name) + registry.plugins.map(\.name) + registry.localeTags
    }
}
