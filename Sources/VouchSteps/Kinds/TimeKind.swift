@_spi(VouchInternal) import VouchBase

/// `time`: a time of day in the locale's short or medium pattern (`3:05 PM` in en-US, `15:05` in
/// de-DE), stored as ISO 8601 (`15:05`, or `15:05:30` with seconds).
enum TimeKind {
    static let definition = KindDefinition(
        "time", summary: "A time of day in the locale's pattern, stored as HH:mm or HH:mm:ss; optional min and max.",
        parameters: ParameterSpec.range(.string, summary: "a time written HH:mm or HH:mm:ss, or now with offsets (now-2h), inclusive")
            + [ParameterSpec("time_zone", .string, summary: "the ICU time zone now is read in (default UTC)")]
    ) { parameters, context throws(VouchError) in
        let range = try TemporalRange(
            parameters, context: context, bases: [.now], units: [.h, .m, .s],
            expected: "a time written HH:mm or HH:mm:ss, or now with offsets such as now-2h"
        ) { TimeOfDay(iso8601: $0).map { LocalDateTime(date: CalendarDate(year: 1970, month: 1, day: 1), time: $0) } }
        if let low = range.min?.fixed, let high = range.max?.fixed, high.time < low.time {
            throw context.invalid("max", "must not be before min (\(low.time.iso8601))")
        }
        let patterns = TimePatterns(locale: context.locale.icuLocale, extraInputs: context.locale.timeInputPatterns)
        var hints = InputHints(control: .timePicker, capitalization: .none, autocorrection: false)
        let now = VouchClock.system.now()
        hints.minimum = range.min?.timeOfToday(now: now, zone: range.zone).iso8601
        hints.maximum = range.max?.timeOfToday(now: now, zone: range.zone).iso8601
        return Kind(
            name: "time", hints: hints, formatters: [WidthFormatter(), TrimFormatter()],
            value: TimeValue(patterns: patterns, range: range),
            typing: DateTypingFormatter(pattern: patterns.short).map { [$0] } ?? [])
    }.readingPack("time", ["input_patterns": .strings]).describingInput(inputSchema)

    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        SchemaContribution(text: .trimmed, unsaid: ["a time in ISO 8601 or the locale's notation, and its bounds"])
    }
}

/// Times: canonical ISO 8601 (`15:05`), display in the locale's pattern (`3:05 PM`).
struct TimeValue: ByteValueConverter {
    let patterns: TimePatterns
    let range: TemporalRange

    package var readsClock: Bool { range.readsClock }

    func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        // ISO 8601 without bounds, the common case of APIs and time pickers, without ICU unless displayed.
        if range.min == nil, range.max == nil, !context.wantsDisplay, let time = TimeOfDay(iso8601: text.string) {
            return value.canonical.append(contentsOf: time.iso8601.utf8)
        }
        let locale = context.icuLocale
        guard let time = patterns.read(text.string, locale: locale) else {
            let example = patterns.format(TimeOfDay(hour: 15, minute: 5), locale: locale)
            return violations.append(RuleViolation("time", ["example": .string(example)]))
        }
        if let min = range.min?.timeOfToday(now: context.now, zone: range.zone), time < min {
            return violations.append(RuleViolation("time_too_early", ["min": .string(patterns.format(min, locale: locale))]))
        }
        if let max = range.max?.timeOfToday(now: context.now, zone: range.zone), time > max {
            return violations.append(RuleViolation("time_too_late", ["max": .string(patterns.format(max, locale: locale))]))
        }
        value.set(TypedValue(canonical: .string(time.iso8601), display: patterns.format(time, locale: locale)))
    }
}
