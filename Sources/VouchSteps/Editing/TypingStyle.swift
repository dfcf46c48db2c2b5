@_spi(VouchInternal) import VouchBase

/// How a formatter takes part in as-you-type editing.
public enum TypingStyle: Sendable, Hashable {
    /// Not while typing: it runs when the value is checked (`trim`, `collapse_spaces`), since it
    /// would fight the user mid-word.
    case checkOnly
    /// On the text as typed (`capitalize`, `upper`, `digits`).
    case text
    /// A mask: it lays out the significant characters and adds its own literals (`(`, `)`, `-`, spaces).
    /// Editing counts only the significant characters, so deleting a literal deletes the character
    /// before it, and the caret stays after the character typed.
    /// `limit`: the most significant characters the mask takes, if it has a most.
    case mask(MaskCharacters, limit: Int? = nil)
}

/// The characters that carry a masked value.
public enum MaskCharacters: Sendable, Hashable {
    case digits
    /// Digits, and a `+` at the start (international phone numbers).
    case phoneDigits
    case lettersAndDigits
    /// The characters of the slots of a mask with a `?` slot, which takes any character: the
    /// characters that are not the mask's literals where they stand.
    case slots(of: Mask)
    /// An amount: digits, one decimal separator and a leading `-`; the characters of `symbol`
    /// (the currency's, `R$`) are taken and left to the layout.
    case amount(decimalSeparator: Character, symbol: String = "")

    /// Whether `character` carries the value, at position `index` of the significant characters.
    func accepts(_ character: Character, at index: Int) -> Bool {
        // An ASCII character is its byte (`\r\n`, one character of two bytes, is neither).
        if character.utf8.count == 1 { return accepts(ascii: character.utf8.first!, at: index) }
        switch self {
        case .digits, .phoneDigits: return Self.isDigit(character)
        case .lettersAndDigits: return character.isLetter || character.isNumber
        case .slots: return true
        case .amount(let separator, _): return Self.isDigit(character) || character == separator
        }
    }

    /// ``accepts(_:at:)`` of an ASCII character, by its byte.
    private func accepts(ascii byte: UInt8, at index: Int) -> Bool {
        switch self {
        case .digits: byte.isASCIIDigit
        case .phoneDigits: byte.isASCIIDigit || (index == 0 && byte == .plus)
        case .lettersAndDigits: byte.isASCIILetterOrDigit
        case .slots: true
        case .amount(let separator, _):
            byte.isASCIIDigit || (separator.utf8.count == 1 && separator.utf8.first == byte) || (index == 0 && byte == .hyphen)
        }
    }

    /// Whether `character`, typed, is one the layout writes itself (a currency symbol's letter):
    /// taken, and changing nothing.
    func isLayout(_ character: Character) -> Bool {
        if case .amount(_, let symbol) = self { return symbol.contains(character) }
        return false
    }

    /// Whether a group's closing literal typed early fills the group with leading zeros (`2/` is
    /// `02/` in a date). Never in a phone number: its groups have no fixed width, and a space,
    /// dash or parenthesis typed is layout, never a digit.
    var padsGroups: Bool { self != .phoneDigits }

    /// Whether `character`, typed where no slot takes it, is taken as layout and changes nothing
    /// (a `(` or `-` the mask writes itself), rather than refused: in a phone number, only the
    /// separators numbers are written with, so that `*`, `#`, `;` and a second `+` are refused.
    func takesAsLayout(_ character: Character) -> Bool {
        guard self == .phoneDigits else { return true }
        return character.isWhitespace || "()-./".contains(character)
    }

    private static func isDigit(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii.isASCIIDigit }
        return character.unicodeScalars.first!.decimalDigitValue != nil
    }

    /// The characters of `text` that carry the value, in order.
    package func significant(in text: String) -> [Character] { zip(text, significance(of: text)).filter(\.1).map(\.0) }

    /// Which characters of `text` carry the value (true) and which the layout added (false).
    func significance(of text: String) -> [Bool] {
        if case .slots(let mask) = self { return mask.slotFlags(of: text) }
        if let flags = asciiSignificance(of: text) { return flags }
        var flags: [Bool] = []
        var count = 0
        for c in text {
            let carries = accepts(c, at: count)
            if carries { count += 1 }
            flags.append(carries)
        }
        return flags
    }

    /// ``significance(of:)`` of ASCII text, byte by byte (each byte a character); nil for other
    /// text, and for a `\r\n`, which is one character.
    private func asciiSignificance(of text: String) -> [Bool]? {
        let utf8 = text.utf8
        var flags: [Bool] = []
        flags.reserveCapacity(utf8.count)
        var count = 0
        for byte in utf8 {
            guard byte < 0x80, byte != UInt8(ascii: "\r") else { return nil }
            let carries = accepts(ascii: byte, at: count)
            if carries { count += 1 }
            flags.append(carries)
        }
        return flags
    }
}

/// How the characters typed into a masked field fit its layout.
public enum TypingFit: Sendable, Hashable {
    /// No layout takes them (a letter in a digit slot, a character past the last slot): the edit
    /// is refused.
    case refused
    /// They begin a value: more is to come.
    case partial
    /// They fill the layout (a mask's every slot, a whole valid phone number).
    case complete
}
