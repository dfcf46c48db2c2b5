import Testing

@testable import Vouch
@_spi(VouchInternal) @testable import VouchBase
@testable import VouchSteps

/// A name of one word typed without capitals takes the short way through `capitalize_name`:
/// its result is ICU's word capitalization in the locale, as for any word typed in one case.
@Suite("capitalize_name: one word without capitals")
struct NameFormatterTests {
    static let registry = Registry()

    static func formatter(_ locale: String) throws -> NameFormatter {
        let profile = try registry.locale(locale)
        return NameFormatter(locale: profile.icuLocale, particles: profile.nameParticles)
    }

    @Test(
        "one lower-case word is capitalized as ICU capitalizes it",
        arguments: [
            ("grace", "en-US"), ("zoë", "en-US"), ("jürgen", "de-DE"), ("straße", "de-DE"), ("édith", "fr-FR"),
            ("saldaña", "es-ES"), ("öztürk", "tr-TR"), ("ıšık", "tr-TR"), ("istanbul", "tr-TR"), ("ijsbrand", "nl-NL"),
            ("ijsbrand", "en-US"), ("mary-jane", "en-US"), ("σοφία", "el-GR"), ("юлия", "ru-RU"), ("van", "nl-NL"),
            ("de", "fr-FR"), ("e\u{301}dith", "fr-FR"), ("ǆuro", "hr-HR"), ("x", "en-US"), ("a.b.", "en-US"), ("джон-пол", "ru-RU"),
        ])
    func oneWord(word: String, locale: String) throws {
        let formatter = try Self.formatter(locale)
        #expect(
            formatter.format(word) == CaseMapping.capitalize(word, mode: .words, locale: formatter.rules.locale), "\(word) in \(locale)")
    }

    @Test(
        "the words path still decides what the short way leaves",
        arguments: [
            ("o'neil", "O'Neil"), ("d'artagnan", "D'Artagnan"), ("McDonald", "McDonald"), ("JÜRGEN", "Jürgen"),
            ("van der berg", "Van der Berg"),
            ("ludwig van beethoven", "Ludwig van Beethoven"), ("zoë", "Zoë"), ("Zoë", "Zoë"), ("ada\tlovelace", "Ada\tLovelace"),
        ])
    func otherNames(text: String, expected: String) throws {
        #expect(try Self.formatter("en-US").format(text) == expected)
    }
}
