/// `name`: a person's name: letters and combining marks, with spaces, apostrophes (`'` and `’`),
/// hyphens and periods between them (`Mary-Jane`, `O'Neil`, `J. R. R.`), starting with a letter.
struct NameRule: Rule {
    static let definition = RuleDefinition("name", summary: "A person's name: letters, marks, spaces, ' - and .") { _, _ in NameRule() }

    func check(_ value: String, context: RuleContext) -> [RuleViolation] {
        Self.isName(value) ? [] : [RuleViolation("name")]
    }

    static func isName(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        var previousWasSeparator = false
        for scalar in value.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case _ where properties.isAlphabetic, .nonspacingMark, .spacingMark, .enclosingMark:
                previousWasSeparator = false
            case _ where scalar == ".":
                previousWasSeparator = false  // "J. R. R.": a period may end a part, or the name
            case _ where scalar == " " || scalar == "'" || scalar == "\u{2019}" || scalar == "-":
                // Separators stand between letters: never two in a row ("Ann--"), never last.
                if previousWasSeparator { return false }
                previousWasSeparator = true
            default:
                return false
            }
        }
        return !previousWasSeparator
    }
}
