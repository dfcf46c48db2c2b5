import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("Case mapping")
struct CaseMappingTests {
    @Test("Upper case follows the locale", arguments: try Vectors.rows("case-mapping", "upper", as: (String, String, String).self))
    func upper(text: String, locale: String, expected: String) {
        #expect(CaseMapping.upper(text, locale: locale) == expected)
    }

    @Test("Lower case follows the locale", arguments: try Vectors.rows("case-mapping", "lower", as: (String, String, String).self))
    func lower(text: String, locale: String, expected: String) {
        #expect(CaseMapping.lower(text, locale: locale) == expected)
    }

    @Test("Words mode capitalizes every word", arguments: try Vectors.rows("case-mapping", "words", as: (String, String, String).self))
    func words(text: String, locale: String, expected: String) {
        #expect(CaseMapping.capitalize(text, mode: .words, locale: locale) == expected)
    }

    @Test("Words mode can keep the rest of each word")
    func wordsKeepingRest() {
        #expect(
            CaseMapping.capitalize("mcDonald", mode: .words, locale: "en", lowercaseRest: false)
                == "McDonald")
        #expect(CaseMapping.capitalize("mcDonald", mode: .words, locale: "en") == "Mcdonald")
        #expect(
            CaseMapping.capitalize(
                "o'neil mcDonald", mode: .words, locale: "en", lowercaseRest: false)
                == "O'Neil McDonald")
    }

    @Test(
        "Sentences mode capitalizes each sentence and keeps the rest",
        arguments: try Vectors.rows("case-mapping", "sentences", as: (String, String).self))
    func sentences(text: String, expected: String) {
        #expect(CaseMapping.capitalize(text, mode: .sentences, locale: "en") == expected)
    }

    @Test("All-characters and none modes")
    func otherModes() {
        #expect(
            CaseMapping.capitalize("istanbul", mode: .allCharacters, locale: "tr") == "İSTANBUL")
        #expect(CaseMapping.capitalize("hello wORLD", mode: .none, locale: "en") == "hello wORLD")
    }

    @Test("Capitalization raw values")
    func rawValues() {
        #expect(Capitalization(rawValue: "all") == .allCharacters)
        #expect(Capitalization.allCases.map(\.rawValue) == ["none", "words", "sentences", "all"])
    }

    @Test("upper and lower case on bytes give what the String functions give", arguments: ["en-US", "tr-TR", "de-DE"])
    func bytes(locale: String) {
        let texts = [
            "", "a", "A", "ca", "CA", "Ca", "cA", "ZZ", "13", "istanbul", "ISPARTA", "abcdefgh", "ABCDEFGH", "abcdefghi", "ABCDEFGHI",
            "straße", "ÉDITH", "zoë", "ı", "İ", "a-b c", "ΟΔΟΣ", "12345678", "1234567a", "1234567A", "@[`{",
        ]
        let rules = CaseMapping.Rules(locale: locale)
        for text in texts {
            for toUpper in [true, false] {
                var output = ByteBuffer()
                var copy = text
                let changed = copy.withByteText { CaseMapping.map($0, toUpper: toUpper, rules: rules, into: &output) }
                let expected = toUpper ? CaseMapping.upper(text, locale: locale) : CaseMapping.lower(text, locale: locale)
                #expect((changed ? output.bytes.string : text) == expected, "\(text) \(toUpper)")
            }
        }
    }
}
