import Vouch
@_spi(VouchInternal) import VouchBase

/// What `vouch check` writes for each record: JSON lines or CSV rows, and which records.
package struct CheckOutput: Sendable {
    package enum Format: String, Sendable, CaseIterable {
        /// One JSON object per record, as the checker writes it.
        case jsonl
        /// A header row, then one row per record: `record`, a column per field with its canonical
        /// value, `valid` and `errors`.
        case csv
    }

    package enum Only: String, Sendable, CaseIterable {
        case valid, invalid
    }

    package var format: Format = .jsonl
    /// Only the valid or only the invalid records (unreadable ones are invalid); nil for all.
    package var only: Only?
    /// The fields that get a CSV column: every field but the secret ones, whose values are never written.
    package var columns: [String] = []
    /// How CSV cells are written: made safe for spreadsheets, unless `--csv-formulas`.
    package var csv = CSVWriter()

    package init(format: Format = .jsonl, only: Only? = nil, fields: [FieldSchema] = [], formulasAsIs: Bool = false) {
        self.format = format
        self.only = only
        csv.formulasAsIs = formulasAsIs
        columns = fields.filter { !$0.isSecret }.map(\.name)
    }

    /// The CSV header row, or nothing for JSON lines.
    package var header: [UInt8] {
        guard format == .csv else { return [] }
        var row = ByteBuffer()
        csv.writeRow(["record"] + columns + ["valid", "errors"], into: &row)
        return row.array
    }

    /// Keeps or drops the record whose JSON object was just written at `start...` of `output`
    /// (without its line break), and turns it into a CSV row for CSV. Inlined: a JSON line kept
    /// costs a test or two and its line feed, and `valid` is asked only with ``only``.
    @inline(__always)
    package func finish(recordAt start: Int, valid: @autoclosure () -> Bool, in output: inout ByteBuffer) {
        if let only, (only == .valid) != valid() {
            output.removeSubrange(start...)
            return
        }
        if format == .csv {
            replaceWithRow(recordAt: start, in: &output)
        } else {
            output.append(.lineFeed)
        }
    }

    /// Turns the record's JSON object, written at `start...` of `output`, into its CSV row.
    @inline(never)
    private func replaceWithRow(recordAt start: Int, in output: inout ByteBuffer) {
        let object = (try? JSONParser().parse(output[start...]))?.objectValue ?? [:]
        output.removeSubrange(start...)
        csv.writeRow(row(of: object), into: &output)
    }

    /// The cells of a record's CSV row, from its JSON object.
    package func row(of object: JSONObject) -> [String] {
        let values = object["values"]?.objectValue ?? [:]
        var cells = [object["record"].map(\.jsonText) ?? ""]
        for column in columns {
            switch values[column] {
            case .none, .null?: cells.append("")
            case .string(let text)?: cells.append(text)
            case let value?: cells.append(value.jsonText)
            }
        }
        cells.append(object["valid"]?.boolValue == true ? "true" : "false")
        let errors = (object["errors"]?.arrayValue ?? []).map { error -> String in
            let message = error["message"]?.stringValue ?? ""
            guard let field = error["field"]?.stringValue else { return message }
            let item = error["item"]?.intValue.map { "[\($0)]" } ?? ""
            return "\(field)\(item): \(message)"
        }
        cells.append(errors.joined(separator: "; "))
        return cells
    }
}
