import Vouch
import VouchBatch

/// `vouch validate`: checks single values by kind or rule, one output line each.
enum ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate", summary: "Check values by kind or rule: one line per value, \"ok\" or what is wrong.",
        usage: "KIND_OR_RULE [--locale TAG] [--param NAME=VALUE]... [--] VALUE...", options: CommonOptions.all + [ParameterOption.spec],
        positionals: 2...Int.max,
        details: """
            A value may start with - (vouch validate number -12); one that starts with -- goes after --.
            Exit status: 0 when every value is valid, 1 when some are not, 2 for a usage error.
            """)

    static func run(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> ExitStatus {
        let registry = try CommonOptions.registry(arguments)
        let name = arguments.positionals[0]
        let locale = arguments.value("--locale") ?? "en-US"
        let parameters = try ParameterOption.parameters(arguments, command: "validate")
        var allValid = true
        for value in arguments.positionals.dropFirst() {
            let result: ValidationResult
            do {
                result = try registry.validate(value, as: name, locale: locale, parameters: parameters)
            } catch {
                throw CommandError("vouch validate: \(error)")
            }
            allValid = allValid && result.isValid
            output.write((result.isValid ? "ok" : result.violations.map(\.message).joined(separator: " ")) + "\n")
        }
        return allValid ? .success : .invalidRecords
    }
}
