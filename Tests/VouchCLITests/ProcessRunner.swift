#if canImport(Glibc)
    import Glibc
#endif
import Testing

/// Runs the built `vouch` command as a user would, capturing what it prints and its exit status.
enum VouchProcess {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String

        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// The `vouch` binary beside the test binary.
    static let executable: String = {
        let resolved = realpath("/proc/self/exe", nil)!
        defer { free(resolved) }
        let path = String(cString: resolved)
        return String(path[..<path.lastIndex(of: "/")!]) + "/vouch"
    }()

    /// Runs `vouch arguments...`, with `stdin` as its standard input (empty when nil), writing its
    /// standard output to `stdoutPath` when given (`/dev/full`, say).
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], stdoutPath: String? = nil) -> Outcome {
        let directory = temporaryDirectory()
        let input = "\(directory)/stdin", output = stdoutPath ?? "\(directory)/stdout", errors = "\(directory)/stderr"
        write(stdin ?? "", to: input)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        var environ = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"] + SanitizerReport.environment + environment.map { "\($0.key)=\($0.value)" }
        let envp = environ.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
            environ.removeAll()
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else { return Outcome(status: -1, stdout: "", stderr: "spawn failed") }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let outcome = Outcome(status: (status >> 8) & 0xFF, stdout: stdoutPath == nil ? read(output) : "", stderr: read(errors))
        if let report = SanitizerReport.find(in: outcome.stderr) { Issue.record("vouch \(arguments.joined(separator: " ")):\n\(report)") }
        return outcome
    }

    static func temporaryDirectory() -> String {
        var template = Array("/tmp/vouch-cli-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    static func write(_ text: String, to path: String) {
        let file = fopen(path, "wb")!
        var bytes = Array(text.utf8)
        fwrite(&bytes, 1, bytes.count, file)
        fclose(file)
    }

    static func write(bytes: [UInt8], to path: String) {
        let file = fopen(path, "wb")!
        var bytes = bytes
        fwrite(&bytes, 1, bytes.count, file)
        fclose(file)
    }

    static func read(_ path: String) -> String {
        guard let file = fopen(path, "rb") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
