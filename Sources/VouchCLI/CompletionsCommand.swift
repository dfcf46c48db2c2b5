import VouchBatch

/// `vouch completions bash|zsh|fish`: the shell's completion script, from the commands' specs.
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions", summary: "Write the completion script for a shell: bash, zsh or fish.", usage: "bash|zsh|fish", options: [],
        positionals: 1...1,
        details: """
            bash: save as /usr/share/bash-completion/completions/vouch (or source it from ~/.bashrc).
            zsh: save as _vouch in a directory of $fpath. fish: save as ~/.config/fish/completions/vouch.fish.
            """,
        positionalCompletion: .choices(CompletionScript.Shell.allCases.map(\.rawValue)))

    static func run(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> ExitStatus {
        guard let shell = CompletionScript.Shell(rawValue: arguments.positionals[0]) else {
            throw CommandError("vouch completions: there are completions for bash, zsh and fish, not \(arguments.positionals[0])")
        }
        output.write(CompletionScript.script(for: shell, commands: VouchTool.commands.map { $0.spec }))
        return .success
    }
}
