import Testing

@testable import Vouch

@Suite("Numbers and money")
struct NumberFormatTests {
    @Test(
        "Parses decimals strictly",
        arguments: [
            ("1,234.5", "en-US", "1234.5"),
            ("-0.25", "en-US", "-0.25"),
            ("1234.50", "en-US", "1234.5"),
            ("1.234,5", "de-DE", "1234.5"),
            ("1\u{202F}234,5", "fr-FR", "1234.5"),
            ("1\u{00A0}234,5", "fr-FR", "1234.5"),
            ("1 234,5", "fr-FR", "1234.5"),
            ("0.000001", "en-US", "0.000001"),
            ("12345678901234567890.123", "en-US", "12345678901234567890.123"),
        ])
    func parsesDecimal(text: String, locale: String, expected: String) {
        #expect(NumberFormat.parseDecimal(text, locale: locale) == expected)
    }

    @Test("Rejects what is not a number", arguments: ["12abc", "1.2.3", "", "abc", "1,23,4.5"])
    func rejectsDecimal(text: String) {
        #expect(NumberFormat.parseDecimal(text, locale: "en-US") == nil)
    }

    @Test(
        "Formats decimals",
        arguments: [
            ("1234.5", "en-US", "1,234.5"),
            ("1234.5", "de-DE", "1.234,5"),
            ("1234.5", "fr-FR", "1\u{202F}234,5"),
            ("-0.25", "en-US", "-0.25"),
            ("1234.56789", "en-US", "1,234.56789"),
        ])
    func formatsDecimal(canonical: String, locale: String, expected: String) {
        #expect(NumberFormat.formatDecimal(canonical, locale: locale) == expected)
    }

    @Test(
        "Parses money",
        arguments: [
            ("$1,234.50", "en-US", "1234.50", "USD"),
            ("$1,234.5", "en-US", "1234.50", "USD"),
            ("1.234,50\u{00A0}€", "de-DE", "1234.50", "EUR"),
            ("1.234,50 €", "de-DE", "1234.50", "EUR"),
            ("R$\u{00A0}1.234,50", "pt-BR", "1234.50", "BRL"),
            ("R$ 1.234,50", "pt-BR", "1234.50", "BRL"),
            ("1,234.50", "en-US", "1234.50", "USD"),
            ("1.234,5", "de-DE", "1234.50", "EUR"),
            ("￥1,234", "ja-JP", "1234", "JPY"),
        ])
    func parsesMoney(text: String, locale: String, amount: String, currency: String) {
        let money = NumberFormat.parseMoney(text, locale: locale)
        #expect(money?.amount == amount)
        #expect(money?.currency == currency)
    }

    @Test("Rejects money with more digits than the currency has", arguments: ["$1.234", "abc", ""])
    func rejectsMoney(text: String) {
        #expect(NumberFormat.parseMoney(text, locale: "en-US") == nil)
    }

    @Test(
        "Formats money",
        arguments: [
            ("1234.50", "USD", "en-US", "$1,234.50"),
            ("1234.5", "EUR", "de-DE", "1.234,50\u{00A0}€"),
            ("1234.50", "BRL", "pt-BR", "R$\u{00A0}1.234,50"),
            ("1234", "JPY", "ja-JP", "￥1,234"),
        ])
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

    @Test(
        "Canonical decimal strings",
        arguments: [
            ("1.2345E+3", "1234.5"), ("001234.50", "1234.5"), ("-0.00", "0"), ("5E-3", "0.005"),
            ("1E+2", "100"), (".5", "0.5"), ("-12", "-12"),
        ])
    func canonical(text: String, expected: String) {
        #expect(DecimalString.canonical(text) == expected)
    }

    @Test("Non-decimals are not canonical", arguments: ["", "-", "1.2.3", "1e", "abc", "."])
    func notCanonical(text: String) {
        #expect(DecimalString.canonical(text) == nil)
    }
}
