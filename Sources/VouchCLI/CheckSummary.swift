/// What `vouch check` tells on stderr at the end: records, valid, invalid, unreadable, and for each
/// field how many records broke it and with which codes most often.
struct CheckSummary {
    var records = 0
    var valid = 0
    var unreadable = 0
    /// By field, in form order: how many records included it, how many broke it, and its codes.
    var fields: [(name: String, checked: Int, invalid: Int, codes: [String: Int])]
    var unreadableCodes: [String: Int] = [:]

    init(fieldNames: [String]) {
        fields = fieldNames.map { ($0, 0, 0, [:]) }
    }

    mutating func merge(_ other: CheckSummary) {
        records += other.records
        valid += other.valid
        unreadable += other.unreadable
        for (code, count) in other.unreadableCodes { unreadableCodes[code, default: 0] += count }
        for index in fields.indices {
            fields[index].checked += other.fields[index].checked
            fields[index].invalid += other.fields[index].invalid
            for (code, count) in other.fields[index].codes { fields[index].codes[code, default: 0] += count }
        }
    }

    var invalid: Int { records - valid - unreadable }

    var text: String {
        var lines = ["vouch check: \(records) records: \(valid) valid, \(invalid) invalid, \(unreadable) unreadable"]
        let width = max(5, fields.map(\.name.count).max() ?? 0)
        lines.append("  " + "field".padding(width) + "  records  invalid  most common codes")
        for field in fields {
            let codes = field.codes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(3)
                .map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
            let line = "  " + field.name.padding(width) + "  " + String(field.checked).padding(7, left: true) + "  "
                + String(field.invalid).padding(7, left: true) + "  " + codes
            lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
        }
        if unreadable > 0 {
            lines.append(
                "  unreadable records: "
                    + unreadableCodes.sorted { $0.value > $1.value }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padding(_ width: Int, left: Bool = false) -> String {
        let pad = String(repeating: " ", count: max(0, width - count))
        return left ? pad + self : self + pad
    }
}
