/// What an edit made of a field's text, as ``Field/edit(_:)`` gives it.
public struct EditResult: Sendable, Hashable, CustomStringConvertible {
    /// The new text of the field.
    public var text: String
    /// Where the caret goes, in UTF-16 code units.
    public var caret: Int
    /// Whether the edit was taken (false: a character the field does not take, or past its length).
    public var accepted: Bool
    /// Whether the text fills the field: every slot of its mask (a whole phone number, a date
    /// with its year); for a field without a mask, whether it has text.
    public var isComplete: Bool

    public init(text: String, caret: Int, accepted: Bool, isComplete: Bool) {
        self.text = text
        self.caret = caret
        self.accepted = accepted
        self.isComplete = isComplete
    }

    /// The text with a `|` at the caret: `(201) 5|`.
    public var description: String {
        let index = text.utf16.index(text.utf16.startIndex, offsetBy: caret)
        return String(text[..<index]) + "|" + String(text[index...])
    }
}
