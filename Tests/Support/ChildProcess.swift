#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program as a child process, with its standard input from a string and its output
/// captured, and waits for it.
public enum ChildProcess {
    public struct Outcome {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// The child's peak resident memory, in kilobytes.
        public var maxResidentKilobytes = 0
        /// The signal that ended the child, if one did.
        public var signal: Int32 = 0

        /// The lines of standard output.
        public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// Runs `executable` with `arguments` and exactly `environment`; standard output goes to
    /// `stdoutPath` when given (`/dev/full`, say), and is then not captured.
    public static func run(
        _ executable: String, _ arguments: [String], stdin: String = "", environment: [String], stdoutPath: String? = nil
    ) -> Outcome {
        let directory = TestFiles.temporaryDirectory("vouch-process")
        let input = "\(directory)/stdin"
        let output = stdoutPath ?? "\(directory)/stdout"
        let errors = "\(directory)/stderr"
        TestFiles.write(stdin, to: input)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else {
            return Outcome(status: -1, stdout: "", stderr: "spawn failed")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        var outcome = Outcome(
            status: (status >> 8) & 0xFF, stdout: stdoutPath == nil ? TestFiles.read(output) : "", stderr: TestFiles.read(errors))
        outcome.maxResidentKilobytes = usage.ru_maxrss
        outcome.signal = status & 0x7F
        return outcome
    }

    /// The Python the tests run scripts with: the virtual environment's that `make test` fills with
    /// the packages they compare with (VENV in the Makefile), or `python3` where there is none.
    public static let python: String = {
        let venv = ".build/venv/bin/python3"
        return access(venv, X_OK) == 0 ? venv : "python3"
    }()

    /// Runs a shell command line with this process's environment.
    public static func shell(_ command: String) -> Outcome {
        var environment: [String] = []
        var index = 0
        while let variable = environ[index] {
            environment.append(String(cString: variable))
            index += 1
        }
        return run("/bin/sh", ["-c", command], environment: environment)
    }
}
