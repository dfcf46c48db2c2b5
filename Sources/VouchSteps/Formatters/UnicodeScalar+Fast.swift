extension Unicode.Scalar {
    /// The value of a decimal digit of any script (`7`, `٧`, `７`), without a Unicode property
    /// lookup for ASCII, the common case.
    var decimalDigitValue: UInt8? {
        if value < 0x80 { return (0x30...0x39).contains(value) ? UInt8(value - 0x30) : nil }
        guard properties.numericType == .decimal, let digit = properties.numericValue else { return nil }
        return UInt8(digit)
    }

    /// Unicode White_Space, without a property lookup for ASCII.
    var isWhitespaceFast: Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return properties.isWhitespace
    }
}
