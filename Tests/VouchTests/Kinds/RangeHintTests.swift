import Testing

@testable import Vouch

@Suite("Hints with min, max and step")
struct RangeHintTests {
    static func field(_ field: String, locale: String = "en-US") throws -> FieldSchema {
        try FormSchema(json: #"{"vouch": 1, "locale": "\#(locale)", "fields": [\#(field)]}"#, registry: Registry()).fields[0]
    }

    @Test(
        "a field's bounds and step are its hints, as canonical values, and HTML's min, max and step",
        arguments: [
            (#"{"name": "n", "kind": "number", "min": 0, "max": 120}"#, "0", "120", "1"),
            (#"{"name": "n", "kind": "number"}"#, nil, nil, "1"),
            (#"{"name": "n", "kind": "decimal", "min": 0.5, "max": 99.5, "max_fraction_digits": 2}"#, "0.5", "99.5", "0.01"),
            (#"{"name": "n", "kind": "decimal", "max_fraction_digits": 0}"#, nil, nil, "1"),
            (#"{"name": "n", "kind": "decimal", "min": -3}"#, "-3", nil, nil),
            (#"{"name": "d", "kind": "date", "min": "1900-01-01", "max": "2030-12-31"}"#, "1900-01-01", "2030-12-31", nil),
            (#"{"name": "t", "kind": "time", "min": "09:00", "max": "17:30"}"#, "09:00", "17:30", nil),
            (#"{"name": "t", "kind": "datetime", "min": "2026-01-01T09:00"}"#, "2026-01-01T09:00", nil, nil),
            (#"{"name": "x", "kind": "text"}"#, nil, nil, nil),
        ] as [(String, String?, String?, String?)])
    func hints(spec: String, minimum: String?, maximum: String?, step: String?) throws {
        let hints = try Self.field(spec).hints
        #expect(hints.minimum == minimum)
        #expect(hints.maximum == maximum)
        #expect(hints.step == step)
        let html = Dictionary(uniqueKeysWithValues: hints.htmlAttributes().map { ($0.name, $0.value) })
        #expect(html["min"] == minimum)
        #expect(html["max"] == maximum)
        #expect(html["step"] == step)
    }

    @Test("a bound relative to today is the day the field's own check takes last", arguments: ["today-18y", "today+30d"])
    func relative(bound: String) throws {
        let form = try FormSchema(
            json: #"{"vouch": 1, "locale": "en-US", "fields": [{"name": "d", "kind": "date", "max": "\#(bound)"}]}"#, registry: Registry())
        let last = try #require(form.fields[0].hints.maximum.flatMap { CalendarDate(iso8601: $0) })
        #expect(form.validate(["d": last.iso8601]).violations.isEmpty)
        let next = LocalDateTime(localSeconds: LocalDateTime(date: last, time: TimeOfDay(hour: 0, minute: 0)).localSeconds + 86_400).date
        #expect(form.validate(["d": next.iso8601]).violations.map(\.code) == ["date_too_late"])
    }
}
