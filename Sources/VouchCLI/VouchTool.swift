import Vouch
import VouchBatch

#if canImport(Glibc)
    import Glibc
#endif

/// The `vouch` command: its commands, help and exit statuses.
public enum VouchTool {
    /// Every command, in the order help lists them.
    static var commands: [any Command.Type] {
        [
            CheckCommand.self, ValidateCommand.self, FormatCommand.self, EditCommand.self, ListCommand.self, SchemaCommand.self,
            CompletionsCommand.self, ManCommand.self,
        ]
    }

    static var help: String {
        var text = "usage: vouch COMMAND [options]\n\nValidate and normalize form data: records in bulk, or single values.\n\ncommands:\n"
        for command in commands { text += "  " + command.spec.name.padding(12) + command.spec.summary + "\n" }
        text += "\n  vouch --version         print the version\n  vouch COMMAND --help    show a command's options\n"
        return text
    }

    /// Runs the command line (without the program name); returns the exit status.
    ///
    /// SIGPIPE is ignored, so that output to a reader that went away (`vouch check … | head -1`) is
    /// a failed write, exit status 2, as for a full disk, rather than a death by signal.
    ///
    /// The output goes to a descriptor of its own, a copy of standard output's, and standard output
    /// itself then leads to standard error: what a plugin prints (`printf`) lands on stderr, never
    /// among the records.
    public static func main(_ arguments: [String]) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        if arguments == ["plugin-host"] { return PluginHostServer.run() }
        let descriptor = fcntl(1, F_DUPFD_CLOEXEC, 3)
        if descriptor >= 0 { dup2(2, 1) }
        let output = OutputWriter(descriptor: descriptor >= 0 ? descriptor : 1)
        let status = run(arguments, output: output)
        do {
            try output.finish()
        } catch {
            printError(error.message)
            return ExitStatus.failure.code
        }
        return status.code
    }

    private static func run(_ arguments: [String], output: OutputWriter) -> ExitStatus {
        guard let first = arguments.first else {
            printError(help)
            return .failure
        }
        switch first {
        case "--version", "version":
            output.write("vouch \(Registry.version)\n")
            return .success
        case "--help", "-h", "help":
            output.write(help)
            return .success
        default: break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            printError(
                UsageError("vouch: unknown command \(first)" + NameSuggestion.didYouMean(first, among: commands.map { $0.spec.name }))
                    .description)
            return .failure
        }
        do {
            let parsed = try command.spec.parse(Array(arguments.dropFirst()))
            if parsed.has("--help") {
                output.write(command.spec.help)
                return .success
            }
            return try command.run(parsed, output: output)
        } catch let error as UsageError {
            printError(error.description)
        } catch let error as CommandError {
            output.flush()
            // A failed write is reported once, by `main`, whoever saw it first.
            if error.message != output.failure?.message { printError(error.message) }
        } catch {
            printError("vouch: \(error)")
        }
        return .failure
    }
}
