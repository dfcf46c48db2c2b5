import Vouch

/// What `vouch check` tells on stderr at the end: records, valid, invalid, unreadable, and for each
/// field how many records broke it and with which codes most often.
package struct CheckSummary {
    /// Records, valid records, and for each field its counts, as the checker counts them.
    package var tally: CheckTally
    package var unreadable = 0
    package var unreadableCodes: [String: Int] = [:]
    package let fieldNames: [String]

    package init(fieldNames: [String]) {
        self.fieldNames = fieldNames
        tally = CheckTally(fields: fieldNames.count)
    }

    package mutating func merge(_ other: CheckSummary) {
        tally.merge(other.tally)
        unreadable += other.unreadable
        for (code, count) in other.unreadableCodes { unreadableCodes[code, default: 0] += count }
    }

    package var records: Int { tally.records }
    package var valid: Int { tally.valid }
    package var invalid: Int { records - valid - unreadable }

    package var text: String {
        var lines = ["vouch check: \(records) records: \(valid) valid, \(invalid) invalid, \(unreadable) unreadable"]
        let width = max(5, fieldNames.map(\.count).max() ?? 0)
        lines.append("  " + "field".padding(width) + "  records  invalid  most common codes")
        for (name, field) in zip(fieldNames, tally.fields) {
            let codes = field.codes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(3)
                .map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
            var line =
                "  " + name.padding(width) + "  " + String(field.checked).padding(7, left: true) + "  "
                + String(field.invalid).padding(7, left: true) + "  " + codes
            // Without the spaces at its end (by bytes: a space ends no longer character here).
            while line.utf8.last == UInt8(ascii: " ") { line.removeLast() }
            lines.append(line)
        }
        if unreadable > 0 {
            // Ties by name, so that the line is the same from run to run.
            let codes = unreadableCodes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            lines.append("  unreadable records: " + codes.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
