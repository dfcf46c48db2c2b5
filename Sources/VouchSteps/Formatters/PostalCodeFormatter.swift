@_spi(VouchInternal) import VouchBase

/// `postal_code`: writes a postal code the locale's way (upper case, its mask).
struct PostalCodeFormatter: ByteFormatter {
    static let definition = FormatterDefinition("postal_code", summary: "Formats a postal code the locale's way.") {
        _, context throws(VouchError) in
        PostalCodeFormatter(format: try context.locale.postalCode.required(by: context))
    }

    let format: PostalCodeFormat

    /// Codes with masks are typed as masks; others upper-cased as typed.
    var typingStyle: TypingStyle { format.masks.isEmpty ? .text : .mask(.lettersAndDigits, limit: format.masks.longest) }

    /// Full-width keys (`１`) fit as the ASCII ones do.
    func typingFit(_ typed: [Character]) -> TypingFit { format.masks.fit(WidthFormatter.asciiWidth(typed)) }

    var typingPlaceholder: Mask? { format.masks.entries.first?.mask }

    /// Writes the code laid out; full-width forms are read as ASCII (`１００００１` as typed, before
    /// the kind's width step has run).
    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        if keepsAsWritten(text, scratch: &scratch) { return false }
        guard text.contains(where: { $0 >= 0xC2 }) else { return layOut(text, into: &output, scratch: &scratch) }
        let start = output.count
        let changed = WidthFormatter.withASCIIWidth(text) { folded in
            (!keepsAsWritten(folded, scratch: &scratch) && layOut(folded, into: &output, scratch: &scratch))
                || folded.count != text.count || !folded.elementsEqual(text)
        }
        // Folded but already laid out: the folded text is the result.
        if changed && output.count == start { WidthFormatter.withASCIIWidth(text) { output.append(contentsOf: $0) } }
        return changed
    }

    /// Whether `text` is a code typed as it is written (`94103`): nothing to fold, collapse,
    /// upper-case or lay out. The thread then remembers it as normalized.
    @inline(__always)
    private func keepsAsWritten(_ text: ByteText, scratch: inout CheckScratch) -> Bool {
        let asWritten =
            text.isASCIIDigits
            ? format.masks.laysOutAsIs(digits: text.count) ?? format.masks.laysOutAsIs(ascii: text)
            : format.masks.laysOutAsIs(ascii: text) && !text.contains(where: \.isASCIILowercase)
        if asWritten { scratch[format.lastNormalized].remember(text, by: format.identity) }
        return asWritten
    }

    /// Writes `text`, which is not as written, normalized; false (nothing written) when that is the
    /// text.
    private func layOut(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        let start = output.count
        format.normalize(text, into: &output, scratch: &scratch)
        let normalized = output.text(from: start)
        if normalized.isASCII { scratch[format.lastNormalized].remember(normalized, by: format.identity) }
        if normalized.hasSameBytes(as: text) {
            output.removeSubrange(start...)
            return false
        }
        return true
    }
}
