/// `capitalize`: locale-aware capitalization through ICU (Turkish dotted İ, Dutch IJ, Greek
/// upper case without accents, `O'Neil` and `Mary-Jane`).
struct CapitalizeFormatter: TextFormatter {
    static let definition = FormatterDefinition(
        "capitalize", summary: "Capitalizes words, sentences or all characters, by the locale's rules.",
        parameters: [
            ParameterSpec("mode", .choice(Capitalization.allCases.map(\.rawValue)), required: true, summary: "none, words, sentences or all"),
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

    func format(_ text: String) -> String {
        CaseMapping.capitalize(text, mode: mode, locale: locale, lowercaseRest: lowercaseRest)
    }

    var typingStyle: TypingStyle { .text }
}
