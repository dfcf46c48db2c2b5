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
                text += "        \(option.name)) \(bashWords(option.completion)) return ;;\n"
            }
            let names = options(command).map(\.name).joined(separator: " ")
            text += "        esac\n"
            text +=
                "        if [[ \"$cur\" == --* && \"$prev\" != \"\" ]]; then COMPREPLY=($(compgen -W \"\(names)\" -- \"$cur\")); return; fi\n"
            text += "        \(bashWords(command.positionalCompletion))\n        ;;\n"
        }
        text += """
                esac
            }
            complete -o filenames -F _vouch vouch

            """
        return text
    }

    private static func bashWords(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: ""
        case .file: "COMPREPLY=($(compgen -f -- \"$cur\"));"
        case .directory: "COMPREPLY=($(compgen -d -- \"$cur\"));"
        case .choices(let choices): "COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\"));"
        }
    }

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

    private static func zshAction(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: " "
        case .file: "_files"
        case .directory: "_files -/"
        case .choices(let choices): "(" + choices.joined(separator: " ") + ")"
        }
    }

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
                if option.value != nil {
                    switch option.completion {
                    case .none: line += " -x"
                    case .file: line += " -r -F"
                    case .directory: line += " -x -a \"(__fish_complete_directories)\""
                    case .choices(let choices): line += " -x -a \(fishQuote(choices.joined(separator: " ")))"
                    }
                }
                text += line + " -d \(fishQuote(option.summary))\n"
            }
            switch command.positionalCompletion {
            case .none: break
            case .file: text += "complete -c vouch \(condition) -F\n"
            case .directory: text += "complete -c vouch \(condition) -x -a \"(__fish_complete_directories)\"\n"
            case .choices(let choices): text += "complete -c vouch \(condition) -x -a \(fishQuote(choices.joined(separator: " ")))\n"
            }
        }
        return text
    }

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
