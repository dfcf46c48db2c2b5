@_spi(VouchInternal) import VouchBase

/// `lowercase_domain`: lower-cases the domain of an email address (after the last `@`); the local
/// part is left alone, since it may be case-sensitive.
struct LowercaseDomainFormatter: ByteFormatter {
    static let definition = FormatterDefinition(
        "lowercase_domain", summary: "Lower-cases the domain of an email address; keeps the local part."
    ) { _, _ in LowercaseDomainFormatter() }

    /// In ASCII text, the domain's capitals become small letters and nothing else changes.
    var changesOnlyASCIICase: Bool { true }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        // One pass from the end back to the last `@`, over an ASCII domain (the common case);
        // any other text takes the `String` path.
        var end = text.count
        // The high bit of each capital in the words read (and a bit for those read one by one).
        var capitals: UInt64 = 0
        var at = -1
        // Eight ASCII bytes at a time until a word holds an `@`, then a byte at a time from where
        // the words stopped if none did.
        while end >= 8, let word = text.asciiWord(at: end &- 8) {
            let ats = word.asciiBits(of: .at)
            if ats != 0 {
                let place = (63 &- ats.leadingZeroBitCount) &>> 3
                capitals |= (word >> UInt64(truncatingIfNeeded: 8 &* place &+ 8)).asciiBits(
                    from: UInt8(ascii: "A"), through: UInt8(ascii: "Z"))
                at = end &- 8 &+ place
                break
            }
            capitals |= word.asciiBits(from: UInt8(ascii: "A"), through: UInt8(ascii: "Z"))
            end &-= 8
        }
        if at < 0 {
            at = end - 1
            while at >= 0 {
                let byte = text[at]
                if byte == .at { break }
                guard byte < 0x80 else { return formatAsText(text, into: &output) }
                if byte.isASCIIUppercase { capitals |= 1 }
                at -= 1
            }
        }
        // Without an `@` byte there is no `@` character.
        guard at >= 0 else { return false }
        // The `@` is a character of its own when the domain starts with ASCII (or is empty) and
        // the scalar before it is below U+0600, where the scalars that join the next one
        // (Prepend) begin: ASCII, or a two-byte scalar with a lead byte up to 0xD7.
        guard at == 0 || text[at - 1] < 0x80 || (at >= 2 && (0xC2...0xD7).contains(text[at - 2])) else {
            return formatAsText(text, into: &output)
        }
        guard capitals != 0 else { return false }
        output.append(contentsOf: text[...at])
        for byte in text[(at + 1)...] { output.append(byte.asciiLowercased) }
        return true
    }

    /// The `String` path: the text decoded, its domain lower-cased by Unicode's rules.
    private func formatAsText(_ text: ByteText, into output: inout ByteBuffer) -> Bool {
        output.append(contentsOf: Self.lowercasingDomain(text.string).utf8)
        return true
    }

    /// The address with its domain lower-cased by Unicode's rules.
    static func lowercasingDomain(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let domain = text[text.index(after: at)...]
        if !domain.contains(where: { $0.isUppercase }) { return text }
        return text[...at] + domain.lowercased()
    }
}
