/// `collapse_spaces`: each run of white space within a line becomes one space; line breaks stay.
struct CollapseSpacesFormatter: TextFormatter {
    static let definition = FormatterDefinition(
        "collapse_spaces", summary: "Turns each run of spaces and tabs into one space; keeps line breaks."
    ) { _, _ in CollapseSpacesFormatter() }

    func format(_ text: String) -> String {
        // Fast path: ASCII with no tab and no two spaces in a row has nothing to collapse.
        var previous: UInt8 = 0
        if text.utf8.allSatisfy({ byte in
            defer { previous = byte }
            return byte < 0x80 && byte != 0x09 && byte != 0x0B && byte != 0x0C && !(byte == 0x20 && previous == 0x20)
        }) {
            return text
        }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var inRun = false
        for c in text {
            if c.isWhitespace && !c.isNewline {
                if !inRun { output.append(" ") }
                inRun = true
            } else {
                output.append(c)
                inRun = false
            }
        }
        return output
    }
}

extension CollapseSpacesFormatter: ByteFormatter {
    func format(_ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        // In simple text the white space within a line is ASCII space and tab (the other ASCII
        // white space is line breaks, which stay). Whether there is any to collapse, and whether
        // the text is simple, in one pass.
        var previous: UInt8 = 0
        var collapses = false
        var index = 0
        while index < text.count {
            guard let length = text.simpleScalarLength(at: index) else {
                output.append(contentsOf: format(text.string).utf8)
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
}
