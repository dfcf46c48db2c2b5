import Testing
@_spi(VouchInternal) import VouchBase

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
            let ascii = try Self.registry.canonicalText(of: text, as: kind, locale: locale)
            let wide = try Self.registry.canonicalText(of: Self.fullWidth(text), as: kind, locale: locale)
            if ascii == nil || wide != ascii { wrong.append("\(kind) \(text): \(ascii ?? "refused"), full width \(wide ?? "refused")") }
        }
        #expect(wrong.isEmpty, "\(locale): \(wrong)")
    }
}
