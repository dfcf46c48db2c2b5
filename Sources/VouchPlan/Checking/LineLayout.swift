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
    /// A run's length, at most: four words and a last one.
    static let longest = 40

    /// What a place holds: the run's bytes as the words that start at 0, 8, 16 and 24, all but
    /// the last, then the last eight bytes (which may overlap them) or, for a run shorter than
    /// eight, its bytes and a mask of them; its length (0 for none) and the field whose key it holds.
    private struct Run {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var last: UInt64 = 0
        var lastMask: UInt64 = 0
        var length = 0
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
        let length = run.pointee.length
        guard length > 0, start &+ Swift.max(length, 8) <= line.count else { return nil }
        let text = UnsafeRawPointer(line.baseAddress.unsafelyUnwrapped + start)
        guard text.loadUnaligned(fromByteOffset: Swift.max(length &- 8, 0), as: UInt64.self) & run.pointee.lastMask == run.pointee.last
        else { return nil }
        if length > 8 {
            guard text.loadUnaligned(as: UInt64.self) == run.pointee.words.0 else { return nil }
            if length > 16 {
                guard text.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == run.pointee.words.1 else { return nil }
                if length > 24 {
                    guard text.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == run.pointee.words.2 else { return nil }
                    if length > 32 {
                        guard text.loadUnaligned(fromByteOffset: 24, as: UInt64.self) == run.pointee.words.3 else { return nil }
                    }
                }
            }
        }
        return (run.pointee.field, start &+ length &- 1)
    }

    /// Learns the run at `place`: the bytes of `line` from `start` through `quote`, the opening
    /// quote of field `field`'s value. A run longer than ``longest`` is not kept.
    mutating func learn(_ place: Int, from start: Int, through quote: Int, in line: UnsafeBufferPointer<UInt8>, field: Int) {
        let length = quote - start + 1
        guard length <= Self.longest else {
            runs[place] = Run()
            return
        }
        /// The bytes of the run from `offset` on, eight at most, as a word (0 past its end).
        func word(_ offset: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<Swift.max(0, Swift.min(8, length - offset)) { value |= UInt64(line[start + offset + index]) << (8 * index) }
            return value
        }
        var run = Run(
            last: word(Swift.max(length - 8, 0)), lastMask: length >= 8 ? ~0 : (1 << (8 * length)) - 1, length: length, field: field)
        run.words = (word(0), word(8), word(16), word(24))
        runs[place] = run
    }
}
