import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

@Suite("Unit labels on numbers")
struct UnitLabelTests {
    static func schema(_ field: String, locale: String) throws -> FormSchema {
        try FormSchema(json: #"{"vouch": 1, "locale": "\#(locale)", "fields": [\#(field)]}"#, registry: Registry())
    }

    @Test(
        "the hints carry ICU's short and long labels; the display value the short form; the canonical value is unchanged",
        arguments: [
            ("number", "en-US", "12", "kilogram", JSONValue.number(12)), ("decimal", "en-US", "1,234.5", "kilogram", .string("1234.5")),
            ("decimal", "de-DE", "12,5", "kilometer-per-hour", .string("12.5")), ("number", "ja-JP", "12", "liter", .number(12)),
            ("number", "fr-FR", "12", "meter", .number(12)),
        ])
    func labels(kind: String, locale: String, text: String, unit: String, canonical: JSONValue) throws {
        let schema = try Self.schema(#"{"name": "w", "kind": "\#(kind)", "unit": "\#(unit)"}"#, locale: locale)
        let hints = try #require(schema.fields[0].hints.unit)
        #expect(hints.identifier == unit)
        // Expected labels from ICU itself, as it writes the number 2 with the unit.
        let icuLocale = LocaleTag.icuLocale(locale)
        #expect(MeasureFormat.format("2", unit: unit, width: .short, locale: icuLocale)?.contains(hints.short) == true)
        #expect(MeasureFormat.format("2", unit: unit, width: .long, locale: icuLocale)?.contains(hints.long) == true)
        #expect(hints.short != hints.long)
        let result = schema.validate(["w": text])
        #expect(result.isValid)
        #expect(result.canonicalValues["w"] == canonical)
        let display = try #require(result.value(of: "w")?.display)
        #expect(display.contains(hints.short), "\(display)")
    }

    @Test("English: 12 kg and kilograms")
    func english() throws {
        let schema = try Self.schema(#"{"name": "w", "kind": "number", "unit": "kilogram"}"#, locale: "en-US")
        #expect(schema.fields[0].hints.unit == InputHints.UnitLabel(identifier: "kilogram", short: "kg", long: "kilograms"))
        #expect(schema.validate(["w": "12"]).value(of: "w")?.display == "12 kg")
    }

    @Test("a unit ICU does not know is refused when the form is built, and says what to give")
    func unknown() {
        #expect(throws: VouchError.self) { try Self.schema(#"{"name": "w", "kind": "number", "unit": "kg"}"#, locale: "en-US") }
        do {
            _ = try Self.schema(#"{"name": "w", "kind": "decimal", "unit": "banana"}"#, locale: "en-US")
            Issue.record("banana was taken")
        } catch let error as VouchError {
            #expect(error.message.contains("CLDR unit identifier"))
            #expect(error.location?.hasSuffix("unit") == true, "\(String(describing: error.location))")
        } catch {
            Issue.record("\(error)")
        }
    }
}
