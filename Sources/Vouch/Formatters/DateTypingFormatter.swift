/// Lays out the digits of a date or time as they are typed, in the locale's numeric pattern:
/// `02/22/1982` (en-US `MM/dd/yyyy`), `22.02.1982` (de-DE), `15:05` (`HH:mm`), `3:05 PM` becomes
/// `03:05 PM` (`h:mm a`: the day period is an optional part of two letters).
///
/// Typing only (``Kind/typing``): a value being checked keeps the layouts its kind reads.
struct DateTypingFormatter: TextFormatter {
    let mask: Mask

    /// The mask of an ICU date or time pattern whose fields are numbers (and a day period); nil
    /// for a pattern with month or weekday names.
    init?(pattern: String) {
        var mask = ""
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
            case "y", "u": mask += run == 2 ? "##" : "####"
            case "M", "L":
                guard run <= 2 else { return nil }
                mask += "##"
            case "d", "H", "h", "K", "k", "m", "s": mask += "##"
            case "a", "b", "B":
                // The day period: `AM`/`PM`, with the space before it, optional while typing.
                var separator = ""
                if mask.hasSuffix("\\ ") || mask.hasSuffix("\\\u{202F}") || mask.hasSuffix("\\\u{A0}") {
                    separator = "\\" + String(mask.removeLast())
                    mask.removeLast()
                }
                mask += "[" + separator + ">AA<>]"
            default:
                guard !c.isLetter else { return nil }
                mask += "\\" + String(c)
            }
        }
        let built = Mask(mask)
        guard built.problem == nil, built.slotCount > 0 else { return nil }
        self.mask = built
    }

    func format(_ text: String) -> String { mask.apply(text) }

    var typingStyle: TypingStyle { .mask(.lettersAndDigits, limit: mask.slotCount) }

    func typingFit(_ typed: [Character]) -> TypingFit {
        guard mask.takes(typed) else { return .refused }
        return mask.isComplete(typed) ? .complete : .partial
    }

    var typingPlaceholder: Mask? { mask }
}
