@_spi(VouchInternal) import VouchBase

/// `lowercase_domain`: lower-cases the domain of an email address (after the last `@`); the local
/// part is left alone, since it may be case-sensitive.
struct LowercaseDomainFormatter: ByteFormatter {
    static let definition = FormatterDefinition(
        "lowercase_domain", summary: "Lower-cases the domain of an email address; keeps the local part."
    ) { _, _ in LowercaseDomainFormatter() }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        // In simple text an `@` is a character of its own, and the domain's capitals are ASCII
        // (or Latin letters, which the `String` path lowers).
        guard text.isSimpleText else {
            output.append(contentsOf: Self.lowercasingDomain(text.string).utf8)
            return true
        }
        guard let at = text.lastIndex(of: .at) else { return false }
        let domain = ByteText(rebasing: text[(at + 1)...])
        guard domain.isASCII else {
            output.append(contentsOf: Self.lowercasingDomain(text.string).utf8)
            return true
        }
        guard domain.contains(where: { $0.isASCIIUppercase }) else { return false }
        output.append(contentsOf: text[...at])
        for byte in domain { output.append(byte.asciiLowercased) }
        return true
    }

    /// The address with its domain lower-cased by Unicode's rules.
    private static func lowercasingDomain(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let domain = text[text.index(after: at)...]
        if !domain.contains(where: { $0.isUppercase }) { return text }
        return text[...at] + domain.lowercased()
    }
}
