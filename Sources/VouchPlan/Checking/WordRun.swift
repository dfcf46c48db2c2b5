/// A run of up to ``longest`` bytes known in advance, kept as words, so that whether a line holds
/// it at a place takes at most five loads: the words that start at 0, 8, 16 and 24, all but the
/// last, then the run's last eight bytes (which may overlap them) or, for a run shorter than eight,
/// its bytes under a mask. The scanner compares keys it expects (``FieldKeys``) and the bytes
/// between values (``LineLayout``) this way.
struct WordRun: Sendable {
    static let longest = 40

    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var last: UInt64 = 0
    private var lastMask: UInt64 = 0
    /// How many bytes the run has; 0 for no run, which no line holds.
    private(set) var length = 0

    /// No run.
    init() {}

    /// The run of `bytes`, or nil when they are more than ``longest``.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.longest else { return nil }
        let length = bytes.count
        /// The bytes from `offset` on, eight at most, as a word (0 past the end).
        func word(_ offset: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<Swift.max(0, Swift.min(8, length - offset)) { value |= UInt64(bytes[offset + index]) << (8 * index) }
            return value
        }
        self.length = length
        words = (word(0), word(8), word(16), word(24))
        last = word(Swift.max(length - 8, 0))
        lastMask = length >= 8 ? ~0 : (1 << (8 * length)) - 1
    }

    /// Whether `line` holds the run from `start` on; false too when fewer than eight bytes are
    /// left there to compare a word with.
    @inline(__always)
    func isAt(_ start: Int, in line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard length > 0, start &+ Swift.max(length, 8) <= line.count else { return false }
        let text = UnsafeRawPointer(line.baseAddress.unsafelyUnwrapped + start)
        guard text.loadUnaligned(fromByteOffset: Swift.max(length &- 8, 0), as: UInt64.self) & lastMask == last else { return false }
        guard length > 8 else { return true }
        guard text.loadUnaligned(as: UInt64.self) == words.0 else { return false }
        guard length > 16 else { return true }
        guard text.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == words.1 else { return false }
        guard length > 24 else { return true }
        guard text.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == words.2 else { return false }
        return length <= 32 || text.loadUnaligned(fromByteOffset: 24, as: UInt64.self) == words.3
    }
}
