/// `name`: a person's name: letters and combining marks, with spaces, apostrophes (`'` and `’`),
/// hyphens and periods between them (`Mary-Jane`, `O'Neil`, `J. R. R.`), starting with a letter.
struct NameRule: Rule {
    static let definition = RuleDefinition("name", summary: "A person's name: letters, marks, spaces, ' - and .") { _, _ in NameRule() }

    func check(_ value: String, context: RuleContext) -> [RuleViolation] {
        Self.isName(value) ? [] : [RuleViolation("name")]
    }

    static func isName(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        return value.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            if properties.isAlphabetic { return true }
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return scalar == " " || scalar == "'" || scalar == "\u{2019}" || scalar == "-" || scalar == "."
            }
        }
    }
}
