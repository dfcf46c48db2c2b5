@_spi(VouchInternal) import VouchBase

/// `date`: a calendar date in the locale's pattern (`02/22/1982` in en-US), stored as ISO 8601
/// (`1982-02-22`). Parsing is strict: `13/45/2001` and `02/30/1982` are not dates. Bounds may be
/// relative to the day a record is checked (`today-18y`).
enum DateKind {
    static let definition = KindDefinition(
        "date", summary: "A date in the locale's pattern, stored as yyyy-MM-dd; optional min and max.",
        parameters: ParameterSpec.range(.string, summary: "a date written yyyy-MM-dd, or today with offsets (today-18y), inclusive") + [
            ParameterSpec("pattern", .string, summary: "an ICU date pattern to read and show dates with, instead of the locale's"),
            ParameterSpec("style", .choice(["short", "medium", "long"]), summary: "the locale's own ICU date style instead of a pattern"),
            ParameterSpec("time_zone", .string, summary: "the ICU time zone today is read in (default UTC)"),
        ]
    ) { parameters, context throws(VouchError) in
        let range = try TemporalRange(
            parameters, context: context, bases: [.today], units: [.y, .mo, .w, .d],
            expected: "a date written yyyy-MM-dd, or today with offsets such as today-18y"
        ) { CalendarDate(iso8601: $0).map { LocalDateTime(date: $0, time: TimeOfDay(hour: 0, minute: 0)) } }
        if let low = range.min?.fixed?.date, let high = range.max?.fixed?.date, high < low {
            throw context.invalid("max", "must not be before min (\(low.iso8601))")
        }
        let locale = context.locale
        var explicit = parameters.string("pattern")
        if let style = parameters.string("style") {
            guard explicit == nil else { throw context.invalid("style", "cannot be given with pattern") }
            let styles: [String: DateFormat.Style] = ["short": .short, "medium": .medium, "long": .long]
            explicit = DateFormat.pattern(locale: locale.icuLocale, style: styles[style]!).map(LocaleDatePatterns.plainSpaces)
        }
        let display = explicit ?? locale.datePattern
        // The explicit pattern, else the locale's: its first patterns now, those with the month's
        // name (from ICU) when a text is first read past the first ones, then the display pattern.
        let patterns = explicit.map { [$0] } ?? locale.primaryDateInputPatterns
        var laterPatterns: (@Sendable () -> [String])?
        if explicit == nil {
            let last = patterns.contains(display) ? [] : [display]
            laterPatterns = { locale.namedDatePatterns + last }
        }
        // A numeric pattern is one ICU reads; the locale's named ones are ICU's own.
        for pattern in patterns + [display] where NumericDatePattern(pattern) == nil {
            guard DateFormat.format(CalendarDate(year: 2001, month: 2, day: 3), locale: locale.icuLocale, pattern: pattern).isEmpty
            else { continue }
            throw context.invalid("pattern", "\"\(pattern)\" is not a date pattern ICU can use")
        }
        var hints = InputHints(control: .datePicker, capitalization: .none, autocorrection: false)
        let now = VouchClock.system.now()
        hints.minimum = range.min?.resolve(now: now, zone: range.zone).date.iso8601
        hints.maximum = range.max?.resolve(now: now, zone: range.zone).date.iso8601
        return Kind(
            name: "date", hints: hints, formatters: [WidthFormatter(), TrimFormatter()],
            value: DateValue(patterns: patterns, laterPatterns: laterPatterns, displayPattern: display, range: range),
            typing: DateTypingFormatter(pattern: display).map { [$0] } ?? [])
    }.readingPack(
        "date", ["pattern": .string, "input_patterns": .strings]
    ).describingInput(inputSchema)

    static func inputSchema(_ field: SchemaContribution.Field) -> SchemaContribution {
        SchemaContribution(text: .trimmed, unsaid: ["a date in ISO 8601 or the locale's notation, and its bounds"])
    }
}

/// Dates: canonical ISO 8601, display in the locale's pattern.
struct DateValue: ByteValueConverter {
    let displayPattern: String
    let range: TemporalRange
    /// What a text that is no date gets, made once when the display pattern needs no ICU.
    private let notADate: RuleViolation?
    /// The display pattern's reading without ICU, when it has one.
    private let numericDisplay: NumericDatePattern?
    /// The fixed bounds, resolved once: they fall on the same day whenever a record is checked.
    private let fixedMin: CalendarDate?
    private let fixedMax: CalendarDate?
    /// The date a violation shows as an example.
    static let example = CalendarDate(year: 1982, month: 2, day: 22)

