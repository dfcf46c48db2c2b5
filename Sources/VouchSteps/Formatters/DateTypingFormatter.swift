/// Lays out the digits of a date or time as they are typed, in the locale's numeric pattern:
/// `02/22/1982` (en-US `MM/dd/yyyy`), `22.02.1982` (de-DE), `15:05` (`HH:mm`), `3:05 PM` becomes
/// `03:05 PM` (`h:mm a`: the day period is an optional part of two letters).
///
/// Typing only (``Kind/typing``): a value being checked keeps the layouts its kind reads.
struct DateTypingFormatter: TextFormatter {
    let mask: Mask
    /// For each slot, the largest digit that begins its two-digit field (1 for a month or a
    /// 12-hour clock's hour, 5 for minutes); nil for a slot that begins no such field.
    let leadingDigitLimits: [Int?]

    /// The mask of an ICU date or time pattern whose fields are numbers (and a day period); nil
    /// for a pattern with month or weekday names.
    init?(pattern: String) {
        var mask = ""
        var limits: [Int?] = []
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let c = characters[index]
            var run = 1
            while index + run < characters.count, characters[index + run] == c { run += 1 }
            if c == "'" {
                // A quoted literal, up to the next quote.
                var end = index + 1
                while end < characters.count, characters[end] != "'" {
                    mask += "\\" + String(characters[end])
                    end += 1
                }
                index = end + 1
                continue
            }
            index += run
            switch c {
            case "y", "u":
                mask += run == 2 ? "##" : "####"
                limits += Array(repeating: nil, count: run == 2 ? 2 : 4)
            case "M", "L":
                guard run <= 2 else { return nil }
                mask += "##"
                limits += [1, nil]
            case "d", "H", "h", "K", "k", "m", "s":
                mask += "##"
                limits += [Self.leadingDigitLimit[c], nil]
            case "a", "b", "B":
                // The day period: `AM`/`PM`, with the space before it, optional while typing.
                var separator = ""
                if mask.hasSuffix("\\ ") || mask.hasSuffix("\\\u{202F}") || mask.hasSuffix("\\\u{A0}") {
                    separator = "\\" + String(mask.removeLast())
                    mask.removeLast()
                }
                mask += "[" + separator + ">AA<>]"
                limits += [nil, nil]
            default:
                guard !c.isLetter else { return nil }
                mask += "\\" + String(c)
            }
        }
        let built = Mask(mask)
        guard built.problem == nil, built.slotCount > 0 else { return nil }
        self.mask = built
        self.leadingDigitLimits = limits
    }

    /// The largest first digit of each two-digit field: `h` runs 1–12, `H` 0–23, `K` 0–11,
    /// `k` 1–24, `d` 1–31, `m` and `s` 0–59.
    private static let leadingDigitLimit: [Character: Int] = ["h": 1, "H": 2, "K": 1, "k": 2, "d": 3, "m": 5, "s": 5]

    func format(_ text: String) -> String { mask.apply(text) }

    var typingStyle: TypingStyle { .mask(.lettersAndDigits, limit: mask.slotCount) }

    func typingFit(_ typed: [Character]) -> TypingFit {
        guard mask.takes(typed) else { return .refused }
        return mask.isComplete(typed) ? .complete : .partial
    }

    var typingPlaceholder: Mask? { mask }

    /// A digit that no two-digit field begins with (`9` for an hour of `h:mm`) was its field's
    /// only digit: when the next digit comes, the field is padded, and `905` gives `09:05`.
    func typingPadded(_ typed: [Character]) -> [Character]? {
        let first = typed.count - 2
        guard first >= 0, first < leadingDigitLimits.count, typed.count < mask.slotCount, let limit = leadingDigitLimits[first],
            let digit = typed[first].wholeNumberValue, digit > limit, typed[first + 1].isNumber
        else { return nil }
        return typed.prefix(first) + ["0"] + typed.suffix(2)
    }
}
