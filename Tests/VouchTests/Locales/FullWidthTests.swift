import Testing

@testable import Vouch

/// Full-width digits and letters, the ideographic space and no-break spaces are read as their ASCII
/// forms where digits and codes are expected: the same text in full width gives what it gives in
/// ASCII.
@Suite("Full-width forms")
struct FullWidthTests {
    static let registry = Registry()

    /// `text` with its ASCII letters, digits and signs in full width, and its spaces ideographic.
    static func fullWidth(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    if scalar == " " { return "\u{3000}" }
                    guard (0x21...0x7E).contains(scalar.value) else { return scalar }
                    return Unicode.Scalar(scalar.value - 0x21 + 0xFF01)!
                }))
    }

    /// `value`'s canonical value as `kind` in `locale`, or nil when refused.
    static func read(_ value: String, _ kind: String, _ locale: String) throws -> String? {
        let result = try registry.validate(value, as: kind, locale: locale)
        guard result.isValid, let canonical = result.value(of: "value")?.canonical else { return nil }
        return canonical.stringValue ?? "\(canonical)"
    }

    @Test("what ICU writes, in full width, reads as it does in ASCII", arguments: LocaleDateTests.locales)
    func icuText(locale: String) throws {
        var wrong: [String] = []
        let date = CalendarDate(year: 1982, month: 2, day: 22)
        let texts = [
            ("date", DateFormat.format(date, locale: locale, style: .short)),
            ("date", date.iso8601),
            ("time", "15:05"),
            ("decimal", NumberFormat.formatDecimal("1234.5", locale: locale)),
        ]
        for (kind, text) in texts {
            let ascii = try Self.read(text, kind, locale)
            let wide = try Self.read(Self.fullWidth(text), kind, locale)
            if ascii == nil || wide != ascii { wrong.append("\(kind) \(text): \(ascii ?? "refused"), full width \(wide ?? "refused")") }
        }
        #expect(wrong.isEmpty, "\(locale): \(wrong)")
    }

    @Test(
        "the cases users reported",
        arguments: [
            ("ja-JP", "zip", "１０００００１", "100-0001"), ("de-DE", "zip", "１０１１７", "10117"), ("ja-JP", "date", "２０２６/０３/１５", "2026-03-15"),
            ("ja-JP", "date", "2026年3月15日", "2026-03-15"), ("en-US", "state", "ｃａ", "CA"), ("fr-FR", "decimal", "1\u{00A0}234,5", "1234.5"),
            ("fr-FR", "decimal", "1\u{202F}234,5", "1234.5"), ("de-DE", "date", "22. Februar 1982", "1982-02-22"),
        ] as [(String, String, String, String)])
    func reported(locale: String, kind: String, value: String, canonical: String) throws {
        #expect(try Self.read(value, kind, locale) == canonical)
    }
}
