/// The numbers of one type in a region (libphonenumber's `PhoneNumberDesc`): a pattern the whole
/// national significant number matches, and the lengths such numbers have.
struct PhoneNumberDescription: Sendable {
    /// The pattern's bit in the answers of the region's automaton of number patterns.
    let patternBit: UInt16
    /// The lengths of these numbers; empty when they are the region's.
    let lengths: PhoneLengths
    /// Lengths of numbers that can only be dialled inside an area (without its area code).
    let localLengths: PhoneLengths

    /// Whether these numbers can be `length` digits long.
    func hasLength(_ length: Int) -> Bool { lengths.isEmpty || lengths.contains(length) }
}
