import Vouch

/// `vouch validate` and `vouch format`: single values, one output line each.
enum ValueCommands {
    static let validate = CommandSpec(
        name: "validate", summary: "Check values by kind or rule: one line per value, \"ok\" or what is wrong.",
        usage: "KIND_OR_RULE [--locale TAG] VALUE...", options: CommonOptions.all, positionals: 2...Int.max,
        details: "Exit status: 0 when every value is valid, 1 when some are not, 2 for a usage error.")

    static let format = CommandSpec(
        name: "format", summary: "Format values by kind or formatter: one line per value.",
        usage: "KIND_OR_FORMATTER [--locale TAG] [--canonical] VALUE...",
        options: CommonOptions.all + [OptionSpec("--canonical", "the storage form (+15551234567, 1982-02-22) instead of the display form")],
        positionals: 2...Int.max, details: "A value a kind finds invalid is written as far as its formatters take it.")

    static func runValidate(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> Int32 {
        let registry = try CommonOptions.registry(arguments)
        let name = arguments.positionals[0]
        let locale = arguments.value("--locale") ?? "en-US"
        var allValid = true
        for value in arguments.positionals.dropFirst() {
            let result: ValidationResult
            do {
                result = try registry.validate(value, as: name, locale: locale)
            } catch {
                throw CommandError("vouch validate: \(error)")
            }
            allValid = allValid && result.isValid
            output.write((result.isValid ? "ok" : result.violations.map(\.message).joined(separator: " ")) + "\n")
        }
        return allValid ? 0 : 1
    }

    static func runFormat(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> Int32 {
        let registry = try CommonOptions.registry(arguments)
        let name = arguments.positionals[0]
        if registry.kind(named: name)?.name == "password" {
            throw CommandError("vouch format: password values are secret and are never written out")
        }
        let locale = arguments.value("--locale") ?? "en-US"
        for value in arguments.positionals.dropFirst() {
            do {
                output.write(try registry.format(value, as: name, locale: locale, canonical: arguments.has("--canonical")) + "\n")
            } catch {
                throw CommandError("vouch format: \(error)")
            }
        }
        return 0
    }
}
