/// A locale's postal codes: which are valid, and how they are written.
public struct PostalCodeFormat: Sendable {
    /// What a valid code looks like once normalized (`^\d{5}(-\d{4})?$` for the US); `nil` accepts any.
    public let pattern: RegexPattern?
    /// How a code is shown (`#####-###` for Brazil); `nil` keeps it as typed.
    public let mask: Mask?
    /// The longest code, as typed with its separators.
    public let maxLength: Int?
    /// Whether codes are digits only, so a number pad fits.
    public let numeric: Bool
    /// A valid code, for messages and placeholders.
    public let example: String?

    init(pattern: RegexPattern?, mask: String?, maxLength: Int?, numeric: Bool, example: String?) {
        self.pattern = pattern
        self.mask = mask.map { Mask($0) }
        self.maxLength = maxLength
        self.numeric = numeric
        self.example = example
    }

    /// The code as it is stored and shown: upper case, single spaces, masked when a mask is set.
    public func normalize(_ text: String) -> String {
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ").uppercased()
        guard let mask else { return collapsed }
        return mask.apply(collapsed)
    }

    /// Whether a normalized code is valid.
    public func isValid(_ normalized: String) -> Bool { pattern?.matches(normalized) ?? !normalized.isEmpty }
}
