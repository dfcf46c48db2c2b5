/// What `vouch` tells the shell when it ends.
public struct ExitStatus: Equatable, Sendable {
    /// The process's exit status.
    public let code: Int32

    /// Every record or value was valid, or the command did what it was asked.
    public static let success = ExitStatus(code: 0)
    /// Some records or values were invalid; every one was still written out.
    public static let invalidRecords = ExitStatus(code: 1)
    /// A usage, spec, pack or plugin error, or output that could not be written.
    public static let failure = ExitStatus(code: 2)
}
