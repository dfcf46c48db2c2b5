/// `digits`: keeps the decimal digits and drops everything else; digits of other scripts
/// (Arabic-Indic `٣`, full-width `３`) become ASCII.
struct DigitsFormatter: TextFormatter {
    static let definition = FormatterDefinition("digits", summary: "Keeps only digits (any script, written as 0-9).") { _, _ in
        DigitsFormatter()
    }

    func format(_ text: String) -> String {
        if text.utf8.isASCII {
            return String(decoding: text.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }, as: UTF8.self)
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let value = scalar.decimalDigitValue { digits.append(UInt8(ascii: "0") + value) }
        }
        return String(decoding: digits, as: UTF8.self)
    }

    var typingStyle: TypingStyle { .mask(.digits, limit: nil) }
}

extension DigitsFormatter: ByteFormatter {
    func format(_ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        guard text.isASCII else {
            output.append(contentsOf: format(text.string).utf8)
            return true
        }
        guard !text.allSatisfy({ $0.isASCIIDigit }) else { return false }
        for byte in text where byte.isASCIIDigit { output.append(byte) }
        return true
    }
}
