import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// Times in every locale: what ICU writes in the locale's short and medium styles, at test time, is
/// read back, also with its no-break spaces typed as spaces; day periods however they are spaced.
@Suite("Times in every locale")
struct LocaleTimeTests {
    static let registry = Registry()

    static let times = [
        TimeOfDay(hour: 3, minute: 5), TimeOfDay(hour: 15, minute: 5), TimeOfDay(hour: 0, minute: 30), TimeOfDay(hour: 12, minute: 45),
        TimeOfDay(hour: 23, minute: 59, second: 30),
    ]

    /// `value`'s canonical value as a `time` in `locale`, or nil when refused.
    static func read(_ value: String, _ locale: String) throws -> String? {
        try registry.canonicalText(of: value, as: "time", locale: locale)
    }

    @Test("what ICU writes in the short and medium styles is read back", arguments: LocaleDateTests.locales + ["en-US", "ja-JP", "de-DE"])
    func icuStyles(locale: String) throws {
        var wrong: [String] = []
        for time in Self.times {
            let value = LocalDateTime(date: CalendarDate(year: 2001, month: 2, day: 3), time: time)
            for style in [DateFormat.Style.short, .medium] {
                guard let pattern = DateTimeFormat.pattern(locale: locale, date: nil, time: style) else { continue }
                let written = DateTimeFormat.format(value, locale: locale, pattern: pattern)
                // The seconds are lost in the short style.
                let expected = style == .short ? TimeOfDay(hour: time.hour, minute: time.minute) : time
                // As ICU writes it, and with its no-break spaces typed as spaces.
                let typed = String(written.unicodeScalars.map { $0.properties.isWhitespace ? " " : Character($0) })
                for text in [written, typed] {
                    let read = try Self.read(text, locale)
                    if read != expected.iso8601 { wrong.append("\(style) \"\(text)\": \(read ?? "refused")") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(locale): \(wrong)")
    }

    @Test(
        "the times users reported",
        arguments: [
            ("es-MX", "3:05 p.m."), ("es-MX", "3:05 p. m."), ("es-CO", "3:05 p. m."), ("es-CO", "3:05 p.m."), ("ko-KR", "오후 3:05"),
            ("ja-JP", "午後3:05"), ("ja-JP", "午後 3:05"), ("en-US", "3:05 p.m."), ("en-US", "3:05 PM"), ("de-DE", "15.05"),
            ("zh-CN", "下午3:05"),
        ] as [(String, String)])
    func reported(locale: String, value: String) throws {
        #expect(try Self.read(value, locale) == "15:05")
    }

    @Test("a day period needs a 12-hour clock; other words are refused")
    func refused() throws {
        #expect(try Self.read("13:05 pm", "en-US") == nil)
        #expect(try Self.read("3:05 PM", "de-DE") == nil, "a 24-hour locale whose day periods are AM and PM")
        #expect(try Self.read("3:05 xyz", "en-US") == nil)
        #expect(try Self.read("3:5", "en-US") == nil)
        #expect(try Self.read("12:30 a.m.", "es-MX") == "00:30")
    }
}
