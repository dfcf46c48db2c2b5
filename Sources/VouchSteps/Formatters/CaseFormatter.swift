@_spi(VouchInternal) import VouchBase

/// `upper` and `lower`: the locale's full case mapping (Turkish `i` → `İ`, Greek without accents).
struct CaseFormatter: ByteFormatter {
    static let upper = FormatterDefinition("upper", summary: "Upper case, by the locale's rules.") { _, context in
        CaseFormatter(toUpper: true, rules: CaseMapping.Rules(locale: context.locale.icuLocale))
    }
    static let lower = FormatterDefinition("lower", summary: "Lower case, by the locale's rules.") { _, context in
        CaseFormatter(toUpper: false, rules: CaseMapping.Rules(locale: context.locale.icuLocale))
    }

    let toUpper: Bool
    let rules: CaseMapping.Rules

    var typingStyle: TypingStyle { .text }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        CaseMapping.map(text, toUpper: toUpper, rules: rules, into: &output)
    }
}
