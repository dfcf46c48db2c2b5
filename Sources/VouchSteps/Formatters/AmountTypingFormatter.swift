@_spi(VouchInternal) import VouchBase

/// Lays out an amount as it is typed, the locale's way: its digits in groups (`1,234,567.89` in
/// en-US, `1.234.567,89` in de-DE, `1 234 567,89` in fr-FR), one decimal separator, at most
/// `fractionDigits` after it, and a leading `-`. The currency's symbol and the group separators
/// typed are taken and left to the layout.
///
/// Typing only (``Kind/typing``): a value being checked keeps the layouts its kind reads.
struct AmountTypingFormatter: TextFormatter {
    /// The group and decimal separators, and the sizes of the groups (3, and 2 after the first
    /// group in en-IN's `12,34,567`).
    let group: String
    let decimal: Character
    let primaryGroup: Int
    let secondaryGroup: Int
    /// The most digits after the decimal separator; nil for any.
    let fractionDigits: Int?
    /// The currency's symbol, taken as typed and left to the layout.
    let symbol: String

    /// The layout of amounts in ICU `locale`, read from ICU's own writing of 1234567.5.
    init(locale: String, fractionDigits: Int?, symbol: String = "") {
        self.symbol = symbol
        let probe = Array(NumberFormat.formatDecimal("1234567.5", locale: locale))
        let integerEnd = probe.firstIndex(of: "7").map { $0 + 1 } ?? probe.count
        let decimal = probe[integerEnd..<probe.count].prefix { !$0.isNumber }
        self.decimal = decimal.first ?? "."
        var groups: [Int] = [0]
        var group = ""
        for character in probe[..<integerEnd] {
            if character.isNumber {
                groups[groups.count - 1] += 1
            } else {
                if groups.last != 0 { groups.append(0) }
                if groups.count == 2 || group.isEmpty { group.append(character) }
            }
        }
        self.group = group.isEmpty ? "," : group
        primaryGroup = groups.count > 1 ? groups[groups.count - 1] : 3
        secondaryGroup = groups.count > 2 ? groups[groups.count - 2] : primaryGroup
        self.fractionDigits = fractionDigits
    }

    /// The sign, integer digits and fraction (nil without a decimal separator) of typed text.
    private func parts(_ text: some Sequence<Character>) -> (negative: Bool, integer: String, fraction: String?) {
        var negative = false
        var integer = ""
        var fraction: String?
        for character in text {
            if character == "-" && integer.isEmpty && fraction == nil {
                negative = true
            } else if character == decimal && fraction == nil {
                fraction = ""
            } else if let value = character.wholeNumberValue, (0...9).contains(value) {
                let digit = Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(value)))
                if fraction != nil { fraction!.append(digit) } else { integer.append(digit) }
            }
        }
        return (negative, integer, fraction)
    }

    func format(_ text: String) -> String {
        let (negative, integer, fraction) = parts(text)
        // Digits as typed (a zero typed stays, so that the caret can count digits).
        let digits = Array(integer)
        var remaining = digits.count
        var size = primaryGroup
        var groups: [String] = []
        while remaining > size {
            groups.insert(String(digits[(remaining - size)..<remaining]), at: 0)
            remaining -= size
            size = secondaryGroup
        }
        if remaining > 0 { groups.insert(String(digits[0..<remaining]), at: 0) }
        var output = negative ? "-" : ""
        output += groups.joined(separator: group)
        if let fraction { output += String(decimal) + fraction }
        return output
    }

    var typingStyle: TypingStyle { .mask(.amount(decimalSeparator: decimal, symbol: symbol), limit: nil) }

    func typingFit(_ typed: [Character]) -> TypingFit {
        guard typed.filter({ $0 == decimal }).count <= 1, !typed.dropFirst().contains("-") else { return .refused }
        let (_, integer, fraction) = parts(typed)
        if let fraction, let fractionDigits, fraction.count > fractionDigits || fractionDigits == 0 { return .refused }
        guard integer.count <= 15 else { return .refused }
        return integer.isEmpty && (fraction ?? "").isEmpty ? .partial : .complete
    }
}
