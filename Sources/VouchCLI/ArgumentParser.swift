import Vouch

/// The arguments of one command: options (`--locale de-DE`, `--locale=de-DE`, repeatable ones),
/// flags (`--quiet`) and positionals, checked against the command's declaration.
struct ParsedArguments: Equatable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    /// The last value of an option.
    func value(_ option: String) -> String? { values[option]?.last }
    /// Every value of a repeatable option, in order.
    func all(_ option: String) -> [String] { values[option] ?? [] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// One option of a command.
struct OptionSpec: Equatable {
    let name: String
    /// The value's name in help (`TAG`), or nil for a flag.
    let value: String?
    let repeatable: Bool
    let summary: String

    init(_ name: String, value: String? = nil, repeatable: Bool = false, _ summary: String) {
        self.name = name
        self.value = value
        self.repeatable = repeatable
        self.summary = summary
    }

    /// What a shell offers for the value, read from its name: the choices of `jsonl|csv`, files for
    /// `FORM.json` or a `PATH`, directories for a `DIR`.
    var completion: ValueCompletion { value.map(ValueCompletion.init(valueName:)) ?? .none }
}

/// What a shell's completion offers for a value.
enum ValueCompletion: Equatable {
    case none
    case file
    case directory
    case choices([String])

    init(valueName: String) {
        if valueName.contains("|") {
            self = .choices(valueName.filter { $0 != "[" && $0 != "]" }.split(separator: "|").map(String.init))
        } else if valueName == "DIR" {
            self = .directory
        } else if valueName.hasSuffix(".json") || valueName.hasSuffix("PATH") || valueName == "INPUT" {
            self = .file
        } else {
            self = .none
        }
    }
}

/// What a command accepts, and its help.
struct CommandSpec {
    let name: String
    let summary: String
    /// `[INPUT]`, `KIND_OR_RULE VALUE...`
    let usage: String
    let options: [OptionSpec]
    let positionals: ClosedRange<Int>
    /// Lines after the options in `--help`.
    let details: String
    /// What a shell offers for the positionals.
    var positionalCompletion: ValueCompletion = .none

    /// `--help` for the command.
    var help: String {
        var text = "usage: vouch \(name) \(usage)\n\n\(summary)\n\noptions:\n"
        let width = options.map { $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0
        for option in options + [OptionSpec("--help", "show this help")] {
            let left = option.name + (option.value.map { " " + $0 } ?? "")
            text += "  " + left + String(repeating: " ", count: max(width, 6) - left.count + 2) + option.summary
            text += option.repeatable ? " (repeatable)\n" : "\n"
        }
        return details.isEmpty ? text : text + "\n" + details + "\n"
    }

    /// Parses the arguments after the command word.
    ///
    /// An argument is an option when it starts with `--` (or is `-h`); anything else, `-12` and
    /// `-` among them, is a value. The argument after an option that takes a value is its value,
    /// whatever it starts with (`--param min=-5`, `--locale -x` refused later as a locale). After
    /// `--` every argument is a value, `--help` too.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !(argument.hasPrefix("--") || argument == "-h") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.flags.insert("--help")
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(
                    "vouch \(self.name): unknown option \(name)"
                        + (NameSuggestion.closest(to: name, among: options.map(\.name)).map { " (did you mean \($0)?)" }
                            ?? " (a value that starts with -- is given after --)"),
                    command: self.name)
            }
            guard option.value != nil else {
                if inline != nil { throw UsageError("vouch \(self.name): \(name) takes no value", command: self.name) }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.count else {
                    throw UsageError("vouch \(self.name): \(name) needs a value (\(option.value!))", command: self.name)
                }
                value = arguments[index]
                index += 1
            }
            if !option.repeatable, parsed.values[name] != nil {
                throw UsageError("vouch \(self.name): \(name) is given twice", command: self.name)
            }
            parsed.values[name, default: []].append(value)
        }
        if parsed.has("--help") { return parsed }
        if parsed.positionals.count < positionals.lowerBound {
            throw UsageError("vouch \(name): missing arguments (usage: vouch \(name) \(usage))", command: name)
        }
        if parsed.positionals.count > positionals.upperBound {
            throw UsageError("vouch \(name): unexpected argument \(parsed.positionals[positionals.upperBound])", command: name)
        }
        return parsed
    }
}

/// A command line that cannot be run: what is wrong, for stderr, with exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    /// The command whose help to point to, if any.
    let command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    var description: String {
        message + "\n" + (command.map { "run 'vouch \($0) --help' for its options" } ?? "run 'vouch --help' for the commands")
    }
}
