/// The names Vouch gives ASCII bytes, so that byte-level code reads as text: `byte.isASCIIDigit`,
/// `output.append(.quote)`.
@_spi(VouchInternal) extension UInt8 {
    public static let tab = UInt8(ascii: "\t")
    public static let lineFeed = UInt8(ascii: "\n")
    public static let carriageReturn = UInt8(ascii: "\r")
    public static let space = UInt8(ascii: " ")
    public static let quote = UInt8(ascii: "\"")
    public static let apostrophe = UInt8(ascii: "'")
    public static let backslash = UInt8(ascii: "\\")
    public static let comma = UInt8(ascii: ",")
    public static let colon = UInt8(ascii: ":")
    public static let period = UInt8(ascii: ".")
    public static let hyphen = UInt8(ascii: "-")
    public static let underscore = UInt8(ascii: "_")
    public static let plus = UInt8(ascii: "+")
    public static let slash = UInt8(ascii: "/")
    public static let at = UInt8(ascii: "@")
    public static let openBrace = UInt8(ascii: "{")
    public static let closeBrace = UInt8(ascii: "}")
    public static let openBracket = UInt8(ascii: "[")
    public static let closeBracket = UInt8(ascii: "]")
    public static let zero = UInt8(ascii: "0")

    /// Whether the byte is ASCII (below 0x80); UTF-8 lead and continuation bytes are not.
    public var isASCII: Bool { self < 0x80 }

    /// `0` through `9`.
    public var isASCIIDigit: Bool { self &- .zero < 10 }

    /// `A` through `Z` and `a` through `z`.
    public var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }

    /// `A` through `Z`.
    public var isASCIIUppercase: Bool { self &- UInt8(ascii: "A") < 26 }

    /// `a` through `z`.
    public var isASCIILowercase: Bool { self &- UInt8(ascii: "a") < 26 }

    /// A letter or a digit.
    public var isASCIILetterOrDigit: Bool { isASCIIDigit || isASCIILetter }

    /// `0`-`9`, `a`-`f` and `A`-`F`.
    public var isASCIIHexDigit: Bool { isASCIIDigit || (self | 0x20) &- UInt8(ascii: "a") < 6 }

    /// The ASCII control characters: below the space, and DEL.
    public var isASCIIControl: Bool { self < .space || self == 0x7F }

    /// Unicode White_Space within ASCII: space, and tab through carriage return.
    public var isASCIIWhitespace: Bool { self == .space || self &- .tab < 5 }

    /// The byte in upper case when it is an ASCII lower-case letter.
    public var asciiUppercased: UInt8 { isASCIILowercase ? self & ~0x20 : self }

    /// The byte in lower case when it is an ASCII upper-case letter.
    public var asciiLowercased: UInt8 { isASCIIUppercase ? self | 0x20 : self }

    /// The value of an ASCII digit, or nil.
    public var asciiDigitValue: Int? { isASCIIDigit ? Int(self &- .zero) : nil }

    /// Whether the byte continues a UTF-8 sequence (`10xxxxxx`).
    public var isUTF8Continuation: Bool { self & 0xC0 == 0x80 }
}

@_spi(VouchInternal) extension Collection<UInt8> {
    /// Whether every byte is ASCII.
    public var isASCII: Bool { allSatisfy({ $0.isASCII }) }
}
