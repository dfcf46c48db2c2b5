@_spi(VouchInternal) import VouchBase

/// The bytes between a record's values as the last records of a source wrote them: from the end of
/// a value (or the line's start) through the next field's key and the opening quote of its string
/// value, such as `, "last_name": "`. Records of one source are written alike, so that the scanner
/// passes most keys, and the punctuation and space around them, with a compare of a word or three.
///
/// A run is learnt where the scanner read it byte by byte, and kept at its place: the line's
/// start, or after a value, by the last field read before it. Where the line's bytes are the run's,
/// reading them byte by byte would take the same steps to the same field, so nothing is guessed.
struct LineLayout: ~Copyable {
    /// What a place holds: the run (none at first) and the field whose key it holds.
    private struct Run {
        var bytes = WordRun()
        var field = 0
    }

    private var runs = FieldSlots<Run>()
    /// The form the runs are of: learnt again for another.
    private var form: ObjectIdentifier?

    /// Starts a record of the form `plan`, of `fields` fields, keeping what the last ones taught.
    @inline(__always)
    mutating func begin(plan: ObjectIdentifier, fields: Int) {
        guard form != plan || runs.count != fields + 2 else { return }
        runs = FieldSlots(repeating: Run(), count: fields + 2)
        form = plan
    }

    /// The place of the run that comes next: at the line's start before its opening brace, else
    /// after a value, when the last field read is `previous - 1` (0 for none yet).
    @inline(__always)
    static func place(previous: Int, started: Bool) -> Int { started ? previous &+ 1 : 0 }

    /// Whether `line` from `start` on holds the run at `place`: the field its key names and the
    /// index of its value's opening quote; nil when it does not.
    @inline(__always)
    func match(_ place: Int, at start: Int, in line: UnsafeBufferPointer<UInt8>) -> (field: Int, quote: Int)? {
        let run = runs.buffer.baseAddress.unsafelyUnwrapped + place
        guard run.pointee.bytes.isAt(start, in: line) else { return nil }
        return (run.pointee.field, start &+ run.pointee.bytes.length &- 1)
    }

    /// Learns the run at `place`: the bytes of `line` from `start` through `quote`, the opening
    /// quote of field `field`'s value. A run longer than a ``WordRun`` is not kept.
    mutating func learn(_ place: Int, from start: Int, through quote: Int, in line: UnsafeBufferPointer<UInt8>, field: Int) {
        runs[place] = Run(bytes: WordRun(UnsafeBufferPointer(rebasing: line[start...quote])) ?? WordRun(), field: field)
    }
}
