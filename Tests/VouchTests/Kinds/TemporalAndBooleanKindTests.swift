import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

@Suite("The boolean, time and datetime kinds, and relative bounds")
struct TemporalAndBooleanKindTests {
    let registry = Registry()

    func schema(_ kind: String, locale: String, _ parameters: JSONObject = [:], registry: Registry? = nil) throws -> FormSchema {
        try FormSchema(
            spec: .object([
                "vouch": 1, "locale": .string(locale),
                "fields": [.object(JSONObject([("name", "v"), ("kind", .string(kind))] + Array(parameters)))],
            ]),
            registry: registry ?? self.registry)
    }

    /// Each of `values` is refused with `code` alone, in a message that shows `example`.
    func expectRefused(
        _ values: [String], _ schema: FormSchema, code: String, showing example: String, _ locale: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for value in values {
            let (result, _) = try check(schema, .string(value))
            #expect(result.violations.map(\.code) == [code], "\(locale): \(value)", sourceLocation: sourceLocation)
            #expect(result.violations.first?.message.contains(example) == true, "\(locale): \(value)", sourceLocation: sourceLocation)
        }
    }

    /// The `String` API's result and the checking path's output line, which must agree.
    func check(_ schema: FormSchema, _ value: JSONValue) throws -> (result: ValidationResult, line: String) {
        let record: JSONObject = ["v": value]
        var line: [UInt8] = []
        JSONWriter.write(.object(record), into: &line)
        var output: [UInt8] = []
        let read = line.withUnsafeBufferPointer { FormChecker(schema: schema).checkJSON($0, into: &output) }
        try read.get()
        var expected: [UInt8] = []
        JSONWriter.write(schema.validate(record).json(), into: &expected)
        #expect(String(decoding: output, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        return (schema.validate(record), String(decoding: output, as: UTF8.self))
    }

    // MARK: boolean

    @Test(
        "booleans in each shipped locale: its words in any case, true/false and 1/0",
        arguments: [
            ("en-US", ["yes", "Y", "TRUE", "1"], ["no", "N", "false", "0"], "yes", "no", "maybe"),
            ("en-GB", ["Yes", "y"], ["No", "n"], "yes", "no", "perhaps"),
            ("de-DE", ["ja", "JA", "J", "1"], ["nein", "Nein", "n", "0"], "ja", "nein", "vielleicht"),
            ("fr-FR", ["oui", "Oui", "o"], ["non", "NON", "n"], "oui", "non", "peut-être"),
            ("nl-NL", ["ja", "J"], ["nee", "Nee", "n"], "ja", "nee", "misschien"),
            ("ja-JP", ["はい", "1", "true"], ["いいえ", "0", "false"], "はい", "いいえ", "たぶん"),
            ("pt-BR", ["sim", "Sim", "s"], ["não", "NÃO", "nao", "n"], "sim", "não", "talvez"),
            ("tr-TR", ["evet", "Evet", "e"], ["hayır", "Hayır", "HAYIR", "hayir", "h"], "evet", "hayır", "belki"),
        ])
    func booleans(locale: String, yes: [String], no: [String], yesWord: String, noWord: String, neither: String) throws {
        let schema = try schema("boolean", locale: locale)
        for (words, value, display) in [(yes, true, yesWord), (no, false, noWord)] {
            for word in words {
                let (result, line) = try check(schema, .string(word))
                #expect(result.isValid, "\(locale): \(word)")
                #expect(result.canonicalValues["v"] == .bool(value), "\(locale): \(word)")
                #expect(result.value(of: "v")?.display == display, "\(locale): \(word)")
                #expect(line.contains(#""v":\#(value)"#), "\(locale): \(word) is written as a JSON boolean: \(line)")
            }
        }
        let (result, _) = try check(schema, .string(neither))
        #expect(result.violations.map(\.code) == ["boolean"])
        #expect(result.violations.first?.message.contains(yesWord) == true)
        #expect(result.violations.first?.message.contains(noWord) == true)
    }

