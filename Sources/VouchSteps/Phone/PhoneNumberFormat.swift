@_spi(VouchInternal) import VouchBase

/// One way a region writes its numbers (libphonenumber's `NumberFormat`): numbers whose leading
/// digits match `leadingDigits` and that match `pattern` whole are written by `format`.
///
/// A class, so that choosing a format for a number hands over one reference, not its parts.
final class PhoneNumberFormat: Sendable {
    /// Splits the national significant number into groups.
    let pattern: RegexMatcher
    /// The groups with their separators, for the international format: `$1 $2 $3`.
    let format: PhoneTemplate
    /// The groups for the national format: `format` with the national prefix formatting rule in
    /// place of its first group (`0$1 $2 $3`, `($1) $2-$3`).
    let nationalFormat: PhoneTemplate
    /// Must match the beginning of the number; libphonenumber's last, most detailed pattern.
    let leadingDigits: RegexMatcher?
    /// Whether the national prefix may be left out of a national number written this way.
    let nationalPrefixIsOptional: Bool

    init(
        pattern: RegexMatcher, format: PhoneTemplate, nationalFormat: PhoneTemplate, leadingDigits: RegexMatcher?,
        nationalPrefixIsOptional: Bool
    ) {
        self.pattern = pattern
        self.format = format
        self.nationalFormat = nationalFormat
        self.leadingDigits = leadingDigits
        self.nationalPrefixIsOptional = nationalPrefixIsOptional
    }

    /// Whether this format writes `national`: its leading digits and its whole pattern match.
    /// When they do, `data` holds the pattern's groups for ``write(_:national:groups:into:)``.
    func applies(to national: ByteText, using data: RegexMatchData) -> Bool {
        if let leadingDigits, leadingDigits.match(national, using: data) != .match { return false }
        return pattern.matchGroups(national, using: data)
    }

    /// Writes `national` in this format, nationally (with the national prefix rule) or not, from
    /// the groups of the match ``applies(to:using:)`` found.
    func write(
        _ national: ByteText, national isNational: Bool, groups data: RegexMatchData,
        into output: inout some ByteSink & ~Copyable
    ) {
        (isNational ? nationalFormat : format).write(national, groups: data, into: &output)
    }
}
