@_spi(VouchInternal) import VouchBase

/// `collapse_spaces`: each run of white space within a line becomes one space; line breaks stay.
struct CollapseSpacesFormatter: ByteFormatter {
    static let definition = FormatterDefinition(
        "collapse_spaces", summary: "Turns each run of spaces and tabs into one space; keeps line breaks."
    ) { _, _ in CollapseSpacesFormatter() }

    /// Plain text has no tab nor two spaces in a row.
    var leavesPlainTextAsIs: Bool { true }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        // In simple text the white space within a line is ASCII space and tab (the other ASCII
        // white space is line breaks, which stay). One pass: reading up to the first white space
        // to collapse (a tab, or a space after a space), then writing from there; text that is
        // not simple takes the `String` path.
        var index = 0
        var previous: UInt8 = 0
        while index < text.count {
            // Eight ASCII bytes at a time while there is no space or tab.
            if index + 8 <= text.count, let word = text.asciiWord(at: index), !word.hasASCIISpaceOrControl {
                index += 8
                previous = text[index - 1]
                continue
            }
            // The last bytes as one shorter word: ASCII without a space or tab, nothing to collapse.
            if index + 8 > text.count {
                let word = text.word(at: index, length: text.count - index)
                if word & 0x8080_8080_8080_8080 == 0, !word.hasASCIISpaceOrTab { return false }
            }
            let byte = text[index]
            if byte == .tab || (byte == .space && previous == .space) { break }
            guard let length = text.simpleScalarLength(at: index) else { return formatAsText(text, into: &output) }
            previous = byte
            index += length
        }
        guard index < text.count else { return false }
        let start = output.count
        output.append(contentsOf: text[..<index])
        var inRun = previous == .space
        while index < text.count {
            let byte = text[index]
            if byte == .space || byte == .tab {
                if !inRun { output.append(.space) }
                inRun = true
                index += 1
                continue
            }
            guard let length = text.simpleScalarLength(at: index) else {
                output.removeSubrange(start...)
                return formatAsText(text, into: &output)
            }
            output.append(byte)
            if length == 2 { output.append(text[index + 1]) }
            inRun = false
            index += length
        }
        return true
    }

    /// The `String` path: the text decoded, its runs collapsed by Unicode's white space.
    private func formatAsText(_ text: ByteText, into output: inout ByteBuffer) -> Bool {
        output.append(contentsOf: Self.collapsingSpaces(text.string).utf8)
        return true
    }

    /// Each run of white space within a line as one space, for text with characters of more than
    /// one scalar or non-ASCII white space.
    static func collapsingSpaces(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var inRun = false
        for character in text {
            if character.isWhitespace && !character.isNewline {
                if !inRun { output.append(" ") }
                inRun = true
            } else {
                output.append(character)
                inRun = false
            }
        }
        return output
    }
}
