/// Applies as-you-type edits to a field's text: masks, length limits, character filters and
/// capitalization, with the caret kept after what the user typed.
///
/// A field is edited as a mask when one of its formatters is one (phone numbers, masked postal
/// codes, dates, amounts, `mask`): only the significant characters (digits, or letters and
/// digits) are the value; the layout's literals come and go with them. A character no slot takes
/// (a letter in a digit slot, one past a full mask) refuses the edit; punctuation and symbols the
/// layout writes itself (`(`, `-`, `$`) are taken and change nothing. Otherwise the text is edited
/// as typed, with the field's character filter, length limit and capitalization.
package struct FieldEditor: Sendable {
    let formatters: [any TextFormatter]
    /// The formatter that lays the value out, for a masked field.
    package let layout: (any TextFormatter)?
    /// The layout, when it reads what is typed or pasted itself (a phone number's).
    /// The layout's reading of what is typed or pasted, when it reads it itself (a phone
    /// number's, ``TypedTextReading``): a closure, since a call through the optional existential
    /// copies it on every keystroke.
    let readTypedText: (@Sendable (_ replacement: String, _ before: [Character], _ after: [Character]) -> String?)?
    /// Whether there is a ``readTypedText``.
    let readsTypedText: Bool
    package let mask: MaskCharacters?
    /// The most significant characters (mask) or characters (text) the field takes.
    let limit: Int?
    /// The longest text a masked field holds (its hint's maximum length).
    let maxLength: Int?
    /// Characters the keyboard of a text field can type; nil for any.
    let allowed: (@Sendable (Character) -> Bool)?
    /// Whether the field's keyboard has no letters (number, decimal and phone pads).
    let refusesLetters: Bool
    /// Whether typing into a full mask overwrites the characters after the caret.
    let overwrites: Bool

    package init(formatters: [any TextFormatter], hints: InputHints, overwrites: Bool = false) {
        let typing = formatters.filter { $0.typingStyle != .checkOnly }
        self.formatters = typing
        let layout = Self.layout(of: typing)
        var mask: MaskCharacters?
        var maskLimit: Int?
        if case .mask(let characters, let limit) = layout?.typingStyle { (mask, maskLimit) = (characters, limit) }
        self.layout = layout
        if let reader = layout as? any TypedTextReading {
            readTypedText = { reader.significantText(of: $0, before: $1, after: $2) }
        } else {
            readTypedText = nil
        }
        readsTypedText = readTypedText != nil
        self.mask = mask
        self.overwrites = overwrites
        limit = mask != nil ? maskLimit : hints.maxLength
        maxLength = mask != nil ? hints.maxLength : nil
        switch hints.keyboard {
        case .numberPad where mask == nil: allowed = { $0.isNumber }
        case .decimalPad: allowed = { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "\u{A0}" || $0 == " " }
        default: allowed = nil
        }
        refusesLetters = [.numberPad, .decimalPad, .phonePad].contains(hints.keyboard)
    }

    /// The formatter that lays a field out while it is typed: the first with a mask style.
    package static func layout(of formatters: [any TextFormatter]) -> (any TextFormatter)? {
        formatters.first { if case .mask = $0.typingStyle { true } else { false } }
    }

    /// The field's text after `edit`.
    package func apply(_ edit: TextEdit, to text: String) -> EditResult {
        let (start, end) = Self.characterRange(of: edit, in: text)
        return mask.map { applyMasked(edit, start: start, end: end, to: text, characters: $0) }
            ?? applyText(edit, start: start, end: end, to: text)
    }

    /// Whether `text` is an amount's decimal separator alone, as a key types it.
    package func isDecimalSeparator(_ text: String) -> Bool {
        guard case .amount(let separator, _) = mask else { return false }
        return text.count == 1 && text.first == separator
    }

    /// Whether `text` fills the field: its mask's every slot (a whole phone number), or, without
    /// a mask, any text.
    package func isComplete(_ text: String) -> Bool {
        guard let mask, let layout else { return !text.isEmpty }
        return layout.typingFit(mask.significant(in: text)) == .complete
    }

    /// The edit's UTF-16 range as character indices, widened to whole characters (an emoji or an
    /// accent with its base is never split).
    static func characterRange(of edit: TextEdit, in text: String) -> (String.Index, String.Index) {
        let utf16 = text.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: min(max(edit.location, 0), utf16.count))
        let upper = utf16.index(lower, offsetBy: min(max(edit.length, 0), utf16.distance(from: lower, to: utf16.endIndex)))
        // In ASCII text every code unit is a whole character, but for `\r\n`.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) { return (lower, upper) }
        var start = text.startIndex
        while start < text.endIndex, text.index(after: start) <= lower { start = text.index(after: start) }
        var end = start
        while end < text.endIndex, end < upper { end = text.index(after: end) }
        return (start, end)
    }

    private func format(_ text: String) -> String { formatters.reduce(text) { $1.formatTyping($0) } }

    private func utf16Offset(_ index: String.Index, in text: String) -> Int { text.utf16.distance(from: text.utf16.startIndex, to: index) }

    // MARK: Masks

    private func applyMasked(_ edit: TextEdit, start: String.Index, end: String.Index, to text: String, characters: MaskCharacters)
        -> EditResult
    {
        var refused: EditResult { EditResult(text: text, caret: utf16Offset(end, in: text), accepted: false, isComplete: isComplete(text)) }
        let all = Array(text)
        let flags = characters.significance(of: text)
        var lower = text.distance(from: text.startIndex, to: start)
        let upper = text.distance(from: text.startIndex, to: end)
        func significant(_ range: Range<Int>) -> [Character] { range.filter { flags[$0] }.map { all[$0] } }
        var before = significant(0..<lower)
        let removed = significant(lower..<upper)
        var after = significant(upper..<all.count)
        // Deleting only literals (a `)` or a space) deletes the character next to them, as users
        // expect: backspace the one before, the delete key the one after.
        if edit.replacement.isEmpty, lower < upper, removed.isEmpty {
            if edit.isForward, !after.isEmpty {
                after.removeFirst()
            } else if !edit.isForward, !before.isEmpty {
                before.removeLast()
                lower = (0..<lower).last { flags[$0] } ?? 0
            }
        }
        // A layout that reads what is pasted or typed (a phone number's `tel:` URI, `(0)` or
        // vanity letters) says which significant characters it stands for.
        let replacement =
            readTypedText?(edit.replacement, before, after) ?? edit.replacement
        // What is typed: characters the slots take; punctuation and symbols the layout writes
        // itself are taken and change nothing; a letter or digit no slot takes refuses the edit.
        var inserted: [Character] = []
        var padded = false
        // A whole text that is already laid out (what the field shows, pasted over itself) is
        // read as laid out: its literals say where each field is, so no digit is padded by the
        // one after it (`2344/51/1` stays as it is, where typing `2344511` gives `2344/05/11`).
        // (A phone number pads nothing.)
        let pads =
            characters.padsGroups
            && (!before.isEmpty || !after.isEmpty || edit.replacement.isEmpty || readTypedText != nil
                || format(String(characters.significant(in: edit.replacement))) != edit.replacement)
        for c in replacement {
            if characters.isLayout(c) { continue }
            if refusesLetters && c.isLetter { return refused }
            if characters.accepts(c, at: before.count + inserted.count) {
                inserted.append(c)
                if pads, after.isEmpty, let zeros = layout?.typingPadded(before + inserted) {
                    // A digit that can only end its field is its second digit: `9` is `09`.
                    before = zeros
                    inserted = []
                    padded = true
                }
            } else if c.isLetter || c.isNumber || !characters.takesAsLayout(c) {
                return refused
            } else if pads, after.isEmpty,
                let zeros = layout?.typingPlaceholder?.padded(before + inserted, closingWith: c)
            {
                // A group's literal typed early pads the group with zeros: `2/` is `02/`.
                before = zeros
                inserted = []
                padded = true
            }
        }
        if inserted.isEmpty && !edit.replacement.isEmpty && !padded {
            return EditResult(text: text, caret: utf16Offset(end, in: text), accepted: true, isComplete: isComplete(text))
        }
        // Past the mask's last slot: refused, or written over what follows in overwrite mode.
        func fits(_ typed: [Character]) -> TypingFit? {
            let candidate = shown(typed)
            if let limit, candidate.count > limit { return nil }
            let fit = layout?.typingFit(candidate) ?? .partial
            return fit == .refused ? nil : fit
        }
        var fit = fits(before + inserted + after)
        if fit == nil && overwrites && !inserted.isEmpty {
            let dropped = min(inserted.count, after.count)
            if let overwritten = fits(before + inserted + after.dropFirst(dropped)) {
                after.removeFirst(dropped)
                fit = overwritten
            }
        }
        // A deletion from a phone number is always taken: what is left may begin no number the
        // plan knows (an area code half deleted), but it is the user's to finish.
        if fit == nil && readsTypedText && edit.replacement.isEmpty && lower < upper { fit = .partial }
        // A paste keeps as much of its beginning as fits.
        while fit == nil && inserted.count > 1 {
            inserted.removeLast()
            fit = fits(before + inserted + after)
        }
        guard let fit, !(inserted.isEmpty && !edit.replacement.isEmpty && !padded) else { return refused }
        let formatted = format(String(before + inserted + after))
        // No more characters than bytes: most values are told by their byte count alone.
        if let maxLength, formatted.utf8.count > maxLength, LengthRule.characterCount(formatted) > maxLength { return refused }
        let formattedFlags = characters.significance(of: formatted)
        // A laid-out value never falls back to bare characters (a mask's text past its layout); a
        // phone number's layout, which reads a number whatever its groups, may.
        if !readsTypedText, !inserted.isEmpty, flags.contains(false), !formattedFlags.contains(false) { return refused }
        // The caret goes after the significant character the user typed (or before the deletion;
        // after the delete key, before the character that now follows it); when the layout added or
        // dropped characters before it (a national prefix for `+44`), before as many as followed it.
        let forward = edit.isForward && inserted.isEmpty && !after.isEmpty
        let formattedCount = formattedFlags.count { $0 }
        let typedCount = before.count + inserted.count + after.count
        let wanted =
            formattedCount == typedCount
            ? before.count + inserted.count + (forward ? 1 : 0) : max(0, formattedCount - after.count + (forward ? 1 : 0))
        var caret = formatted.startIndex
        if wanted > 0 {
            caret = formatted.endIndex
            var seen = 0
            var index = formatted.startIndex
            for carries in formattedFlags {
                if carries {
                    seen += 1
                    if seen == wanted {
                        caret = forward ? index : formatted.index(after: index)
                        break
                    }
                }
                index = formatted.index(after: index)
            }
        }
        return EditResult(text: formatted, caret: utf16Offset(caret, in: formatted), accepted: true, isComplete: fit == .complete)
    }

    /// The significant characters the field shows for `typed`: they themselves, but where
    /// formatting writes a letter as two (`ß` upper-cased is `SS`, `ﬁ` is `FI`), which only
    /// letters past ASCII do. Not for a layout that reads what is typed (a phone number's), whose
    /// formatting may drop characters (a trunk prefix).
    private func shown(_ typed: [Character]) -> [Character] {
        guard !readsTypedText, !typed.allSatisfy(\.isASCII) else { return typed }
        let shown = mask?.significant(in: format(String(typed))) ?? typed
        return shown.count == typed.count ? typed : shown
    }

    // MARK: Text

    private func applyText(_ edit: TextEdit, start: String.Index, end: String.Index, to text: String) -> EditResult {
        var inserted = edit.replacement
        if let allowed { inserted = inserted.filter(allowed) }
        let prefix = text[..<start]
        let suffix = text[end...]
        if let limit, prefix.count + inserted.count + suffix.count > limit {
            inserted = String(inserted.prefix(max(0, limit - prefix.count - suffix.count)))
        }
        var formatted = format(String(prefix + inserted + suffix))
        // The limit holds for the text shown: a formatter may write one letter as two (`ß`
        // upper-cases to `SS`), so a paste keeps as much of its beginning as fits once formatted.
        if let limit {
            while !inserted.isEmpty, formatted.count > limit {
                inserted.removeLast()
                formatted = format(String(prefix + inserted + suffix))
            }
        }
        guard edit.replacement.isEmpty || !inserted.isEmpty else {
            return EditResult(text: text, caret: utf16Offset(end, in: text), accepted: false, isComplete: !text.isEmpty)
        }
        // The caret goes after as many characters as were typed before it; when formatting wrote
        // more or fewer (`ß` as `SS`), before as many as followed it.
        let typedCount = prefix.count + inserted.count
        let before = formatted.count == typedCount + suffix.count ? typedCount : max(0, formatted.count - suffix.count)
        let caret = formatted.index(formatted.startIndex, offsetBy: before)
        return EditResult(text: formatted, caret: utf16Offset(caret, in: formatted), accepted: true, isComplete: !formatted.isEmpty)
    }
}
