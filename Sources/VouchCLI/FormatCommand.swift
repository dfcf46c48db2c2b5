import Vouch
import VouchBatch

/// `vouch format`: formats single values by kind or formatter, one output line each.
enum FormatCommand: Command {
    static let spec = CommandSpec(
        name: "format", summary: "Format values by kind or formatter: one line per value.",
        usage: "KIND_OR_FORMATTER [--locale TAG] [--canonical] [--param NAME=VALUE]... [--] VALUE...",
        options: CommonOptions.all + [
            OptionSpec("--canonical", "the storage form (+15551234567, 1982-02-22) instead of the display form"), ParameterOption.spec,
        ],
        positionals: 2...Int.max,
        details: """
            A value a kind finds invalid is written as far as its formatters take it.
            A value may start with - (vouch format number -12); one that starts with -- goes after --.
            """)

    static func run(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> ExitStatus {
        let registry = try CommonOptions.registry(arguments)
        let name = arguments.positionals[0]
        let locale = arguments.value("--locale") ?? "en-US"
        let parameters = try ParameterOption.parameters(arguments, command: "format")
        let canonical = arguments.has("--canonical")
        for value in arguments.positionals.dropFirst() {
            do {
                output.write(try registry.format(value, as: name, locale: locale, canonical: canonical, parameters: parameters) + "\n")
            } catch {
                throw CommandError("vouch format: \(error)")
            }
        }
        return .success
    }
}
