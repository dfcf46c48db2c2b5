import Testing

@testable import Vouch

/// Values users in Thailand, Japan, China, Taiwan, Israel, France, Germany and the United States
/// type, as they type them (in full width, with no-break spaces): each is read as they mean it, in a
/// bulk check.
@Suite("Values as users in other countries type them")
struct ReportedLocaleCaseTests {
    static let registry = Registry()

    /// Among them: Thai times with the hour's abbreviation after the clock (the packs' th time
    /// patterns); amounts with the currency's name for counts in ICU (円) or the packs' word for the
    /// unit (元); full-width digits and letters; French digits grouped by no-break spaces (U+00A0,
    /// U+202F).
    @Test(
        "each is read as meant",
        arguments: try Vectors.rows("reported-locale-cases", "readAsMeant", as: (String, String, String, String).self))
    func reported(locale: String, kind: String, value: String, canonical: String) throws {
        #expect(try Self.registry.canonicalText(of: value, as: kind, locale: locale) == canonical)
    }

    @Test("a word for the currency does not make another currency's amount", arguments: [("ja-JP", "1,234元"), ("th-TH", "15:05 ม.")])
    func refused(locale: String, value: String) throws {
        #expect(try Self.registry.canonicalText(of: value, as: locale == "th-TH" ? "time" : "money", locale: locale) == nil)
    }

    static let plugins = PluginSupport.registry(loading: "card", "iban")

    /// `text` with its ASCII letters and digits in full width.
    static func fullWidth(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    guard (0x21...0x7E).contains(scalar.value) else { return scalar }
                    return Unicode.Scalar(scalar.value - 0x21 + 0xFF01)!
                }))
    }

    static func field(_ locale: String, _ field: String) throws -> Field {
        let spec = #"{"vouch": 1, "locale": "\#(locale)", "fields": [{"name": "f", \#(field)}]}"#
        return try #require(try Form(json: spec, registry: plugins)["f"])
    }

    @Test(
        "full-width keys are taken while typing as the ASCII ones are, and the bulk check agrees",
        arguments: [
            ("ja-JP", #""kind": "phone""#, "0312345678"), ("ja-JP", #""kind": "zip""#, "1000001"), ("de-DE", #""kind": "zip""#, "10117"),
            ("en-US", #""kind": "phone""#, "2015550123"),
            ("en-US", #""kind": "text", "formatters": ["card.group"], "rules": ["card.number"]"#, "4111111111111111"),
            ("de-DE", #""kind": "text", "formatters": ["iban.print"], "rules": ["iban.iban"]"#, "DE89370400440532013000"),
        ])
    func typing(locale: String, field: String, keys: String) throws {
        let ascii = try Self.field(locale, field)
        let wide = try Self.field(locale, field)
        for key in keys {
            ascii.type(String(key))
            #expect(wide.type(Self.fullWidth(String(key))).accepted, "\(key)")
            #expect(wide.description == ascii.description)
        }
        #expect(wide.validate().isEmpty)
        #expect(wide.value?.canonical == ascii.value?.canonical)
    }

    @Test("card numbers and IBANs in full width or with no-break spaces pass the plugins' checks in bulk")
    func pluginsInBulk() throws {
        let context = RuleContext(locale: try Self.plugins.locale("ja-JP"))
        for (rule, value) in [("card.number", "4111 1111 1111 1111"), ("iban.iban", "DE89 3704 0044 0532 0130 00")] {
            let built = try Self.plugins.makeRule(rule, [:], locale: "ja-JP")
            #expect(built.check(value, context: context).isEmpty)
            #expect(built.check(Self.fullWidth(value), context: context).isEmpty, "\(rule) in full width")
            #expect(built.check(value.replacing(" ", with: "\u{3000}"), context: context).isEmpty, "\(rule), ideographic spaces")
            #expect(built.check(value.replacing(" ", with: "\u{00A0}"), context: context).isEmpty, "\(rule), no-break spaces")
        }
    }
}
