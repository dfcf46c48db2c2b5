/// `capitalize`: locale-aware capitalization through ICU (Turkish dotted İ, Dutch IJ, Greek
/// upper case without accents, `O'Neil` and `Mary-Jane`).
struct CapitalizeFormatter: ByteFormatter {
    static let definition = FormatterDefinition(
        "capitalize", summary: "Capitalizes words, sentences or all characters, by the locale's rules.",
        parameters: [
            ParameterSpec(
                "mode", .choice(Capitalization.allCases.map(\.rawValue)), required: true, summary: "none, words, sentences or all"),
            ParameterSpec("lowercase_rest", .boolean, summary: "words mode: lower-case the rest of each word (default true)"),
        ]
    ) { parameters, context in
        CapitalizeFormatter(
            mode: Capitalization(rawValue: parameters.string("mode")!)!, locale: context.locale.icuLocale,
            lowercaseRest: parameters.bool("lowercase_rest") ?? true)
    }

    let mode: Capitalization
    let locale: String
    let lowercaseRest: Bool
    let rules: CaseMapping.Rules

    init(mode: Capitalization, locale: String, lowercaseRest: Bool) {
        self.mode = mode
        self.locale = locale
        self.lowercaseRest = lowercaseRest
        self.rules = CaseMapping.Rules(locale: locale)
    }

    var typingStyle: TypingStyle { .text }

    func format(_ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        switch mode {
        case .none:
            return false
        case .allCharacters:
            return CaseMapping.map(text, toUpper: true, rules: rules, into: &output)
        case .words:
            if CaseMapping.capitalizeWords(text, rules: rules, lowercaseRest: lowercaseRest, into: &output) { return true }
        case .sentences:
            break
        }
        output.append(contentsOf: CaseMapping.capitalize(text.string, mode: mode, locale: locale, lowercaseRest: lowercaseRest).utf8)
        return true
    }
}
