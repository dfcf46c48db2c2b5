/// A phone number as read from text: its country calling code, national significant number and
/// extension. Whether it is valid is a question for its region's plan (``PhonePlan/check(_:)``).
public struct PhoneNumber: Sendable, Hashable, CustomStringConvertible {
    /// The country calling code (`1`, `44`, `800`).
    public let countryCode: Int
    /// The national significant number: ASCII digits, without national prefix, leading zeros kept
    /// (Italy's `0612345678`).
    public let national: String
    /// The extension (`123` of `ext. 123`), or nil.
    public let extensionDigits: String?

    public init(countryCode: Int, national: String, extensionDigits: String? = nil) {
        self.countryCode = countryCode
        self.national = national
        self.extensionDigits = extensionDigits
    }

    /// The E.164 form: `+442079460958`. The extension is not part of it.
    public var e164: String {
        var digits = PhoneDigits()
        digits.append(.plus)
        var code = countryCode
        var divisor = code >= 100 ? 100 : code >= 10 ? 10 : 1
        while divisor > 0 {
            digits.append(.zero + UInt8(code / divisor))
            code %= divisor
            divisor /= 10
        }
        for byte in national.utf8 { digits.append(byte) }
        return digits.string
    }

    public var description: String { e164 + (extensionDigits.map { ";ext=\($0)" } ?? "") }
}

/// Why text is not a phone number at all (libphonenumber's `NumberParseException` kinds).
public enum PhoneParseFailure: Error, Sendable, Hashable {
    /// Too few digits, or characters no phone number has.
    case notANumber
    /// A country calling code that does not exist, or none where one is needed.
    case invalidCountryCode
    /// An international prefix with too little after it.
    case tooShortAfterInternationalPrefix
    /// A national number of fewer than two digits.
    case tooShort
    /// More than 17 digits, or more than 250 characters.
    case tooLong
}
