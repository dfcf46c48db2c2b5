/// `trim`: removes white space (Unicode White_Space, line breaks included) at both ends; inner line
/// breaks stay.
struct TrimFormatter: TextFormatter {
    static let definition = FormatterDefinition("trim", summary: "Removes white space (spaces, tabs, newlines) at both ends.") { _, _ in
        TrimFormatter()
    }

    func format(_ text: String) -> String {
        // Fast path: ASCII at both ends that is not white space.
        if let first = text.utf8.first, let last = text.utf8.last, first < 0x80, last < 0x80,
            !Unicode.Scalar(first).isWhitespaceFast, !Unicode.Scalar(last).isWhitespaceFast
        {
            return text
        }
        return text.trimmingWhitespace()
    }
}
