import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("Numbers and money")
struct NumberFormatTests {
    @Test("Canonical decimal strings", arguments: try Vectors.rows("number-format", "canonical", as: (String, String).self))
    func canonical(text: String, expected: String) {
        #expect(DecimalString.canonical(text) == expected)
    }

    @Test("Non-decimals are not canonical", arguments: ["", "-", "1.2.3", "1e", "abc", "."])
    func notCanonical(text: String) {
        #expect(DecimalString.canonical(text) == nil)
    }

    @Test("Parses decimals strictly", arguments: try Vectors.rows("number-format", "parsesDecimal", as: (String, String, String).self))
    func parsesDecimal(text: String, locale: String, expected: String) {
        #expect(NumberFormat.parseDecimal(text, locale: locale) == expected)
    }

    @Test("Rejects what is not a number", arguments: ["12abc", "1.2.3", "", "abc", "1,23,4.5"])
    func rejectsDecimal(text: String) {
        #expect(NumberFormat.parseDecimal(text, locale: "en-US") == nil)
    }

    @Test("Formats decimals", arguments: try Vectors.rows("number-format", "formatsDecimal", as: (String, String, String).self))
    func formatsDecimal(canonical: String, locale: String, expected: String) {
        #expect(NumberFormat.formatDecimal(canonical, locale: locale) == expected)
    }

    @Test("Parses money", arguments: try Vectors.rows("number-format", "parsesMoney", as: (String, String, String, String).self))
    func parsesMoney(text: String, locale: String, amount: String, currency: String) {
        let money = NumberFormat.parseMoney(text, locale: locale)
        #expect(money?.amount == amount)
        #expect(money?.currency == currency)
    }

    @Test("Rejects money with more digits than the currency has", arguments: ["$1.234", "abc", ""])
    func rejectsMoney(text: String) {
        #expect(NumberFormat.parseMoney(text, locale: "en-US") == nil)
    }

    @Test("Formats money", arguments: try Vectors.rows("number-format", "formatsMoney", as: (String, String, String, String).self))
    func formatsMoney(amount: String, currency: String, locale: String, expected: String) {
        #expect(
            NumberFormat.formatMoney(amount: amount, currency: currency, locale: locale) == expected
        )
    }

    @Test("Currencies of locales")
    func currencies() {
        #expect(NumberFormat.currencyCode(locale: "de-DE") == "EUR")
        #expect(NumberFormat.currencyCode(locale: "en-US") == "USD")
        #expect(NumberFormat.currencyCode(locale: "ja-JP") == "JPY")
        #expect(NumberFormat.fractionDigits(currency: "EUR") == 2)
        #expect(NumberFormat.fractionDigits(currency: "JPY") == 0)
        #expect(NumberFormat.fractionDigits(currency: "BHD") == 3)
    }
}
