/// `lowercase_domain`: lower-cases the domain of an email address (after the last `@`); the local
/// part is left alone, since it may be case-sensitive.
struct LowercaseDomainFormatter: TextFormatter {
    static let definition = FormatterDefinition(
        "lowercase_domain", summary: "Lower-cases the domain of an email address; keeps the local part."
    ) { _, _ in LowercaseDomainFormatter() }

    func format(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let at = text.utf8.lastIndex(of: UInt8(ascii: "@")) else { return text }
            let domain = text.utf8[text.utf8.index(after: at)...]
            guard domain.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return text }
            return String(decoding: text.utf8[...at] + domain.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        guard let at = text.lastIndex(of: "@") else { return text }
        let domain = text[text.index(after: at)...]
        if !domain.contains(where: \.isUppercase) { return text }
        return text[...at] + domain.lowercased()
    }
}
