import Vouch

/// How a CSV header matches a form: the form's fields it has no column for (every record would be
/// missing them: `required`, or `null`), and the columns no field of the form reads (a misspelt
/// `nme` is one of both).
struct CSVColumns {
    /// The form's fields the header lacks, in the form's order.
    let missing: [String]
    /// The header's columns that are no field of the form, in the header's order.
    let unknown: [String]

    init(header: [String], fields: [String]) {
        let columns = Set(header)
        let names = Set(fields)
        missing = fields.filter { !columns.contains($0) }
        unknown = header.filter { !names.contains($0) }
    }

    var match: Bool { missing.isEmpty && unknown.isEmpty }

    /// One sentence naming them, for `input` (a path or `standard input`): `data.csv: the CSV header
    /// has no column for the field "name"; the column "nme" is no field of the form (did you mean "name"?)`.
    func describe(input: String) -> String {
        var parts: [String] = []
        if !missing.isEmpty {
            parts.append("the CSV header has no column for the \(Self.list(missing, "field", "fields"))")
        }
        if !unknown.isEmpty {
            let meant = unknown.compactMap { column in NameSuggestion.closest(to: column, among: missing).map { (column, $0) } }
            var hint = ""
            if unknown.count == 1, let (_, field) = meant.first {
                hint = " (did you mean \"\(field)\"?)"
            } else if !meant.isEmpty {
                hint = " (did you mean " + meant.map { "\"\($0.1)\" for \"\($0.0)\"" }.joined(separator: ", ") + "?)"
            }
            let what = unknown.count == 1 ? "is no field of the form" : "are no fields of the form"
            parts.append("the \(Self.list(unknown, "column", "columns")) \(what)\(hint)")
        }
        return "\(input): " + parts.joined(separator: "; ")
    }

    /// `field "a"`, or `fields "a", "b" and "c"`.
    private static func list(_ names: [String], _ one: String, _ many: String) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return "\(one) \(quoted[0])" }
        return "\(many) " + quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }
}
