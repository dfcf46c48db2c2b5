/// A set of national number lengths (libphonenumber's `possibleLengths`): 1 through 31 digits.
struct PhoneLengths: Sendable, Hashable {
    private(set) var bits: UInt32 = 0

    init<S: Sequence<Int>>(_ lengths: S) {
        for length in lengths where (1...31).contains(length) { bits |= 1 << UInt32(length) }
    }

    var isEmpty: Bool { bits == 0 }

    @inline(__always) func contains(_ length: Int) -> Bool { length < 32 && bits & (1 << UInt32(length)) != 0 }

    /// The shortest length, or nil for none.
    @inline(__always) var minimum: Int? { isEmpty ? nil : bits.trailingZeroBitCount }

    /// The longest length, or nil for none.
    @inline(__always) var maximum: Int? { isEmpty ? nil : 31 - bits.leadingZeroBitCount }

    func union(_ other: PhoneLengths) -> PhoneLengths {
        var union = self
        union.bits |= other.bits
        return union
    }
}
