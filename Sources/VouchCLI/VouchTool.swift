import Vouch

/// The `vouch` command: its commands, help and exit statuses.
public enum VouchTool {
    static let list = CommandSpec(
        name: "list", summary: "List what Vouch has: rules, formatters, kinds, locales or plugins (all when none is named).",
        usage: "[rules|formatters|kinds|locales|plugins]", options: Array(CommonOptions.all.dropFirst()), positionals: 0...1, details: "")

    static let commands = [CheckCommand.spec, ValueCommands.validate, ValueCommands.format, EditCommand.spec, list]

    static var help: String {
        var text = "usage: vouch COMMAND [options]\n\nValidate and normalize form data: records in bulk, or single values.\n\ncommands:\n"
        for command in commands { text += "  " + command.name.padding(9) + command.summary + "\n" }
        text += "\n  vouch --version      print the version\n  vouch COMMAND --help show a command's options\n"
        return text
    }

    /// Runs the command line (without the program name); returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        let output = OutputWriter()
        let status = run(arguments, output: output)
        do {
            try output.finish()
        } catch {
            printError(error.message)
            return 2
        }
        return status
    }

    private static func run(_ arguments: [String], output: OutputWriter) -> Int32 {
        guard let first = arguments.first else {
            printError(help)
            return 2
        }
        switch first {
        case "--version", "version":
            output.write("vouch \(Registry.version)\n")
            return 0
        case "--help", "-h", "help":
            output.write(help)
            return 0
        default: break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            printError(UsageError("vouch: unknown command \(first)").description)
            return 2
        }
        do {
            let parsed = try command.parse(Array(arguments.dropFirst()))
            if parsed.has("--help") {
                output.write(command.help)
                return 0
            }
            switch command.name {
            case "check": return try CheckCommand.run(parsed)
            case "validate": return try ValueCommands.runValidate(parsed, output: output)
            case "format": return try ValueCommands.runFormat(parsed, output: output)
            case "edit": return try EditCommand.run(parsed, output: output)
            default: return try runList(parsed, output: output)
            }
        } catch let error as UsageError {
            printError(error.description)
        } catch let error as CommandError {
            output.flush()
            printError(error.message)
        } catch {
            printError("vouch: \(error)")
        }
        return 2
    }

    static func runList(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> Int32 {
        let registry = try CommonOptions.registry(arguments)
        let sections: [(String, [(String, String)])] = [
            ("rules", registry.rules.map { ($0.name, $0.summary) }),
            ("formatters", registry.formatters.map { ($0.name, $0.summary) }),
            ("kinds", registry.kinds.map { ($0.name + ($0.aliases.isEmpty ? "" : " (\($0.aliases.joined(separator: ", ")))"), $0.summary) }),
            ("locales", registry.localeTags.map { ($0, "") }),
            ("plugins", registry.plugins.map { ("\($0.name) \($0.version)", "\($0.summary) \($0.path)") }),
        ]
        let wanted = arguments.positionals.first
        if let wanted, !sections.contains(where: { $0.0 == wanted }) {
            throw CommandError("vouch list: there is no list of \(wanted): name rules, formatters, kinds, locales or plugins")
        }
        for (name, items) in sections where wanted == nil || wanted == name {
            if wanted == nil { output.write("\(name):\n") }
            let width = items.map(\.0.count).max() ?? 0
            for (item, summary) in items {
                let line = (wanted == nil ? "  " : "") + (summary.isEmpty ? item : item.padding(width) + "  " + summary)
                output.write(line + "\n")
            }
        }
        return 0
    }
}
