/// `date`: a calendar date in the locale's pattern (`02/22/1982` in en-US), stored as ISO 8601
/// (`1982-02-22`). Parsing is strict: `13/45/2001` and `02/30/1982` are not dates.
enum DateKind {
    static let definition = KindDefinition(
        "date", summary: "A date in the locale's pattern, stored as yyyy-MM-dd; optional min and max.",
        parameters: [
            ParameterSpec("min", .string, summary: "earliest date, yyyy-MM-dd"),
            ParameterSpec("max", .string, summary: "latest date, yyyy-MM-dd"),
            ParameterSpec("pattern", .string, summary: "an ICU date pattern to read and show dates with, instead of the locale's"),
            ParameterSpec("style", .choice(["short", "medium", "long"]), summary: "the locale's own ICU date style instead of a pattern"),
        ]
    ) { parameters, context throws(VouchError) in
        func bound(_ name: String) throws(VouchError) -> CalendarDate? {
            guard let text = parameters.string(name) else { return nil }
            guard let date = CalendarDate(iso8601: text) else { throw context.invalid(name, "must be a date written yyyy-MM-dd") }
            return date
        }
        let min = try bound("min"), max = try bound("max")
        if let min, let max, max < min { throw context.invalid("max", "must not be before min (\(min.iso8601))") }
        let locale = context.locale
        var explicit = parameters.string("pattern")
        if let style = parameters.string("style") {
            guard explicit == nil else { throw context.invalid("style", "cannot be given with pattern") }
            let styles: [String: DateFormat.Style] = ["short": .short, "medium": .medium, "long": .long]
            explicit = DateFormat.pattern(locale: locale.icuLocale, style: styles[style]!)
        }
        let display = explicit ?? locale.datePattern
        var patterns = explicit.map { [$0] } ?? locale.dateInputPatterns
        if !patterns.contains(display) { patterns.append(display) }
        for pattern in patterns where DateFormat.format(CalendarDate(year: 2001, month: 2, day: 3), locale: locale.icuLocale, pattern: pattern).isEmpty {
            throw context.invalid("pattern", "\"\(pattern)\" is not a date pattern ICU can use")
        }
        return Kind(
            name: "date", hints: InputHints(control: .datePicker, capitalization: .none, autocorrection: false),
            formatters: [TrimFormatter()], value: DateValue(patterns: patterns, displayPattern: display, min: min, max: max))
    }
}

/// Dates: canonical ISO 8601, display in the locale's pattern.
struct DateValue: ValueConverter {
    let patterns: [String]
    let displayPattern: String
    let min: CalendarDate?
    let max: CalendarDate?

    func convert(_ text: String, context: RuleContext) -> Conversion {
        let locale = context.locale.icuLocale
        // ISO 8601 (what date pickers and APIs send) is always understood.
        let date = CalendarDate(iso8601: text) ?? patterns.lazy.compactMap { DateFormat.parse(text, locale: locale, pattern: $0) }.first
        guard let date else {
            let example = DateFormat.format(CalendarDate(year: 1982, month: 2, day: 22), locale: locale, pattern: displayPattern)
            return .violations([RuleViolation("date", ["example": .string(example)])])
        }
        if let min, date < min {
            return .violations([RuleViolation("date_too_early", ["min": .string(DateFormat.format(min, locale: locale, pattern: displayPattern))])])
        }
        if let max, date > max {
            return .violations([RuleViolation("date_too_late", ["max": .string(DateFormat.format(max, locale: locale, pattern: displayPattern))])])
        }
        return .value(TypedValue(canonical: .string(date.iso8601), display: DateFormat.format(date, locale: locale, pattern: displayPattern)))
    }
}
