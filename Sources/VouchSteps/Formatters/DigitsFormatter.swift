@_spi(VouchInternal) import VouchBase

/// `digits`: keeps the decimal digits and drops everything else; digits of other scripts
/// (Arabic-Indic `٣`, full-width `３`) become ASCII.
struct DigitsFormatter: ByteFormatter {
    static let definition = FormatterDefinition("digits", summary: "Keeps only digits (any script, written as 0-9).") { _, _ in
        DigitsFormatter()
    }

    var typingStyle: TypingStyle { .mask(.digits, limit: nil) }

    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        guard text.isASCII else {
            // Digits of every script, by their decimal value.
            for scalar in text.string.unicodeScalars {
                if let value = scalar.decimalDigitValue { output.append(UInt8(ascii: "0") + UInt8(value)) }
            }
            return true
        }
        guard !text.allSatisfy({ $0.isASCIIDigit }) else { return false }
        for byte in text where byte.isASCIIDigit { output.append(byte) }
        return true
    }
}
