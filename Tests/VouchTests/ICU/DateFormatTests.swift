import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("Dates")
struct DateFormatTests {
    // Two of the vectors show ICU's ways: its strict mode still accepts fewer digits than the pattern
    // shows ("2/22/1982", "02/22/82"), and the Gregorian calendar is used even where another is
    // customary (th-TH).
    @Test(
        "Strict parsing with explicit patterns",
        arguments: try Vectors.rows("date-format", "parses", as: (String, String, String, String).self))
    func parses(text: String, locale: String, pattern: String, iso: String) {
        #expect(DateFormat.parse(text, locale: locale, pattern: pattern)?.iso8601 == iso)
    }

    @Test(
        "Rejects what is not exactly a date",
        arguments: [
            "13/45/2001", "02/30/1982", "02/29/1900", "02/22/1982x", "02-22-1982", "", "hello",
        ])
    func rejects(text: String) {
        #expect(DateFormat.parse(text, locale: "en-US", pattern: "MM/dd/yyyy") == nil)
    }

    @Test("Formats with patterns", arguments: try Vectors.rows("date-format", "formats", as: (String, String, String).self))
    func formats(locale: String, pattern: String, expected: String) {
        let date = CalendarDate(year: 1982, month: 2, day: 22)
        #expect(DateFormat.format(date, locale: locale, pattern: pattern) == expected)
    }

    @Test("Locale styles")
    func styles() throws {
        #expect(DateFormat.pattern(locale: "en-US", style: .short) == "M/d/yy")
        #expect(DateFormat.pattern(locale: "de-DE", style: .short) == "dd.MM.yy")
        let date = CalendarDate(year: 1982, month: 2, day: 22)
        #expect(DateFormat.format(date, locale: "en-US", style: .short) == "2/22/82")
        #expect(DateFormat.format(date, locale: "en-US", style: .long) == "February 22, 1982")
        #expect(DateFormat.parse("February 22, 1982", locale: "en-US", style: .long) == date)
        #expect(DateFormat.parse("2/22/82", locale: "en-US", style: .short) == date)
    }

    @Test("Invalid dates format as ISO 8601")
    func invalidDateFallsBack() {
        let date = CalendarDate(year: 1982, month: 2, day: 30)
        #expect(DateFormat.format(date, locale: "en-US", pattern: "MM/dd/yyyy") == "1982-02-30")
    }

    @Test("Calendar dates in ISO 8601")
    func calendarDate() {
        #expect(CalendarDate(iso8601: "1982-02-22") == CalendarDate(year: 1982, month: 2, day: 22))
        #expect(CalendarDate(iso8601: "2000-02-29")?.iso8601 == "2000-02-29")
        #expect(CalendarDate(iso8601: "-0044-03-15")?.year == -44)
        #expect(CalendarDate(year: 7, month: 1, day: 5).iso8601 == "0007-01-05")
        for bad in [
            "1982-02-30", "1900-02-29", "1982-2-22", "82-02-22", "1982/02/22", "1982-13-01", "",
        ] {
            #expect(CalendarDate(iso8601: bad) == nil, "\(bad)")
        }
        #expect(
            CalendarDate(year: 1982, month: 2, day: 22) < CalendarDate(year: 1982, month: 3, day: 1)
        )
    }

    @Test("A date's ISO 8601 bytes are its ISO 8601 text")
    func iso8601Bytes() {
        func check(_ date: CalendarDate) {
            var bytes = ByteBuffer()
            date.appendISO8601(to: &bytes)
            #expect(bytes.text.string == date.iso8601, "\(date.year)-\(date.month)-\(date.day)")
        }
        for year in [0, 7, 10, 99, 100, 812, 999, 1000, 1982, 2009, 9999, 10_000, -44, 123_456] {
            for (month, day) in [(1, 1), (2, 9), (10, 31), (12, 10)] { check(CalendarDate(year: year, month: month, day: day)) }
        }
        // Every year, month and day written without a division (the digits of each pair, the
        // century of each year).
        for year in 0...9999 { check(CalendarDate(year: year, month: 7, day: 4)) }
        for part in 0...99 {
            check(CalendarDate(year: 1982, month: part, day: 1))
            check(CalendarDate(year: 1982, month: 1, day: part))
        }
    }
}
