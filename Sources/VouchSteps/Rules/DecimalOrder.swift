/// A decimal number written `-1234.50`, compared by value without rounding.
struct DecimalOrder {
    let negative: Bool
    /// The integer digits without leading zeros, and the fraction digits without trailing zeros.
    let integer: Substring
    let fraction: Substring

    /// A JSON number or a string of one.
    init?(_ value: JSONValue) {
        switch value {
        case .number(let number) where number.isFinite:
            self.init(number == number.rounded(.towardZero) && number.magnitude < 1e15 ? String(Int(number)) : String(number))
        case .string(let text): self.init(text)
        default: return nil
        }
    }

    init?(_ text: String) {
        var rest = Substring(text)
        negative = rest.first == "-"
        if negative || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }), !(whole.isEmpty && fraction.isEmpty) else { return nil }
        integer = whole.drop { $0 == "0" }
        var trimmed = fraction
        while trimmed.last == "0" { trimmed = trimmed.dropLast() }
        self.fraction = trimmed
    }

    var isZero: Bool { integer.isEmpty && fraction.isEmpty }

    func compare(_ other: DecimalOrder) -> TypedOrder.Comparison {
        let selfNegative = negative && !isZero
        let otherNegative = other.negative && !other.isZero
        if selfNegative != otherNegative { return selfNegative ? .less : .greater }
        let magnitude = compareMagnitude(other)
        guard selfNegative else { return magnitude }
        switch magnitude {
        case .less: return .greater
        case .greater: return .less
        case .equal: return .equal
        }
    }

    private func compareMagnitude(_ other: DecimalOrder) -> TypedOrder.Comparison {
        if integer.count != other.integer.count { return integer.count < other.integer.count ? .less : .greater }
        if integer != other.integer { return integer < other.integer ? .less : .greater }
        if fraction != other.fraction { return fraction < other.fraction ? .less : .greater }
        return .equal
    }
}
