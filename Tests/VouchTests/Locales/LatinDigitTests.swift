import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// Where a locale writes its own digits (ar-EG, ar-SA, fa-IR, bn-BD), numbers typed with ASCII
/// digits and the Latin separators, as ICU writes them for the locale with Latin digits, read as
/// the same number; money without the bidi marks ICU writes around the symbol.
@Suite("Latin digits and bidi marks")
struct LatinDigitTests {
    static let registry = Registry()

    @Test(
        "ICU's Latin-digit text of a number reads as the number",
        arguments: ["ar-EG", "ar-SA", "fa-IR", "bn-BD", "mr-IN", "ne-NP", "my-MM"])
    func latinDigits(locale: String) throws {
        for number in ["1234567.5", "0.25", "-42", "1000"] {
            let latin = NumberFormat.formatDecimal(number, locale: LocaleTag.icuLocale(locale) + "@numbers=latn")
            #expect(try Self.registry.canonicalText(of: latin, as: "decimal", locale: locale) == number, "\(locale): \(latin)")
            let native = NumberFormat.formatDecimal(number, locale: locale)
            #expect(try Self.registry.canonicalText(of: native, as: "decimal", locale: locale) == number, "\(locale): \(native)")
        }
    }

    @Test(
        "the cases users reported",
        arguments: [
            ("ar-EG", "decimal", "1,234,567.5", "1234567.5"), ("ar-SA", "decimal", "1,234,567.5", "1234567.5"),
            ("he-IL", "money", "1,234.50 ₪", "1234.50 ILS"), ("he-IL", "money", "₪1,234.50", "1234.50 ILS"),
        ] as [(String, String, String, String)])
    func reported(locale: String, kind: String, value: String, canonical: String) throws {
        #expect(try Self.registry.canonicalText(of: value, as: kind, locale: locale) == canonical)
    }
}
