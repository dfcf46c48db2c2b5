@_spi(VouchInternal) import VouchBase

/// `collapse_spaces`: each run of white space within a line becomes one space; line breaks stay.
struct CollapseSpacesFormatter: ByteFormatter {
    static let definition = FormatterDefinition(
        "collapse_spaces", summary: "Turns each run of spaces and tabs into one space; keeps line breaks."
    ) { _, _ in CollapseSpacesFormatter() }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        // In simple text the white space within a line is ASCII space and tab (the other ASCII
        // white space is line breaks, which stay). Whether there is any to collapse, and whether
        // the text is simple, in one pass.
        var previous: UInt8 = 0
        var collapses = false
        var index = 0
        while index < text.count {
            guard let length = text.simpleScalarLength(at: index) else {
                output.append(contentsOf: Self.collapsingSpaces(text.string).utf8)
                return true
            }
            let byte = text[index]
            if byte == .tab || (byte == .space && previous == .space) { collapses = true }
            previous = byte
            index += length
        }
        guard collapses else { return false }
        var inRun = false
        for byte in text {
            if byte == .space || byte == .tab {
                if !inRun { output.append(.space) }
                inRun = true
            } else {
                output.append(byte)
                inRun = false
            }
        }
        return true
    }

    /// Each run of white space within a line as one space, for text with characters of more than
    /// one scalar or non-ASCII white space.
    private static func collapsingSpaces(_ text: String) -> String {
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