    @Test("a JSON boolean in a record is taken, and written back as a JSON boolean")
    func jsonBooleans() throws {
        let schema = try schema("boolean", locale: "de-DE")
        for value in [true, false] {
            let (result, line) = try check(schema, .bool(value))
            #expect(result.canonicalValues["v"] == .bool(value))
            #expect(line.contains(#""values":{"v":\#(value)}"#), "\(line)")
        }
        #expect(try check(schema, .number(1)).result.canonicalValues["v"] == .bool(true))
        #expect(try check(schema, .array([])).result.violations.map(\.code) == ["type"])
    }

    @Test("the boolean kind's hints and single values")
    func booleanHints() throws {
        let kind = try registry.makeKind("boolean", locale: "de-DE")
        #expect(kind.hints.control == .toggle)
        #expect(kind.hints.control.rawValue == "switch")
        #expect(try registry.validate("ja", as: "boolean", locale: "de-DE").isValid)
        #expect(try registry.format("oui", as: "boolean", locale: "fr-FR", canonical: true) == "true")
        #expect(try registry.format("0", as: "bool", locale: "fr-FR") == "non")
        // What an HTML checkbox sends when checked, in every locale.
        #expect(try registry.format("on", as: "boolean", locale: "de-DE", canonical: true) == "true")
        #expect(try registry.format("off", as: "boolean", locale: "ja-JP", canonical: true) == "false")
    }

    // MARK: time

    @Test(
        "times in each shipped locale: its short and medium patterns, 24-hour and ISO 8601",
        arguments: [
            ("en-US", ["3:05 PM", "3:05 pm", "15:05", "15:05:00"], "3:05:30 PM", "3:05 PM", "3:05:30 PM"),
            ("en-GB", ["15:05", "15:05:00"], "15:05:30", "15:05", "15:05:30"),
            ("de-DE", ["15:05", "15:05:00"], "15:05:30", "15:05", "15:05:30"),
            ("fr-FR", ["15:05", "15:05:00"], "15:05:30", "15:05", "15:05:30"),
            ("nl-NL", ["15:05", "15:05:00"], "15:05:30", "15:05", "15:05:30"),
            ("ja-JP", ["15:05", "15:05:00"], "15:05:30", "15:05", "15:05:30"),
            ("pt-BR", ["15:05", "15:05:00"], "15:05:30", "15:05", "15:05:30"),
            ("tr-TR", ["15:05", "15:05:00"], "15:05:30", "15:05", "15:05:30"),
        ])
    func times(locale: String, inputs: [String], withSeconds: String, display: String, displayWithSeconds: String) throws {
        let schema = try schema("time", locale: locale)
        for input in inputs {
            let (result, line) = try check(schema, .string(input))
            #expect(result.canonicalValues["v"] == "15:05", "\(locale): \(input)")
            #expect(result.value(of: "v")?.display == display, "\(locale): \(input)")
            #expect(line.contains(#""v":"15:05""#))
        }
        let (seconds, _) = try check(schema, .string(withSeconds))
        #expect(seconds.canonicalValues["v"] == "15:05:30", "\(locale)")
        #expect(seconds.value(of: "v")?.display == displayWithSeconds, "\(locale)")
        #expect(try check(schema, .string("9:05")).result.canonicalValues["v"] == "09:05", "\(locale)")
        // The example in the message is 15:05 in the locale.
        try expectRefused(["25:00", "15:60", "noon", "15", "3:05 XM"], schema, code: "time", showing: display, locale)
    }

    @Test("3:05 PM is only a time where the locale writes AM and PM")
    func twelveHour() throws {
        #expect(try registry.format("3:05 PM", as: "time", locale: "en-US", canonical: true) == "15:05")
        #expect(try registry.validate("3:05 PM", as: "time", locale: "de-DE").violations.map(\.code) == ["time"])
        #expect(try registry.makeKind("time").hints.control == .timePicker)
    }

