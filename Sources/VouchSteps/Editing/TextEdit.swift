/// An edit of a field's text, as `UITextFieldDelegate` and the DOM's `beforeinput` give it: a range
/// of the current text, in UTF-16 code units, and the text that replaces it.
public struct TextEdit: Sendable, Hashable {
    /// Where the replaced text starts, in UTF-16 code units.
    public var location: Int
    /// How many UTF-16 code units it spans (0 for an insertion).
    public var length: Int
    public var replacement: String
    /// Whether the edit is the delete key's (forward): a masked field deletes the significant
    /// character after layout characters alone, where backspace deletes the one before them.
    public var isForward: Bool

    public init(location: Int, length: Int, replacement: String, isForward: Bool = false) {
        self.location = location
        self.length = length
        self.replacement = replacement
        self.isForward = isForward
    }

    /// Typing `text` at `caret`.
    public static func insert(_ text: String, at caret: Int) -> TextEdit { TextEdit(location: caret, length: 0, replacement: text) }

    /// Deleting backwards from `caret`, one character: the edit of the backspace key.
    public static func deleteBackward(in text: String, at caret: Int) -> TextEdit {
        let utf16 = text.utf16
        let end = utf16.index(utf16.startIndex, offsetBy: min(max(caret, 0), utf16.count))
        guard end > text.startIndex else { return TextEdit(location: 0, length: 0, replacement: "") }
        let start = text.index(before: end.samePosition(in: text) ?? text.index(after: text.startIndex))
        let location = utf16.distance(from: utf16.startIndex, to: start)
        return TextEdit(location: location, length: caret - location, replacement: "")
    }

    /// Deleting forwards from `caret`, one character: the edit of the delete key.
    public static func deleteForward(in text: String, at caret: Int) -> TextEdit {
        let utf16 = text.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: min(max(caret, 0), utf16.count))
        let location = utf16.distance(from: utf16.startIndex, to: start)
        guard let character = start.samePosition(in: text), character < text.endIndex else {
            return TextEdit(location: location, length: 0, replacement: "", isForward: true)
        }
        let end = text.index(after: character)
        return TextEdit(location: location, length: utf16.distance(from: start, to: end), replacement: "", isForward: true)
    }
}
