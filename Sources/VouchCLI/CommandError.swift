/// A failure that stops a command with ``ExitStatus/failure`` and this message.
package struct CommandError: Error, CustomStringConvertible {
    package let message: String
    init(_ message: String) { self.message = message }
    package var description: String { message }
}
