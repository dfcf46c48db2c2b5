/// `digits`: keeps the decimal digits and drops everything else; digits of other scripts
/// (Arabic-Indic `٣`, full-width `３`) become ASCII.
struct DigitsFormatter: TextFormatter {
    static let definition = FormatterDefinition("digits", summary: "Keeps only digits (any script, written as 0-9).") { _, _ in
        DigitsFormatter()
    }

    func format(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if let value = scalar.properties.numericType == .decimal ? scalar.properties.numericValue : nil {
                output.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(value)))
            }
        }
        return output
    }
}
