/// `trim`: removes white space (Unicode White_Space, line breaks included) at both ends; inner line
/// breaks stay.
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
