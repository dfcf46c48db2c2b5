import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchSteps

/// A text that is no date gets the example in the display pattern, made once where the pattern
/// is written without ICU: it must be what ICU writes.
@Suite("The date kind's example")
struct DateExampleTests {
    static let registry = Registry()

    @Test(
        "a text that is no date shows 1982-02-22 as ICU writes it in the display pattern",
        arguments: [
            ("en-US", [:]), ("de-DE", [:]), ("fr-FR", [:]), ("ja-JP", [:]), ("pt-BR", [:]), ("en-GB", [:]),
            ("en-US", ["pattern": "yyyy-MM-dd"]), ("en-US", ["style": "medium"]), ("de-DE", ["style": "long"]),
        ] as [(String, JSONObject)])
    func example(locale: String, parameters: JSONObject) throws {
        let kind = try Self.registry.makeKind("date", parameters, locale: locale)
        let value = try #require(kind.value as? DateValue)
        let profile = try Self.registry.locale(locale)
        let expected = DateFormat.format(DateValue.example, locale: profile.icuLocale, pattern: value.displayPattern)
        for text in ["13/45/2001", "not a date", "02/30/1982"] {
            guard case .violations(let found) = kind.value.convert(text, context: RuleContext(locale: profile)) else {
                Issue.record("\(text) is a date in \(locale)")
                continue
            }
            #expect(found == [RuleViolation("date", ["example": .string(expected)])], "\(text) in \(locale)")
        }
    }
}
