import Testing
import VouchTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `vouch` command as a user would, capturing what it prints and its exit status.
enum VouchProcess {
    typealias Outcome = ChildProcess.Outcome

    /// The `vouch` binary beside the test binary.
    static let executable = TestFiles.buildDirectory + "/vouch"

    /// Runs `vouch arguments...`, with `stdin` as its standard input (empty when nil), writing its
    /// standard output to `stdoutPath` when given (`/dev/full`, say). A sanitizer's report on its
    /// standard error fails the test.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], stdoutPath: String? = nil) -> Outcome
    {
        let variables = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"] + SanitizerReport.environment + environment.map { "\($0.key)=\($0.value)" }
        let outcome = ChildProcess.run(executable, arguments, stdin: stdin ?? "", environment: variables, stdoutPath: stdoutPath)
        if let report = SanitizerReport.find(in: outcome.stderr) { Issue.record("vouch \(arguments.joined(separator: " ")):\n\(report)") }
        return outcome
    }

    static func temporaryDirectory() -> String { TestFiles.temporaryDirectory("vouch-cli") }
    static func write(_ text: String, to path: String) { TestFiles.write(text, to: path) }
    static func write(bytes: [UInt8], to path: String) { TestFiles.write(bytes: bytes, to: path) }
    static func read(_ path: String) -> String { TestFiles.read(path) }
}