    /// Reads dates in `patterns`, then in `laterPatterns` (asked for when a text is first read
    /// past `patterns`), then in `displayPattern` unless one of those is it.
    init(
        patterns: [String], laterPatterns: (@Sendable () -> [String])? = nil, displayPattern: String, range: TemporalRange
    ) {
        self.displayPattern = displayPattern
        self.range = range
        inputs = Self.makeInputs(patterns + (laterPatterns != nil || patterns.contains(displayPattern) ? [] : [displayPattern]))
        firstNumeric = inputs.first?.numeric.map(LentReference.init)
        laterInputs = laterPatterns.map { later in LazyReference { LaterInputs(Self.makeInputs(later())) } }
        numericDisplay = NumericDatePattern(displayPattern)
        notADate = numericDisplay.map { RuleViolation("date", ["example": .string($0.format(Self.example))]) }
        fixedMin = range.min.flatMap { $0.isRelative ? nil : $0.resolve(now: 0, zone: range.zone).date }
        fixedMax = range.max.flatMap { $0.isRelative ? nil : $0.resolve(now: 0, zone: range.zone).date }
    }

    package var readsClock: Bool { range.readsClock }

    /// The bounds on the day `now` falls on.
    private func bounds(now: Int) -> (min: CalendarDate?, max: CalendarDate?) {
        (fixedMin ?? range.min?.resolve(now: now, zone: range.zone).date, fixedMax ?? range.max?.resolve(now: now, zone: range.zone).date)
    }

    /// An input pattern, with its reading without ICU when it has one, and whether it writes the
    /// month as a name.
    private typealias Input = (pattern: String, numeric: NumericDatePattern?, namesMonth: Bool)

    private static func makeInputs(_ patterns: [String]) -> [Input] {
        patterns.map { ($0, NumericDatePattern($0), LocaleDatePatterns.namesMonth($0)) }
    }

    private let inputs: [Input]
    /// The first input's reading without ICU, when it has one: what most texts are read by,
    /// lent (``inputs`` holds it), so that reading one counts no reference.
    private let firstNumeric: LentReference<NumericDatePattern>?
    /// The patterns after ``inputs``, made the first time a text is read past those.
    private let laterInputs: LazyReference<LaterInputs>?

    private final class LaterInputs: Sendable {
        let inputs: [Input]

        init(_ inputs: [Input]) { self.inputs = inputs }
    }

    /// The date `text` spells in the first of `inputs` that reads it. ICU reads a month's name
    /// only as one of the locale's names, each of which has a letter or a character beyond ASCII
    /// (``LocaleDatePatterns/namesMonth(_:)``): a text with neither is no date in a pattern that
    /// names the month (`13/45/2001`). Looked for once (`mayNameMonth`), when such a pattern is
    /// first reached.
    private static func read(
        _ text: ByteText, in inputs: [Input], from start: Int = 0, context: ByteContext, mayNameMonth: inout Bool?
    ) -> CalendarDate? {
        for input in inputs[start...] {
            if let numeric = input.numeric {
                if let date = numeric.parse(text) { return date }
                continue
            }
            if input.namesMonth {
                let mayName = mayNameMonth ?? text.contains { $0 >= 0x80 || (0x61...0x7A).contains($0 | 0x20) }
                mayNameMonth = mayName
                guard mayName else { continue }
            }
            if let date = DateFormat.parse(text.string, locale: context.icuLocale, pattern: input.pattern) { return date }
        }
        return nil
    }

    private func format(_ date: CalendarDate, locale: String) -> String {
        if let fast = numericDisplay { return fast.format(date) }
        return DateFormat.format(date, locale: locale, pattern: displayPattern)
    }

    func convert(
        _ text: ByteText, context: ByteContext, scratch: inout CheckScratch, into value: inout ValueBytes,
        violations: inout [RuleViolation]
    ) {
        // ISO 8601 (what date pickers and APIs send) is always understood.
        var date = CalendarDate(iso8601: text) ?? firstNumeric?.with { $0.parse(text) }
        if date == nil {
            var mayNameMonth: Bool?
            date = Self.read(text, in: inputs, from: firstNumeric == nil ? 0 : 1, context: context, mayNameMonth: &mayNameMonth)
            if date == nil, let laterInputs {
                date = laterInputs.withInstance { Self.read(text, in: $0.inputs, context: context, mayNameMonth: &mayNameMonth) }
            }
        }
        let (min, max) = bounds(now: context.now)
        guard let date else {
            if let notADate { return violations.append(notADate) }
            return violations.append(RuleViolation("date", ["example": .string(format(Self.example, locale: context.icuLocale))]))
        }
        if let min, date < min {
            return violations.append(RuleViolation("date_too_early", ["min": .string(format(min, locale: context.icuLocale))]))
        }
        if let max, date > max {
            return violations.append(RuleViolation("date_too_late", ["max": .string(format(max, locale: context.icuLocale))]))
        }
        guard context.wantsValue else { return }
        date.appendISO8601(to: &value.canonical)
        value.canonicalIsPlain = true
        guard context.wantsDisplay else { return }
        value.displayIsCanonical = false
        if let numericDisplay {
            numericDisplay.format(date, into: &value.display)
        } else {
            value.display.append(contentsOf: DateFormat.format(date, locale: context.icuLocale, pattern: displayPattern).utf8)
        }
    }
}
