import VouchBatch

/// A command of `vouch`: what it accepts, its help, and what it does.
protocol Command {
    /// Its name, options, positionals and help.
    static var spec: CommandSpec { get }

    /// Runs the command on its parsed arguments, writing to `output`.
    static func run(_ arguments: ParsedArguments, output: OutputWriter) throws(CommandError) -> ExitStatus
}
