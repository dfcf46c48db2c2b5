/// A failure that stops a batch: input that cannot be read or output that cannot be written.
package struct BatchError: Error, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
