@_spi(VouchInternal) import VouchBase

/// `datetime`: a date and a time in the locale's patterns (`02/22/1982 3:05 PM` in en-US), stored as
/// an ISO 8601 local date-time (`1982-02-22T15:05`), with the offset when the input or the field's
/// `time_zone` gives one (`1982-02-22T15:05+01:00`).
enum DateTimeKind {
    static let definition = KindDefinition(
        "datetime",
        summary: "A date and time in the locale's patterns, stored as ISO 8601 (1982-02-22T15:05, with the offset when known).",
        parameters: ParameterSpec.range(.string, summary: "an ISO 8601 date-time, or today or now with offsets (now-2h), inclusive")
            + [ParameterSpec("time_zone", .string, summary: "the ICU time zone of the values (Europe/Berlin), and of today and now")]
    ) { parameters, context throws(VouchError) in
        let range = try TemporalRange(
            parameters, context: context, bases: [.today, .now], units: Set(TemporalBound.Unit.allCases),
            expected: "a date-time written yyyy-MM-ddTHH:mm or yyyy-MM-ddTHH:mm:ss, or today or now with offsets such as now-2h"
        ) { LocalDateTime(iso8601: $0) }
        let locale = context.locale
        let times = TimePatterns(locale: locale.icuLocale, extraInputs: locale.timeInputPatterns)
        let value = DateTimeValue(
            datePatterns: locale.dateInputPatterns + [locale.datePattern], datePattern: locale.datePattern, times: times, range: range)
        if let low = range.min?.fixed, let high = range.max?.fixed, value.instant(high) < value.instant(low) {
            throw context.invalid("max", "must not be before min (\(low.iso8601))")
        }
        var hints = InputHints(control: .dateTimePicker, capitalization: .none, autocorrection: false)
        let now = VouchClock.system.now()
        hints.minimum = range.min?.resolve(now: now, zone: range.zone).iso8601
        hints.maximum = range.max?.resolve(now: now, zone: range.zone).iso8601
        return Kind(name: "datetime", hints: hints, formatters: [WidthFormatter(), TrimFormatter()], value: value)
    }.describingInput(inputSchema)

    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        SchemaContribution(text: .trimmed, unsaid: ["a date and time in ISO 8601 or the locale's notation, and its bounds"])
    }
}

/// Date-times: canonical ISO 8601, display in the locale's date and time patterns.
struct DateTimeValue: TextReadingConverter {
    /// Each date pattern with each time pattern, with a space or a comma and a space between.
    let inputs: [String]
    let datePattern: String
    let times: TimePatterns
    /// The bounds, and the time zone of the values (none when nil: UTC for today and now).
    let range: TemporalRange

    init(datePatterns: [String], datePattern: String, times: TimePatterns, range: TemporalRange) {
        var inputs: [String] = []
        for date in datePatterns {
            for time in times.inputs {
                for separator in [" ", ", "] where !inputs.contains(date + separator + time) { inputs.append(date + separator + time) }
            }
        }
        self.inputs = inputs
        self.datePattern = datePattern
        self.times = times
        self.range = range
    }

    package var readsClock: Bool { range.readsClock }

    /// The instant of `value`: a wall time without an offset is in the field's time zone (UTC without one).
    func instant(_ value: LocalDateTime) -> Int {
        if value.offset == nil, let zone = range.zone,
            let offset = DateTimeFormat.offset(zone: zone, at: value.localSeconds, isLocal: true)
        {
            return value.localSeconds - offset
        }
        return value.instant
    }

    /// `value` in the locale's date pattern and time pattern (medium when it has seconds).
    func format(_ value: LocalDateTime, locale: String) -> String {
        DateTimeFormat.format(value, locale: locale, pattern: datePattern + " " + times.display(value.time))
    }

    /// The date-time `text` spells, in the field's time zone when it has one.
    func read(_ text: String, locale: String) -> LocalDateTime? {
        var value = LocalDateTime(iso8601: text)
        if value == nil {
            for pattern in inputs {
                value = DateTimeFormat.parse(text, locale: locale, pattern: pattern)
                if value != nil { break }
            }
        }
        guard var value, value.date.isValid else { return nil }
        if let zone = range.zone {
            if value.offset != nil {
                // Given with an offset: the same instant, as the zone's wall time.
                let instant = value.instant
                let offset = DateTimeFormat.offset(zone: zone, at: instant, isLocal: false) ?? 0
                value = LocalDateTime(localSeconds: instant + offset, offset: offset)
            } else {
                value.offset = DateTimeFormat.offset(zone: zone, at: value.localSeconds, isLocal: true)
                // A wall time the clocks skip when summer time begins (02:30 on that night) is no
                // time in the zone: its instant reads back as another wall time.
                if let offset = value.offset,
                    TemporalBound.wallTime(now: value.localSeconds - offset, zone: zone).localSeconds != value.localSeconds
                {
                    return nil
                }
            }
        }
        return value
    }

    func conversion(of text: String, context: RuleContext) -> Conversion {
        let locale = context.locale.icuLocale
        guard let value = read(text, locale: locale) else {
            let example = format(
                LocalDateTime(date: CalendarDate(year: 1982, month: 2, day: 22), time: TimeOfDay(hour: 15, minute: 5)), locale: locale)
            return .violations([RuleViolation("datetime", ["example": .string(example)])])
        }
        if let min = range.min?.resolve(now: context.now, zone: range.zone), instant(value) < instant(min) {
            return .violations([RuleViolation("datetime_too_early", ["min": .string(format(min, locale: locale))])])
        }
        if let max = range.max?.resolve(now: context.now, zone: range.zone), instant(value) > instant(max) {
            return .violations([RuleViolation("datetime_too_late", ["max": .string(format(max, locale: locale))])])
        }
        return .value(TypedValue(canonical: .string(value.iso8601), display: format(value, locale: locale)))
    }
}
