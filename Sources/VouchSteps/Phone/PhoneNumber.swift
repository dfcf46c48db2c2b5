@_spi(VouchInternal) import VouchBase

/// A phone number as read from text: its country calling code, national significant number and
/// extension. Whether it is valid is a question for its region's plan (``PhonePlan/read(_:)``).
///
/// The digits are kept inline (up to 32 each; no phone number has more than 17), so that a number
/// is made and copied without a heap allocation or reference counting.
public struct PhoneNumber: Sendable, Hashable, CustomStringConvertible {
    /// The country calling code (`1`, `44`, `800`).
    public let countryCode: Int
    /// The national significant number's digits.
    let nationalDigits: PhoneDigits
    /// The extension's digits, if the number has one.
    let extensionPart: PhoneDigits?

    /// A number of `countryCode` with the national significant number `national` (ASCII digits)
    /// and an extension; text past 32 bytes is cut.
    public init(countryCode: Int, national: String, extensionDigits: String? = nil) {
        self.init(countryCode: countryCode, nationalDigits: PhoneDigits(national), extensionPart: extensionDigits.map(PhoneDigits.init))
    }

    init(countryCode: Int, nationalDigits: PhoneDigits, extensionPart: PhoneDigits?) {
        self.countryCode = countryCode
        self.nationalDigits = nationalDigits
        self.extensionPart = extensionPart
    }

    /// The national significant number: ASCII digits, without national prefix, leading zeros kept
    /// (Italy's `0612345678`).
    public var national: String { nationalDigits.string }

    /// The extension (`123` of `ext. 123`), or nil.
    public var extensionDigits: String? { extensionPart?.string }

    /// The E.164 form: `+442079460958`. The extension is not part of it.
    public var e164: String {
        var text = PhoneDigits()
        text.append(.plus)
        text.append(decimal: countryCode)
        nationalDigits.withBytes { text.append(contentsOf: $0) }
        return text.string
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
