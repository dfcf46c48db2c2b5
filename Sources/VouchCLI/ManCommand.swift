import Vouch
import VouchBatch

/// `vouch man`: the manual page vouch.1 in roff, from the commands' specs.
enum ManCommand: Command {
    static let spec = CommandSpec(
        name: "man", summary: "Write the manual page vouch.1 (roff) to stdout.", usage: "", options: [], positionals: 0...0,
        details: "man -l <(vouch man) shows it; the Debian package installs it as /usr/share/man/man1/vouch.1.gz.")

    static func run(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> ExitStatus {
        output.write(ManPage.text(commands: VouchTool.commands.map { $0.spec }, version: Registry.version))
        return .success
    }
}
