/// Shell completion scripts for `vouch`, written from the commands' own specs: each command, its
/// options with their summaries, the choices, files or directories of their values, and what its
/// positionals take. A new option or command is in every script without further work.
enum CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// The script for `shell`, for the commands `commands`.
    static func script(for shell: Shell, commands: [CommandSpec]) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }

    /// The options `vouch` takes before any command.
    static let topLevel = [OptionSpec("--version", "print the version"), OptionSpec("--help", "show the commands")]

    private static func options(_ command: CommandSpec) -> [OptionSpec] {
        command.options + [OptionSpec("--help", "show this command's options")]
    }

    /// How a script spells what a value is completed from.
    private struct ValueSpelling: Sendable {
        let none: String
        let file: String
        let directory: String
        let choices: @Sendable ([String]) -> String

        func callAsFunction(_ completion: ValueCompletion) -> String {
            switch completion {
            case .none: none
            case .file: file
            case .directory: directory
            case .choices(let values): choices(values)
            }
        }
    }

    // MARK: bash

    private static func bash(_ commands: [CommandSpec]) -> String {
        var text = """
            # bash completion for vouch (written by `vouch completions bash`)
            _vouch() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" i
                COMPREPLY=()
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) \(topLevel.map(\.name).joined(separator: " "))" -- "$cur"))
                    return
                fi
                # After --, every word is a value.
                for ((i = 2; i < COMP_CWORD; i++)); do
                    [ "${COMP_WORDS[i]}" = "--" ] && { prev=""; break; }
                done
                case "${COMP_WORDS[1]}" in

            """
        for command in commands {
            text += "    \(command.name))\n        case \"$prev\" in\n"
            for option in command.options where option.value != nil {
                text += "        \(option.name)) \(bashReply(option.completion)) return ;;\n"
            }
            let names = options(command).map(\.name).joined(separator: " ")
            text += "        esac\n"
            text +=
                "        if [[ \"$cur\" == --* && \"$prev\" != \"\" ]]; then COMPREPLY=($(compgen -W \"\(names)\" -- \"$cur\")); return; fi\n"
            text += "        \(bashReply(command.positionalCompletion))\n        ;;\n"
        }
        text += """
                esac
            }
            complete -o filenames -F _vouch vouch

            """
        return text
    }

    /// The bash command that offers a value's completions.
    private static let bashReply = ValueSpelling(
        none: "", file: compgen("-f"), directory: compgen("-d"), choices: { compgen("-W \"\($0.joined(separator: " "))\"") })

    private static func compgen(_ words: String) -> String { "COMPREPLY=($(compgen \(words) -- \"$cur\"));" }

    // MARK: zsh

    private static func zsh(_ commands: [CommandSpec]) -> String {
        var text = """
            #compdef vouch
            # zsh completion for vouch (written by `vouch completions zsh`)
            _vouch() {
              local -a commands
              commands=(

            """
        for command in commands { text += "    \(zshQuote(command.name + ":" + zshEscape(command.summary, colons: false)))\n" }
        text += """
              )
              if (( CURRENT == 2 )); then
                _describe -t commands 'vouch command' commands
                compadd -- \(topLevel.map(\.name).joined(separator: " "))
                return
              fi
              local command=$words[2]
              shift words
              (( CURRENT-- ))
              case $command in

            """
        for command in commands {
            text += "    \(command.name))\n      _arguments -S \\\n"
            for option in options(command) {
                let summary = "[" + zshEscape(option.summary, colons: false) + "]"
                guard let value = option.value else {
                    text += "        \(zshQuote((option.repeatable ? "*" : "") + option.name + summary)) \\\n"
                    continue
                }
                let spec = (option.repeatable ? "*" : "") + option.name + "=" + summary + ":" + zshEscape(value, colons: true) + ":"
                text += "        \(zshQuote(spec + zshAction(option.completion))) \\\n"
            }
            let positional = zshAction(command.positionalCompletion)
            text += "        \(zshQuote("*:" + zshEscape(command.usage, colons: true) + ":" + positional))\n      ;;\n"
        }
        text += """
              esac
            }
            _vouch "$@"

            """
        return text
    }

    /// The action of an `_arguments` spec: what a value is completed from.
    private static let zshAction = ValueSpelling(
        none: " ", file: "_files", directory: "_files -/", choices: { "(" + $0.joined(separator: " ") + ")" })

    /// Brackets (and colons, in a message) are syntax in an `_arguments` spec.
    private static func zshEscape(_ text: String, colons: Bool) -> String {
        var escaped = ""
        for character in text {
            if character == "[" || character == "]" || (colons && character == ":") || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    // MARK: fish

    private static func fish(_ commands: [CommandSpec]) -> String {
        var text = """
            # fish completion for vouch (written by `vouch completions fish`)
            complete -c vouch -f

            """
        let names = commands.map(\.name).joined(separator: " ")
        for command in commands {
            text +=
                "complete -c vouch -n \"not __fish_seen_subcommand_from \(names)\" -a \(command.name) -d \(fishQuote(command.summary))\n"
        }
        for option in topLevel {
            text +=
                "complete -c vouch -n \"not __fish_seen_subcommand_from \(names)\" -l \(option.name.dropFirst(2)) -d \(fishQuote(option.summary))\n"
        }
        for command in commands {
            let condition = "-n \"__fish_seen_subcommand_from \(command.name)\""
            for option in options(command) {
                var line = "complete -c vouch \(condition) -l \(option.name.dropFirst(2))"
                if option.value != nil { line += " " + fishOptionValue(option.completion) }
                text += line + " -d \(fishQuote(option.summary))\n"
            }
            if command.positionalCompletion != .none {
                text += "complete -c vouch \(condition) \(fishPositional(command.positionalCompletion))\n"
            }
        }
        return text
    }

    /// The arguments of an option's `complete` line that say what its value is completed from.
    private static let fishOptionValue = ValueSpelling(
        none: "-x", file: "-r -F", directory: fishDirectories, choices: { fishChoices($0) })

    /// The arguments of a command's `complete` line for its positionals; none when they take nothing.
    private static let fishPositional = ValueSpelling(
        none: "", file: "-F", directory: fishDirectories, choices: { fishChoices($0) })

    private static let fishDirectories = "-x -a \"(__fish_complete_directories)\""

    private static func fishChoices(_ values: [String]) -> String { "-x -a " + fishQuote(values.joined(separator: " ")) }

    // MARK: Quoting

    /// Single quotes for a POSIX shell (zsh): `'` becomes `'\''`.
    private static func zshQuote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    /// Single quotes for fish, where `\` and `'` are escaped inside them.
    private static func fishQuote(_ text: String) -> String {
        var quoted = "'"
        for character in text {
            if character == "\\" || character == "'" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "'"
    }
}
