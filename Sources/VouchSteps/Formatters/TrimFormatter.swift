@_spi(VouchInternal) import VouchBase

/// `trim`: removes white space (Unicode White_Space, line breaks included) at both ends; inner line
/// breaks stay.
struct TrimFormatter: ByteFormatter {
    static let definition = FormatterDefinition("trim", summary: "Removes white space (spaces, tabs, newlines) at both ends.") { _, _ in
        TrimFormatter()
    }

    /// Plain text has no white space at either end.
    var leavesPlainTextAsIs: Bool { true }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        // Nothing to do when both ends are characters that are not white space: ASCII, or of
        // U+00A1...U+02FF (Latin letters and signs, none of them white space, none joining the
        // character before it).
        guard let first = text.first, let last = text.last else { return false }
        let startsPlain = first.isASCII ? !first.isASCIIWhitespace : text.simpleScalarLength(at: 0) == 2
        let endsPlain = last.isASCII ? !last.isASCIIWhitespace : text.count >= 2 && text.simpleScalarLength(at: text.count - 2) == 2
        if startsPlain && endsPlain { return false }
        // ASCII white space taken off up to an ASCII character, or off the whole text, is white
        // space of its own (no character joins it); so is any in simple text, where white space
        // is ASCII and every character one scalar (CR LF aside).
        let trimmed = text.trimmingASCIIWhitespace
        let endsASCII = trimmed.first.map { $0.isASCII && trimmed.last.unsafelyUnwrapped.isASCII } ?? true
        guard endsASCII || text.isSimpleText else {
            output.append(contentsOf: text.string.trimmingWhitespace().utf8)
            return true
        }
        guard trimmed.count != text.count else { return false }
        output.append(contentsOf: trimmed)
        return true
    }
}
