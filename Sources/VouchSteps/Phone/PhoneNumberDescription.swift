@_spi(VouchInternal) import VouchBase

/// The numbers of one type in a region (libphonenumber's `PhoneNumberDesc`): a pattern the whole
/// national significant number matches, and the lengths such numbers have.
struct PhoneNumberDescription: Sendable {
    /// Matches the whole national significant number.
    let pattern: RegexMatcher
    /// The lengths of these numbers; empty when they are the region's.
    let lengths: PhoneLengths
    /// Lengths of numbers that can only be dialled inside an area (without its area code).
    let localLengths: PhoneLengths

    /// Whether `national` (ASCII digits) is a number of this type: of one of its lengths, and
    /// matching its pattern.
    func matches(_ national: ByteText, using data: RegexMatchData) -> Bool {
        if !lengths.isEmpty, !lengths.contains(national.count) { return false }
        return pattern.matches(national, using: data)
    }
}
