@_spi(VouchInternal) import VouchBase

/// A bound of a `date`, `time` or `datetime` field: a fixed one, or one relative to the time the
/// record is checked: `today`, `now`, `today-18y`, `today+30d`, `now-2h`.
struct TemporalBound: Sendable, Hashable {
    /// `today` (midnight) or `now`.
    enum Base: Sendable, Hashable { case today, now }

    /// A fixed bound, or nil when relative.
    let fixed: LocalDateTime?
    let base: Base
    /// Calendar offsets (months, and days of the wall clock, which a change of summer time does
    /// not shorten), then elapsed seconds.
    let months: Int
    let days: Int
    let seconds: Int

    init(fixed: LocalDateTime) {
        self.fixed = fixed
        (base, months, days, seconds) = (.now, 0, 0, 0)
    }

    /// The units a relative bound may use: `y`, `mo`, `w`, `d`, `h`, `m` (minutes), `s`.
    enum Unit: String, CaseIterable, Sendable {
        case y, mo, w, d, h, m, s
    }

    /// Reads `today` or `now`, then offsets such as `-18y`, `+30d`, `-2h` (several may follow one
    /// another: `now-1d+2h`); nil when `text` is not one, or uses a base or unit not in `allowed`.
    init?(relative text: String, bases: Set<Base>, units: Set<Unit>) {
        var rest = Substring(text)
        if rest.hasPrefix("today") {
            base = .today
            rest = rest.dropFirst(5)
        } else if rest.hasPrefix("now") {
            base = .now
            rest = rest.dropFirst(3)
        } else {
            return nil
        }
        guard bases.contains(base) else { return nil }
        var months = 0
        var days = 0
        var seconds = 0
        while let sign = rest.first {
            guard sign == "+" || sign == "-" else { return nil }
            rest = rest.dropFirst()
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 6, let amount = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let letters = rest.prefix { $0.isASCII && $0.isLetter }
            guard let unit = Unit(rawValue: String(letters)), units.contains(unit) else { return nil }
            rest = rest.dropFirst(letters.count)
            let signed = sign == "-" ? -amount : amount
            switch unit {
            case .y: months += 12 * signed
            case .mo: months += signed
            case .w: days += 7 * signed
            case .d: days += signed
            case .h: seconds += 3600 * signed
            case .m: seconds += 60 * signed
            case .s: seconds += signed
            }
        }
        self.fixed = nil
        self.months = months
        self.days = days
        self.seconds = seconds
    }

    var isRelative: Bool { fixed == nil }

    /// The bound at `now` (seconds since 1970 UTC), as a wall time in the time zone `zone` (UTC
    /// when nil), with that zone's offset.
    func resolve(now: Int, zone: String?) -> LocalDateTime {
        if let fixed {
            // A fixed bound with an offset is shown as the zone's wall time at that instant.
            guard let zone, fixed.offset != nil else { return fixed }
            return Self.wallTime(now: fixed.instant, zone: zone)
        }
        var local = Self.wallTime(now: now, zone: zone)
        if base == .today { local.time = TimeOfDay(hour: 0, minute: 0) }
        if months != 0 {
            let total = local.date.year * 12 + (local.date.month - 1) + months
            let year = total >= 0 ? total / 12 : -((-total + 11) / 12)
            var date = CalendarDate(year: year, month: total - year * 12 + 1, day: local.date.day)
            while !date.isValid && date.day > 28 { date.day -= 1 }  // Jan 31 + 1 month: the last of February
            local.date = date
        }
        // Days on the wall clock, then the elapsed seconds from that wall time's instant: in the
        // zone's offset of the day the bound falls on, not of today.
        let wall = local.localSeconds + days * 86_400
        guard let zone else { return LocalDateTime(localSeconds: wall + seconds) }
        let offset = DateTimeFormat.offset(zone: zone, at: wall, isLocal: true) ?? local.offset ?? 0
        return Self.wallTime(now: wall - offset + seconds, zone: zone)
    }

    /// The wall time `now` (seconds since 1970 in UTC) is in `zone` (UTC when nil), with its offset.
    static func wallTime(now: Int, zone: String?) -> LocalDateTime {
        let offset = zone.flatMap { DateTimeFormat.offset(zone: $0, at: now, isLocal: false) } ?? 0
        return LocalDateTime(localSeconds: now + offset, offset: offset)
    }

    /// The bound as a time of today in `zone`: a relative bound that falls on another day
    /// (`now-2h` at 01:00, `now+2h` at 23:00) is the start or the end of today, never a time
    /// of today on the other side of midnight.
    func timeOfToday(now: Int, zone: String?) -> TimeOfDay {
        let bound = resolve(now: now, zone: zone)
        guard isRelative else { return bound.time }
        let today = Self.wallTime(now: now, zone: zone).date
        if bound.date < today { return TimeOfDay(hour: 0, minute: 0) }
        if bound.date > today { return TimeOfDay(hour: 23, minute: 59, second: 59) }
        return bound.time
    }
}

/// The bounds and the time zone of a date, time or date-time field: its `min`, `max` and
/// `time_zone` parameters.
struct TemporalRange: Sendable {
    let min: TemporalBound?
    let max: TemporalBound?
    /// The ICU time zone today and now are read in (and a date-time's values); UTC when nil.
    let zone: String?

    /// Whether a bound moves with the time a value is checked at (`today-18y`).
    var readsClock: Bool { min?.isRelative == true || max?.isRelative == true }

    /// Reads the parameters: each bound relative in `bases` and `units`, or what `read` makes of
    /// its text (a fixed bound); throws as `context.invalid`, with `expected` for a bound.
    init(
        _ parameters: Parameters, context: BuildContext, bases: Set<TemporalBound.Base>, units: Set<TemporalBound.Unit>,
        expected: String, read: (String) -> LocalDateTime?
    ) throws(VouchError) {
        func bound(_ name: String) throws(VouchError) -> TemporalBound? {
            guard let text = parameters.string(name) else { return nil }
            if let relative = TemporalBound(relative: text, bases: bases, units: units) { return relative }
            guard let fixed = read(text) else { throw context.invalid(name, "must be \(expected)") }
            return TemporalBound(fixed: fixed)
        }
        zone = try context.timeZone(parameters)
        min = try bound("min")
        max = try bound("max")
    }
}

extension BuildContext {
    /// The `time_zone` parameter: an ICU time zone ID (`Europe/Berlin`), checked; nil when absent.
    func timeZone(_ parameters: Parameters) throws(VouchError) -> String? {
        guard let zone = parameters.string("time_zone") else { return nil }
        guard DateTimeFormat.offset(zone: zone, at: 0, isLocal: false) != nil else {
            throw invalid("time_zone", "must be an ICU time zone such as \"Europe/Berlin\" or \"UTC\"")
        }
        return zone
    }
}
