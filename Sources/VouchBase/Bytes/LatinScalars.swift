/// Unicode properties of the scalars below U+0300 (ASCII, Latin-1, Latin Extended-A and B, IPA and
/// spacing modifiers), so that byte-level code asks an array instead of the property look-ups.
/// ASCII is answered from its bytes; the rest is read once from the standard library's Unicode
/// tables, the first time a scalar past ASCII is asked about (over a million instructions: text
/// that is all ASCII never pays them).
@_spi(VouchInternal) public enum LatinScalars {
    /// The first scalar not in the tables.
    public static let end: UInt32 = 0x300

    private struct Entry {
        var isAlphabetic = false
        /// Unicode Lowercase, and Uppercase or a title-case letter.
        var isLowercase = false
        var isUppercase = false
        /// The one-scalar upper- and lower-case mappings; 0 when a mapping has several scalars.
        var upper: UInt32 = 0
        var lower: UInt32 = 0
    }

    /// Read without reference counting by every thread (a static, never freed). ASCII's entries
    /// are left empty. Below U+0300 only alphabetic scalars are cased or have other mappings, so
    /// the other properties are read for those alone (each is a search of the Unicode tables).
    private static let entries = UncountedArray<Entry>(
        (0..<end).map { value in
            guard value >= 0x80, let scalar = Unicode.Scalar(value) else { return Entry() }
            let properties = scalar.properties
            guard properties.isAlphabetic else { return Entry(upper: value, lower: value) }
            func single(_ mapping: String) -> UInt32 {
                let scalars = mapping.unicodeScalars
                return scalars.count == 1 ? scalars.first!.value : 0
            }
            // A mapping is a new string: made only for the scalars casing changes.
            return Entry(
                isAlphabetic: true, isLowercase: properties.isLowercase,
                isUppercase: properties.isUppercase || properties.generalCategory == .titlecaseLetter,
                upper: properties.changesWhenUppercased ? single(properties.uppercaseMapping) : value,
                lower: properties.changesWhenLowercased ? single(properties.lowercaseMapping) : value)
        })

    /// Unicode Lowercase, for a scalar below ``end``.
    public static func isLowercase(_ value: UInt32) -> Bool {
        value < 0x80 ? UInt8(value).isASCIILowercase : entries[Int(value)].isLowercase
    }

    /// Unicode Uppercase, or a title-case letter (`ǅ`), for a scalar below ``end``.
    public static func isUppercase(_ value: UInt32) -> Bool {
        value < 0x80 ? UInt8(value).isASCIIUppercase : entries[Int(value)].isUppercase
    }

    /// Unicode Alphabetic, for a scalar below ``end``.
    public static func isAlphabetic(_ value: UInt32) -> Bool {
        value < 0x80 ? UInt8(value).isASCIILetter : entries[Int(value)].isAlphabetic
    }

    /// The upper-case mapping of a scalar below ``end`` when it is one scalar; nil otherwise.
    public static func uppercase(_ value: UInt32) -> UInt32? {
        if value < 0x80 { return UInt8(value).isASCIILowercase ? value - 0x20 : value }
        let mapped = entries[Int(value)].upper
        return mapped == 0 ? nil : mapped
    }

    /// The lower-case mapping of a scalar below ``end`` when it is one scalar; nil otherwise.
    public static func lowercase(_ value: UInt32) -> UInt32? {
        if value < 0x80 { return UInt8(value).isASCIIUppercase ? value + 0x20 : value }
        let mapped = entries[Int(value)].lower
        return mapped == 0 ? nil : mapped
    }
}
