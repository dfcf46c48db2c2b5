/// A locale's postal codes: which are valid, and how they are written.
public struct PostalCodeFormat: Sendable {
    /// What a valid code looks like once normalized (`^\d{5}(-\d{4})?$` for the US); `nil` accepts any.
    public let pattern: RegexPattern?
    /// How a code is shown (`#####-###` for Brazil, `AA99 9AA` and its shorter forms for Great
    /// Britain); empty keeps it as typed.
    public let masks: MaskSet
    /// The longest code, as typed with its separators.
    public let maxLength: Int?
    /// Whether codes are digits only, so a number pad fits.
    public let numeric: Bool
    /// A valid code, for messages and placeholders.
    public let example: String?

    /// Tells formats apart, for what a thread remembers of its last normalized code.
    let identity = StepIdentity()
    /// Whether normalizing a normalized ASCII code gives it back (see ``MaskSet/keepsLaidOutText``).
    let normalizesOnce: Bool

    init(pattern: RegexPattern?, masks: MaskSet, maxLength: Int?, numeric: Bool, example: String?) {
        self.normalizesOnce = masks.keepsLaidOutText
        self.pattern = pattern
        self.masks = masks
        self.maxLength = maxLength
        self.numeric = numeric
        self.example = example
    }

    /// The code as it is stored and shown: upper case, single spaces, in its mask when one fits.
    public func normalize(_ text: String) -> String {
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ").uppercased()
        return masks.apply(collapsed) ?? collapsed
    }

    /// Whether a normalized code is valid.
    public func isValid(_ normalized: String) -> Bool { pattern?.matches(normalized) ?? !normalized.isEmpty }
}

extension PostalCodeFormat {
    /// ``normalize(_:)`` of UTF-8 bytes, appended to `output`; ASCII text without `String`s.
    func normalize(_ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, scratch: inout CheckScratch) {
        guard text.isASCII else { return output.append(contentsOf: normalize(text.string).utf8) }
        // Words split at white space, joined by one space, in upper case.
        var collapsed = ByteBuffer()
        swap(&collapsed, &scratch.temporary)
        defer { swap(&collapsed, &scratch.temporary) }
        collapsed.removeAll()
        var inSpace = false
        for byte in text {
            if byte.isASCIIWhitespace {
                inSpace = true
                continue
            }
            if inSpace && !collapsed.isEmpty { collapsed.append(.space) }
            inSpace = false
            collapsed.append(byte.asciiUppercased)
        }
        if masks.apply(ascii: collapsed.bytes, into: &output) != true { output.append(collapsed) }
    }
}
