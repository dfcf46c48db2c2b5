@_spi(VouchInternal) import VouchBase

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
    let lowercaseRest: Bool
    let rules: CaseMapping.Rules
    /// Words mode: words that stay lower case when typed so, past the first word (`rue`, `de`,
    /// `la` of a French address), as UTF-8.
    let lowercaseWords: Set<[UInt8]>

    init(mode: Capitalization, locale: String, lowercaseRest: Bool, lowercaseWords: [String] = []) {
        self.mode = mode
        self.lowercaseRest = lowercaseRest
        self.rules = CaseMapping.Rules(locale: locale)
        self.lowercaseWords = Set(lowercaseWords.map { Array($0.utf8) })
    }

    var typingStyle: TypingStyle { .text }

    /// Only the case of ASCII letters changes, unless the locale maps `i` to `İ` (Turkish, Azeri).
    var changesOnlyASCIICase: Bool { rules.asciiMapsByDefault }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        switch mode {
        case .none:
            return false
        case .allCharacters:
            return CaseMapping.map(text, toUpper: true, rules: rules, into: &output)
        case .words:
            if !lowercaseWords.isEmpty { return capitalizeWordsKeepingLowercase(text, into: &output) }
            if CaseMapping.capitalizeWords(text, rules: rules, lowercaseRest: lowercaseRest, into: &output) { return true }
        case .sentences:
            break
        }
        output.append(contentsOf: CaseMapping.capitalize(text.string, mode: mode, locale: rules.locale, lowercaseRest: lowercaseRest).utf8)
        return true
    }
}

extension CapitalizeFormatter {
    /// Words mode with the locale's lower-case words: each word capitalized on its own, but one of
    /// `lowercaseWords` typed in lower case after the first word is written as it is.
    fileprivate func capitalizeWordsKeepingLowercase(_ text: ByteText, into output: inout ByteBuffer) -> Bool {
        let start = output.count
        var index = 0
        var isFirstWord = true
        while index < text.count {
            let wordStart = index
            while index < text.count, !text[index].isASCIIWhitespace { index += 1 }
            let word = ByteText(rebasing: text[wordStart..<index])
            if !word.isEmpty {
                if !isFirstWord, lowercaseWords.contains(Array(word)) {
                    output.append(contentsOf: word)
                } else if !CaseMapping.capitalizeWords(word, rules: rules, lowercaseRest: lowercaseRest, into: &output) {
                    let capitalized = CaseMapping.capitalize(word.string, mode: .words, locale: rules.locale, lowercaseRest: lowercaseRest)
                    output.append(contentsOf: capitalized.utf8)
                }
                isFirstWord = false
            }
            while index < text.count, text[index].isASCIIWhitespace {
                output.append(text[index])
                index += 1
            }
        }
        if output.text(from: start).hasSameBytes(as: text) {
            output.removeSubrange(start...)
            return false
        }
        return true
    }
}
