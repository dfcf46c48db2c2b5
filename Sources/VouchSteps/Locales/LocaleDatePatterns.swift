@_spi(VouchInternal) import VouchBase

/// The date patterns of a locale without a pack's, from ICU's CLDR data: its short pattern, the
/// year written with four digits (`d/M/yyyy` of es-ES `d/M/yy`; the pattern dates are shown in),
/// and with two (read as ICU does: within the 80 years before and the 20 after today), then its
/// medium and long patterns (month names: `22 feb 1982`, `22 de febrero de 1982`,
/// `1982年2月22日`). The day and month take one digit or two in each (see ``NumericDatePattern``).
enum LocaleDatePatterns {
    /// The display pattern and the numeric input patterns of `locale` (an ICU locale id), or nil
    /// when ICU has no short date pattern for it; its ``named(locale:)`` patterns come after them.
    static func derive(locale: String) -> (display: String, inputs: [String])? {
        guard let short = DateFormat.pattern(locale: locale, style: .short).map(plainSpaces), !short.isEmpty else { return nil }
        let display = withYear(short, width: 4)
        let twoDigits = withYear(short, width: 2)
        // Read without ICU, the four-digit pattern takes exactly four digits and goes first; read by
        // ICU, it would take `82` as the year 82, so the two-digit one (which ICU reads as 1982,
        // and `1982` as 1982) goes first.
        return (display, NumericDatePattern(display) != nil ? [display, twoDigits] : [twoDigits, display])
    }

    /// The medium and long patterns of `locale`, with the month's name (`d MMM y`, `y年M月d日`):
    /// read also where a pack gives the numeric ones.
    static func named(locale: String) -> [String] {
        var patterns: [String] = []
        for pattern in [DateFormat.pattern(locale: locale, style: .medium), DateFormat.pattern(locale: locale, style: .long)] {
            if let pattern = pattern.map(plainSpaces), !pattern.isEmpty, !patterns.contains(pattern) { patterns.append(pattern) }
        }
        return patterns
    }

    /// Whether `pattern` writes the month as a name (`MMM`, `MMMM`, `LLL` or `LLLL` outside
    /// quotes; not the narrow `MMMMM`). ICU, strict, reads such a field only as one of the
    /// locale's month names, never as a number.
    static func namesMonth(_ pattern: String) -> Bool {
        var quoted = false
        var run: Character?
        var length = 0
        for character in pattern + "'" {
            if !quoted && character == run {
                length += 1
                continue
            }
            if (run == "M" || run == "L") && (3...4).contains(length) { return true }
            if character == "'" { quoted.toggle() }
            run = quoted || character == "'" ? nil : character
            length = 1
        }
        return false
    }

    /// `pattern` with its no-break spaces (ru `d MMM y 'г'.` has one before `г.`) as plain ones,
    /// as dates are read after ``WidthFormatter``.
    static func plainSpaces(_ pattern: String) -> String {
        String(String.UnicodeScalarView(pattern.unicodeScalars.map { ["\u{00A0}", "\u{2007}", "\u{202F}"].contains($0) ? " " : $0 }))
    }

    /// `pattern` with each year field (a run of `y` outside quotes) written `width` times.
    static func withYear(_ pattern: String, width: Int) -> String {
        var out = ""
        var quoted = false
        var previousWasYear = false
        for character in pattern {
            if character == "'" { quoted.toggle() }
            if !quoted && character == "y" {
                if !previousWasYear { out += String(repeating: "y", count: width) }
                previousWasYear = true
                continue
            }
            previousWasYear = false
            out.append(character)
        }
        return out
    }
}
