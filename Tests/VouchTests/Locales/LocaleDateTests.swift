import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchSteps

/// Dates in locales without a pack of their own: what ICU writes in the locale's short, medium and
/// long styles, at test time, is read back as the same day.
@Suite("Dates in every locale")
struct LocaleDateTests {
    static let registry = Registry()

    /// Locales on every continent, none with a pack of dates.
    static let locales = [
        "en-CA", "fr-CA", "es-MX", "es-AR", "es-CO", "es-CL", "pt-PT", "en-IN", "hi-IN", "bn-BD", "en-AU", "en-NZ", "en-ZA", "af-ZA",
        "sw-KE", "am-ET", "fr-SN", "ar-EG", "ar-SA", "he-IL", "fa-IR", "tr-CY", "es-ES", "it-IT", "pl-PL", "ru-RU", "uk-UA", "cs-CZ",
        "sk-SK", "hu-HU", "ro-RO", "bg-BG", "el-GR", "sv-SE", "da-DK", "nb-NO", "fi-FI", "et-EE", "lv-LV", "lt-LT", "de-AT", "de-CH",
        "fr-BE", "nl-BE", "fr-CH", "it-CH", "ca-ES", "zh-CN", "zh-TW", "zh-HK", "ko-KR", "th-TH", "vi-VN", "id-ID", "ms-MY", "fil-PH",
        "ja", "de", "es",
    ]

    static let dates = [
        CalendarDate(year: 1982, month: 2, day: 22), CalendarDate(year: 2001, month: 11, day: 5),
        CalendarDate(year: 1999, month: 12, day: 31),
        CalendarDate(year: 2026, month: 3, day: 15),
    ]

    /// `value`'s canonical value as a `date` in `locale`, or nil when refused.
    static func read(_ value: String, _ locale: String) throws -> String? {
        try registry.canonicalText(of: value, as: "date", locale: locale)
    }

    @Test("what ICU writes in the short, medium and long styles is read back", arguments: locales)
    func icuStyles(locale: String) throws {
        var wrong: [String] = []
        for date in Self.dates {
            for style in [DateFormat.Style.short, .medium, .long] {
                let written = DateFormat.format(date, locale: locale, style: style)
                let read = try Self.read(written, locale)
                if read != date.iso8601 { wrong.append("\(style) \"\(written)\": \(read ?? "refused")") }
            }
            #expect(try Self.read(date.iso8601, locale) == date.iso8601, "ISO 8601 is always read")
        }
        #expect(wrong.isEmpty, "\(locale): \(wrong)")
    }

    @Test("a refused date's message shows an example in the locale's pattern, which is read back", arguments: locales)
    func example(locale: String) throws {
        let result = try Self.registry.validate("bad", as: "date", locale: locale)
        let argument = try #require(result.violations.first?.arguments["example"])
        guard case .string(let example) = argument else {
            Issue.record("\(locale): the example is \(argument)")
            return
        }
        let pattern = DateFormat.pattern(locale: locale, style: .short).map { LocaleDatePatterns.withYear($0, width: 4) }
        // ICU's text (its no-break spaces plain), or the same with ASCII digits (as Vouch writes a
        // numeric pattern's dates).
        let icu = LocaleDatePatterns.plainSpaces(
            DateFormat.format(CalendarDate(year: 1982, month: 2, day: 22), locale: locale, pattern: pattern ?? ""))
        let ascii = String(
            icu.map { c in
                c.unicodeScalars.first?.properties.numericType == .decimal ? Character(String(c.wholeNumberValue ?? 0)) : c
            })
        #expect(example == icu || example == ascii, "\(locale): \(example)")
        #expect(try Self.read(example, locale) == "1982-02-22", "\(locale): \(example)")
    }

    @Test(
        "the dates users reported",
        arguments: [
            ("es-ES", "22/02/1982"), ("es-ES", "22/2/1982"), ("es-ES", "22 febrero 1982"), ("es-ES", "22 de febrero de 1982"),
            ("it-IT", "22/02/1982"),
            ("pl-PL", "22.02.1982"), ("ru-RU", "22.02.1982"), ("zh-CN", "1982/02/22"), ("zh-CN", "1982/2/22"), ("zh-CN", "1982年2月22日"),
            ("ja", "1982年2月22日"), ("ko-KR", "1982. 02. 22."), ("ko-KR", "1982. 2. 22."), ("hu-HU", "1982. 02. 22."),
            ("en-IN", "22/02/1982"), ("en-AU", "22/02/1982"), ("en-ZA", "1982/02/22"), ("de-AT", "22.02.1982"), ("de-CH", "22.02.1982"),
            ("fr-BE", "22/02/1982"), ("nl-BE", "22/02/1982"), ("es-MX", "22/02/1982"), ("fr-CA", "1982-02-22"),
        ] as [(String, String)])
    func reported(locale: String, value: String) throws {
        #expect(try Self.read(value, locale) == "1982-02-22")
    }
}
