import VouchData

extension vouch_data_file {
    /// The file's bytes, where the library keeps them.
    var contents: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: count) }
}

/// What `read` makes of data compiled into Vouch (`what` names it: "phone plans"). The data was
/// checked when it was generated: a failure is a broken build, and stops the program.
func readEmbedded<Value>(_ what: String, _ read: () throws -> Value) -> Value {
    do {
        return try read()
    } catch {
        preconditionFailure("the embedded \(what) are invalid: \(error)")
    }
}