    @Test("time ranges, fixed and relative to now")
    func timeRanges() throws {
        let fixed = try schema("time", locale: "en-US", ["min": "09:00", "max": "17:30"])
        #expect(try check(fixed, "8:59 AM").result.violations.map(\.message) == ["Enter a time at or after 9:00 AM."])
        #expect(try check(fixed, "17:31").result.violations.map(\.message) == ["Enter a time at or before 5:30 PM."])
        #expect(try check(fixed, "17:30").result.isValid)
        #expect(throws: VouchError.self) { try schema("time", locale: "en-US", ["min": "18:00", "max": "09:00"]) }
        #expect(throws: VouchError.self) { try schema("time", locale: "en-US", ["min": "today"]) }
        #expect(throws: VouchError.self) { try schema("time", locale: "en-US", ["min": "now-2d"]) }
        #expect(throws: VouchError.self) { try schema("time", locale: "en-US", ["min": "now", "time_zone": "Mars/Olympus"]) }

        // 2026-12-03T14:00Z: 15:00 in Berlin.
        let clocked = Registry(clock: .fixed(try #require(LocalDateTime(iso8601: "2026-12-03T14:00:00Z"))))
        let utc = try schema("time", locale: "de-DE", ["min": "now-2h"], registry: clocked)
        #expect(try check(utc, "11:59").result.violations.map(\.message) == ["Geben Sie eine Uhrzeit ab 12:00 ein."])
        #expect(try check(utc, "12:00").result.isValid)
        let berlin = try schema("time", locale: "de-DE", ["max": "now+30m", "time_zone": "Europe/Berlin"], registry: clocked)
        #expect(try check(berlin, "15:31").result.violations.map(\.message) == ["Geben Sie eine Uhrzeit bis 15:30 ein."])
        #expect(try check(berlin, "15:30").result.isValid)

        // Bounds that fall on another day are the start or the end of today, not a time across midnight.
        let late = Registry(clock: .fixed(try #require(LocalDateTime(iso8601: "2026-12-03T23:00:00Z"))))
        let lateMax = try schema("time", locale: "en-US", ["max": "now+2h"], registry: late)
        #expect(try check(lateMax, "23:30").result.isValid, "now+2h at 23:00 does not end at 01:00")
        let early = Registry(clock: .fixed(try #require(LocalDateTime(iso8601: "2026-12-03T01:00:00Z"))))
        let earlyMin = try schema("time", locale: "en-US", ["min": "now-2h"], registry: early)
        #expect(try check(earlyMin, "00:30").result.isValid, "now-2h at 01:00 does not start at 23:00")
        #expect(try check(earlyMin, "23:30").result.isValid)
    }

    // MARK: datetime

    @Test(
        "date-times in each shipped locale: its date and time patterns, and ISO 8601",
        arguments: [
            ("en-US", ["02/22/1982 3:05 PM", "2/22/1982, 3:05 PM", "02/22/1982 15:05"], "02/22/1982 3:05 PM"),
            ("en-GB", ["22/02/1982 15:05", "22/2/1982, 15:05"], "22/02/1982 15:05"),
            ("de-DE", ["22.02.1982 15:05", "22.2.1982, 15:05"], "22.02.1982 15:05"),
            ("fr-FR", ["22/02/1982 15:05", "22/2/1982 15:05"], "22/02/1982 15:05"),
            ("nl-NL", ["22-02-1982 15:05", "22-2-1982 15:05"], "22-02-1982 15:05"),
            ("ja-JP", ["1982/02/22 15:05", "1982/2/22 15:05"], "1982/02/22 15:05"),
            ("pt-BR", ["22/02/1982 15:05", "22/2/1982, 15:05"], "22/02/1982 15:05"),
            ("tr-TR", ["22.02.1982 15:05", "22.2.1982 15:05"], "22.02.1982 15:05"),
        ])
    func dateTimes(locale: String, inputs: [String], display: String) throws {
        let schema = try schema("datetime", locale: locale)
        for input in inputs + ["1982-02-22T15:05", "1982-02-22 15:05:00", "1982-02-22T15:05:00.250"] {
            let (result, line) = try check(schema, .string(input))
            #expect(result.canonicalValues["v"] == "1982-02-22T15:05", "\(locale): \(input)")
            #expect(result.value(of: "v")?.display == display, "\(locale): \(input)")
            #expect(line.contains(#""v":"1982-02-22T15:05""#))
        }
        #expect(try check(schema, "1982-02-22T15:05:30+01:00").result.canonicalValues["v"] == "1982-02-22T15:05:30+01:00")
        #expect(try check(schema, "1982-02-22T15:05z").result.canonicalValues["v"] == "1982-02-22T15:05Z")
        try expectRefused(
            ["1982-02-30T15:05", "1982-02-22T25:00", "22.02.1982", "15:05", "1982-02-22T15:05+25:00"], schema, code: "datetime",
            showing: display, locale)
    }

    @Test("a time_zone gives the value its offset, and moves values given with another")
    func dateTimeZones() throws {
        let berlin = try schema("datetime", locale: "de-DE", ["time_zone": "Europe/Berlin"])
        #expect(try check(berlin, "22.02.1982 15:05").result.canonicalValues["v"] == "1982-02-22T15:05+01:00")
        #expect(try check(berlin, "22.07.1982 15:05").result.canonicalValues["v"] == "1982-07-22T15:05+02:00")
        // 02:30 on the night summer time began in Berlin (1982-03-28) never showed on its clocks.
        #expect(try check(berlin, "28.03.1982 02:30").result.violations.map(\.code) == ["datetime"])
        #expect(try check(berlin, "28.03.1982 03:30").result.canonicalValues["v"] == "1982-03-28T03:30+02:00")
        let moved = try check(berlin, "1982-07-22T13:05Z").result
        #expect(moved.canonicalValues["v"] == "1982-07-22T15:05+02:00")
        #expect(moved.value(of: "v")?.display == "22.07.1982 15:05")
        let tokyo = try schema("datetime", locale: "ja-JP", ["time_zone": "Asia/Tokyo"])
        #expect(try check(tokyo, "1982/02/22 15:05").result.canonicalValues["v"] == "1982-02-22T15:05+09:00")
        #expect(throws: VouchError.self) { try schema("datetime", locale: "de-DE", ["time_zone": "Europe/Atlantis"]) }
        // Years past a calendar's reach are not date-times (and never overflow).
        let bounded = try schema("datetime", locale: "en-US", ["time_zone": "Europe/Berlin", "max": "now+2h"])
        #expect(try check(bounded, "+1000000000000-01-01T00:00").result.violations.map(\.code) == ["datetime"])
        #expect(try registry.makeKind("datetime").hints.control == .dateTimePicker)
    }

    // MARK: relative bounds

    /// 2026-12-03T14:00Z: a Thursday afternoon in Europe, morning in New York, night in Tokyo.
    static let fixedNow = LocalDateTime(date: CalendarDate(year: 2026, month: 12, day: 3), time: TimeOfDay(hour: 14, minute: 0), offset: 0)

    @Test(
        "today-18y in each shipped locale: the bound resolved on a fixed clock, in the locale's message",
        arguments: [
            ("en-US", "12/04/2008", "12/03/2008", "Enter a date on or before 12/03/2008."),
            ("en-GB", "04/12/2008", "03/12/2008", "Enter a date on or before 03/12/2008."),
            ("de-DE", "04.12.2008", "03.12.2008", "Geben Sie ein Datum bis zum 03.12.2008 ein."),
            ("fr-FR", "04/12/2008", "03/12/2008", "Saisissez une date jusqu’au 03/12/2008."),
            ("nl-NL", "04-12-2008", "03-12-2008", "Voer een datum in op of vóór 03-12-2008."),
            ("ja-JP", "2008/12/04", "2008/12/03", "2008/12/03以前の日付を入力してください。"),
            ("pt-BR", "04/12/2008", "03/12/2008", "Digite uma data até 03/12/2008."),
            ("tr-TR", "04.12.2008", "03.12.2008", "03.12.2008 veya öncesi bir tarih girin."),
        ])
    func adults(locale: String, tooYoung: String, justOld: String, message: String) throws {
        let clocked = Registry(clock: .fixed(Self.fixedNow))
        let schema = try schema("date", locale: locale, ["max": "today-18y"], registry: clocked)
        #expect(try check(schema, .string(tooYoung)).result.violations.map(\.message) == [message])
        #expect(try check(schema, .string(justOld)).result.canonicalValues["v"] == "2008-12-03")
    }

    @Test("relative date bounds: days, weeks, months, the end of the month, and the time zone of today")
    func relativeDates() throws {
        let clocked = Registry(clock: .fixed(Self.fixedNow))
        let soon = try schema("date", locale: "en-US", ["min": "today", "max": "today+30d"], registry: clocked)
        #expect(try check(soon, "12/02/2026").result.violations.map(\.message) == ["Enter a date on or after 12/03/2026."])
        #expect(try check(soon, "01/02/2027").result.isValid)
        #expect(try check(soon, "01/03/2027").result.violations.map(\.message) == ["Enter a date on or before 01/02/2027."])
        let weeks = try schema("date", locale: "en-US", ["min": "today-1mo-1w"], registry: clocked)
        #expect(try check(weeks, "10/26/2026").result.violations.map(\.code) == ["date_too_early"])
        #expect(try check(weeks, "10/27/2026").result.isValid)
        // 2027-03-31 less one month is the last of February.
        let endOfMarch = Registry(clock: .fixed(try #require(LocalDateTime(iso8601: "2027-03-31T12:00Z"))))
        let month = try schema("date", locale: "en-US", ["min": "today-1mo"], registry: endOfMarch)
        #expect(try check(month, "02/27/2027").result.violations.map(\.message) == ["Enter a date on or after 02/28/2027."])
        // 14:00Z is already 04:00 on the 4th in Kiritimati (UTC+14), and 23:00 on the 3rd in Tokyo.
        let kiritimati = try schema("date", locale: "ja-JP", ["min": "today", "time_zone": "Pacific/Kiritimati"], registry: clocked)
        #expect(try check(kiritimati, "2026/12/03").result.violations.map(\.message) == ["2026/12/04以降の日付を入力してください。"])
        let tokyo = try schema("date", locale: "ja-JP", ["min": "today", "time_zone": "Asia/Tokyo"], registry: clocked)
        #expect(try check(tokyo, "2026/12/03").result.isValid)
        for bad in ["today-18", "tomorrow", "today-2h", "now", "today+1x", "2026-13-01"] {
            #expect(throws: VouchError.self, "\(bad)") { try schema("date", locale: "en-US", ["min": .string(bad)]) }
        }
        #expect(throws: VouchError.self) { try schema("date", locale: "en-US", ["min": "2020-01-02", "max": "2020-01-01"]) }
    }

    @Test("relative date-time bounds, with and without a time zone")
    func relativeDateTimes() throws {
        let clocked = Registry(clock: .fixed(Self.fixedNow))
        let recent = try schema("datetime", locale: "en-US", ["min": "now-2h", "max": "today+1d"], registry: clocked)
        #expect(
            try check(recent, "12/03/2026 11:59 AM").result.violations.map(\.message) == [
                "Enter a date and time at or after 12/03/2026 12:00 PM."
            ])
        #expect(try check(recent, "12/03/2026 12:00 PM").result.isValid)
        #expect(try check(recent, "2026-12-03T13:00+01:00").result.isValid, "12:00Z")
        #expect(try check(recent, "2026-12-03T12:59+01:00").result.violations.map(\.code) == ["datetime_too_early"])
        #expect(
            try check(recent, "12/04/2026 12:01 AM").result.violations.map(\.message) == [
                "Enter a date and time at or before 12/04/2026 12:00 AM."
            ])
        // Across the change to summer time (Berlin, 2026-03-29 02:00): a day is a day of the wall
        // clock, 24 hours are 24 hours.
        let spring = Registry(clock: .fixed(try #require(LocalDateTime(iso8601: "2026-03-28T12:00Z"))))
        let nextDay = try schema("datetime", locale: "de-DE", ["max": "now+1d", "time_zone": "Europe/Berlin"], registry: spring)
        #expect(try check(nextDay, "29.03.2026 13:00").result.isValid)
        #expect(
            try check(nextDay, "29.03.2026 13:01").result.violations.map(\.message) == [
                "Geben Sie einen Zeitpunkt bis zum 29.03.2026 13:00 ein."
            ])
        let elapsed = try schema("datetime", locale: "de-DE", ["max": "now+24h", "time_zone": "Europe/Berlin"], registry: spring)
        #expect(try check(elapsed, "29.03.2026 14:00").result.isValid)
        #expect(try check(elapsed, "29.03.2026 14:01").result.violations.map(\.code) == ["datetime_too_late"])
        let fixedUTC = try schema("datetime", locale: "de-DE", ["max": "2026-01-01T00:00Z", "time_zone": "Europe/Berlin"])
        #expect(
            try check(fixedUTC, "01.01.2026 01:01").result.violations.map(\.message) == [
                "Geben Sie einen Zeitpunkt bis zum 01.01.2026 01:00 ein."
            ], "the bound shown as Berlin's wall time")
        #expect(try check(fixedUTC, "01.01.2026 01:00").result.isValid)
        let berlin = try schema("datetime", locale: "de-DE", ["max": "now", "time_zone": "Europe/Berlin"], registry: clocked)
        #expect(try check(berlin, "03.12.2026 15:00").result.canonicalValues["v"] == "2026-12-03T15:00+01:00")
        #expect(
            try check(berlin, "03.12.2026 15:01").result.violations.map(\.message) == [
                "Geben Sie einen Zeitpunkt bis zum 03.12.2026 15:00 ein."
            ])
    }

    @Test("the clock is read once per record, on the checking path and the String path alike")
    func clockPerRecord() throws {
        final class Counter: Sendable {
            let count = Lock(0)
            var reads: Int { count.withLock { $0 } }
        }
        let counter = Counter()
        let start = Self.fixedNow.instant
        let clock = VouchClock {
            let reads = counter.count.withLock { reads in
                reads += 1
                return reads
            }
            return start + reads * 3600
        }
        let schema = try FormSchema(
            json: """
                {"vouch": 1, "fields": [{"name": "a", "kind": "datetime", "min": "now"}, {"name": "b", "kind": "time", "max": "now"},
                 {"name": "c", "kind": "text"}]}
                """, registry: Registry(clock: clock))
        _ = schema.validate(["a": "2026-12-03T15:30", "b": "15:30"])
        #expect(counter.reads == 1)
        var output: [UInt8] = []
        _ = Array(#"{"a": "2026-12-03T16:00", "b": "16:00"}"#.utf8).withUnsafeBufferPointer { schema.checkJSON($0, into: &output) }
        #expect(counter.reads == 2)
        #expect(String(decoding: output, as: UTF8.self).contains(#""valid":true"#), "both fields saw 16:00")
        let plain = try FormSchema(json: #"{"vouch": 1, "fields": [{"name": "a", "kind": "datetime"}]}"#, registry: Registry(clock: clock))
        _ = plain.validate(["a": "2026-12-03T15:30"])
        #expect(counter.reads == 2, "no relative bound, no clock")
    }
}
