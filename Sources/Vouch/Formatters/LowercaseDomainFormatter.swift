/// `lowercase_domain`: lower-cases the domain of an email address (after the last `@`); the local
/// part is left alone, since it may be case-sensitive.
struct LowercaseDomainFormatter: TextFormatter {
    static let definition = FormatterDefinition(
        "lowercase_domain", summary: "Lower-cases the domain of an email address; keeps the local part."
    ) { _, _ in LowercaseDomainFormatter() }

    func format(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let domain = text[text.index(after: at)...]
        if !domain.contains(where: \.isUppercase) { return text }
        return text[...at] + domain.lowercased()
    }
}
