/// Applies as-you-type edits to a field's text: masks, length limits, character filters and
/// capitalization, with the caret kept after what the user typed.
///
/// A field is edited as a mask when one of its formatters is one (phone numbers, masked postal
/// codes, `card.group`): only the mask's significant characters (digits, or letters and digits)
/// are the value; the mask's literals come and go with them. Otherwise the text is edited as typed,
/// with the field's character filter, length limit and capitalization.
struct FieldEditor: Sendable {
    let formatters: [any TextFormatter]
    let mask: MaskCharacters?
    /// The most significant characters (mask) or characters (text) the field takes.
    let limit: Int?
    /// Characters the keyboard of a text field can type; nil for any.
    let allowed: (@Sendable (Character) -> Bool)?

    init(formatters: [any TextFormatter], hints: InputHints) {
        let typing = formatters.filter { $0.typingStyle != .checkOnly }
        self.formatters = typing
        var mask: MaskCharacters?
        var maskLimit: Int?
        for formatter in typing {
            if case .mask(let characters, let limit) = formatter.typingStyle {
                (mask, maskLimit) = (characters, limit)
                break
            }
        }
        self.mask = mask
        limit = mask != nil ? maskLimit : hints.maxLength
        switch hints.keyboard {
        case .numberPad where mask == nil: allowed = { $0.isNumber }
        case .decimalPad: allowed = { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "\u{A0}" || $0 == " " }
        default: allowed = nil
        }
    }

    /// The field's text after `edit`.
    func apply(_ edit: TextEdit, to text: String) -> EditResult {
        let (start, end) = Self.characterRange(of: edit, in: text)
        return mask.map { applyMasked(edit, start: start, end: end, to: text, characters: $0) }
            ?? applyText(edit, start: start, end: end, to: text)
    }

    /// The edit's UTF-16 range as character indices, widened to whole characters (an emoji or an
    /// accent with its base is never split).
    static func characterRange(of edit: TextEdit, in text: String) -> (String.Index, String.Index) {
        let utf16 = text.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: min(max(edit.location, 0), utf16.count))
        let upper = utf16.index(lower, offsetBy: min(max(edit.length, 0), utf16.distance(from: lower, to: utf16.endIndex)))
        var start = text.startIndex
        while start < text.endIndex, text.index(after: start) <= lower { start = text.index(after: start) }
        var end = start
        while end < text.endIndex, end < upper { end = text.index(after: end) }
        return (start, end)
    }

    private func format(_ text: String) -> String { formatters.reduce(text) { $1.format($0) } }

    private func utf16Offset(_ index: String.Index, in text: String) -> Int { text.utf16.distance(from: text.utf16.startIndex, to: index) }

    // MARK: Masks

    private func significant(_ text: Substring, startingAt index: Int, _ characters: MaskCharacters) -> [Character] {
        var result: [Character] = []
        for character in text where characters.accepts(character, at: index + result.count) { result.append(character) }
        return result
    }

    private func applyMasked(_ edit: TextEdit, start: String.Index, end: String.Index, to text: String, characters: MaskCharacters)
        -> EditResult
    {
        var start = start
        var before = significant(text[..<start], startingAt: 0, characters)
        let removed = significant(text[start..<end], startingAt: before.count, characters)
        // Deleting only literals (a `)` or a space) deletes the character before them, as users expect.
        if edit.replacement.isEmpty, start < end, removed.isEmpty, !before.isEmpty {
            before.removeLast()
            while start > text.startIndex {
                start = text.index(before: start)
                if characters.accepts(text[start], at: before.count) { break }
            }
        }
        let after = significant(text[end...], startingAt: before.count + removed.count, characters)
        var inserted = significant(edit.replacement[...], startingAt: before.count, characters)
        var accepted = edit.replacement.isEmpty || !inserted.isEmpty
        if let limit, before.count + inserted.count + after.count > limit {
            inserted = Array(inserted.prefix(max(0, limit - before.count - after.count)))
            if inserted.isEmpty && !edit.replacement.isEmpty { accepted = false }
        }
        guard accepted else {
            return EditResult(text: text, caret: utf16Offset(end, in: text), accepted: false)
        }
        let formatted = format(String(before + inserted + after))
        // The caret goes after the significant character the user typed (or before the deletion).
        let wanted = before.count + inserted.count
        var seen = 0
        var caret = formatted.startIndex
        if wanted > 0 {
            caret = formatted.endIndex
            var index = formatted.startIndex
            while index < formatted.endIndex {
                if characters.accepts(formatted[index], at: seen) {
                    seen += 1
                    if seen == wanted {
                        caret = formatted.index(after: index)
                        break
                    }
                }
                index = formatted.index(after: index)
            }
        }
        return EditResult(text: formatted, caret: utf16Offset(caret, in: formatted), accepted: true)
    }

    // MARK: Text

    private func applyText(_ edit: TextEdit, start: String.Index, end: String.Index, to text: String) -> EditResult {
        var inserted = edit.replacement
        if let allowed { inserted = inserted.filter(allowed) }
        var accepted = edit.replacement.isEmpty || !inserted.isEmpty
        let prefix = text[..<start]
        let suffix = text[end...]
        if let limit, prefix.count + inserted.count + suffix.count > limit {
            inserted = String(inserted.prefix(max(0, limit - prefix.count - suffix.count)))
            if inserted.isEmpty && !edit.replacement.isEmpty { accepted = false }
        }
        guard accepted else { return EditResult(text: text, caret: utf16Offset(end, in: text), accepted: false) }
        let typed = prefix + inserted + suffix
        let formatted = format(String(typed))
        // Case mapping keeps characters where they were: the caret goes after as many characters.
        let characters = prefix.count + inserted.count
        let caret = formatted.index(formatted.startIndex, offsetBy: min(characters, formatted.count))
        return EditResult(text: formatted, caret: utf16Offset(caret, in: formatted), accepted: true)
    }
}
