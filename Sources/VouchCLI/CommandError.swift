/// A failure that stops a command with ``ExitStatus/failure`` and this message.
struct CommandError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
