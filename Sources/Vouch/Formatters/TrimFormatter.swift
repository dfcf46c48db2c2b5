/// `trim`: removes white space at both ends. With `newlines: false` (the default), a multi-line
/// text keeps its inner line breaks.
struct TrimFormatter: TextFormatter {
    static let definition = FormatterDefinition("trim", summary: "Removes white space (spaces, tabs, newlines) at both ends.") { _, _ in
        TrimFormatter()
    }

    func format(_ text: String) -> String {
        // Fast path: nothing to trim.
        if let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace { return text }
        return text.trimmingWhitespace()
    }
}
