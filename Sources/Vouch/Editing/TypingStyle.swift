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

    /// Whether `character` carries the value, at position `index` of the significant characters.
    func accepts(_ character: Character, at index: Int) -> Bool {
        switch self {
        case .digits: character.isASCII ? character.isNumber : character.unicodeScalars.first!.decimalDigitValue != nil
        case .phoneDigits:
            (index == 0 && character == "+")
                || (character.isASCII ? character.isNumber : character.unicodeScalars.first!.decimalDigitValue != nil)
        case .lettersAndDigits: character.isLetter || character.isNumber
        }
    }
}
