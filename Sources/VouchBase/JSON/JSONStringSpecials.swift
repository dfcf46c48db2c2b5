/// The bytes a JSON string cannot hold as they are — a quote, a backslash, a control character
/// (below 0x20) — found eight at a time, in a word loaded from memory (little-endian).
@_spi(VouchInternal) public enum JSONStringSpecials {
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// A word whose high bit is set in the byte of `word` that is the first special one, and maybe
    /// in bytes above it; zero when no byte of `word` is special.
    ///
    /// A byte is zero in `x` when `(x - 1) & ~x` sets its high bit, below 0x20 likewise; a borrow
    /// only spoils the bytes above a true find, so the lowest flag is always a true one.
    @inline(__always)
    @inlinable public static func flags(_ word: UInt64) -> UInt64 {
        let ones = UInt64.ones
        let quotes = word ^ (ones &* UInt64(UInt8.quote))
        let backslashes = word ^ (ones &* UInt64(UInt8.backslash))
        return (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word)) & highs
    }

    /// The place in its word (0 to 7) of the first special byte that `flags` (not zero) marks.
    @inline(__always)
    @inlinable public static func firstPlace(_ flags: UInt64) -> Int { flags.trailingZeroBitCount &>> 3 }

    /// Whether `byte` is one a JSON string must escape.
    @inline(__always)
    @inlinable public static func isSpecial(_ byte: UInt8) -> Bool { byte == .quote || byte == .backslash || byte < 0x20 }
}
