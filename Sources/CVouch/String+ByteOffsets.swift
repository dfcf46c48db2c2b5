import Vouch

/// C gives and takes offsets in a text's UTF-8 bytes; Swift edits in UTF-16 code units.
extension String {
    /// A UTF-8 byte offset as UTF-16 code units, moved to a scalar boundary (down, or up for the
    /// end of a range); nil outside the text.
    func utf16Offset(ofByte byte: Int, roundingUp: Bool = false) -> Int? {
        guard byte >= 0, byte <= utf8.count else { return nil }
        var index = utf8.index(utf8.startIndex, offsetBy: byte)
        while index.samePosition(in: unicodeScalars) == nil {
            index = roundingUp ? utf8.index(after: index) : utf8.index(before: index)
        }
        return utf16.distance(from: utf16.startIndex, to: index)
    }

    /// The edit that replaces the bytes `start..<start + length` with `replacement`, its range in
    /// UTF-16 code units and widened to scalar boundaries; nil when the range is not inside the text.
    func edit(replacingBytes start: Int, _ length: Int, with replacement: String) -> TextEdit? {
        // Offsets above PTRDIFF_MAX arrive negative; a sum that overflows is outside any text.
        let (end, overflow) = start.addingReportingOverflow(length)
        guard start >= 0, length >= 0, !overflow, let lower = utf16Offset(ofByte: start),
            let upper = utf16Offset(ofByte: end, roundingUp: true)
        else { return nil }
        return TextEdit(location: lower, length: upper - lower, replacement: replacement)
    }

    /// A caret in UTF-16 code units as a UTF-8 byte offset (at most the text's length, moved down
    /// to a scalar boundary).
    func byteOffset(ofCaret caret: Int) -> Int {
        let index = utf16.index(utf16.startIndex, offsetBy: min(max(caret, 0), utf16.count))
        let scalar = index.samePosition(in: unicodeScalars) ?? unicodeScalars.index(before: index)
        return utf8.distance(from: utf8.startIndex, to: scalar)
    }
}
