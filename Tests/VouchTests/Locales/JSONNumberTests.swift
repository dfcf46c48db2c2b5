import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// A JSON number is that number in every locale: a `decimal` or `money` field given one reads what
/// it reads from the locale's own text of the number (as ICU writes it at test time).
@Suite("JSON numbers in every locale")
struct JSONNumberTests {
    static let registry = Registry()

    static func form(_ locale: String) throws -> FormSchema {
        let spec: JSONValue = [
            "vouch": 1, "locale": .string(locale), "fields": [["name": "n", "kind": "decimal"], ["name": "amount", "kind": "money"]],
        ]
        return try FormSchema(spec: spec, registry: registry)
    }

    static func canonical(_ result: ValidationResult, _ field: String) -> String? {
        guard result.fields.first(where: { $0.name == field })?.isValid == true else { return nil }
        return result.value(of: field)?.canonical.stringValue
    }

    @Test(
        "a JSON number reads as the locale's text of it",
        arguments: LocaleDateTests.locales.filter { $0.contains("-") } + ["de-DE", "fr-FR", "en-US"])
    func numbers(locale: String) throws {
        let form = try Self.form(locale)
        var wrong: [String] = []
        for number in [0.1, 12.5, 1234.5, -3.25, 1_000_000, 12] {
            let json = JSONValue.number(number)
            let text = NumberFormat.formatDecimal(json.jsonText, locale: locale)
            let fromText = form.validate(["n": text, "amount": text])
            let fromNumber = form.validate(["n": json, "amount": json] as JSONObject)
            for field in ["n", "amount"] where Self.canonical(fromText, field) != Self.canonical(fromNumber, field) {
                wrong.append(
                    "\(field) \(json.jsonText): \(Self.canonical(fromNumber, field) ?? "refused"), as text \(Self.canonical(fromText, field) ?? "refused")"
                )
            }
            #expect(Self.canonical(fromNumber, "n") == DecimalString.canonical(json.jsonText), "\(locale): \(json.jsonText)")
        }
        #expect(wrong.isEmpty, "\(locale): \(wrong)")
    }

    @Test("the issue's record in a de-DE form")
    func german() throws {
        let result = try Self.form("de-DE").validate(["amount": 12.5, "n": 0.1] as JSONObject)
        #expect(Self.canonical(result, "amount") == "12.50 EUR")
        #expect(Self.canonical(result, "n") == "0.1")
    }
}
