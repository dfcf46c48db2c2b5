/// `collapse_spaces`: each run of white space within a line becomes one space; line breaks stay.
struct CollapseSpacesFormatter: TextFormatter {
    static let definition = FormatterDefinition(
        "collapse_spaces", summary: "Turns each run of spaces and tabs into one space; keeps line breaks."
    ) { _, _ in CollapseSpacesFormatter() }

    func format(_ text: String) -> String {
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
