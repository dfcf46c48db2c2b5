/// The names Vouch gives ASCII bytes, so that byte-level code reads as text: `byte.isASCIIDigit`,
/// `output.append(.quote)`.
extension UInt8 {
    package static let tab = UInt8(ascii: "\t")
    package static let lineFeed = UInt8(ascii: "\n")
    package static let carriageReturn = UInt8(ascii: "\r")
    package static let space = UInt8(ascii: " ")
    package static let quote = UInt8(ascii: "\"")
    package static let apostrophe = UInt8(ascii: "'")
    package static let backslash = UInt8(ascii: "\\")
    package static let comma = UInt8(ascii: ",")
    package static let colon = UInt8(ascii: ":")
    package static let period = UInt8(ascii: ".")
    package static let hyphen = UInt8(ascii: "-")
    package static let underscore = UInt8(ascii: "_")
    package static let plus = UInt8(ascii: "+")
    package static let slash = UInt8(ascii: "/")
    package static let at = UInt8(ascii: "@")
    package static let openBrace = UInt8(ascii: "{")
    package static let closeBrace = UInt8(ascii: "}")
    package static let openBracket = UInt8(ascii: "[")
    package static let closeBracket = UInt8(ascii: "]")
    package static let zero = UInt8(ascii: "0")

    /// Whether the byte is ASCII (below 0x80); UTF-8 lead and continuation bytes are not.
    package var isASCII: Bool { self < 0x80 }

    /// `0` through `9`.
    package var isASCIIDigit: Bool { self &- .zero < 10 }

    /// `A` through `Z` and `a` through `z`.
    package var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }

    /// `A` through `Z`.
    package var isASCIIUppercase: Bool { self &- UInt8(ascii: "A") < 26 }

    /// `a` through `z`.
    package var isASCIILowercase: Bool { self &- UInt8(ascii: "a") < 26 }

    /// A letter or a digit.
    package var isASCIILetterOrDigit: Bool { isASCIIDigit || isASCIILetter }

    /// `0`-`9`, `a`-`f` and `A`-`F`.
    package var isASCIIHexDigit: Bool { isASCIIDigit || (self | 0x20) &- UInt8(ascii: "a") < 6 }

    /// The ASCII control characters: below the space, and DEL.
    package var isASCIIControl: Bool { self < .space || self == 0x7F }

    /// Unicode White_Space within ASCII: space, and tab through carriage return.
    package var isASCIIWhitespace: Bool { self == .space || self &- .tab < 5 }

    /// The byte in upper case when it is an ASCII lower-case letter.
    package var asciiUppercased: UInt8 { isASCIILowercase ? self & ~0x20 : self }

    /// The byte in lower case when it is an ASCII upper-case letter.
    package var asciiLowercased: UInt8 { isASCIIUppercase ? self | 0x20 : self }

    /// The value of an ASCII digit, or nil.
    package var asciiDigitValue: Int? { isASCIIDigit ? Int(self &- .zero) : nil }

    /// Whether the byte continues a UTF-8 sequence (`10xxxxxx`).
    package var isUTF8Continuation: Bool { self & 0xC0 == 0x80 }
}

extension Collection<UInt8> {
    /// Whether every byte is ASCII.
    package var isASCII: Bool { allSatisfy({ $0.isASCII }) }
}
