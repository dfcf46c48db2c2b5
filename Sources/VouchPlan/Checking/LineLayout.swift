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
    /// A run's length, at most: five words.
    static let longest = 40
    private static let wordsPerRun = 5

    /// What a place holds: the run's length (0 for none), the mask of its last word's bytes, and
    /// the field whose key it holds.
    private struct Run {
        var length = 0
        var words = 0
        var lastMask: UInt64 = 0
        var field = 0
    }

    private var runs = FieldSlots<Run>()
    private var words = FieldSlots<UInt64>()
    /// The form the runs are of: learnt again for another.
    private var form: ObjectIdentifier?

    /// Starts a record of the form `plan`, of `fields` fields, keeping what the last ones taught.
    @inline(__always)
    mutating func begin(plan: ObjectIdentifier, fields: Int) {
        guard form != plan || runs.count != fields + 2 else { return }
        runs = FieldSlots(repeating: Run(), count: fields + 2)
        words = FieldSlots(repeating: 0, count: (fields + 2) * Self.wordsPerRun)
        form = plan
    }

    /// The place of the run that comes next: at the line's start before its opening brace, else
    /// after a value, when the last field read is `previous - 1` (0 for none yet).
    @inline(__always)
    static func place(previous: Int, started: Bool) -> Int { started ? previous &+ 1 : 0 }

    /// Whether `line` from `start` on holds the run at `place`: the field its key names and the
    /// index of its value's opening quote; nil when it does not, or when too few bytes are left to
    /// compare words.
    @inline(__always)
    func match(_ place: Int, at start: Int, in line: UnsafeBufferPointer<UInt8>) -> (field: Int, quote: Int)? {
        let run = runs[place]
        guard run.words > 0, start &+ 8 &* run.words <= line.count, let base = line.baseAddress else { return nil }
        let text = UnsafeRawPointer(base + start)
        let first = place &* Self.wordsPerRun
        var word = 0
        while word < run.words &- 1 {
            guard text.loadUnaligned(fromByteOffset: 8 &* word, as: UInt64.self) == words[first &+ word] else { return nil }
            word &+= 1
        }
        guard text.loadUnaligned(fromByteOffset: 8 &* word, as: UInt64.self) & run.lastMask == words[first &+ word] else { return nil }
        return (run.field, start &+ run.length &- 1)
    }

    /// Learns the run at `place`: the bytes of `line` from `start` through `quote`, the opening
    /// quote of field `field`'s value. A run longer than ``longest`` is not kept.
    mutating func learn(_ place: Int, from start: Int, through quote: Int, in line: UnsafeBufferPointer<UInt8>, field: Int) {
        let length = quote - start + 1
        guard length <= Self.longest else {
            runs[place] = Run()
            return
        }
        let count = (length + 7) / 8
        for word in 0..<count {
            let from = start + 8 * word
            var value: UInt64 = 0
            for offset in 0..<Swift.min(8, quote + 1 - from) { value |= UInt64(line[from + offset]) << (8 * offset) }
            words[place * Self.wordsPerRun + word] = value
        }
        let lastBytes = length - 8 * (count - 1)
        runs[place] = Run(length: length, words: count, lastMask: lastBytes == 8 ? ~0 : (1 << (8 * lastBytes)) - 1, field: field)
    }
}
