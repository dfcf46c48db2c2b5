import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// The messages of the core and of the card and iban plugins in every language Vouch ships,
/// checked against English with ICU: present, parsed, the same arguments, the language's plurals.
@Suite("Messages in every language")
struct MessageLanguageTests {
    static let registry = PluginSupport.registry(loading: "card", "iban")

    /// Every language with messages of its own, as users name it.
    static let languages = [
        "de", "fr", "ja", "nl", "pt", "tr", "es", "it", "pl", "ru", "uk", "cs", "hu", "ro", "el", "sv", "da", "nb", "fi", "zh-Hans",
        "zh-Hant", "ko", "hi", "th", "vi", "id", "ms", "he", "ar", "fa", "bn",
    ]

    /// Bidirectional controls (LRM, RLM, ALM, embeddings, overrides, isolates): the text of a
    /// right-to-left message reads correctly without them, and around an argument they would
    /// show in logs and JSON as stray characters.
    static let bidiControls: Set<Unicode.Scalar> = Set(
        [0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].map { Unicode.Scalar($0)! })

    @Test("every message of English, parsed by ICU, with English's arguments and the language's plural categories", arguments: languages)
    func complete(language: String) throws {
        let english = try Self.registry.locale("en")
        let profile = try Self.registry.locale(language)
        let categories = MessageTemplate.pluralCategories(locale: language)
        #expect(english.messageCodes.count > 50, "the core's and the plugins' codes")
        for code in english.messageCodes.sorted() {
            let ours = try #require(english.template(for: code))
            let theirs = try #require(profile.template(for: code), "\(language) has no \(code)")
            #expect(theirs.pattern != ours.pattern, "\(language): \(code) is still English")
            let ourArguments = try #require(MessageTemplate.arguments(of: ours.pattern))
            let theirArguments = try #require(MessageTemplate.arguments(of: theirs.pattern), "\(language): \(code) does not parse")
            #expect(Set(theirArguments.map(\.name)) == Set(ourArguments.map(\.name)), "\(language): \(code)")
            for argument in theirArguments where argument.type == "plural" {
                let missing = categories.subtracting(argument.selectors)
                #expect(missing.isEmpty, "\(language): \(code) has no \(missing.sorted()) for {\(argument.name)}")
            }
            #expect(!theirs.pattern.unicodeScalars.contains { Self.bidiControls.contains($0) }, "\(language): \(code)")
        }
    }

    @Test(
        "a locale takes its messages along ICU's parent chain",
        arguments: [
            ("es-MX", "es"), ("es-ES", "es"), ("es-419", "es"), ("zh-TW", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"), ("zh-HK", "zh-Hant"),
            ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh", "zh-Hans"), ("nb-NO", "nb"), ("no", "nb"), ("no-NO", "nb"), ("pt-PT", "pt"),
            ("ar-EG", "ar"), ("ar-SA", "ar"), ("he-IL", "he"), ("fa-IR", "fa"), ("ko-KR", "ko"), ("sr-ME", "root"),
        ])
    func fallback(locale: String, language: String) throws {
        let profile = try Self.registry.locale(locale)
        let expected = try Self.registry.locale(language)
        for code in ["required", "email", "too_short", "iban.checksum", "card.luhn"] {
            #expect(profile.template(for: code)?.pattern == expected.template(for: code)?.pattern, "\(locale): \(code)")
        }
    }

    @Test("right-to-left messages carry no bidirectional controls around their arguments", arguments: ["he-IL", "ar-EG", "fa-IR"])
    func rightToLeft(locale: String) throws {
        let profile = try Self.registry.locale(locale)
        let arguments: [String: MessageArgument] = [
            "min": .number(3), "max": .number(12), "other": .string("Password"), "example": .string("2026-03-15"),
            "currency": .string("USD"), "country": .string("DE"), "length": .number(22), "brand": .string("Visa"),
        ]
        for code in ["too_short", "date", "equals_field", "currency", "iban.length", "card.length"] {
            let message = profile.message(for: code, arguments)
            #expect(!message.unicodeScalars.contains { Self.bidiControls.contains($0) }, "\(locale): \(code): \(message)")
        }
    }
}
